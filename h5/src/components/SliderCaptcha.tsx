import type { SliderCaptcha as SliderPuzzle } from '@px/api/contract';
import {
  type KeyboardEvent,
  type MouseEvent,
  type TouchEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Button, Loading, Popup } from 'react-vant';
import { checkSliderCaptcha, getSliderCaptcha } from '../api/captcha';
import './slider-captcha.css';

export interface SliderCaptchaProps {
  visible: boolean;
  /** The puzzle was solved: `token` goes once to the login as `captchaVO.token`. */
  onVerified: (token: string) => void;
  onClose: () => void;
}

type PuzzleState =
  | { status: 'loading' }
  | { status: 'ready'; puzzle: SliderPuzzle }
  | { status: 'error'; message: string }
  | { status: 'checking'; puzzle: SliderPuzzle };

/** Pixels (of the puzzle's own width) the arrow keys move the piece. */
const KEY_STEP = 2;

/** The rendered width of the puzzle over its natural width (1 where nothing is laid out). */
function scaleOf(element: HTMLElement | null, naturalWidth: number): number {
  const rendered = element?.clientWidth ?? 0;
  return rendered > 0 && naturalWidth > 0 ? rendered / naturalWidth : 1;
}

function clientXOf(event: MouseEvent | TouchEvent | globalThis.MouseEvent): number {
  if ('touches' in event) return (event.touches[0] ?? event.changedTouches[0])?.clientX ?? 0;
  return event.clientX;
}

/**
 * The H5's slider captcha (`captcha/get` + `captcha/check`): drag the piece into the gap (touch,
 * mouse, or the arrow keys and Enter). Each puzzle is checked once: a miss loads a new one.
 */
export function SliderCaptcha({ visible, onVerified, onClose }: SliderCaptchaProps) {
  const [state, setState] = useState<PuzzleState>({ status: 'loading' });
  const [message, setMessage] = useState<string | null>(null);
  /** Where the piece is, in pixels of the puzzle's natural width. */
  const [offset, setOffset] = useState(0);
  const stageRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startOffset: number } | null>(null);
  const offsetRef = useRef(0);
  const requestId = useRef(0);

  const load = useCallback(async () => {
    const id = ++requestId.current;
    setState({ status: 'loading' });
    setOffset(0);
    offsetRef.current = 0;
    try {
      const puzzle = await getSliderCaptcha();
      if (id === requestId.current) setState({ status: 'ready', puzzle });
    } catch (error) {
      if (id === requestId.current) {
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    }
  }, []);

  useEffect(() => {
    if (!visible) return;
    setMessage(null);
    void load();
  }, [visible, load]);

  const puzzle = state.status === 'ready' || state.status === 'checking' ? state.puzzle : null;
  const maxOffset = puzzle ? puzzle.width - puzzle.pieceWidth : 0;

  const moveTo = useCallback(
    (next: number) => {
      const clamped = Math.min(Math.max(0, next), maxOffset);
      offsetRef.current = clamped;
      setOffset(clamped);
    },
    [maxOffset],
  );

  const submit = useCallback(async () => {
    if (state.status !== 'ready') return;
    const { puzzle: current } = state;
    const x = Math.round(offsetRef.current);
    setState({ status: 'checking', puzzle: current });
    try {
      const { verified } = await checkSliderCaptcha(current.token, x);
      if (verified) {
        setMessage(null);
        onVerified(current.token);
        return;
      }
      setMessage('验证未通过，请重新拖动滑块');
    } catch {
      // The request client has shown why; a checked puzzle cannot be used again.
    }
    void load();
  }, [state, load, onVerified]);

  const startDrag = (clientX: number) => {
    if (state.status !== 'ready') return;
    drag.current = { startX: clientX, startOffset: offsetRef.current };
  };
  const moveDrag = (clientX: number) => {
    if (!drag.current || !puzzle) return;
    const scale = scaleOf(stageRef.current, puzzle.width);
    moveTo(drag.current.startOffset + (clientX - drag.current.startX) / scale);
  };
  const endDrag = () => {
    if (!drag.current) return;
    drag.current = null;
    void submit();
  };

  // A mouse may leave the handle while dragging: follow it on the document until it is released
  // (or the puzzle goes away).
  const stopFollowing = useRef<(() => void) | null>(null);
  useEffect(() => () => stopFollowing.current?.(), []);
  const onMouseDown = (event: MouseEvent) => {
    event.preventDefault();
    stopFollowing.current?.();
    startDrag(clientXOf(event));
    const onMove = (moveEvent: globalThis.MouseEvent) => moveDrag(clientXOf(moveEvent));
    const onUp = () => {
      stopFollowing.current?.();
      endDrag();
    };
    stopFollowing.current = () => {
      document.removeEventListener('mousemove', onMove);
      document.removeEventListener('mouseup', onUp);
      stopFollowing.current = null;
    };
    document.addEventListener('mousemove', onMove);
    document.addEventListener('mouseup', onUp);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (state.status !== 'ready') return;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      moveTo(offsetRef.current + (event.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      void submit();
    }
  };

  const scale = puzzle ? scaleOf(stageRef.current, puzzle.width) : 1;

  return (
    <Popup visible={visible} round closeable onClose={onClose} className="slider-captcha" destroyOnClose>
      <section className="slider-captcha__body" aria-label="安全验证">
        <h2 className="slider-captcha__title">请完成安全验证</h2>
        {state.status === 'loading' && (
          <div className="slider-captcha__placeholder">
            <Loading size="24px">加载中…</Loading>
          </div>
        )}
        {state.status === 'error' && (
          <div className="slider-captcha__placeholder">
            <p className="slider-captcha__message">{state.message}</p>
            <Button size="small" type="primary" onClick={() => void load()}>
              重新加载
            </Button>
          </div>
        )}
        {puzzle && (
          <>
            <div
              ref={stageRef}
              className="slider-captcha__stage"
              style={{ aspectRatio: `${puzzle.width} / ${puzzle.height}` }}
            >
              <img className="slider-captcha__background" src={puzzle.backgroundImage} alt="拼图背景" />
              <img
                className="slider-captcha__piece"
                src={puzzle.pieceImage}
                alt="拼图块"
                style={{
                  width: `${(puzzle.pieceWidth / puzzle.width) * 100}%`,
                  top: `${(puzzle.y / puzzle.height) * 100}%`,
                  left: `${(offset / puzzle.width) * 100}%`,
                }}
              />
            </div>
            <div className="slider-captcha__track">
              <span className="slider-captcha__hint">{offset === 0 ? '向右拖动滑块完成拼图' : ''}</span>
              <div
                role="slider"
                tabIndex={0}
                aria-label="拖动滑块完成拼图"
                aria-valuemin={0}
                aria-valuemax={maxOffset}
                aria-valuenow={Math.round(offset)}
                aria-disabled={state.status === 'checking'}
                className="slider-captcha__handle"
                style={{ transform: `translateX(${offset * scale}px)` }}
                onMouseDown={onMouseDown}
                onTouchStart={(event) => startDrag(clientXOf(event))}
                onTouchMove={(event) => moveDrag(clientXOf(event))}
                onTouchEnd={endDrag}
                onTouchCancel={endDrag}
                onKeyDown={onKeyDown}
              >
                →
              </div>
            </div>
          </>
        )}
        {message && (
          <p className="slider-captcha__message" role="alert">
            {message}
          </p>
        )}
      </section>
    </Popup>
  );
}

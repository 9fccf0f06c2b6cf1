import { BEAT_REFUSAL_LABEL, type StudyLesson, type StudyStart } from '@px/api/contract';
import { formatDuration } from '@px/config';
import { type StreamAudioTrack, type StreamQuality, StreamVideo } from '@px/config/stream-video';
import { Cross, Expand, PauseCircleO, PlayCircleO } from '@react-vant/icons';
import { type CSSProperties, type MutableRefObject, useEffect, useRef, useState } from 'react';
import { ActionSheet, Button, Dialog, Progress, Tag } from 'react-vant';
import { formatClock } from '../../../utils/clock';
import type { WechatJsSdkState } from '../../../wechat/useWechatJsSdk';
import { FaceCheckSheet } from '../face/FaceCheckSheet';
import { PLAYBACK_RATES, rateLabel, seekHint } from './play-rules';
import { QuestionPopup } from './QuestionPopup';
import { type StudyProgress, useStudySession } from './use-study-session';

/** A video element of browsers that only play full screen natively (iPhone Safari). */
type NativeFullscreenVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

export interface StudyPlayerProps {
  /** The session `study/start` answered. */
  start: StudyStart;
  /** The lesson as the study page listed it (its coverage so far). */
  lesson: StudyLesson;
  /** The page's WeChat JS-SDK, for face checks inside WeChat. */
  sdk: WechatJsSdkState;
  /** Set to the session's `close` (a last beat and `study/end`), so the page can end it before another starts. */
  closeRef: MutableRefObject<(() => Promise<void>) | null>;
  /** A beat finished the lesson. */
  onFinished: () => void;
  /** What the server credited of the lesson changed (each answered beat that credited something). */
  onProgress?: (progress: StudyProgress) => void;
  /** The session is over (closed by the student, a last beat and `study/end` sent). */
  onClosed: () => void;
  /** Start the lesson again on this device (after another device took over). */
  onRestart: () => void;
}

/** Coverage as a whole percentage. */
const percent = (share: number) => Math.round(Math.min(1, Math.max(0, share)) * 100);

/**
 * The study player of one lesson: an inline HTML5 video (playsinline for WeChat and X5) with
 * controls of its own that keep to the project's rules (seeking within what they allow, a speed
 * menu only with `canSpeed`), what the server credited as it answers, and the pop-up question,
 * anti-idle prompt, face check and 已在其他设备学习 when the session asks for them. A packaged video
 * plays as encrypted HLS (StreamVideo); with `showHd` a 清晰度 menu chooses 自动 / 标清 / 高清, and
 * with `showLanguage` a 语言 menu chooses among the video's audio languages when it has several
 * (without it the video's default language plays; docs/video.md).
 */
export function StudyPlayer({
  start,
  lesson,
  sdk,
  closeRef,
  onFinished,
  onProgress,
  onClosed,
  onRestart,
}: StudyPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const [speedMenu, setSpeedMenu] = useState(false);
  const [closing, setClosing] = useState(false);
  const [qualities, setQualities] = useState<StreamQuality[]>([]);
  const [quality, setQuality] = useState(-1);
  const [qualityMenu, setQualityMenu] = useState(false);
  const [audioTracks, setAudioTracks] = useState<StreamAudioTrack[]>([]);
  const [audioTrack, setAudioTrack] = useState(-1);
  const [languageMenu, setLanguageMenu] = useState(false);
  const session = useStudySession(start, videoRef, { initialCoverage: lesson.coverage, onFinished });
  const sessionClose = session.close;
  const { creditedSeconds, coverage, finished } = session.progress;
  const onProgressRef = useRef(onProgress);
  onProgressRef.current = onProgress;
  const reported = useRef(`${start.creditedSeconds}:${start.finished}`);
  useEffect(() => {
    const key = `${creditedSeconds}:${finished}`;
    if (key === reported.current) return;
    reported.current = key;
    onProgressRef.current?.({ creditedSeconds, coverage, finished });
  }, [creditedSeconds, coverage, finished]);

  useEffect(() => {
    closeRef.current = sessionClose;
  }, [closeRef, sessionClose]);

  // The player opens at the top of the page: bring it into view.
  useEffect(() => {
    rootRef.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  const { progress, block, limit, duration } = session;
  const { rules } = start;
  const languages = rules.showLanguage && audioTracks.length > 1 ? audioTracks : [];
  const hint = seekHint(limit);
  const allowedShare =
    limit.kind === 'free'
      ? 1
      : limit.kind === 'up-to' && duration > 0
        ? Math.min(1, limit.seconds / duration)
        : 0;

  const close = () => {
    if (closing) return;
    setClosing(true);
    void session.close().finally(onClosed);
  };

  const fullscreen = () => {
    const stage = stageRef.current;
    const video = videoRef.current as NativeFullscreenVideo | null;
    if (stage?.requestFullscreen)
      void stage.requestFullscreen().catch(() => video?.webkitEnterFullscreen?.());
    else video?.webkitEnterFullscreen?.();
  };

  return (
    <section className="study-player" aria-label={`学习 ${start.name}`} ref={rootRef}>
      <header className="study-player__head">
        <h2 className="study-player__title">{start.name}</h2>
        <button type="button" className="study-player__close" aria-label="关闭播放器" onClick={close}>
          <Cross />
        </button>
      </header>

      <div className="study-player__stage" ref={stageRef}>
        <StreamVideo
          ref={videoRef}
          className="study-player__video"
          data-testid="study-video"
          src={start.url}
          quality={quality}
          onQualities={setQualities}
          audioTrack={languages.length ? audioTrack : -1}
          onAudioTracks={setAudioTracks}
          preload="auto"
          playsInline
          webkit-playsinline="true"
          x5-playsinline="true"
          x5-video-player-type="h5-page"
          disablePictureInPicture
          controlsList="nodownload noplaybackrate"
          onClick={session.togglePlay}
          {...session.video}
        />
        {!session.playing && !block && (
          <button
            type="button"
            className="study-player__big-play"
            aria-label="播放"
            onClick={session.togglePlay}
          >
            <PlayCircleO />
          </button>
        )}
        {block?.kind === 'stopped' && (
          <div className="study-player__stopped" role="alert">
            <p>{block.message}</p>
            <div className="study-player__stopped-actions">
              <Button size="small" round type="primary" onClick={onRestart}>
                {block.restart}
              </Button>
              <Button size="small" round plain onClick={close}>
                关闭
              </Button>
            </div>
          </div>
        )}
      </div>

      <div className="study-player__controls">
        <button
          type="button"
          className="study-player__toggle"
          aria-label={session.playing ? '暂停' : '播放'}
          disabled={block !== null}
          onClick={session.togglePlay}
        >
          {session.playing ? <PauseCircleO /> : <PlayCircleO />}
        </button>
        <span className="study-player__time">
          {formatClock(session.position)} / {formatClock(duration)}
        </span>
        <input
          className="study-player__seek"
          type="range"
          aria-label="播放进度"
          min={0}
          max={Math.max(duration, 1)}
          step={0.1}
          value={Math.min(session.position, duration)}
          disabled={limit.kind === 'none' || block !== null}
          style={{ '--study-allowed': `${allowedShare * 100}%` } as CSSProperties}
          onChange={(event) => session.seek(Number(event.currentTarget.value))}
        />
        {rules.canSpeed && (
          <button
            type="button"
            className="study-player__rate"
            aria-label="倍速"
            onClick={() => setSpeedMenu(true)}
          >
            {rateLabel(session.rate)}
          </button>
        )}
        {rules.showHd && qualities.length > 1 && (
          <button
            type="button"
            className="study-player__rate"
            aria-label="清晰度"
            onClick={() => setQualityMenu(true)}
          >
            {qualities.find((one) => one.index === quality)?.name ?? '自动'}
          </button>
        )}
        {languages.length > 0 && (
          <button
            type="button"
            className="study-player__rate"
            aria-label="语言"
            onClick={() => setLanguageMenu(true)}
          >
            {(languages[audioTrack] ?? languages[0])?.name}
          </button>
        )}
        <button type="button" className="study-player__fullscreen" aria-label="全屏" onClick={fullscreen}>
          <Expand />
        </button>
      </div>

      <div className="study-player__stats">
        <p className="study-player__credited">
          已计时{' '}
          <strong>
            {formatDuration(
              Math.floor(Math.min(start.durationSeconds, progress.creditedSeconds + session.pendingSeconds)),
            )}
          </strong>{' '}
          · 已学 {percent(progress.coverage)}%
          {progress.finished && (
            <Tag type="success" className="study-player__finished">
              已学完
            </Tag>
          )}
        </p>
        <Progress percentage={percent(progress.coverage)} showPivot={false} strokeWidth={4} />
        {hint && <p className="study-player__hint">{hint}</p>}
        {session.refusal && (
          <p className="study-player__refusal" role="status">
            本次未计时：{BEAT_REFUSAL_LABEL[session.refusal]}
          </p>
        )}
        {session.beatFailed && (
          <p className="study-player__refusal" role="status">
            网络不稳定，学习记录稍后同步
          </p>
        )}
      </div>

      {rules.canSpeed && (
        <ActionSheet
          visible={speedMenu}
          title="播放速度"
          cancelText="取消"
          actions={PLAYBACK_RATES.map((rate) => ({ name: rateLabel(rate) }))}
          onCancel={() => setSpeedMenu(false)}
          onSelect={(_action, index) => {
            session.changeRate(PLAYBACK_RATES[index] ?? 1);
            setSpeedMenu(false);
          }}
        />
      )}

      {rules.showHd && (
        <ActionSheet
          visible={qualityMenu}
          title="清晰度"
          cancelText="取消"
          actions={[{ name: '自动' }, ...qualities.map((one) => ({ name: one.name }))]}
          onCancel={() => setQualityMenu(false)}
          onSelect={(_action, index) => {
            setQuality(index === 0 ? -1 : (qualities[index - 1]?.index ?? -1));
            setQualityMenu(false);
          }}
        />
      )}

      {languages.length > 0 && (
        <ActionSheet
          visible={languageMenu}
          title="语言"
          cancelText="取消"
          actions={languages.map((one) => ({ name: one.name }))}
          onCancel={() => setLanguageMenu(false)}
          onSelect={(_action, index) => {
            setAudioTrack(index);
            setLanguageMenu(false);
          }}
        />
      )}

      <QuestionPopup
        question={block?.kind === 'question' ? block.question : null}
        onAnswer={session.answerQuestion}
        onContinue={session.continueAfterQuestion}
      />
      <Dialog
        visible={block?.kind === 'idle'}
        title="提示"
        message="您还在学习吗？"
        confirmButtonText="继续学习"
        closeOnClickOverlay={false}
        onConfirm={() => session.confirmIdle().catch(() => undefined)}
      />
      <FaceCheckSheet
        visible={block?.kind === 'face'}
        sessionId={start.sessionId}
        sdk={sdk}
        onPassed={session.facePassed}
        onQuit={close}
      />
    </section>
  );
}

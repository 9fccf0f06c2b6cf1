import type { FaceCheckAnswer } from '@px/api/contract';
import { Passed, PhotoFail } from '@react-vant/icons';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Button, Loading, Popup, Tag } from 'react-vant';
import { agreeToFaceAgreement, getFaceAgreement } from '../../../api/face';
import { submitFaceCheck } from '../../../api/study';
import { useSubmitLock } from '../../../hooks/useSubmitLock';
import { fitPhoto } from '../../../utils/image-file';
import { showLocalError } from '../../../utils/show-error';
import { chooseImageBlob } from '../../../wechat/choose-image';
import type { WechatJsSdkState } from '../../../wechat/useWechatJsSdk';
import { cameraAvailable, closeCamera, openFrontCamera, snapshotJpeg } from './camera';

/** How the sheet takes the photo: WeChat's camera, the browser's camera, or a photo file. */
export type CaptureMode = 'wechat' | 'camera' | 'file' | 'preparing';

/** Ways of taking a photo that failed on this device (not offered again). */
export interface CaptureFailures {
  wechat: boolean;
  camera: boolean;
}

/**
 * How to take the photo: WeChat's picker once its JS-SDK is ready (waiting while it loads), else
 * the browser's front camera when it can open one, else a photo file (which phones take with the
 * camera: `capture="user"`). A way that failed is skipped.
 */
export function captureModeOf(sdk: WechatJsSdkState, failures: CaptureFailures): CaptureMode {
  if (sdk.status === 'ready' && !failures.wechat) return 'wechat';
  if (sdk.status === 'loading') return 'preparing';
  return cameraAvailable() && !failures.camera ? 'camera' : 'file';
}

type ConsentState =
  | { status: 'checking' }
  | { status: 'needed'; text: string; agree: () => Promise<void> }
  | { status: 'agreed' };

/**
 * Whether the student agreed to the project's face agreement, read each time the sheet opens
 * (`project/face-agreement`); `agree` records it (`face/agree`). A failed read shows the request
 * client's error and keeps the sheet waiting (退出学习 stays).
 */
function useFaceConsent(visible: boolean): ConsentState {
  const [state, setState] = useState<ConsentState>({ status: 'checking' });
  useEffect(() => {
    if (!visible) return undefined;
    let current = true;
    setState({ status: 'checking' });
    getFaceAgreement().then(
      (found) => {
        if (!current) return;
        if (found.agreedAt) setState({ status: 'agreed' });
        else
          setState({
            status: 'needed',
            text: found.text,
            agree: async () => {
              await agreeToFaceAgreement();
              if (current) setState({ status: 'agreed' });
            },
          });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [visible]);
  return state;
}

export interface FaceCheckSheetProps {
  visible: boolean;
  sessionId: string;
  /** The page's WeChat JS-SDK (configured for `chooseImage` inside WeChat; `off` elsewhere). */
  sdk: WechatJsSdkState;
  /** The check passed and the student tapped 继续学习. */
  onPassed: () => void;
  /** The student leaves instead (the player closes). */
  onQuit: () => void;
}

/**
 * The face check of a study session (`study/face-check`): a photo of the student, taken with
 * WeChat's camera inside WeChat and the browser's front camera elsewhere (a photo file when no
 * camera opens), is compared with the reference photo. Passed: 继续学习; failed: the reason and
 * 重新拍摄. A comparison that was only simulated says so (模拟核验). A student who has not agreed to
 * the project's 人脸识别授权协议 reads it first and taps 同意并继续 (the server refuses captures before).
 */
export function FaceCheckSheet({ visible, sessionId, sdk, onPassed, onQuit }: FaceCheckSheetProps) {
  const [failures, setFailures] = useState<CaptureFailures>({ wechat: false, camera: false });
  const [result, setResult] = useState<FaceCheckAnswer | null>(null);
  const [cameraReady, setCameraReady] = useState(false);
  const lock = useSubmitLock();
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const mode = captureModeOf(sdk, failures);
  const agreement = useFaceConsent(visible);
  const capturing = visible && result === null && agreement.status === 'agreed';

  // The browser's camera runs while the sheet waits for a photo.
  useEffect(() => {
    if (!capturing || mode !== 'camera') return undefined;
    let stream: MediaStream | null = null;
    let current = true;
    openFrontCamera().then(
      (opened) => {
        if (!current) {
          closeCamera(opened);
          return;
        }
        stream = opened;
        const video = videoRef.current;
        if (video) {
          video.srcObject = opened;
          void video.play()?.catch(() => undefined);
        }
      },
      () => {
        if (!current) return;
        setFailures((known) => ({ ...known, camera: true }));
        showLocalError(new Error('无法打开摄像头，请拍照上传'));
      },
    );
    return () => {
      current = false;
      setCameraReady(false);
      closeCamera(stream);
    };
  }, [capturing, mode]);

  /** Takes the photo with `take` and sends it; a failure is shown (the request client shows its own). */
  const check = (take: () => Promise<Blob | null>) =>
    lock
      .run(async () => {
        const photo = await take();
        if (!photo) return;
        setResult(await submitFaceCheck(sessionId, photo));
      })
      .catch(showLocalError);

  const takePhoto = () => {
    if (mode === 'wechat' && sdk.status === 'ready') {
      void check(() =>
        chooseImageBlob(sdk.wx, 'camera').catch((error: unknown) => {
          // WeChat could not take one: the browser's camera or a photo file next time.
          setFailures((known) => ({ ...known, wechat: true }));
          throw error;
        }),
      );
      return;
    }
    const video = videoRef.current;
    if (mode === 'camera' && video) {
      void check(() => snapshotJpeg(video));
      return;
    }
    fileRef.current?.click();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) void check(() => fitPhoto(file));
  };

  return (
    <Popup
      visible={visible}
      position="bottom"
      round
      closeOnClickOverlay={false}
      className="face-check"
      title="人脸核验"
      onClosed={() => setResult(null)}
    >
      <div className="face-check__body">
        {agreement.status === 'checking' ? (
          <Loading className="face-check__preparing">正在读取…</Loading>
        ) : agreement.status === 'needed' ? (
          <>
            <p className="face-check__agreement-title">人脸识别授权协议</p>
            <div className="face-check__agreement">{agreement.text}</div>
            <Button
              round
              block
              type="primary"
              loading={lock.submitting}
              onClick={() => void lock.run(agreement.agree).catch(showLocalError)}
            >
              同意并继续
            </Button>
          </>
        ) : result === null ? (
          <>
            <p className="face-check__tip">学习需要核验本人，请正对镜头，保持光线充足</p>
            {mode === 'camera' && (
              <video
                ref={videoRef}
                className="face-check__camera"
                data-testid="face-camera"
                muted
                autoPlay
                playsInline
                webkit-playsinline="true"
                x5-playsinline="true"
                onLoadedData={() => setCameraReady(true)}
              />
            )}
            {mode === 'preparing' && <Loading className="face-check__preparing">正在准备相机…</Loading>}
            <input
              ref={fileRef}
              className="face-check__file"
              type="file"
              accept="image/*"
              capture="user"
              aria-label="选择人脸照片"
              onChange={onFile}
            />
            <Button
              round
              block
              type="primary"
              loading={lock.submitting}
              disabled={mode === 'preparing' || (mode === 'camera' && !cameraReady)}
              onClick={takePhoto}
            >
              {mode === 'file' ? '拍照上传' : '拍照核验'}
            </Button>
          </>
        ) : (
          <div className={`face-check__result face-check__result--${result.passed ? 'passed' : 'failed'}`}>
            {result.passed ? <Passed /> : <PhotoFail />}
            <p className="face-check__verdict">{result.passed ? '核验通过' : '核验未通过'}</p>
            {!result.passed && <p className="face-check__reason">{result.reason ?? '与人脸照片不一致'}</p>}
            {result.simulated && (
              <Tag plain type="warning" className="face-check__simulated">
                模拟核验
              </Tag>
            )}
            {result.passed ? (
              <Button round block type="primary" onClick={onPassed}>
                继续学习
              </Button>
            ) : (
              <Button round block type="primary" onClick={() => setResult(null)}>
                重新拍摄
              </Button>
            )}
          </div>
        )}
        <Button round block plain className="face-check__quit" onClick={onQuit}>
          退出学习
        </Button>
      </div>
    </Popup>
  );
}

import type { FacePhotoStatus } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { type ChangeEvent, useRef } from 'react';
import { Button, Cell, Toast } from 'react-vant';
import { getFacePhotoStatus, uploadFacePhoto } from '../../../api/face';
import { askFaceAgreement } from '../../../components/face-agreement/ask-face-agreement';
import { type RemoteState, useRemote } from '../../../hooks/useRemote';
import { useSubmitLock } from '../../../hooks/useSubmitLock';
import { fitPhoto } from '../../../utils/image-file';
import { showLocalError } from '../../../utils/show-error';

/** What the 人脸照片 cell says of the reference photo. */
function statusText(state: RemoteState<FacePhotoStatus>): string {
  if (state.status === 'loading') return '读取中…';
  if (state.status === 'error') return '读取失败，点击重试';
  return state.value.hasPhoto ? '已上传' : '未上传';
}

/**
 * 人脸照片 (账号设置): whether the student has a reference photo for face checks
 * (`face/photo-status`) and an upload from the camera (拍照上传, the front camera) or the album
 * (从相册选择) through `face/photo-upload`; a photo larger than the server takes is scaled down first.
 * Before the student agreed to the project's 人脸识别授权协议 it offers 阅读并同意授权协议 instead.
 * `onChange` hears of an upload (the embedded study page shows this in a partner's frame).
 */
export function FacePhotoSettings({ onChange }: { onChange?: () => void } = {}) {
  const status = useRemote(getFacePhotoStatus);
  const lock = useSubmitLock();
  const cameraRef = useRef<HTMLInputElement>(null);
  const albumRef = useRef<HTMLInputElement>(null);
  const { state } = status;
  // Photos are taken only once the student agreed to the face agreement (the server refuses before).
  const agreed = state.status === 'ready' && state.value.agreedAt !== null;

  const agree = () =>
    void lock
      .run(async () => {
        const agreement = await askFaceAgreement();
        if (agreement) status.update((known) => ({ ...known, agreedAt: agreement.agreedAt }));
      })
      .catch(showLocalError);

  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    void lock
      .run(async () => {
        const saved = await uploadFacePhoto(await fitPhoto(file), file.name || 'face.jpg');
        status.update(() => saved);
        Toast.success('人脸照片已上传');
        onChange?.();
      })
      .catch(showLocalError);
  };

  return (
    <Cell.Group inset title="人脸核验" className="my__group">
      <Cell
        title="人脸照片"
        value={statusText(state)}
        label={
          state.status === 'ready' && state.value.updatedAt
            ? `更新于 ${formatDateTime(state.value.updatedAt)}`
            : '学习需要人脸核验时，与本人照片比对'
        }
        clickable={state.status === 'error'}
        onClick={state.status === 'error' ? status.reload : undefined}
      />
      {agreed ? (
        <div className="my-face__actions">
          <input
            ref={cameraRef}
            className="my-face__file"
            type="file"
            accept="image/*"
            capture="user"
            aria-label="拍摄人脸照片"
            onChange={onChosen}
          />
          <input
            ref={albumRef}
            className="my-face__file"
            type="file"
            accept="image/*"
            aria-label="选择人脸照片"
            onChange={onChosen}
          />
          <Button
            size="small"
            round
            type="primary"
            loading={lock.submitting}
            onClick={() => cameraRef.current?.click()}
          >
            拍照上传
          </Button>
          <Button
            size="small"
            round
            plain
            disabled={lock.submitting}
            onClick={() => albumRef.current?.click()}
          >
            从相册选择
          </Button>
        </div>
      ) : (
        <div className="my-face__actions">
          <Button
            size="small"
            round
            type="primary"
            disabled={state.status !== 'ready'}
            loading={lock.submitting}
            onClick={agree}
          >
            阅读并同意授权协议
          </Button>
        </div>
      )}
      <p className="my-face__tip">请上传本人正面免冠照片，光线充足、五官清晰</p>
    </Cell.Group>
  );
}

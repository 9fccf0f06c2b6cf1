import InboxOutlined from '@ant-design/icons/InboxOutlined';
import type { ResourceCategoryNode, ResourceItem } from '@px/api/contract';
import { ApiError } from '@px/config';
import { Alert, Form, message, Progress, Upload } from 'antd';
import { useRef, useState } from 'react';
import { FormModal } from '../../../../components/FormModal';
import { showServerFieldErrors } from '../../../../utils/form-errors';
import { type UploadProgress, uploadVideoInChunks } from '../chunked-upload';
import { formatFileSize, nameFromFile } from '../video-format';
import { VideoFields } from './VideoFields';

interface UploadFormValues {
  name: string;
  categoryId?: number;
}

export interface VideoUploadModalProps {
  open: boolean;
  tree: ResourceCategoryNode[];
  /** The category the new video goes to unless another is chosen. */
  defaultCategoryId: number | undefined;
  onClose: () => void;
  onUploaded: (resource: ResourceItem) => void;
}

const PHASE_TEXT: Record<UploadProgress['phase'], string> = {
  checking: '正在检查文件…',
  uploading: '正在上传…',
  verifying: '上传完成，正在校验视频…',
};

/**
 * 上传视频: choose an MP4 file, name it and pick its category; the file travels in chunks with a
 * progress bar. The server checks the content (not the file name); a failed upload can be resumed
 * (重新上传 continues where it stopped), closing the dialog cancels it.
 */
export function VideoUploadModal({
  open,
  tree,
  defaultCategoryId,
  onClose,
  onUploaded,
}: VideoUploadModalProps) {
  const [form] = Form.useForm<UploadFormValues>();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const resumable = useRef<{ file: File; uploadId: string } | null>(null);

  const choose = (chosen: File) => {
    setFile(chosen);
    setFailure(null);
    setProgress(null);
    resumable.current = null;
    if (!form.getFieldValue('name')) form.setFieldsValue({ name: nameFromFile(chosen.name) });
    return false;
  };

  const start = async (values: UploadFormValues) => {
    if (!file) {
      setFailure('请选择要上传的视频文件');
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setBusy(true);
    setFailure(null);
    try {
      const resource = await uploadVideoInChunks({
        file,
        name: values.name.trim(),
        categoryId: values.categoryId,
        signal: abort.signal,
        onProgress: setProgress,
        resumeUploadId: resumable.current?.file === file ? resumable.current.uploadId : undefined,
        onUploadId: (uploadId) => {
          resumable.current = { file, uploadId };
        },
      });
      resumable.current = null;
      void message.success('视频已上传');
      onUploaded(resource);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'cancelled') return;
      showServerFieldErrors(form, error);
      // Only a network failure leaves an upload to resume; anything else starts again.
      if (!(error instanceof ApiError && error.kind === 'network')) resumable.current = null;
      setFailure(error instanceof Error ? error.message : '上传失败');
    } finally {
      controller.current = null;
      setBusy(false);
    }
  };

  const close = () => {
    controller.current?.abort();
    onClose();
  };

  const reset = () => {
    setFile(null);
    setProgress(null);
    setFailure(null);
    resumable.current = null;
  };

  return (
    <FormModal<UploadFormValues>
      open={open}
      title="上传视频"
      okText={failure && resumable.current ? '继续上传' : '开始上传'}
      cancelText={busy ? '取消上传' : '关闭'}
      name="video-upload-form"
      form={form}
      initialValues={{ name: '' }}
      // Each opening starts in the category selected on the screen.
      values={{ categoryId: defaultCategoryId }}
      disabled={busy}
      onSubmit={start}
      onClose={close}
      afterClose={reset}
    >
      <Form.Item label="视频文件" required>
        <Upload.Dragger
          accept="video/mp4,.mp4"
          maxCount={1}
          showUploadList={false}
          beforeUpload={choose}
          disabled={busy}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          {file ? (
            <p className="ant-upload-text">
              {file.name}（{formatFileSize(file.size)}）
            </p>
          ) : (
            <p className="ant-upload-text">点击或拖入 MP4 视频文件</p>
          )}
          <p className="ant-upload-hint">仅支持 MP4（H.264）视频，按文件内容校验格式并读取时长</p>
        </Upload.Dragger>
      </Form.Item>
      <VideoFields tree={tree} noCategory="不选则不归类" />
      {progress && (
        <div className="video-upload__progress" data-testid="upload-progress">
          <Progress
            percent={progress.percent}
            status={failure ? 'exception' : progress.phase === 'verifying' && !busy ? 'success' : 'active'}
          />
          <span>
            {PHASE_TEXT[progress.phase]} {formatFileSize(progress.sent)} / {formatFileSize(progress.total)}
          </span>
        </div>
      )}
      {failure && <Alert type="error" showIcon title={failure} className="video-upload__failure" />}
    </FormModal>
  );
}

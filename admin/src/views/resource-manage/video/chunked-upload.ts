import type { ResourceItem } from '@px/api/contract';
import { ApiError } from '@px/config';
import { feedback } from '../../../api/feedback';
import {
  abortResourceUpload,
  checkResourceUpload,
  completeResourceUpload,
  getResourceUploadStatus,
  initResourceUpload,
  sendResourceChunk,
} from '../../../api/resource';

/** How far an upload is: bytes sent of the file, and what it is doing. */
export interface UploadProgress {
  phase: 'checking' | 'uploading' | 'verifying';
  sent: number;
  total: number;
  /** 0..100, whole numbers. */
  percent: number;
}

export interface ChunkedUploadOptions {
  file: File;
  name: string;
  categoryId?: number;
  onProgress?: (progress: UploadProgress) => void;
  /** Cancels the upload: the chunks sent are dropped on the server. */
  signal?: AbortSignal;
  /** An upload started before (a failed attempt): only the chunks it lacks are sent. */
  resumeUploadId?: string;
  /** Called once the server has given the upload its id (to resume it after a failure). */
  onUploadId?: (uploadId: string) => void;
  /** Attempts per chunk after a network failure (default 3). */
  attempts?: number;
}

/** How much of the file's beginning is sent to `resource/check-upload` before anything else. */
export const CHECK_HEAD_BYTES = 64 * 1024;

const cancelled = () => new ApiError({ kind: 'cancelled' });

/**
 * Uploads a video in chunks: checks its beginning for the type (`resource/check-upload`), starts
 * (or resumes) an upload, sends the chunks one after the other with their progress (retrying a chunk
 * after a network failure), then completes it and resolves to the new resource. Rejects with an
 * ApiError whose message has been shown; a refusal of the content or a cancellation drops the
 * upload on the server, a network failure keeps it for a later resume (`onUploadId`).
 */
export async function uploadVideoInChunks(options: ChunkedUploadOptions): Promise<ResourceItem> {
  const { file, signal } = options;
  const total = file.size;
  const report = (phase: UploadProgress['phase'], sent: number) =>
    options.onProgress?.({ phase, sent, total, percent: total ? Math.floor((sent / total) * 100) : 0 });

  report('checking', 0);
  await checkResourceUpload('video', file.slice(0, CHECK_HEAD_BYTES), {
    fileSize: total,
    fileName: file.name,
    name: options.name,
  });
  if (signal?.aborted) throw cancelled();

  const upload = options.resumeUploadId
    ? await getResourceUploadStatus(options.resumeUploadId)
    : await initResourceUpload({
        name: options.name,
        fileName: file.name,
        fileSize: total,
        ...(options.categoryId ? { categoryId: options.categoryId } : {}),
      });
  options.onUploadId?.(upload.uploadId);
  const received = new Set(upload.received);
  const sizeOf = (index: number) => Math.min(upload.chunkSize, total - index * upload.chunkSize);
  let done = upload.received.reduce((sum, index) => sum + sizeOf(index), 0);
  report('uploading', done);

  for (let index = 0; index < upload.chunkCount; index += 1) {
    if (received.has(index)) continue;
    const chunk = file.slice(index * upload.chunkSize, index * upload.chunkSize + sizeOf(index));
    for (let attempt = 1; ; attempt += 1) {
      if (signal?.aborted) {
        await abortResourceUpload(upload.uploadId).catch(() => undefined);
        throw cancelled();
      }
      try {
        await sendResourceChunk(
          upload.uploadId,
          index,
          chunk,
          (loaded) => report('uploading', done + loaded),
          signal,
        );
        break;
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'cancelled') {
          await abortResourceUpload(upload.uploadId).catch(() => undefined);
          throw error;
        }
        const retry =
          error instanceof ApiError && error.kind === 'network' && attempt < (options.attempts ?? 3);
        if (retry) continue;
        if (error instanceof ApiError) feedback.showErrorMessage(error.message);
        // The server has dropped an upload whose content it refused; a network failure keeps it.
        if (error instanceof ApiError && error.kind !== 'network')
          await abortResourceUpload(upload.uploadId).catch(() => undefined);
        throw error;
      }
    }
    done += sizeOf(index);
    report('uploading', done);
  }

  report('verifying', total);
  return completeResourceUpload(upload.uploadId);
}

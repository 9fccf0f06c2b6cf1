import type {
  CategorySaveInput,
  ResourceCheckUploadInput,
  ResourceItem,
  ResourceQueryInput,
  ResourceSaveInput,
  ResourceUploadErrorQueryInput,
  ResourceUploadInitInput,
} from '@px/api/contract';
import type { CallOptions } from '@px/config';
import { api } from './request';

/** The project's resource categories as a tree, each with its resource count. Rejects with an ApiError. */
export const getResourceCategoryTree = (options?: CallOptions) =>
  api.call('resource/category-tree', {}, options);
/** Creates or renames a resource category (see CategoryTreeCalls.save). */
export const saveResourceCategory = (payload: CategorySaveInput) =>
  api.call('resource/category-save', payload);
/** Moves a resource category; resolves to the new tree (see CategoryTreeCalls.drag). */
export const dragResourceCategory = (id: number, parentId: number | null, index: number) =>
  api.call('resource/category-drag', { id, parentId, index });
/** Deletes a resource category and its children; refused while it holds resources. */
export const deleteResourceCategory = (id: number) => api.call('resource/category-delete', { id });

/** One page of the project's resources, newest first (`categoryId` includes everything below it). Rejects with an ApiError. */
export const queryResources = (query: ResourceQueryInput, options?: CallOptions) =>
  api.call('resource/query', query, options);

/** One resource. Rejects with an ApiError. */
export const getResource = (id: number) => api.call('resource/get', { id });

/** Renames a resource and sets its category (null: none). Rejects with an ApiError (an ApiFieldsError naming fields). */
export const saveResource = (payload: ResourceSaveInput) => api.call('resource/save', payload);

/** Deletes a resource and its file. Rejects with an ApiError. */
export const deleteResource = (id: number) => api.call('resource/delete', { id });

/** A signed, expiring URL that plays the video. Rejects with an ApiError. */
export const getResourcePlayUrl = (id: number) => api.call('resource/play-url', { id });

/** Packages a video whose packaging failed again (重试). Rejects with an ApiError. */
export const retryResourcePackaging = (id: number) => api.call('resource/package-retry', { id });

/**
 * Packages a ready video again with the current packaging (重新转码); it keeps playing its package
 * until the new one replaces it. Rejects with an ApiError.
 */
export const repackageResource = (id: number) => api.call('resource/repackage', { id });

/** A signed, expiring URL of the original file as uploaded (下载原文件). Rejects with an ApiError. */
export const getResourceDownloadUrl = (id: number) => api.call('resource/download-url', { id });

/** Multipart text of a field of `resource/check-upload`, or undefined when absent. */
const formText = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

/**
 * Checks a file (or its beginning, with `fileSize` the whole size) for a resource type without
 * storing it; with `fileName`, a refused file is recorded in the upload error log. Rejects with an
 * ApiError saying why the content is refused.
 */
export function checkResourceUpload(
  type: ResourceItem['type'],
  file: Blob,
  meta: Omit<ResourceCheckUploadInput, 'type'> = {},
  options?: CallOptions,
) {
  const form = new FormData();
  form.append('type', type);
  for (const field of ['fileSize', 'fileName', 'name'] as const) {
    const text = formText(meta[field]);
    if (text !== undefined) form.append(field, text);
  }
  form.append('file', file, 'head.bin');
  return api.upload('resource/check-upload', form, options);
}

/** Starts a chunked upload. Rejects with an ApiError (an ApiFieldsError naming `fileSize` over the limit). */
export const initResourceUpload = (payload: Omit<ResourceUploadInitInput, 'type'>) =>
  api.call('resource/upload-init', { type: 'video', ...payload });

/**
 * Sends chunk `index` of an upload (multipart), reporting bytes sent through `onProgress`.
 * Rejects with an ApiError (quietly: the uploader decides what to show).
 */
export function sendResourceChunk(
  uploadId: string,
  index: number,
  chunk: Blob,
  onProgress?: (loaded: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('uploadId', uploadId);
  form.append('index', String(index));
  form.append('file', chunk, `chunk-${index}`);
  return api.upload('resource/upload-chunk', form, {
    quiet: true,
    signal,
    onUploadProgress: (event) => onProgress?.(event.loaded),
  });
}

/** The chunks of an upload received so far. Rejects with an ApiError. */
export const getResourceUploadStatus = (uploadId: string) => api.call('resource/upload-status', { uploadId });

/** Assembles and verifies an upload; resolves to the new resource. Rejects with an ApiError saying why. */
export const completeResourceUpload = (uploadId: string) =>
  api.call('resource/upload-complete', { uploadId });

/** Drops an upload and its chunks (quietly: cancelling needs no message). */
export const abortResourceUpload = (uploadId: string) =>
  api.call('resource/upload-abort', { uploadId }, { quiet: true });

/** One page of the project's failed uploads, newest first (days as `YYYY-MM-DD`). Rejects with an ApiError. */
export const queryUploadErrors = (query: ResourceUploadErrorQueryInput, options?: CallOptions) =>
  api.call('resource/error-import-video', query, options);

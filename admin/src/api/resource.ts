import type {
  ResourceCategoryNode,
  ResourceCheckAnswer,
  ResourceItem,
  ResourcePage,
  ResourcePlayAnswer,
  ResourceUploadErrorPage,
  ResourceUploadState,
} from '@px/api/contract';
import type { AxiosProgressEvent } from 'axios';
import { categoryTreeCalls } from './category-tree';
import { type RequestOptions, request } from './request';

const resourceCategories = categoryTreeCalls<ResourceCategoryNode>('resource');

/** The project's resource categories as a tree, each with its resource count. Rejects with an ApiError. */
export const getResourceCategoryTree = resourceCategories.tree;
/** Creates or renames a resource category (see CategoryTreeCalls.save). */
export const saveResourceCategory = resourceCategories.save;
/** Moves a resource category; resolves to the new tree (see CategoryTreeCalls.drag). */
export const dragResourceCategory = resourceCategories.drag;
/** Deletes a resource category and its children; refused while it holds resources. */
export const deleteResourceCategory = resourceCategories.remove;

/** Filters and page of `resource/query`: `categoryId` includes everything below the category. */
export interface ResourceQuery {
  pageNum: number;
  pageSize: number;
  name?: string;
  categoryId?: number;
  type?: ResourceItem['type'];
}

/** One page of the project's resources, newest first. Rejects with an ApiError. */
export function queryResources(query: ResourceQuery, ...options: [RequestOptions?]): Promise<ResourcePage> {
  return request<ResourcePage>({ url: '/resource/query.action', method: 'post', data: query }, ...options);
}

/** One resource. Rejects with an ApiError. */
export function getResource(id: number): Promise<ResourceItem> {
  return request<ResourceItem>({ url: '/resource/get.action', method: 'post', data: { id } });
}

/** Renames a resource and sets its category (null: none). Rejects with an ApiError (an ApiFieldsError naming fields). */
export function saveResource(payload: {
  id: number;
  name: string;
  categoryId: number | null;
}): Promise<ResourceItem> {
  return request<ResourceItem>({ url: '/resource/save.action', method: 'post', data: payload });
}

/** Deletes a resource and its file. Rejects with an ApiError. */
export function deleteResource(id: number): Promise<null> {
  return request<null>({ url: '/resource/delete.action', method: 'post', data: { id } });
}

/** A signed, expiring URL that plays the video. Rejects with an ApiError. */
export function getResourcePlayUrl(id: number): Promise<ResourcePlayAnswer> {
  return request<ResourcePlayAnswer>({ url: '/resource/play-url.action', method: 'post', data: { id } });
}

/** What a check says of the whole file: its size (when only its beginning is sent), name and video name. */
export interface ResourceCheckMeta {
  fileSize?: number;
  /** The file's name: a refused file is then recorded in the upload error log. */
  fileName?: string;
  /** The video name it was to get. */
  name?: string;
}

/**
 * Checks a file (or its beginning, with `fileSize` the whole size) for a resource type without
 * storing it. Rejects with an ApiError saying why the content is refused.
 */
export function checkResourceUpload(
  type: ResourceItem['type'],
  file: Blob,
  meta: ResourceCheckMeta = {},
  ...options: [RequestOptions?]
): Promise<ResourceCheckAnswer> {
  const form = new FormData();
  form.append('type', type);
  if (meta.fileSize !== undefined) form.append('fileSize', String(meta.fileSize));
  if (meta.fileName) form.append('fileName', meta.fileName);
  if (meta.name) form.append('name', meta.name);
  form.append('file', file, 'head.bin');
  return request<ResourceCheckAnswer>(
    { url: '/resource/check-upload.action', method: 'post', data: form },
    ...options,
  );
}

/** What `resource/upload-init` announces of a file to upload. */
export interface ResourceUploadInit {
  name: string;
  fileName: string;
  fileSize: number;
  categoryId?: number;
}

/** Starts a chunked upload. Rejects with an ApiError (an ApiFieldsError naming `fileSize` over the limit). */
export function initResourceUpload(payload: ResourceUploadInit): Promise<ResourceUploadState> {
  return request<ResourceUploadState>({
    url: '/resource/upload-init.action',
    method: 'post',
    data: { type: 'video', ...payload },
  });
}

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
): Promise<{ uploadId: string; index: number; size: number }> {
  const form = new FormData();
  form.append('uploadId', uploadId);
  form.append('index', String(index));
  form.append('file', chunk, `chunk-${index}`);
  return request(
    {
      url: '/resource/upload-chunk.action',
      method: 'post',
      data: form,
      signal,
      onUploadProgress: (event: AxiosProgressEvent) => onProgress?.(event.loaded),
    },
    { quiet: true },
  );
}

/** The chunks of an upload received so far. Rejects with an ApiError. */
export function getResourceUploadStatus(uploadId: string): Promise<ResourceUploadState> {
  return request<ResourceUploadState>({
    url: '/resource/upload-status.action',
    method: 'post',
    data: { uploadId },
  });
}

/** Assembles and verifies an upload; resolves to the new resource. Rejects with an ApiError saying why. */
export function completeResourceUpload(uploadId: string): Promise<ResourceItem> {
  return request<ResourceItem>({
    url: '/resource/upload-complete.action',
    method: 'post',
    data: { uploadId },
  });
}

/** Drops an upload and its chunks (quietly: cancelling needs no message). */
export function abortResourceUpload(uploadId: string): Promise<null> {
  return request<null>(
    { url: '/resource/upload-abort.action', method: 'post', data: { uploadId } },
    { quiet: true },
  );
}

/** Filters and page of `resource/error-import-video` (days as `YYYY-MM-DD`). */
export interface UploadErrorQuery {
  pageNum: number;
  pageSize: number;
  name?: string;
  startDate?: string;
  endDate?: string;
}

/** One page of the project's failed uploads, newest first. Rejects with an ApiError. */
export function queryUploadErrors(
  query: UploadErrorQuery,
  ...options: [RequestOptions?]
): Promise<ResourceUploadErrorPage> {
  return request<ResourceUploadErrorPage>(
    { url: '/resource/error-import-video.action', method: 'post', data: query },
    ...options,
  );
}

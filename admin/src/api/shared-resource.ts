import type {
  SharedResourceCandidatesInput,
  SharedResourceQueryInput,
  SharedResourceShareInput,
} from '@px/api/contract';
import type { CallOptions } from '@px/config';
import { api } from './request';

/** One page of the shared library, newest first, with the caller's abilities. Rejects with an ApiError. */
export const querySharedResources = (query: SharedResourceQueryInput, options?: CallOptions) =>
  api.call('shared-resource/query', query, options);

/** A signed, expiring URL that plays a shared video (预览). Rejects with an ApiError. */
export const getSharedResourcePlayUrl = (id: number) => api.call('shared-resource/play-url', { id });

/** 使用: copies a shared resource into the caller's project (the existing copy when it has one). */
export const copySharedResource = (id: number) => api.call('shared-resource/use', { id });

/** A project's videos to share (platform staff). Rejects with an ApiError. */
export const listShareCandidates = (query: SharedResourceCandidatesInput) =>
  api.call('shared-resource/candidates', query);

/** Shares a project's video into the library (platform staff). Rejects with an ApiError. */
export const shareResource = (payload: SharedResourceShareInput) =>
  api.call('shared-resource/share', payload);

/** Renames a shared resource (platform staff). Rejects with an ApiError (an ApiFieldsError naming `name`). */
export const renameSharedResource = (id: number, name: string) =>
  api.call('shared-resource/save', { id, name });

/** Takes a resource out of the library (platform staff). Rejects with an ApiError. */
export const deleteSharedResource = (id: number) => api.call('shared-resource/delete', { id });

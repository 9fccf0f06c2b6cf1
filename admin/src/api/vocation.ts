import type { VocationSaveInput } from '@px/api/contract';
import type { CallOptions } from '@px/config';
import { api } from './request';

/** The platform's vocational resource tree, disabled nodes included (platform staff). Rejects with an ApiError. */
export const vocationTree = (options?: CallOptions) => api.call('dictionary/vocation-tree', {}, options);

/**
 * Adds (no `id`: under `parentId`, none for a 职业大类) or renames a node. Rejects with an ApiError;
 * an ApiFieldsError names `code`, `name` or `parentId`.
 */
export const saveVocation = (payload: VocationSaveInput) => api.call('dictionary/vocation-save', payload);

/** Disables or enables a node; resolves to the new tree. Rejects with an ApiError. */
export const toggleVocation = (id: number, enabled: boolean) =>
  api.call('dictionary/vocation-toggle', { id, enabled });

/** Puts a node at `index` among its siblings; resolves to the new tree. Rejects with an ApiError. */
export const sortVocation = (id: number, index: number) =>
  api.call('dictionary/vocation-sort', { id, index });

/** The enabled tree every project picks occupations from (`dictionary/vocational-resource-tree`). */
export const vocationalResourceTree = (options?: CallOptions) =>
  api.call('dictionary/vocational-resource-tree', {}, options);

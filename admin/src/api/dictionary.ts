import { api } from './request';

/** The entries of a dictionary type in the caller's project (e.g. `train-type`). Rejects with an ApiError. */
export const listDictionary = (type: string) => api.call('dictionary/list', { type });

/**
 * Administrative divisions nested to the counties: under `code` (`100000`: the whole country) or,
 * without it, under the project's `projectArea`. Rejects with an ApiError.
 */
export const getRegionalTree = (code?: string) =>
  api.call('dictionary/regional-tree', code === undefined ? {} : { code });

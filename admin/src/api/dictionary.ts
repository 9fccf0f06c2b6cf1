import type { DictionaryItem, RegionNode } from '@px/api/contract';
import { request } from './request';

/** The entries of a dictionary type in the caller's project (e.g. `train-type`). Rejects with an ApiError. */
export function listDictionary(type: string): Promise<DictionaryItem[]> {
  return request<DictionaryItem[]>({ url: '/dictionary/list.action', method: 'post', data: { type } });
}

/**
 * Administrative divisions nested to the counties: under `code` (`100000`: the whole country) or,
 * without it, under the project's `projectArea`. Rejects with an ApiError.
 */
export function getRegionalTree(code?: string): Promise<RegionNode[]> {
  return request<RegionNode[]>({
    url: '/dictionary/regional-tree.action',
    method: 'post',
    data: code === undefined ? {} : { code },
  });
}

import type { CategoryItem } from '@px/api/contract';
import { type RequestOptions, request } from './request';

/** What a category editor sends: no `id` creates a category under `parentId` (none: the root). */
export interface CategoryPayload {
  id?: number;
  parentId?: number | null;
  name: string;
  sort?: number;
}

/** The four calls of a call family's category tree (`<group>/category-*`), `N` its tree nodes. */
export interface CategoryTreeCalls<N> {
  /** The project's whole tree, each node with its count. Rejects with an ApiError. */
  tree: (...options: [RequestOptions?]) => Promise<N[]>;
  /** Creates or renames a category. Rejects with an ApiError; an ApiFieldsError names `name` or `parentId`. */
  save: (payload: CategoryPayload) => Promise<CategoryItem>;
  /**
   * Moves a category under `parentId` (null: the root) at `index` among its new siblings; resolves
   * to the new tree. Rejects with an ApiError (an ApiFieldsError naming `parentId` for a cycle).
   */
  drag: (id: number, parentId: number | null, index: number) => Promise<N[]>;
  /** Deletes a category and its children. Rejects with an ApiError (the server says when it is not empty). */
  remove: (id: number) => Promise<null>;
}

/**
 * The category-tree calls of a call family that shares the API's category-tree service
 * (`resource`, `course`): one definition, so both screens speak to their trees the same way.
 */
export function categoryTreeCalls<N>(group: 'resource' | 'course'): CategoryTreeCalls<N> {
  const url = (call: string) => `/${group}/category-${call}.action`;
  return {
    tree: (...options) => request<N[]>({ url: url('tree'), method: 'post', data: {} }, ...options),
    save: (payload) => request<CategoryItem>({ url: url('save'), method: 'post', data: payload }),
    drag: (id, parentId, index) =>
      request<N[]>({ url: url('drag'), method: 'post', data: { id, parentId, index } }),
    remove: (id) => request<null>({ url: url('delete'), method: 'post', data: { id } }),
  };
}

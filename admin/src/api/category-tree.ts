import type { CategoryItem, CategorySaveInput } from '@px/api/contract';
import type { CallOptions } from '@px/config';

/**
 * The four calls of a call family's category tree (`resource/category-*`, `course/category-*`),
 * `N` its tree nodes: what the shared category panel needs of a screen's tree.
 */
export interface CategoryTreeCalls<N> {
  /** The project's whole tree, each node with its count. Rejects with an ApiError. */
  tree: (options?: CallOptions) => Promise<N[]>;
  /**
   * Creates (no `id`: under `parentId`, none for the root) or renames a category. Rejects with an
   * ApiError; an ApiFieldsError names `name` or `parentId`.
   */
  save: (payload: CategorySaveInput) => Promise<CategoryItem>;
  /**
   * Moves a category under `parentId` (null: the root) at `index` among its new siblings; resolves
   * to the new tree. Rejects with an ApiError (an ApiFieldsError naming `parentId` for a cycle).
   */
  drag: (id: number, parentId: number | null, index: number) => Promise<N[]>;
  /** Deletes a category and its children. Rejects with an ApiError (the server says when it is not empty). */
  remove: (id: number) => Promise<null>;
}

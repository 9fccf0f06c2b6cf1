import type { Answer } from '@px/config';
import { z } from 'zod';
import { answer, type CallAccess } from './call';
import { zIdInput, zInput, zOptional, zRequiredText } from './common';

/** How deep a category tree may grow (a root category is level 1). */
export const CATEGORY_TREE_MAX_DEPTH = 5;

/** A category of a tree (resources, courses) as `…/category-save` answers it. */
export interface CategoryItem {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
}

/** An optional category id: absent, blank or null means none (the root). */
const zParentId = () => zOptional(zInput.id());

const SORT = '排序应为 0 到 100000 的整数';
/**
 * `…/category-save`: creates (without `id`) a category under `parentId`, last among its siblings
 * unless `sort` is given, or renames one (`parentId` is read only when creating: moves go through
 * `…/category-drag`). Names are unique among siblings.
 */
export const categorySaveInput = z.object({
  id: zInput.optionalId(),
  /** The parent of a new category; absent, blank or null for a root category. */
  parentId: zParentId(),
  name: zRequiredText('分类名称', 50),
  sort: zOptional(
    z.number({ error: SORT }).int({ error: SORT }).min(0, { error: SORT }).max(100_000, { error: SORT }),
  ),
});
export type CategorySaveInput = z.input<typeof categorySaveInput>;

const INDEX = '位置应为非负整数';
/**
 * `…/category-drag`: puts a category under `parentId` (absent or null: the root) at position `index`
 * among its new siblings (0 = first; past the end = last). A category cannot move under itself or
 * one of its descendants.
 */
export const categoryDragInput = z.object({
  id: zInput.id(),
  parentId: zParentId(),
  index: z
    .number({ error: INDEX })
    .int({ error: INDEX })
    .min(0, { error: INDEX })
    .max(100_000, { error: INDEX }),
});
export type CategoryDragInput = z.input<typeof categoryDragInput>;

/** `…/category-tree`: no input. */
export const categoryTreeInput = z.object({});

/** `…/category-delete`: one category of the project (with everything under it). */
export const categoryIdInput = zIdInput;

/**
 * The four calls of a category tree in a call family (resources, courses), to spread into its
 * `defineCalls`: `category-tree` (answers `tree`) for `read`; `category-save` (answers the
 * category), `category-drag` (answers the new tree) and `category-delete` for `write`.
 */
export function categoryTreeCalls<N, R extends CallAccess, W extends CallAccess>(
  tree: Answer<N[]>,
  read: R,
  write: W,
) {
  return {
    /** The project's whole tree, each node with its item count. */
    'category-tree': { input: categoryTreeInput, answer: tree, access: read },
    /** Creates or renames a category. */
    'category-save': { input: categorySaveInput, answer: answer<CategoryItem>(), access: write },
    /** Moves a category; answers the new tree. */
    'category-drag': { input: categoryDragInput, answer: tree, access: write },
    /** Deletes a category and its children, refused while they hold items. */
    'category-delete': { input: categoryIdInput, answer: answer<null>(), access: write },
  };
}

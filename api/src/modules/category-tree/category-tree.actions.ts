import { z } from 'zod';
import { categoryDragInput, categorySaveInput } from '../../contract/category-tree';
import { zInput } from '../../contract/common';
import type { ActionDefinition } from '../../core/action';
import type { projectStaffActions } from '../../core/tenant';
import type { CategoryTree } from './category-tree.service';

/**
 * The four calls of a category tree in a call family: `<group>/category-tree` (for `readers`),
 * `category-save`, `category-drag` (answers the new tree) and `category-delete` (for `writers`).
 * `answerTree` presents the tree as the family's contract names it.
 */
export function categoryTreeActions(options: {
  action: ReturnType<typeof projectStaffActions>;
  tree: CategoryTree;
  answerTree: (projectId: number) => Promise<unknown>;
  readers: string[];
  writers: string[];
}): ActionDefinition[] {
  const { action, tree, answerTree, readers, writers } = options;
  return [
    action('category-tree', readers, z.object({}), (_ctx, _input, projectId) => answerTree(projectId)),
    action('category-save', writers, categorySaveInput, (ctx, input, projectId) =>
      tree.save(ctx, projectId, input),
    ),
    action('category-drag', writers, categoryDragInput, async (ctx, input, projectId) => {
      await tree.drag(ctx, projectId, input);
      return answerTree(projectId);
    }),
    action('category-delete', writers, z.object({ id: zInput.id() }), async (ctx, input, projectId) => {
      await tree.remove(ctx, projectId, input.id);
      return null;
    }),
  ] as ActionDefinition[];
}

import type { z } from 'zod';
import type { categoryDragInput, categorySaveInput } from '../../contract/category-tree';
import type { ActorScope, TenantScope } from '../../core/action';
import type { CategoryTree } from './category-tree.service';

/**
 * The handlers of a call family's four category-tree calls (`categoryTreeCalls` in the contract),
 * to spread into its `implement`: `answerTree` presents the tree as the family's contract names it.
 */
export function categoryTreeHandlers<N>(
  tree: CategoryTree,
  answerTree: (scope: TenantScope) => Promise<N[]>,
) {
  return {
    'category-tree': (ctx: TenantScope) => answerTree(ctx),
    'category-save': (ctx: ActorScope, input: z.output<typeof categorySaveInput>) => tree.save(ctx, input),
    'category-drag': async (ctx: ActorScope, input: z.output<typeof categoryDragInput>) => {
      await tree.drag(ctx, input);
      return answerTree(ctx);
    },
    'category-delete': async (ctx: ActorScope, input: { id: number }) => {
      await tree.remove(ctx, input.id);
      return null;
    },
  };
}

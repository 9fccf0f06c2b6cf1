import { classCategoryCalls } from '../../contract/class-category';
import { implement } from '../../core/action';
import {
  classCategoryTree,
  deleteClassCategory,
  dragClassCategory,
  findClassCategory,
  saveClassCategory,
} from './class-category.service';

/** The class-type tree calls (`class/category-...`): project staff of the class and plan screens. */
export const classCategoryActions = implement(classCategoryCalls, {
  'category-tree': (ctx) => classCategoryTree(ctx),
  'category-find': (ctx, input) => findClassCategory(ctx, input.id),
  'category-save': (ctx, input) => saveClassCategory(ctx, input),
  'category-drag': (ctx, input) => dragClassCategory(ctx, input),
  'category-delete': async (ctx, input) => {
    await deleteClassCategory(ctx, input.id);
    return null;
  },
});

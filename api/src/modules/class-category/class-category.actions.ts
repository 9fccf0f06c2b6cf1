import { z } from 'zod';
import {
  classCategoryDragInput,
  classCategoryIdInput,
  classCategorySaveInput,
} from '../../contract/class-category';
import { projectStaffActions } from '../../core/tenant';
import {
  classCategoryTree,
  deleteClassCategory,
  dragClassCategory,
  findClassCategory,
  saveClassCategory,
} from './class-category.service';

/**
 * The screens that manage the tree: the class list (its 班级分类 drawer) and the plan list, where the
 * drawer lived before the class list existed (roles granted it keep managing the tree). The class
 * editor reads the tree to pick a class's types.
 */
const MANAGE = ['/train-manage/train-plan-list', '/train-manage/class'];
const READ = [...MANAGE, '/train-manage/train-class-detail'];

const classAction = projectStaffActions('class');

/** `class/category-tree`: the project's whole class-type tree (the back office sees every level). */
export const classCategoryTreeAction = classAction(
  'category-tree',
  READ,
  z.object({}),
  (_ctx, _input, projectId) => classCategoryTree(projectId),
  ['GET', 'POST'],
);

/** `class/category-find`: one category with its path and number of children. */
export const classCategoryFind = classAction(
  'category-find',
  READ,
  classCategoryIdInput,
  (_ctx, input, projectId) => findClassCategory(projectId, input.id),
  ['GET', 'POST'],
);

/** `class/category-save`: creates a major type or major child, or renames (moves) a category. */
export const classCategorySave = classAction(
  'category-save',
  MANAGE,
  classCategorySaveInput,
  (ctx, input, projectId) => saveClassCategory(ctx, projectId, input),
);

/** `class/category-drag`: moves a category before, after or into another; answers the new tree. */
export const classCategoryDrag = classAction(
  'category-drag',
  MANAGE,
  classCategoryDragInput,
  (ctx, input, projectId) => dragClassCategory(ctx, projectId, input),
);

/** `class/category-delete`: deletes a category without children (never a base type). */
export const classCategoryDelete = classAction(
  'category-delete',
  MANAGE,
  classCategoryIdInput,
  async (ctx, input, projectId) => {
    await deleteClassCategory(ctx, projectId, input.id);
    return null;
  },
);

export const classCategoryActions = [
  classCategoryTreeAction,
  classCategoryFind,
  classCategorySave,
  classCategoryDrag,
  classCategoryDelete,
];

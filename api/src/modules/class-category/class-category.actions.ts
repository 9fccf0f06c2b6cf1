import { ROLE_SYSTEM } from '@px/config';
import { z } from 'zod';
import {
  classCategoryDragInput,
  classCategoryIdInput,
  classCategorySaveInput,
} from '../../contract/class-category';
import { defineAction } from '../../core/action';
import { requireProjectId } from '../../core/tenant';
import {
  classCategoryTree,
  deleteClassCategory,
  dragClassCategory,
  findClassCategory,
  saveClassCategory,
} from './class-category.service';

/**
 * The screens that manage the tree: the plan list (its 班级分类 drawer) and, when it arrives, the
 * class list. The class editor reads the tree to pick a class's types.
 */
const MANAGE = ['/train-manage/train-plan-list', '/train-manage/class'];
const READ = [...MANAGE, '/train-manage/train-class-detail'];

/** `class/category-tree`: the project's whole class-type tree (the back office sees every level). */
export const classCategoryTreeAction = defineAction({
  group: 'class',
  name: 'category-tree',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.PROJECT],
  permission: READ,
  input: z.object({}),
  async handler(ctx) {
    return classCategoryTree(requireProjectId(ctx));
  },
});

/** `class/category-find`: one category with its path and number of children. */
export const classCategoryFind = defineAction({
  group: 'class',
  name: 'category-find',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.PROJECT],
  permission: READ,
  input: classCategoryIdInput,
  async handler(ctx, input) {
    return findClassCategory(requireProjectId(ctx), input.id);
  },
});

/** `class/category-save`: creates a major type or major child, or renames (moves) a category. */
export const classCategorySave = defineAction({
  group: 'class',
  name: 'category-save',
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.PROJECT],
  permission: MANAGE,
  input: classCategorySaveInput,
  async handler(ctx, input) {
    return saveClassCategory(ctx, requireProjectId(ctx), input);
  },
});

/** `class/category-drag`: moves a category before, after or into another; answers the new tree. */
export const classCategoryDrag = defineAction({
  group: 'class',
  name: 'category-drag',
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.PROJECT],
  permission: MANAGE,
  input: classCategoryDragInput,
  async handler(ctx, input) {
    return dragClassCategory(ctx, requireProjectId(ctx), input);
  },
});

/** `class/category-delete`: deletes a category without children (never a base type). */
export const classCategoryDelete = defineAction({
  group: 'class',
  name: 'category-delete',
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.PROJECT],
  permission: MANAGE,
  input: classCategoryIdInput,
  async handler(ctx, input) {
    await deleteClassCategory(ctx, requireProjectId(ctx), input.id);
    return null;
  },
});

export const classCategoryActions = [
  classCategoryTreeAction,
  classCategoryFind,
  classCategorySave,
  classCategoryDrag,
  classCategoryDelete,
];

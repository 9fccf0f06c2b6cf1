import type { ClassCategoryDragInput, ClassCategorySaveInput } from '@px/api/contract';
import type { CallOptions } from '@px/config';
import { api } from './request';

/** The project's whole class-type tree (base types, major types, major children). Rejects with an ApiError. */
export const getClassCategoryTree = (...options: [CallOptions?]) =>
  api.call('class/category-tree', {}, ...options);

/** One category with its path and number of children. Rejects with an ApiError (班级分类不存在). */
export const findClassCategory = (id: number, ...options: [CallOptions?]) =>
  api.call('class/category-find', { id }, ...options);

/** Creates (`parentId` without `id`) or renames a category (`id`; a new `parentId` moves it). Rejects with an ApiError (an ApiFieldsError naming `name` or `parentId`). */
export const saveClassCategory = (payload: ClassCategorySaveInput) =>
  api.call('class/category-save', payload);

/** Moves category `id` before, after or into `targetId`; resolves to the new tree. Rejects with an ApiError. */
export const dragClassCategory = (payload: ClassCategoryDragInput) =>
  api.call('class/category-drag', payload);

/** Deletes a category without children (never a base type) that no class uses. Rejects with an ApiError. */
export const deleteClassCategory = (id: number) => api.call('class/category-delete', { id });

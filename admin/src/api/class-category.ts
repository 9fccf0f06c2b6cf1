import type { ClassCategoryDropPosition, ClassCategoryItem, ClassCategoryNode } from '@px/api/contract';
import { type RequestOptions, request } from './request';

/** The project's whole class-type tree (base types, major types, major children). Rejects with an ApiError. */
export function getClassCategoryTree(...options: [RequestOptions?]): Promise<ClassCategoryNode[]> {
  return request<ClassCategoryNode[]>(
    { url: '/class/category-tree.action', method: 'post', data: {} },
    ...options,
  );
}

/** One category with its path and number of children. Rejects with an ApiError (班级分类不存在). */
export function findClassCategory(id: number, ...options: [RequestOptions?]): Promise<ClassCategoryItem> {
  return request<ClassCategoryItem>(
    { url: '/class/category-find.action', method: 'post', data: { id } },
    ...options,
  );
}

/** What `class/category-save` takes: `parentId` without `id` creates; `id` renames (a new `parentId` moves). */
export interface ClassCategorySavePayload {
  id?: number;
  parentId?: number;
  name: string;
}

/** Creates or renames a category. Rejects with an ApiError (an ApiFieldsError naming `name` or `parentId`). */
export function saveClassCategory(payload: ClassCategorySavePayload): Promise<ClassCategoryItem> {
  return request<ClassCategoryItem>({ url: '/class/category-save.action', method: 'post', data: payload });
}

/** Moves category `id` before, after or into `targetId`; resolves to the new tree. Rejects with an ApiError. */
export function dragClassCategory(payload: {
  id: number;
  targetId: number;
  position: ClassCategoryDropPosition;
}): Promise<ClassCategoryNode[]> {
  return request<ClassCategoryNode[]>({ url: '/class/category-drag.action', method: 'post', data: payload });
}

/** Deletes a category without children (never a base type). Rejects with an ApiError. */
export function deleteClassCategory(id: number): Promise<null> {
  return request<null>({ url: '/class/category-delete.action', method: 'post', data: { id } });
}

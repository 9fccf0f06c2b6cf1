import type { CourseCategoryNode, CourseQueryInput, CourseSaveInput } from '@px/api/contract';
import type { CallOptions } from '@px/config';
import type { CategoryTreeCalls } from './category-tree';
import { api } from './request';

/** The course category calls (`course/category-tree|save|drag|delete`), for the category panel. */
export const courseCategoryCalls: CategoryTreeCalls<CourseCategoryNode> = {
  tree: (options) => api.call('course/category-tree', {}, options),
  save: (payload) => api.call('course/category-save', payload),
  drag: (id, parentId, index) => api.call('course/category-drag', { id, parentId, index }),
  remove: (id) => api.call('course/category-delete', { id }),
};

/** One page of the project's courses, newest first (`categoryId` includes the categories below it). Rejects with an ApiError. */
export const queryCourses = (query: CourseQueryInput, options?: CallOptions) =>
  api.call('course/query', query, options);

/** One course with its lessons in order. Rejects with an ApiError (课程不存在). */
export const getCourse = (id: number) => api.call('course/get', { id });

/**
 * Creates or replaces a course with its whole lesson list (no `id` creates); resolves to the saved
 * course. Rejects with an ApiError; an ApiFieldsError names fields (`categoryId`, `lessons`, `lessons.0.hours`…).
 */
export const saveCourse = (payload: CourseSaveInput) => api.call('course/save', payload);

/** Deletes a draft course. Rejects with an ApiError (a published course is refused). */
export const deleteCourse = (id: number) => api.call('course/delete', { id });

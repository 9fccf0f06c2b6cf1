import type { CourseCategoryNode, CourseDetail, CoursePage, CourseStatus } from '@px/api/contract';
import { categoryTreeCalls } from './category-tree';
import { type RequestOptions, request } from './request';

/** The course category calls (`course/category-tree|save|drag|delete`), for the category panel. */
export const courseCategoryCalls = categoryTreeCalls<CourseCategoryNode>('course');

/** Filters and page of `course/query`: `categoryId` includes the categories below it. */
export interface CourseQuery {
  pageNum: number;
  pageSize: number;
  name?: string;
  teacherName?: string;
  categoryId?: number;
  status?: CourseStatus;
}

/** One page of the project's courses, newest first. Rejects with an ApiError. */
export function queryCourses(query: CourseQuery, ...options: [RequestOptions?]): Promise<CoursePage> {
  return request<CoursePage>({ url: '/course/query.action', method: 'post', data: query }, ...options);
}

/** One course with its lessons in order. Rejects with an ApiError (课程不存在). */
export function getCourse(id: number): Promise<CourseDetail> {
  return request<CourseDetail>({ url: '/course/get.action', method: 'post', data: { id } });
}

/** A lesson of `course/save`: the video, its hours (one decimal) and trial seconds. */
export interface CourseLessonPayload {
  resourceId: number;
  hours: number;
  trialSeconds: number;
}

/** What the course editor sends: no `id` creates; the lessons replace the course's list, in order. */
export interface CoursePayload {
  id?: number;
  name: string;
  categoryId: number;
  teacherName?: string;
  description?: string;
  status: CourseStatus;
  lessons: CourseLessonPayload[];
}

/**
 * Creates or replaces a course with its whole lesson list; resolves to the saved course. Rejects
 * with an ApiError; an ApiFieldsError names fields (`categoryId`, `lessons`, `lessons.0.hours`…).
 */
export function saveCourse(payload: CoursePayload): Promise<CourseDetail> {
  return request<CourseDetail>({ url: '/course/save.action', method: 'post', data: payload });
}

/** Deletes a draft course. Rejects with an ApiError (a published course is refused). */
export function deleteCourse(id: number): Promise<null> {
  return request<null>({ url: '/course/delete.action', method: 'post', data: { id } });
}

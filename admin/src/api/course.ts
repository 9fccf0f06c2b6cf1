import type {
  CourseCategoryItem,
  CourseCategoryNode,
  CourseDetail,
  CourseLessonInput,
  CoursePage,
  CourseQueryInput,
  CourseStatus,
  QuestionItem,
  QuestionType,
} from '@px/api/contract';
import { type RequestOptions, request } from './request';

/** The project's course categories as a tree, each with its course count. Rejects with an ApiError. */
export function getCourseCategoryTree(...options: [RequestOptions?]): Promise<CourseCategoryNode[]> {
  return request<CourseCategoryNode[]>(
    { url: '/course/category-tree.action', method: 'post', data: {} },
    ...options,
  );
}

/** Creates (no `id`) or renames a course category. Rejects with an ApiError naming `name` or `parentId`. */
export function saveCourseCategory(payload: {
  id?: number;
  parentId?: number | null;
  name: string;
}): Promise<CourseCategoryItem> {
  return request<CourseCategoryItem>({ url: '/course/category-save.action', method: 'post', data: payload });
}

/** Moves a category under `parentId` at `index`; resolves to the new tree. Rejects with an ApiError. */
export function dragCourseCategory(
  id: number,
  parentId: number | null,
  index: number,
): Promise<CourseCategoryNode[]> {
  return request<CourseCategoryNode[]>({
    url: '/course/category-drag.action',
    method: 'post',
    data: { id, parentId, index },
  });
}

/** Deletes an empty course category and its children. Rejects with an ApiError. */
export function deleteCourseCategory(id: number): Promise<null> {
  return request<null>({ url: '/course/category-delete.action', method: 'post', data: { id } });
}

/** One page of the project's courses, newest first. Rejects with an ApiError. */
export function queryCourses(query: CourseQueryInput, ...options: [RequestOptions?]): Promise<CoursePage> {
  return request<CoursePage>({ url: '/course/query.action', method: 'post', data: query }, ...options);
}

/** One course with its lessons. Rejects with an ApiError. */
export function getCourse(id: number): Promise<CourseDetail> {
  return request<CourseDetail>({ url: '/course/get.action', method: 'post', data: { id } });
}

/** What the course editor sends: the whole lesson list, in order. */
export interface CoursePayload {
  id?: number;
  name: string;
  categoryId: number;
  teacherName?: string;
  description?: string;
  status: CourseStatus;
  lessons: CourseLessonInput[];
}

/** Creates or replaces a course. Rejects with an ApiError (an ApiFieldsError naming `lessons.<i>.<field>`). */
export function saveCourse(payload: CoursePayload): Promise<CourseDetail> {
  return request<CourseDetail>({ url: '/course/save.action', method: 'post', data: payload });
}

/** Deletes a draft course. Rejects with an ApiError (a published course is refused). */
export function deleteCourse(id: number): Promise<null> {
  return request<null>({ url: '/course/delete.action', method: 'post', data: { id } });
}

/** The pop-up questions of a video, by mark. Rejects with an ApiError. */
export function queryQuestions(resourceId: number): Promise<QuestionItem[]> {
  return request<QuestionItem[]>({
    url: '/resource/question-query.action',
    method: 'post',
    data: { resourceId },
  });
}

/** What the question editor sends. */
export interface QuestionPayload {
  id?: number;
  resourceId: number;
  markSecond: number;
  type: QuestionType;
  content: string;
  options: string[];
  answer: string;
  explanation?: string;
}

/** Creates or edits a pop-up question. Rejects with an ApiError (an ApiFieldsError naming fields). */
export function saveQuestion(payload: QuestionPayload): Promise<QuestionItem> {
  return request<QuestionItem>({ url: '/resource/question-save.action', method: 'post', data: payload });
}

/** Deletes a pop-up question. Rejects with an ApiError. */
export function deleteQuestion(id: number): Promise<null> {
  return request<null>({ url: '/resource/question-delete.action', method: 'post', data: { id } });
}

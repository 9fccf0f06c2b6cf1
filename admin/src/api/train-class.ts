import type {
  ClassCopyAnswer,
  ClassCourseKind,
  ClassDetail,
  ClassItem,
  ClassPage,
  ClassShelf,
  EvaluationItem,
  EvaluationPage,
  EvaluationStatus,
} from '@px/api/contract';
import { type RequestOptions, request } from './request';

/** The filters of the class list (and of its export); `name` matches a part of the name. */
export interface ClassFilters {
  name?: string;
  year?: number;
  planId?: number;
  /** Includes the categories below it. */
  categoryId?: number;
  shelf?: ClassShelf;
}

/** Filters and page of `class/page`. */
export interface ClassListQuery extends ClassFilters {
  pageNum: number;
  pageSize: number;
}

/** One page of the project's classes in display order (sort, then newest). Rejects with an ApiError. */
export function listClasses(query: ClassListQuery, ...options: [RequestOptions?]): Promise<ClassPage> {
  return request<ClassPage>({ url: '/class/page.action', method: 'post', data: query }, ...options);
}

/** The classes of `filters` as an `.xlsx` file (every page). Rejects with an ApiError. */
export function exportClasses(filters: ClassFilters): Promise<Blob> {
  return request<Blob>({ url: '/class/export.action', method: 'get', params: filters, responseType: 'blob' });
}

/** Offers `blob` to the browser as a download named `fileName` (a temporary object URL and link). */
export function saveBlobAs(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** One class of the project with its courses. Rejects with an ApiError (班级不存在). */
export function getClass(id: number, ...options: [RequestOptions?]): Promise<ClassDetail> {
  return request<ClassDetail>({ url: '/class/detail.action', method: 'post', data: { id } }, ...options);
}

/** A course as the class editor sends it: hours credited in the class (one decimal). */
export interface ClassCoursePayload {
  courseId: number;
  kind: ClassCourseKind;
  hours: number;
}

/** What the class editor sends to `class/create`: no `id` creates; money in fen, dates `YYYY-MM-DD`. */
export interface ClassSavePayload {
  id?: number;
  name: string;
  planId: number;
  year: number;
  categoryId: number;
  amount: number;
  enrolStartDate: string;
  enrolEndDate: string;
  studyStartDate: string;
  studyEndDate: string;
  electiveHours: number;
  studyInOrder: boolean;
  examRequired: boolean;
  examPassScore: number;
  certificateTemplateId?: number | null;
  teacherName?: string;
  description?: string;
  /** The whole course list, in order (it replaces the class's list). */
  courses: ClassCoursePayload[];
}

/** Creates or updates a class. Rejects with an ApiError (an ApiFieldsError naming the refused fields). */
export function saveClass(payload: ClassSavePayload): Promise<ClassDetail> {
  return request<ClassDetail>({ url: '/class/create.action', method: 'post', data: payload });
}

/** Puts classes on (`onShelf` true) or off the shelf. Rejects with an ApiError naming a class that cannot go on. */
export function setClassesOnShelf(ids: number[], onShelf: boolean): Promise<null> {
  return request<null>({ url: '/class/on-shelf.action', method: 'post', data: { ids, onShelf } });
}

/** Sets the price of one class, in fen; resolves to the class row. Rejects with an ApiError. */
export function setClassAmount(id: number, amount: number): Promise<ClassItem> {
  return request<ClassItem>({ url: '/class/amount.action', method: 'post', data: { id, amount } });
}

/** Copies one class (with its courses, off the shelf) into its own plan. Rejects with an ApiError. */
export function copyClass(id: number): Promise<ClassCopyAnswer> {
  return request<ClassCopyAnswer>({ url: '/class/copy.action', method: 'post', data: { id } });
}

/** What `class/batch-copy` takes: the classes, optionally a target plan and year. */
export interface ClassBatchCopyPayload {
  ids: number[];
  planId?: number;
  year?: number;
}

/** Copies classes, optionally into another plan and year. Rejects with an ApiError. */
export function batchCopyClasses(payload: ClassBatchCopyPayload): Promise<ClassCopyAnswer> {
  return request<ClassCopyAnswer>({ url: '/class/batch-copy.action', method: 'post', data: payload });
}

/** What `class/batch-modify` takes: the classes and only the fields to set (price in fen). */
export interface ClassBatchModifyPayload {
  ids: number[];
  planId?: number;
  year?: number;
  categoryId?: number;
  amount?: number;
  enrolStartDate?: string;
  enrolEndDate?: string;
  studyStartDate?: string;
  studyEndDate?: string;
}

/** Sets the given fields on every class, all or nothing. Rejects with an ApiError (an ApiFieldsError naming fields). */
export function batchModifyClasses(payload: ClassBatchModifyPayload): Promise<null> {
  return request<null>({ url: '/class/batch-modify.action', method: 'post', data: payload });
}

/** Deletes a class off the shelf without enrolments. Rejects with an ApiError saying why not. */
export function deleteClass(id: number): Promise<null> {
  return request<null>({ url: '/class/delete.action', method: 'post', data: { id } });
}

/** Sets the display order numbers of classes (ascending). Rejects with an ApiError. */
export function sortClasses(items: { id: number; sort: number }[]): Promise<null> {
  return request<null>({ url: '/class/sort.action', method: 'post', data: { items } });
}

/** Page of `class/evaluate-list` for one class. */
export interface EvaluationListQuery {
  classId: number;
  pageNum: number;
  pageSize: number;
}

/** A class's evaluations, newest first, hidden ones included (staff view). Rejects with an ApiError. */
export function listClassEvaluations(
  query: EvaluationListQuery,
  ...options: [RequestOptions?]
): Promise<EvaluationPage> {
  return request<EvaluationPage>(
    { url: '/class/evaluate-list.action', method: 'post', data: query },
    ...options,
  );
}

/** Hides or shows one evaluation; resolves to it. Rejects with an ApiError (评价不存在). */
export function setEvaluationStatus(id: number, status: EvaluationStatus): Promise<EvaluationItem> {
  return request<EvaluationItem>({
    url: '/class/evaluate-status.action',
    method: 'post',
    data: { id, status },
  });
}

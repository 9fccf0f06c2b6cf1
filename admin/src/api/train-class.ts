import type { Calls, ClassBatchModifyInput, ClassSaveInput, EvaluationStatus } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** One page of the project's classes in display order (sort, then newest). Rejects with an ApiError. */
export const listClasses = (query: InputOf<Calls['class/page']>, ...options: [CallOptions?]) =>
  api.call('class/page', query, ...options);

/** The classes of `filters` as an `.xlsx` file (every page). Rejects with an ApiError. */
export const exportClasses = (filters: InputOf<Calls['class/export']>) =>
  api.download('class/export', filters);

/** One class of the project with its courses. Rejects with an ApiError (班级不存在). */
export const getClass = (id: number, ...options: [CallOptions?]) =>
  api.call('class/detail', { id }, ...options);

/**
 * Creates (no `id`) or updates a class with its whole course list, in order; money in fen, dates
 * `YYYY-MM-DD`. Rejects with an ApiError (an ApiFieldsError naming the refused fields).
 */
export const saveClass = (payload: ClassSaveInput) => api.call('class/create', payload);

/** Puts classes on (`onShelf` true) or off the shelf. Rejects with an ApiError naming a class that cannot go on. */
export const setClassesOnShelf = (ids: number[], onShelf: boolean) =>
  api.call('class/on-shelf', { ids, onShelf });

/** Sets the price of one class, in fen; resolves to the class row. Rejects with an ApiError. */
export const setClassAmount = (id: number, amount: number) => api.call('class/amount', { id, amount });

/** Copies one class (with its courses, off the shelf) into its own plan. Rejects with an ApiError. */
export const copyClass = (id: number) => api.call('class/copy', { id });

/** Copies classes, optionally into another plan and year. Rejects with an ApiError. */
export const batchCopyClasses = (payload: InputOf<Calls['class/batch-copy']>) =>
  api.call('class/batch-copy', payload);

/** Sets the given fields on every class, all or nothing. Rejects with an ApiError (an ApiFieldsError naming fields). */
export const batchModifyClasses = (payload: ClassBatchModifyInput) => api.call('class/batch-modify', payload);

/** Deletes a class off the shelf without enrolments. Rejects with an ApiError saying why not. */
export const deleteClass = (id: number) => api.call('class/delete', { id });

/** Sets the display order numbers of classes (ascending). Rejects with an ApiError. */
export const sortClasses = (items: { id: number; sort: number }[]) => api.call('class/sort', { items });

/** A class's evaluations, newest first, hidden ones included (staff view). Rejects with an ApiError. */
export const listClassEvaluations = (
  query: InputOf<Calls['class/evaluate-list']>,
  ...options: [CallOptions?]
) => api.call('class/evaluate-list', query, ...options);

/** Hides or shows one evaluation; resolves to it. Rejects with an ApiError (评价不存在). */
export const setEvaluationStatus = (id: number, status: EvaluationStatus) =>
  api.call('class/evaluate-status', { id, status });

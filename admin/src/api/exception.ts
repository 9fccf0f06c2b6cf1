import type { Calls } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** Filters and page of 异常登记. */
export type ExceptionCaseQuery = InputOf<Calls['exception-register/page']>;

/** One page of the project's registered cases, open ones first. Rejects with an ApiError. */
export const listExceptionCases = (query: ExceptionCaseQuery, ...options: [CallOptions?]) =>
  api.call('exception-register/page', query, ...options);

/** A case with its steps. Rejects with an ApiError. */
export const getExceptionCase = (id: number) => api.call('exception-register/detail', { id });

/** The assignees of the project and up to 20 students matching `student` (name, ID number, mobile). */
export const getExceptionCaseOptions = (student?: string) =>
  api.call('exception-register/options', student ? { student } : {});

/** Registers a case. Rejects with an ApiError (an ApiFieldsError naming the refused fields). */
export const registerExceptionCase = (input: InputOf<Calls['exception-register/save']>) =>
  api.call('exception-register/save', input);

/** Assigns an open case to a staff account of the project. */
export const assignExceptionCase = (id: number, assigneeId: number, note?: string) =>
  api.call('exception-register/assign', { id, assigneeId, ...(note ? { note } : {}) });

/** The assignee takes up a pending case (处理中). */
export const startExceptionCase = (id: number, note?: string) =>
  api.call('exception-register/start', { id, ...(note ? { note } : {}) });

/** The assignee closes a case in progress (已处理) saying what was done. */
export const resolveExceptionCase = (id: number, note: string) =>
  api.call('exception-register/resolve', { id, note });

/** Uploads an image of a case (`upload/upload-image`, multipart `file`). Rejects with an ApiError saying why. */
export function uploadCaseImage(file: Blob, fileName: string) {
  const form = new FormData();
  form.append('file', file, fileName);
  return api.upload('upload/upload-image', form);
}

/** Filters and page of 异常记录. */
export type ExceptionLogQuery = InputOf<Calls['exception-log/page']>;

/** One page of the platform's failures in the caller's reach, open ones first. Rejects with an ApiError. */
export const listExceptionLog = (query: ExceptionLogQuery, ...options: [CallOptions?]) =>
  api.call('exception-log/page', query, ...options);

/** One failure with what is recorded of it (log query). */
export const queryExceptionLog = (key: string) => api.call('exception-log/query', { key });

/** Tries a failed job or push again. */
export const retryExceptionLog = (key: string) => api.call('exception-log/retry', { key });

/** Marks a failure handled with a note. */
export const resolveExceptionLog = (key: string, note: string) =>
  api.call('exception-log/resolve', { key, note });

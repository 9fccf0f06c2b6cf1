import type { Calls, StudentUpdateInput } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** One page of the project's students (ID numbers masked). Rejects with an ApiError. */
export const listStudents = (query: InputOf<Calls['student/list']>, ...options: [CallOptions?]) =>
  api.call('student/list', query, ...options);

/** One student with profile, WeChat, enrolments and face photo state. Rejects with an ApiError (学员不存在). */
export const getStudent = (id: number, ...options: [CallOptions?]) =>
  api.call('student/detail', { id }, ...options);

/** Corrects a student's profile; resolves to the detail. Rejects with an ApiError (an ApiFieldsError naming fields). */
export const updateStudent = (payload: StudentUpdateInput) => api.call('student/update', payload);

/**
 * 实名核验: checks the student's name and ID number with the identity service; resolves to the
 * check (whatever its answer). Rejects with an ApiError (未填写身份证号, service unavailable).
 */
export const checkStudentIdentity = (id: number) => api.call('student/id-card-check', { id });

/** Imports an `.xlsx` of students (all or nothing; the answer lists refused cells). Rejects with an ApiError. */
export function importStudents(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.upload('student/import', form);
}

/** The import template as an `.xlsx` file. Rejects with an ApiError. */
export const downloadImportTemplate = () => api.download('student/import-template');

/** The student's reference photo (an image). Rejects with an ApiError. */
export const fetchStudentFacePhoto = (id: number) => api.download('student/face-photo', { id });

/** One page of a student's face captures, optionally of one enrolment. Rejects with an ApiError. */
export const listFaceCaptures = (query: InputOf<Calls['student/capture-list']>, ...options: [CallOptions?]) =>
  api.call('student/capture-list', query, ...options);

/** One face capture's image. Rejects with an ApiError. */
export const fetchCaptureImage = (id: number) => api.download('student/capture-image', { id });

/** Removes every WeChat binding of a student. Rejects with an ApiError (该账号未绑定微信). */
export const unbindStudentWechat = (id: number) => api.call('account/unbind-openId', { id });

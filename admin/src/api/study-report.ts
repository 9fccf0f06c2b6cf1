import type { Calls } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** One page of the study archive (enrolments with credited hours), newest first. Rejects with an ApiError. */
export const listStudyReport = (query: InputOf<Calls['study-report/page']>, ...options: [CallOptions?]) =>
  api.call('study-report/page', query, ...options);

/** The archive of `filters` as an `.xlsx` file (every page). Rejects with an ApiError. */
export const exportStudyReport = (filters: InputOf<Calls['study-report/export']>) =>
  api.download('study-report/export', filters);

/** Up to 50 classes of the project by part of the name, to filter the archive. Rejects with an ApiError. */
export const getReportClassOptions = (name?: string) => api.call('study-report/class-options', { name });

/** One student's enrolments. Rejects with an ApiError (学员不存在). */
export const getReportStudent = (accountId: number, ...options: [CallOptions?]) =>
  api.call('study-report/student', { accountId }, ...options);

/** One enrolment lesson by lesson, with refusals by reason and pop-up answers. Rejects with an ApiError. */
export const getStudyDetail = (myClassId: number, ...options: [CallOptions?]) =>
  api.call('study-report/detail', { myClassId }, ...options);

/** One page of an enrolment's refused beats, optionally of one lesson or reason. Rejects with an ApiError. */
export const listStudyRefusals = (
  query: InputOf<Calls['study-report/refusals']>,
  ...options: [CallOptions?]
) => api.call('study-report/refusals', query, ...options);

/** Recomputes the study ledgers of the project (or of one enrolment). Rejects with an ApiError. */
export const verifyStudyLedger = (myClassId?: number) =>
  api.call('study-report/verify-ledger', { myClassId });

/** One enrolment's study ledger, in order. Rejects with an ApiError. */
export const getStudyLedger = (myClassId: number, ...options: [CallOptions?]) =>
  api.call('study-report/ledger', { myClassId }, ...options);

/** Sets an enrolment's credited hours (学习档案纠正), with why. Rejects with an ApiError (field errors on the hours). */
export const correctStudyHours = (input: InputOf<Calls['study-report/correct-hours']>) =>
  api.call('study-report/correct-hours', input);

/** Marks a started lesson of an enrolment finished or not (学习档案纠正), with why. Rejects with an ApiError. */
export const correctStudyLesson = (input: InputOf<Calls['study-report/correct-lesson']>) =>
  api.call('study-report/correct-lesson', input);

/** One page of the project's data corrections (of one enrolment if given), newest first. Rejects with an ApiError. */
export const listStudyCorrections = (
  query: InputOf<Calls['study-report/corrections']>,
  ...options: [CallOptions?]
) => api.call('study-report/corrections', query, ...options);

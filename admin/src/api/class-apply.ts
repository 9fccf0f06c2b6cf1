import type { Calls } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** Filters and page of 报名审核. */
export type ClassApplyQuery = InputOf<Calls['class-apply/page']>;

/** One page of the project's enrolment applications, pending first. Rejects with an ApiError. */
export const listClassApplies = (query: ClassApplyQuery, ...options: [CallOptions?]) =>
  api.call('class-apply/page', query, ...options);

/** Approves (the student may enrol) or rejects (with a remark the student reads) a pending application. */
export const auditClassApply = (id: number, pass: boolean, remark?: string) =>
  api.call('class-apply/audit', { id, pass, ...(remark ? { remark } : {}) });

/** Reminds the class's students who have not finished (WeChat template message and SMS, once a day). */
export const notifyStudyClass = (classId: number) => api.call('class/notify-study-class', { classId });

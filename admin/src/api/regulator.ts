import type { Calls, RegulatorSavePushConfigInput } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** A project's reporting to the regulator (platform staff); the secret only as `secretSet`. Rejects with an ApiError. */
export const getRegulatorPushConfig = (id: number) => api.call('regulator/push-config', { id });

/**
 * Saves a project's reporting to the regulator; a blank secret keeps the stored one. Rejects with an
 * ApiError (an ApiFieldsError naming appId, appSecret, endpoint or baseTypes).
 */
export const saveRegulatorPushConfig = (payload: RegulatorSavePushConfigInput) =>
  api.call('regulator/save-push-config', payload);

/** One page of the project's push records (推送日志). Rejects with an ApiError. */
export const listPushes = (
  query: InputOf<Calls['my-class-push-log/report-list']>,
  ...options: [CallOptions?]
) => api.call('my-class-push-log/report-list', query, ...options);

/** The attempts of one push record, oldest first. Rejects with an ApiError. */
export const listPushAttempts = (id: number) => api.call('my-class-push-log/attempts', { id });

/** One page of the enrolments that passed and were never reported. Rejects with an ApiError. */
export const listNotPushed = (
  query: InputOf<Calls['my-class-push-log/not-push-list']>,
  ...options: [CallOptions?]
) => api.call('my-class-push-log/not-push-list', query, ...options);

/** The failed push records of the filters as an `.xlsx` file. Rejects with an ApiError. */
export const exportFailedPushes = (filters: InputOf<Calls['my-class-push-log/fail-export']>) =>
  api.download('my-class-push-log/fail-export', filters);

/** Sends the chosen failed push records again; answers how many were queued and why others were not. */
export const repushPushes = (ids: number[]) => api.call('my-class-push-log/re-push', { ids });

/** Reports the chosen enrolments now; answers how many were queued and why others were not. */
export const pushEnrolments = (myClassIds: number[]) =>
  api.call('my-class-push-log/push-enrolments', { myClassIds });

/** One page of the pushes the regulator refused. Rejects with an ApiError. */
export const listPushExceptions = (
  query: InputOf<Calls['my-class-push-log/exception-page']>,
  ...options: [CallOptions?]
) => api.call('my-class-push-log/exception-page', query, ...options);

/** Corrects a refused push's student and sends it again. Rejects with an ApiError (an ApiFieldsError naming fields). */
export const correctPushException = (payload: InputOf<Calls['my-class-push-log/exception-correct']>) =>
  api.call('my-class-push-log/exception-correct', payload);

/** Marks a refused push handled with a note (not sent again). Rejects with an ApiError. */
export const handlePushException = (id: number, note: string) =>
  api.call('my-class-push-log/exception-handle', { id, note });

/** How many enrolments of each class may be reported now. Rejects with an ApiError. */
export const countPushable = (ids: number[], ...options: [CallOptions?]) =>
  api.call('class/count-pushable', { ids }, ...options);

/** Reports the classes' enrolments not yet reported. Rejects with an ApiError (学时上报未开启). */
export const pushClasses = (ids: number[]) =>
  ids.length === 1 ? api.call('class/push', { id: ids[0] ?? 0 }) : api.call('class/batch-push', { ids });

/** Classes of the project by part of the name, for the push pages' 班级 filter. Rejects with an ApiError. */
export const getPushClassOptions = (name?: string) => api.call('my-class-push-log/class-options', { name });

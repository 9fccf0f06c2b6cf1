import type { Calls, CmsBatchSaveInput, CmsSittingSaveInput, ScoreUpdateInput } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/**
 * The examinations (考务管理, issue 26): batches, applications, sittings and seats, scores and fee
 * orders. Every function rejects with an ApiError (shown by the request client); saves reject with
 * an ApiFieldsError naming the fields.
 */

/** One page of the project's examination batches. */
export const listCmsBatches = (query: InputOf<Calls['cms-batch/page']>, ...options: [CallOptions?]) =>
  api.call('cms-batch/page', query, ...options);

/** Creates (no id) or changes a batch. */
export const saveCmsBatch = (payload: CmsBatchSaveInput) => api.call('cms-batch/save', payload);

/** Deletes a batch nobody applied to. */
export const deleteCmsBatch = (id: number) => api.call('cms-batch/delete', { id });

/** The project's batches to choose from (every CMS page's batch selector). */
export const getCmsBatchOptions = () => api.call('cms-batch/options', {});

/** One page of the applications. */
export const listCmsApplies = (query: InputOf<Calls['cms-apply/page']>, ...options: [CallOptions?]) =>
  api.call('cms-apply/page', query, ...options);

/** An application with its full ID number, sitting, orders and history. */
export const getCmsApply = (id: number) => api.call('cms-apply/detail', { id });

/** The application's ID photo. */
export const fetchCmsApplyPhoto = (id: number) => api.download('cms-apply/photo', { id });

/** Approves a submitted application. */
export const approveCmsApply = (id: number) => api.call('cms-apply/approve', { id });

/** Rejects a submitted application with the reason the candidate reads. */
export const rejectCmsApply = (id: number, reason: string) => api.call('cms-apply/reject', { id, reason });

/** Approves the ticked applications; answers how many and why the others were not. */
export const batchApproveCmsApplies = (ids: number[]) => api.call('cms-apply/batch-approve', { ids });

/** The filtered applications as an `.xlsx` file. */
export const exportCmsApplies = (filters: InputOf<Calls['cms-apply/export']>) =>
  api.download('cms-apply/export', filters);

/** The sittings of a batch. */
export const listCmsSittings = (batchId: number) => api.call('cms-exam/sitting-list', { batchId });

/** Creates (no id) or changes a sitting. */
export const saveCmsSitting = (payload: CmsSittingSaveInput) => api.call('cms-exam/sitting-save', payload);

/** Deletes a sitting nobody is seated in. */
export const deleteCmsSitting = (id: number) => api.call('cms-exam/sitting-delete', { id });

/** One page of a batch's registered candidates and their seats. */
export const listCmsCandidates = (query: InputOf<Calls['cms-exam/candidates']>, ...options: [CallOptions?]) =>
  api.call('cms-exam/candidates', query, ...options);

/** Seats every registered candidate without a seat, room by room. */
export const autoAssignSeats = (batchId: number) => api.call('cms-exam/auto-assign', { batchId });

/** Seats a candidate in a sitting (at `seatNo`, or the first free seat). */
export const assignSeat = (payload: InputOf<Calls['cms-exam/assign']>) =>
  api.call('cms-exam/assign', payload);

/** Takes a candidate's seat back. */
export const unassignSeat = (applyId: number) => api.call('cms-exam/unassign', { applyId });

/** Issues admission tickets to the seated candidates without one. */
export const issueTickets = (batchId: number) => api.call('cms-exam/issue-tickets', { batchId });

/** The sign-in sheet of a sitting as an `.xlsx` file. */
export const exportAttendance = (sittingId: number) =>
  api.download('cms-exam/attendance-export', { sittingId });

/** One page of a batch's candidates and their scores. */
export const queryScores = (query: InputOf<Calls['score/query']>, ...options: [CallOptions?]) =>
  api.call('score/query', query, ...options);

/** Saves a candidate's scores, subject by subject. */
export const updateScores = (payload: ScoreUpdateInput) => api.call('score/update', payload);

/** Deletes a candidate's scores. */
export const deleteScores = (applyId: number) => api.call('score/delete', { applyId });

/** The score template of a batch (one column per subject). */
export const downloadScoreTemplate = (batchId: number) => api.download('score/template', { batchId });

/** Imports an `.xlsx` of scores of a batch (all or nothing; the answer lists refused cells). */
export function importScores(batchId: number, file: File) {
  const form = new FormData();
  form.append('batchId', String(batchId));
  form.append('file', file);
  return api.upload('score/import', form);
}

/** The refused import's file, each refused cell marked. */
export const downloadScoreErrors = (importId: number) => api.download('score/error-export', { importId });

/** The filtered scores as an `.xlsx` file. */
export const exportScores = (filters: InputOf<Calls['score/export']>) =>
  api.download('score/export', filters);

/** Publishes a batch's scores (the public query shows them; certificates are issued). */
export const publishScores = (batchId: number) => api.call('score/publish', { batchId });

/** Takes a batch's published scores back to correct them. */
export const unpublishScores = (batchId: number) => api.call('score/unpublish', { batchId });

/** One page of the fee orders. */
export const listCmsOrders = (query: InputOf<Calls['cms-order/page']>, ...options: [CallOptions?]) =>
  api.call('cms-order/page', query, ...options);

/** Refunds a paid fee in full through the refund engine (the application is cancelled). */
export const refundCmsOrder = (id: number, reason: string) => api.call('cms-order/refund', { id, reason });

import type { Calls, TrainPlanSaveInput } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** One page of the project's train plans, newest year first. Rejects with an ApiError. */
export const listTrainPlans = (query: InputOf<Calls['train-plan/page']>, ...options: [CallOptions?]) =>
  api.call('train-plan/page', query, ...options);

/** One train plan of the project. Rejects with an ApiError (培训计划不存在). */
export const getTrainPlan = (id: number, ...options: [CallOptions?]) =>
  api.call('train-plan/get', { id }, ...options);

/** Creates (no `id`: a draft) or updates a plan. Rejects with an ApiError (an ApiFieldsError naming the refused fields). */
export const saveTrainPlan = (payload: TrainPlanSaveInput) => api.call('train-plan/save', payload);

/** Publishes a draft, or a closed plan again. Rejects with an ApiError when the status does not allow it. */
export const publishTrainPlan = (id: number) => api.call('train-plan/publish', { id });

/** Closes a published plan. Rejects with an ApiError when the status does not allow it. */
export const closeTrainPlan = (id: number) => api.call('train-plan/close', { id });

/** Deletes a draft plan. Rejects with an ApiError for a plan that is not a draft or has classes. */
export const deleteTrainPlan = (id: number) => api.call('train-plan/delete', { id });

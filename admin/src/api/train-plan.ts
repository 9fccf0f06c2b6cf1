import type { PageAnswer, TrainPlanItem, TrainPlanStatus } from '@px/api/contract';
import { type RequestOptions, request } from './request';

/** Filters and page of `train-plan/page`; `name` matches a part of the name. */
export interface TrainPlanListQuery {
  pageNum: number;
  pageSize: number;
  year?: number;
  name?: string;
  status?: TrainPlanStatus;
  industry?: string;
}

/** One page of the project's train plans, newest year first. Rejects with an ApiError. */
export function listTrainPlans(
  query: TrainPlanListQuery,
  ...options: [RequestOptions?]
): Promise<PageAnswer<TrainPlanItem>> {
  return request<PageAnswer<TrainPlanItem>>(
    { url: '/train-plan/page.action', method: 'post', data: query },
    ...options,
  );
}

/** One train plan of the project. Rejects with an ApiError (培训计划不存在). */
export function getTrainPlan(id: number, ...options: [RequestOptions?]): Promise<TrainPlanItem> {
  return request<TrainPlanItem>({ url: '/train-plan/get.action', method: 'post', data: { id } }, ...options);
}

/** What the plan editor sends to `train-plan/save`: no `id` creates a draft. Dates are `YYYY-MM-DD`. */
export interface TrainPlanSavePayload {
  id?: number;
  year: number;
  name: string;
  industry: string;
  startDate: string;
  endDate: string;
  description?: string;
}

/** Creates or updates a plan. Rejects with an ApiError (an ApiFieldsError naming the refused fields). */
export function saveTrainPlan(payload: TrainPlanSavePayload): Promise<TrainPlanItem> {
  return request<TrainPlanItem>({ url: '/train-plan/save.action', method: 'post', data: payload });
}

/** Publishes a draft, or a closed plan again. Rejects with an ApiError when the status does not allow it. */
export function publishTrainPlan(id: number): Promise<TrainPlanItem> {
  return request<TrainPlanItem>({ url: '/train-plan/publish.action', method: 'post', data: { id } });
}

/** Closes a published plan. Rejects with an ApiError when the status does not allow it. */
export function closeTrainPlan(id: number): Promise<TrainPlanItem> {
  return request<TrainPlanItem>({ url: '/train-plan/close.action', method: 'post', data: { id } });
}

/** Deletes a draft plan. Rejects with an ApiError for a plan that is not a draft. */
export function deleteTrainPlan(id: number): Promise<null> {
  return request<null>({ url: '/train-plan/delete.action', method: 'post', data: { id } });
}

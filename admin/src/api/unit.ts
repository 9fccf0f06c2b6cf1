import type { PageAnswer, RecordStatus, UnitItem } from '@px/api/contract';
import { type RequestOptions, request } from './request';

/** Filters and page of `unit/list`; `regionCode` selects a province, city or county and what lies under it. */
export interface UnitListQuery {
  pageNum: number;
  pageSize: number;
  name?: string;
  creditCode?: string;
  regionCode?: string;
  status?: RecordStatus;
}

/** One page of the project's units (project staff). Rejects with an ApiError. */
export function listUnits(
  query: UnitListQuery,
  ...options: [RequestOptions?]
): Promise<PageAnswer<UnitItem>> {
  return request<PageAnswer<UnitItem>>({ url: '/unit/list.action', method: 'post', data: query }, ...options);
}

/**
 * What the unit editor sends to `unit/add-or-update`: no `id` creates a unit. Text left empty is
 * saved empty; `trainTypes` omitted keeps the unit's training types (unit managers cannot change them).
 */
export interface UnitSavePayload {
  id?: number;
  name: string;
  creditCode?: string;
  contactName?: string;
  contactMobile?: string;
  regionCode: string;
  address?: string;
  trainTypes?: string[];
  remark?: string;
}

/** Creates or updates a unit. Rejects with an ApiError (an ApiFieldsError naming the refused fields). */
export function saveUnit(payload: UnitSavePayload): Promise<UnitItem> {
  return request<UnitItem>({ url: '/unit/add-or-update.action', method: 'post', data: payload });
}

/** One unit's details (a unit manager: their own unit only). Rejects with an ApiError. */
export function getUnit(id: number, ...options: [RequestOptions?]): Promise<UnitItem> {
  return request<UnitItem>({ url: '/unit/base.action', method: 'post', data: { id } }, ...options);
}

/** Enables or disables a unit. Rejects with an ApiError. */
export function setUnitStatus(id: number, status: RecordStatus): Promise<null> {
  return request<null>({ url: '/unit/disable.action', method: 'post', data: { id, status } });
}

/** Gives several units the same training types, all or nothing. Rejects with an ApiError. */
export function batchUpdateTrainTypes(ids: number[], trainTypes: string[]): Promise<null> {
  return request<null>({
    url: '/unit/batch-update-train-type.action',
    method: 'post',
    data: { ids, trainTypes },
  });
}

import type { Calls, PageAnswer, RecordStatus, UnitItem } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api, type RequestOptions, request } from './request';

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

/**
 * The unit's WeChat QR code leading to its registration page, made once and kept by the server.
 * Rejects with an ApiError (respCode -1 当前项目未配置微信公众号 when the project has no official account).
 */
export const getUnitRegisterQrCode = (unitId: number) => api.call('unit/h5-register-qr-code', { unitId });

/** One page of the unit's registered students (a unit manager: their own unit only). Rejects with an ApiError. */
export const listUnitRegisterStudents = (
  query: InputOf<Calls['unit/register-students']>,
  ...options: [RequestOptions?]
) => api.call('unit/register-students', query, ...options);

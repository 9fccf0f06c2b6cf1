import type { Calls, RecordStatus, UnitSaveInput } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** One page of the project's units (project staff); `regionCode` selects a region and what lies under it. Rejects with an ApiError. */
export const listUnits = (query: InputOf<Calls['unit/list']>, options?: CallOptions) =>
  api.call('unit/list', query, options);

/**
 * Creates (no `id`) or updates a unit. Text left empty is saved empty; `trainTypes` omitted keeps the
 * unit's training types (unit managers cannot change them). Rejects with an ApiError (an
 * ApiFieldsError naming the refused fields).
 */
export const saveUnit = (payload: UnitSaveInput) => api.call('unit/add-or-update', payload);

/** One unit's details (a unit manager: their own unit only). Rejects with an ApiError. */
export const getUnit = (id: number, options?: CallOptions) => api.call('unit/base', { id }, options);

/** Enables or disables a unit. Rejects with an ApiError. */
export const setUnitStatus = (id: number, status: RecordStatus) => api.call('unit/disable', { id, status });

/** Gives several units the same training types, all or nothing. Rejects with an ApiError. */
export const batchUpdateTrainTypes = (ids: number[], trainTypes: string[]) =>
  api.call('unit/batch-update-train-type', { ids, trainTypes });

/**
 * The unit's WeChat QR code leading to its registration page, made once and kept by the server.
 * Rejects with an ApiError (respCode -1 当前项目未配置微信公众号 when the project has no official account).
 */
export const getUnitRegisterQrCode = (unitId: number) => api.call('unit/h5-register-qr-code', { unitId });

/** One page of the unit's registered students (a unit manager: their own unit only). Rejects with an ApiError. */
export const listUnitRegisterStudents = (
  query: InputOf<Calls['unit/register-students']>,
  options?: CallOptions,
) => api.call('unit/register-students', query, options);

/** The training types units may be given, with how many units have each (`unit/train-type`). Rejects with an ApiError. */
export const listUnitTrainTypes = () => api.call('unit/train-type', {});

/** One page of the classes the unit's students are trained in (a unit manager: their own unit only). Rejects with an ApiError. */
export const listUnitTrainClasses = (query: InputOf<Calls['unit/train-list']>, options?: CallOptions) =>
  api.call('unit/train-list', query, options);

import type { Calls } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** One page of the unit classes the caller may see (a unit manager: their unit's). Rejects with an ApiError. */
export const pageUnitClasses = (query: InputOf<Calls['unit-class/page']>, options?: CallOptions) =>
  api.call('unit-class/page', query, options);

/** One unit class. Rejects with an ApiError. */
export const getUnitClass = (id: number, options?: CallOptions) =>
  api.call('unit-class/detail', { id }, options);

/**
 * Creates (no `id`, from an offered class) or updates a unit class. Rejects with an ApiError (an
 * ApiFieldsError naming the refused fields).
 */
export const saveUnitClass = (payload: InputOf<Calls['unit-class/save']>) =>
  api.call('unit-class/save', payload);

/** Deletes a unit class without students. Rejects with an ApiError. */
export const deleteUnitClass = (id: number) => api.call('unit-class/delete', { id });

/** Closes (CLOSED) or opens (OPEN) a unit class. Rejects with an ApiError. */
export const setUnitClassState = (id: number, state: 'OPEN' | 'CLOSED') =>
  api.call(state === 'CLOSED' ? 'unit-class/close' : 'unit-class/open', { id });

/** One page of a unit class's students. Rejects with an ApiError. */
export const pageUnitClassStudents = (query: InputOf<Calls['unit-class/students']>, options?: CallOptions) =>
  api.call('unit-class/students', query, options);

/** The project's offered classes, for the create form. Rejects with an ApiError. */
export const getUnitClassOptions = () => api.call('unit-class/class-options', {});

/**
 * Starts moving a unit class's students (the chosen enrolments, or all) to another unit class of
 * the same class; answers the running transfer. Rejects with an ApiError.
 */
export const startUnitClassTransfer = (payload: InputOf<Calls['unit-class/transfer']>) =>
  api.call('unit-class/transfer', payload);

/** Where a transfer stands (polled while it runs). Rejects with an ApiError. */
export const getUnitClassTransferProgress = (id: number, options?: CallOptions) =>
  api.call('unit-class/transfer-progress', { id }, options);

/** One page of the records of transfers in or out of a unit class. Rejects with an ApiError. */
export const pageUnitClassTransferRecords = (
  query: InputOf<Calls['unit-class/transfer-records']>,
  options?: CallOptions,
) => api.call('unit-class/transfer-records', query, options);

/** The open unit classes of the same class a unit class's students may move to. Rejects with an ApiError. */
export const getUnitClassTransferTargets = (id: number) => api.call('unit-class/transfer-targets', { id });

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

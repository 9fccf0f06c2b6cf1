import type { Calls, UnitAffiliationSaveInput } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/**
 * A page of the units affiliated under a unit, with their student counts and the unit's own
 * supervising unit (a unit manager: their own unit only). Rejects with an ApiError.
 */
export const queryAffiliations = (query: InputOf<Calls['unit/affiliation-query']>, options?: CallOptions) =>
  api.call('unit/affiliation-query', query, options);

/**
 * Sets the units affiliated under `unitId` (adds the new ones, removes the ones left out). Rejects
 * with an ApiError (an ApiFieldsError naming `affiliatedUnitIds` for a unit that cannot come under it).
 */
export const saveAffiliations = (payload: UnitAffiliationSaveInput) =>
  api.call('unit/affiliation-save', payload);

/** Releases affiliated units from under `unitId`. Rejects with an ApiError. */
export const deleteAffiliations = (unitId: number, affiliatedUnitIds: number[]) =>
  api.call('unit/affiliation-delete', { unitId, affiliatedUnitIds });

/** The units that may be affiliated under `unitId` (enabled, not itself, not above it, under none). Rejects with an ApiError. */
export const listAffiliationOptions = (unitId: number) => api.call('unit/affiliation-options', { unitId });

/** A page of the students of the units affiliated under a unit (filters: unit, name, ID number, mobile). Rejects with an ApiError. */
export const listAffiliationStudents = (
  query: InputOf<Calls['unit/affiliation-students']>,
  options?: CallOptions,
) => api.call('unit/affiliation-students', query, options);

import { api } from './request';

/**
 * Loads the settings of the current project (tenant); `unitId` picks a unit's registration variant.
 * Rejects with an ApiError after the request client has shown the failure.
 */
export const getSystemInfo = (unitId?: number) =>
  api.call('project/system-info', unitId === undefined ? {} : { unitId });

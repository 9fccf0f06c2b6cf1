import type { SystemInfo } from '@px/api/contract';
import { request } from './request';

/**
 * Loads the settings of the current project (tenant); `unitId` picks a unit's registration variant.
 * Rejects with an ApiError after the request client has shown the failure.
 */
export function getSystemInfo(unitId?: number): Promise<SystemInfo> {
  return request<SystemInfo>({
    url: '/project/system-info.action',
    method: 'post',
    params: unitId === undefined ? undefined : { unitId },
  });
}

import type { ProjectSettings } from '@px/config';
import { request } from './request';

/** The answer of the system-info call: the tenant's settings plus its identity. */
export type SystemInfo = ProjectSettings & {
  projectId: number;
  projectName: string;
};

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

import type {
  PageAnswer,
  ProjectItem,
  ProjectSettingsAnswer,
  RecordStatus,
  SystemInfo,
} from '@px/api/contract';
import type { ProjectSettings } from '@px/config';
import { type RequestOptions, request } from './request';

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

/** Filters and page of `project/list`: `name` matches part of the name or the code. */
export interface ProjectListQuery {
  pageNum: number;
  pageSize: number;
  name?: string;
  status?: RecordStatus;
}

/** One page of projects (platform staff). Rejects with an ApiError. */
export function listProjects(
  query: ProjectListQuery,
  ...options: [RequestOptions?]
): Promise<PageAnswer<ProjectItem>> {
  return request<PageAnswer<ProjectItem>>(
    { url: '/project/list.action', method: 'post', data: query },
    ...options,
  );
}

/** What the project editor sends to `project/save`: no `id` creates a project (with its built-in roles). */
export interface ProjectSavePayload {
  id?: number;
  code: string;
  name: string;
  domains: string[];
  isDefault: boolean;
}

/** Creates or updates a project. Rejects with an ApiError (an ApiFieldsError naming code, domains or isDefault). */
export function saveProject(payload: ProjectSavePayload): Promise<ProjectItem> {
  return request<ProjectItem>({ url: '/project/save.action', method: 'post', data: payload });
}

/** Enables or disables a project (not the default one). Rejects with an ApiError. */
export function setProjectStatus(id: number, status: RecordStatus): Promise<null> {
  return request<null>({ url: '/project/disable.action', method: 'post', data: { id, status } });
}

/** Deletes a project that has no accounts and no units. Rejects with an ApiError. */
export function deleteProject(id: number): Promise<null> {
  return request<null>({ url: '/project/delete.action', method: 'post', data: { id } });
}

/** Every setting of a project, defaults filled. Rejects with an ApiError. */
export function getProjectSetting(id: number): Promise<ProjectSettingsAnswer> {
  return request<ProjectSettingsAnswer>({ url: '/project/get-setting.action', method: 'post', data: { id } });
}

/**
 * Saves some settings of a project (merged over the stored ones by the server) and resolves to every
 * setting after the save. Rejects with an ApiError; an ApiFieldsError names `settings.<key>`.
 */
export function saveProjectSetting(
  id: number,
  settings: Partial<ProjectSettings>,
): Promise<ProjectSettingsAnswer> {
  return request<ProjectSettingsAnswer>({
    url: '/project/save-setting.action',
    method: 'post',
    data: { id, settings },
  });
}

import type { Calls, ProjectCreateAdminInput, ProjectSaveInput, RecordStatus } from '@px/api/contract';
import type { CallOptions, InputOf, ProjectSettings } from '@px/config';
import { api } from './request';

/**
 * Loads the settings of the current project (tenant); `unitId` picks a unit's registration variant.
 * Rejects with an ApiError after the request client has shown the failure.
 */
export const getSystemInfo = (unitId?: number) =>
  api.call('project/system-info', unitId === undefined ? {} : { unitId });

/** One page of projects (platform staff); `name` matches part of the name or the code. Rejects with an ApiError. */
export const listProjects = (query: InputOf<Calls['project/list']>, options?: CallOptions) =>
  api.call('project/list', query, options);

/**
 * Creates (no `id`, with its built-in roles) or updates a project. Rejects with an ApiError (an
 * ApiFieldsError naming code, domains or isDefault).
 */
export const saveProject = (payload: ProjectSaveInput) => api.call('project/save', payload);

/**
 * Creates the first administrator of a project without back-office staff and resolves to the
 * account with its initial password (answered this once). Rejects with an ApiError (an
 * ApiFieldsError naming accountName, realName or mobile).
 */
export const createProjectAdmin = (payload: ProjectCreateAdminInput) =>
  api.call('project/create-admin', payload);

/** Enables or disables a project (not the default one). Rejects with an ApiError. */
export const setProjectStatus = (id: number, status: RecordStatus) =>
  api.call('project/disable', { id, status });

/** Deletes a project that has no accounts and no units. Rejects with an ApiError. */
export const deleteProject = (id: number) => api.call('project/delete', { id });

/** Every setting of a project, defaults filled. Rejects with an ApiError. */
export const getProjectSetting = (id: number) => api.call('project/get-setting', { id });

/**
 * Saves some settings of a project (merged over the stored ones by the server) and resolves to every
 * setting after the save. Rejects with an ApiError; an ApiFieldsError names `settings.<key>`.
 */
export const saveProjectSetting = (id: number, settings: Partial<ProjectSettings>) =>
  api.call('project/save-setting', { id, settings });

/** Every setting of the project the caller works in (project staff), defaults filled. Rejects with an ApiError. */
export const getOwnProjectSetting = () => api.call('project/own-setting', {});

/**
 * Saves some settings of the caller's own project, those its staff may change; resolves to every
 * setting after the save. Rejects with an ApiError (403 for a platform setting; an ApiFieldsError
 * names `settings.<key>`).
 */
export const saveOwnProjectSetting = (settings: Partial<ProjectSettings>) =>
  api.call('project/save-own-setting', { settings });

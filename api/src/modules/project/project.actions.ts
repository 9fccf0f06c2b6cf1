import { projectCalls } from '../../contract/project';
import { implement } from '../../core/action';
import { loginKeyNow } from '../../core/login-key';
import { andThen } from '../../core/maybe-promise';
import { systemInfoAnswer } from './project.presenter';
import {
  deleteProject,
  getProjectSettings,
  listProjects,
  saveOwnProjectSettings,
  saveProject,
  saveProjectSettings,
  setProjectStatus,
} from './project.service';

/**
 * The project calls (`project/...`): `system-info` for anyone (the router resolved the request's
 * project), project management for platform staff, and its own settings for a project's staff.
 */
export const projectActions = implement(projectCalls, {
  'system-info': (ctx) =>
    andThen(loginKeyNow(ctx.sequelize), (key) => systemInfoAnswer(ctx.project, key.publicPem)),
  list: (ctx, input) => listProjects(ctx, input),
  save: (ctx, input) => saveProject(ctx, input),
  disable: async (ctx, input) => {
    await setProjectStatus(ctx, input.id, input.status);
    return null;
  },
  delete: async (ctx, input) => {
    await deleteProject(ctx, input.id);
    return null;
  },
  'get-setting': (ctx, input) => getProjectSettings(ctx, input.id),
  'save-setting': (ctx, input) => saveProjectSettings(ctx, input.id, input.settings),
  'own-setting': (ctx) => getProjectSettings(ctx, ctx.project.id),
  'save-own-setting': (ctx, input) => saveOwnProjectSettings(ctx, input.settings),
});

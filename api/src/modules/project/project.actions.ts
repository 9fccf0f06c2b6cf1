import { ROLE_SYSTEM } from '@px/config';
import {
  projectDisableInput,
  projectIdInput,
  projectListInput,
  projectSaveInput,
  projectSaveSettingInput,
  systemInfoInput,
} from '../../contract/project';
import { defineAction } from '../../core/action';
import { getLoginKey } from '../../core/login-key';
import {
  deleteProject,
  getProjectSettings,
  listProjects,
  presentSystemInfo,
  resolveRequestProject,
  saveProject,
  saveProjectSettings,
  setProjectStatus,
} from './project.service';

/** The first call both apps make: the project's settings (title, study model, video rules, login type...). */
export const systemInfo = defineAction({
  group: 'project',
  name: 'system-info',
  methods: ['GET', 'POST'],
  auth: 'public',
  input: systemInfoInput,
  async handler(ctx, input) {
    const project = await resolveRequestProject({ unitId: input.unitId, host: ctx.request.host });
    const { publicPem } = await getLoginKey(ctx.sequelize);
    return presentSystemInfo(project, publicPem);
  },
});

/** Project management is for platform staff only. */
const PLATFORM = [ROLE_SYSTEM.PLATFORM];
const PROJECT_LIST = ['/project-manage/list'];
const PROJECT_SETTING = ['/project-manage/setting'];

/** `project/list`: paged projects; filter by name (or code) and status. */
export const projectList = defineAction({
  group: 'project',
  name: 'list',
  auth: 'signed-in',
  roles: PLATFORM,
  permission: PROJECT_LIST,
  input: projectListInput,
  async handler(_ctx, input) {
    return listProjects(input);
  },
});

/** `project/save`: creates (with its built-in roles) or updates a project. */
export const projectSave = defineAction({
  group: 'project',
  name: 'save',
  auth: 'signed-in',
  roles: PLATFORM,
  permission: PROJECT_LIST,
  input: projectSaveInput,
  async handler(ctx, input) {
    return saveProject(ctx, input);
  },
});

/** `project/disable`: enables or disables a project (`status`). */
export const projectDisable = defineAction({
  group: 'project',
  name: 'disable',
  auth: 'signed-in',
  roles: PLATFORM,
  permission: PROJECT_LIST,
  input: projectDisableInput,
  async handler(ctx, input) {
    await setProjectStatus(ctx, input.id, input.status);
    return null;
  },
});

/** `project/delete`: deletes a project without accounts and units. */
export const projectDelete = defineAction({
  group: 'project',
  name: 'delete',
  auth: 'signed-in',
  roles: PLATFORM,
  permission: PROJECT_LIST,
  input: projectIdInput,
  async handler(ctx, input) {
    await deleteProject(ctx, input.id);
    return null;
  },
});

/** `project/get-setting`: every setting of a project, defaults filled. */
export const projectGetSetting = defineAction({
  group: 'project',
  name: 'get-setting',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  roles: PLATFORM,
  permission: PROJECT_SETTING,
  input: projectIdInput,
  async handler(_ctx, input) {
    return getProjectSettings(input.id);
  },
});

/** `project/save-setting`: changes some settings of a project. */
export const projectSaveSetting = defineAction({
  group: 'project',
  name: 'save-setting',
  auth: 'signed-in',
  roles: PLATFORM,
  permission: PROJECT_SETTING,
  input: projectSaveSettingInput,
  async handler(ctx, input) {
    return saveProjectSettings(ctx, input.id, input.settings);
  },
});

export const projectActions = [
  systemInfo,
  projectList,
  projectSave,
  projectDisable,
  projectDelete,
  projectGetSetting,
  projectSaveSetting,
];

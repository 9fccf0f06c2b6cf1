import { isProjectStaffSetting, ROLE_SYSTEM } from '@px/config';
import { definePolicy, forbid, refuse } from '../../core/policy';

/**
 * The project's policy: who changes which of a project's settings. Platform staff change every
 * setting of any project; project staff only the settings of their own project that are theirs
 * (`PROJECT_STAFF_SETTING_KEYS`): naming one of the platform's is refused (403) with its name.
 */

/** The settings a caller asks to change, of one project. */
export interface ProjectSettingsFacts {
  projectId: number;
  /** The known setting keys among the changes. */
  keys: readonly string[];
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'project.change-settings': ProjectSettingsFacts;
  }
}

export const PROJECT_NOT_FOUND = '项目不存在';

/** The refusal naming the platform's settings a project's staff asked to change. */
export const platformSettingsRefusal = (keys: readonly string[]) =>
  `以下设置由平台管理员设置，项目管理员不能修改：${keys.join('、')}`;

export const projectPolicy = definePolicy({
  'project.change-settings': (scope, row) => {
    if (scope.principal.roleSystem === ROLE_SYSTEM.PLATFORM) return null;
    if (scope.principal.roleSystem !== ROLE_SYSTEM.PROJECT) return forbid();
    if (row.projectId !== scope.project.id) return refuse(PROJECT_NOT_FOUND);
    const platformKeys = row.keys.filter((key) => !isProjectStaffSetting(key));
    return platformKeys.length ? forbid(platformSettingsRefusal(platformKeys)) : null;
  },
});

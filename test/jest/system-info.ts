import type { SystemInfo } from '@px/api/contract';
import { DEFAULT_PROJECT_SETTINGS } from '@px/config';

/** A system-info answer for the screen tests of the two web apps. */
export function buildSystemInfo(overrides: Partial<SystemInfo> = {}): SystemInfo {
  return {
    ...DEFAULT_PROJECT_SETTINGS,
    title: '山东职业技能培训平台',
    shortTitle: '鲁培训',
    projectTitle: '山东职业技能培训管理后台',
    versionCode: '2.3.1',
    projectId: 7,
    projectName: '山东项目',
    // Not a usable key: screen tests mock the encryption; crypto tests generate a real pair.
    loginPublicKey: '-----BEGIN PUBLIC KEY-----\nTEST\n-----END PUBLIC KEY-----\n',
    ...overrides,
  };
}

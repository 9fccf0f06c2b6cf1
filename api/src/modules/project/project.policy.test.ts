import { PROJECT_STAFF_SETTING_KEYS, ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { judge, type PolicyScope } from '../../core/policy';
import { platformSettingsRefusal } from './project.policy';

const scopeOf = (roleSystem: RoleSystem): PolicyScope => ({
  project: { id: 1 },
  principal: { accountId: 9, roleSystem, unitId: null, menu: new Set() },
});
const staffKey = PROJECT_STAFF_SETTING_KEYS[0];

describe('project policy: changing settings', () => {
  test('project staff change their own project’s staff settings', () => {
    expect(
      judge(scopeOf(ROLE_SYSTEM.PROJECT), 'project.change-settings', { projectId: 1, keys: [staffKey] }),
    ).toBeNull();
  });

  test('naming a platform setting is refused (403) with its name; platform staff change any', () => {
    const facts = { projectId: 1, keys: [staffKey, 'idCardVerify'] };
    expect(judge(scopeOf(ROLE_SYSTEM.PROJECT), 'project.change-settings', facts)).toEqual({
      reason: platformSettingsRefusal(['idCardVerify']),
      forbidden: true,
    });
    expect(judge(scopeOf(ROLE_SYSTEM.PLATFORM), 'project.change-settings', facts)).toBeNull();
  });

  test('another project reads as missing; students and unit managers are refused', () => {
    expect(
      judge(scopeOf(ROLE_SYSTEM.PROJECT), 'project.change-settings', { projectId: 2, keys: [] })?.reason,
    ).toBe('项目不存在');
    expect(
      judge(scopeOf(ROLE_SYSTEM.STUDENT), 'project.change-settings', { projectId: 1, keys: [] })?.forbidden,
    ).toBe(true);
  });
});

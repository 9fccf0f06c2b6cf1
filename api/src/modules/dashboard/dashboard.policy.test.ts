import { ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { judge, type PolicyScope } from '../../core/policy';
import {
  DASHBOARD_NO_REFRESH,
  DASHBOARD_OTHER_PROJECT,
  DASHBOARD_OWN_PROJECT_ONLY,
} from './dashboard.policy';

const scopeOf = (roleSystem: RoleSystem, menu: string[] = []): PolicyScope => ({
  project: { id: 1 },
  principal: { accountId: 9, roleSystem, unitId: null, menu: new Set(menu) },
});
const platform = scopeOf(ROLE_SYSTEM.PLATFORM);
const staff = scopeOf(ROLE_SYSTEM.PROJECT, ['/dashboard/refresh']);

describe('dashboard policy', () => {
  test('platform staff see and choose any project; project staff see only their own', () => {
    expect(judge(platform, 'dashboard.view', { projectId: 2 })).toBeNull();
    expect(judge(staff, 'dashboard.view', { projectId: 1 })).toBeNull();
    expect(judge(staff, 'dashboard.view', { projectId: 2 })).toEqual({
      reason: DASHBOARD_OTHER_PROJECT,
      forbidden: true,
    });
    expect(judge(scopeOf(ROLE_SYSTEM.STUDENT), 'dashboard.view', { projectId: 1 })?.forbidden).toBe(true);
  });

  test('only platform staff are offered the project switch', () => {
    expect(judge(platform, 'dashboard.choose-project', { projectId: 1 })).toBeNull();
    expect(judge(staff, 'dashboard.choose-project', { projectId: 1 })?.reason).toBe(
      DASHBOARD_OWN_PROJECT_ONLY,
    );
    expect(judge(scopeOf(ROLE_SYSTEM.UNIT), 'dashboard.choose-project', { projectId: 1 })).not.toBeNull();
  });

  test('refreshing needs the refresh grant', () => {
    expect(judge(staff, 'dashboard.refresh', { projectId: 1 })).toBeNull();
    expect(judge(scopeOf(ROLE_SYSTEM.PROJECT), 'dashboard.refresh', { projectId: 1 })?.reason).toBe(
      DASHBOARD_NO_REFRESH,
    );
  });
});

import { ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { judge, type PolicyScope } from '../../core/policy';
import { SHARED_READ_ONLY, SHARED_USE_PROJECT_ONLY, sharedResourceAbilities } from './shared-resource.policy';

const scopeOf = (roleSystem: RoleSystem): PolicyScope => ({
  project: { id: roleSystem === ROLE_SYSTEM.PLATFORM ? 0 : 1 },
  principal: { accountId: 9, roleSystem, unitId: null, menu: new Set(['/resource-manage/shared-library']) },
});
const row = { id: 5 };

describe('shared resource policy', () => {
  test('platform staff manage the library and cannot use it (they have no project)', () => {
    const platform = scopeOf(ROLE_SYSTEM.PLATFORM);
    expect(judge(platform, 'shared-resource.manage', row)).toBeNull();
    expect(judge(platform, 'shared-resource.use', row)).toEqual({
      reason: SHARED_USE_PROJECT_ONLY,
      forbidden: true,
    });
  });

  test('project staff use it and may not change it', () => {
    const staff = scopeOf(ROLE_SYSTEM.PROJECT);
    expect(judge(staff, 'shared-resource.use', row)).toBeNull();
    expect(judge(staff, 'shared-resource.manage', row)).toEqual({
      reason: SHARED_READ_ONLY,
      forbidden: true,
    });
  });

  test('students and unit managers do neither', () => {
    for (const roleSystem of [ROLE_SYSTEM.STUDENT, ROLE_SYSTEM.UNIT]) {
      expect(judge(scopeOf(roleSystem), 'shared-resource.use', row)?.forbidden).toBe(true);
      expect(judge(scopeOf(roleSystem), 'shared-resource.manage', row)?.forbidden).toBe(true);
    }
  });
});

describe('shared resource policy: abilities', () => {
  test('a row offers 编辑 and 删除 to platform staff, 使用 to project staff', () => {
    expect(sharedResourceAbilities(scopeOf(ROLE_SYSTEM.PLATFORM), row)).toEqual({
      canEdit: true,
      editRefusal: null,
      canDelete: true,
      deleteRefusal: null,
      canUse: false,
      useRefusal: SHARED_USE_PROJECT_ONLY,
    });
    expect(sharedResourceAbilities(scopeOf(ROLE_SYSTEM.PROJECT), row)).toEqual({
      canEdit: false,
      editRefusal: SHARED_READ_ONLY,
      canDelete: false,
      deleteRefusal: SHARED_READ_ONLY,
      canUse: true,
      useRefusal: null,
    });
  });
});

import { ROLE_SYSTEM } from '@px/config';
import { judge, type PolicyScope } from '../../core/policy';
import './role.policy';

const admin: PolicyScope = {
  project: { id: 1 },
  principal: {
    accountId: 9,
    roleSystem: ROLE_SYSTEM.PROJECT,
    unitId: null,
    menu: new Set(['/home', '/order-manage']),
  },
};

describe('role policy: granting pages', () => {
  test('a caller grants pages they hold, and a role keeps the pages it had', () => {
    expect(judge(admin, 'role.grant-menu', { menu: ['/home', '/order-manage'], kept: [] })).toBeNull();
    expect(
      judge(admin, 'role.grant-menu', { menu: ['/home', '/dashboard'], kept: ['/dashboard'] }),
    ).toBeNull();
  });

  test('granting a page the caller does not hold is refused, naming it', () => {
    expect(
      judge(admin, 'role.grant-menu', { menu: ['/home', '/dashboard', '/unit-manage'], kept: [] }),
    ).toEqual({
      reason: '不能授予自己没有的菜单权限：/dashboard、/unit-manage',
    });
  });
});

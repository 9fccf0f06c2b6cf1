import { ROLE_SYSTEM, type RoleSystem } from '@px/config';
import type { PolicyScope } from '../../core/policy';
import { can } from '../../core/policy';
import type { TodoFacts } from './home.policy';
import { permittedTodos, TODO_DEFINITIONS } from './home.service';

const scopeOf = (roleSystem: RoleSystem, menu: readonly string[]): PolicyScope => ({
  project: { id: 1 },
  principal: {
    accountId: 9,
    roleSystem,
    unitId: roleSystem === ROLE_SYSTEM.UNIT ? 4 : null,
    menu: new Set(menu),
  },
});
const refunds: TodoFacts = { roles: [ROLE_SYSTEM.PROJECT], page: '/invoice-manage/refund-list' };
const imports: TodoFacts = {
  roles: [ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.UNIT],
  page: '/train-manage/import-student',
  unitColumn: 'unit_id',
};

describe('home policy: which counts a caller gets', () => {
  test('a listed role system holding the page gets the count', () => {
    expect(can(scopeOf(ROLE_SYSTEM.PROJECT, [refunds.page]), 'home.todo', refunds)).toBe(true);
    expect(can(scopeOf(ROLE_SYSTEM.UNIT, [imports.page]), 'home.todo', imports)).toBe(true);
  });

  test('without the page, an unlisted role system, or a unit manager on a count not of units: none', () => {
    expect(can(scopeOf(ROLE_SYSTEM.PROJECT, []), 'home.todo', refunds)).toBe(false);
    expect(can(scopeOf(ROLE_SYSTEM.STUDENT, [refunds.page]), 'home.todo', refunds)).toBe(false);
    expect(
      can(scopeOf(ROLE_SYSTEM.UNIT, [refunds.page]), 'home.todo', { ...refunds, roles: imports.roles }),
    ).toBe(false);
  });

  test('permittedTodos keeps the definitions the policy allows', () => {
    const staff = scopeOf(ROLE_SYSTEM.PROJECT, ['/invoice-manage/refund-list']);
    expect(permittedTodos(staff).map((todo) => todo.key)).toEqual(
      TODO_DEFINITIONS.filter((todo) => todo.page === '/invoice-manage/refund-list').map((todo) => todo.key),
    );
    expect(permittedTodos(scopeOf(ROLE_SYSTEM.STUDENT, []))).toEqual([]);
  });
});

describe('home policy: counts needing more than their list', () => {
  test('证书待补打 needs 证书打印 beside 证书管理', () => {
    const due: TodoFacts = {
      roles: [ROLE_SYSTEM.PROJECT],
      page: '/customer/my-certificate-manage',
      alsoRequires: ['/train-manage/second-certificate-print'],
    };
    expect(can(scopeOf(ROLE_SYSTEM.PROJECT, [due.page]), 'home.todo', due)).toBe(false);
    expect(
      can(
        scopeOf(ROLE_SYSTEM.PROJECT, [due.page, '/train-manage/second-certificate-print']),
        'home.todo',
        due,
      ),
    ).toBe(true);
  });
});

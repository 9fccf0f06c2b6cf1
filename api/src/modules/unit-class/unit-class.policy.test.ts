import { ROLE_SYSTEM } from '@px/config';
import { judge, type PolicyScope } from '../../core/policy';
import { UNIT_CLASS_NOT_FOUND, type UnitClassFacts } from './unit-class.policy';

const staff: PolicyScope = {
  project: { id: 1 },
  principal: { accountId: 9, roleSystem: ROLE_SYSTEM.PROJECT, unitId: null, menu: new Set() },
};
const manager: PolicyScope = {
  project: { id: 1 },
  principal: { accountId: 7, roleSystem: ROLE_SYSTEM.UNIT, unitId: 3, menu: new Set() },
};
const row = (over: Partial<UnitClassFacts> = {}): UnitClassFacts => ({
  projectId: 1,
  unitId: 3,
  state: 'OPEN',
  students: 0,
  transfers: 0,
  ...over,
});
type V = 'unit-class.delete' | 'unit-class.close' | 'unit-class.open';
const reasonOf = (scope: PolicyScope, verb: V, facts: UnitClassFacts) =>
  judge(scope, verb, facts)?.reason ?? null;

describe('unit class policy', () => {
  test("staff and the unit's manager delete an empty class and close an open one", () => {
    for (const scope of [staff, manager]) {
      expect(reasonOf(scope, 'unit-class.delete', row())).toBeNull();
      expect(reasonOf(scope, 'unit-class.close', row())).toBeNull();
      expect(reasonOf(scope, 'unit-class.open', row({ state: 'CLOSED' }))).toBeNull();
    }
  });

  test("another unit's class (for its manager) or another project's reads as missing", () => {
    expect(reasonOf(manager, 'unit-class.delete', row({ unitId: 4 }))).toBe(UNIT_CLASS_NOT_FOUND);
    expect(reasonOf(staff, 'unit-class.close', row({ projectId: 2 }))).toBe(UNIT_CLASS_NOT_FOUND);
    expect(reasonOf(staff, 'unit-class.delete', row({ unitId: 4 }))).toBeNull();
  });

  test('a class with students or transfer records is not deleted; the same state again is refused', () => {
    expect(reasonOf(staff, 'unit-class.delete', row({ students: 2 }))).toBe(
      '该单位班级已有学员（2 人），不能删除',
    );
    expect(reasonOf(staff, 'unit-class.delete', row({ transfers: 1 }))).toBe(
      '该单位班级有转移记录，不能删除，可将其关闭',
    );
    expect(reasonOf(staff, 'unit-class.close', row({ state: 'CLOSED' }))).toBe('该单位班级已关闭');
    expect(reasonOf(staff, 'unit-class.open', row())).toBe('该单位班级已开启');
  });
});

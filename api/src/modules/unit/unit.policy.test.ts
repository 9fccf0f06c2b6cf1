import { ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { Op } from 'sequelize';
import { BusinessError, ForbiddenError, ValidationError } from '../../core/errors';
import { constrainsTenant } from '../../db/tenant-guard';
import {
  assertMayChangeAffiliations,
  assertMayChangeTrainTypes,
  assertMayCreateUnit,
  assertMayManageUnit,
  assertMayReadAffiliations,
  managedUnitId,
  mayChangeTrainTypes,
  mayManageUnit,
  type UnitPolicyScope,
  visibleUnitsWhere,
} from './unit.policy';

const PROJECT = 7;
const scopeOf = (roleSystem: RoleSystem, unitId: number | null, menu: string[] = []): UnitPolicyScope => ({
  project: { id: PROJECT },
  principal: { roleSystem, unitId, menu: new Set(menu) },
});
const staff = scopeOf(ROLE_SYSTEM.PROJECT, null, ['/unit-manage/list']);
const manager = scopeOf(ROLE_SYSTEM.UNIT, 3);
const own = { id: 3, projectId: PROJECT };
const sibling = { id: 4, projectId: PROJECT };
const foreign = { id: 3, projectId: PROJECT + 1 };

describe('unit policy', () => {
  test('project staff reach every unit of their project, none of another', () => {
    expect(managedUnitId(staff)).toBeNull();
    expect(visibleUnitsWhere(staff)).toEqual({ projectId: PROJECT });
    expect([own, sibling, foreign].map((unit) => mayManageUnit(staff, unit))).toEqual([true, true, false]);
  });

  test('a unit manager reaches only their own unit of their project', () => {
    expect(managedUnitId(manager)).toBe(3);
    expect(visibleUnitsWhere(manager)).toEqual({ projectId: PROJECT, id: 3 });
    expect([own, sibling, foreign].map((unit) => mayManageUnit(manager, unit))).toEqual([true, false, false]);
  });

  test('a unit manager without a unit reaches none', () => {
    const orphan = scopeOf(ROLE_SYSTEM.UNIT, null);
    expect(visibleUnitsWhere(orphan)).toEqual({ projectId: PROJECT, id: 0 });
    expect(mayManageUnit(orphan, own)).toBe(false);
  });

  test('the list fragment always names the project, alone or beside other filters (tenant guard)', () => {
    for (const scope of [staff, manager]) {
      expect(constrainsTenant(visibleUnitsWhere(scope))).toBe(true);
      expect(constrainsTenant({ [Op.and]: [visibleUnitsWhere(scope), { id: [3, 4] }] })).toBe(true);
    }
  });

  test('a unit out of reach and a missing unit are refused alike: 单位不存在', () => {
    expect(() => assertMayManageUnit(manager, own)).not.toThrow();
    for (const unit of [sibling, foreign, null]) {
      expect(() => assertMayManageUnit(manager, unit)).toThrow(BusinessError);
      expect(() => assertMayManageUnit(manager, unit)).toThrow('单位不存在');
    }
    expect(() => assertMayManageUnit(staff, foreign)).toThrow('单位不存在');
  });

  test('only project staff granted the unit list create units', () => {
    expect(() => assertMayCreateUnit(staff)).not.toThrow();
    expect(() => assertMayCreateUnit(scopeOf(ROLE_SYSTEM.PROJECT, null, ['/unit-manage/detail']))).toThrow(
      ForbiddenError,
    );
    expect(() => assertMayCreateUnit(scopeOf(ROLE_SYSTEM.UNIT, 3, ['/unit-manage/list']))).toThrow(
      ForbiddenError,
    );
  });

  test('unit managers keep their training types; the same codes in another order are no change', () => {
    expect(mayChangeTrainTypes(staff)).toBe(true);
    expect(mayChangeTrainTypes(manager)).toBe(false);
    expect(() => assertMayChangeTrainTypes(staff, ['public'], ['safety'])).not.toThrow();
    expect(() =>
      assertMayChangeTrainTypes(manager, ['public', 'safety'], ['safety', 'public']),
    ).not.toThrow();
    for (const after of [['safety'], ['public', 'safety'], []]) {
      try {
        assertMayChangeTrainTypes(manager, ['public'], after);
        throw new Error('not refused');
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).fieldErrors[0]).toMatchObject({
          field: 'trainTypes',
          rule: 'forbidden',
        });
      }
    }
  });

  test('affiliations: staff read every unit’s of their project, a unit manager only their own unit’s', () => {
    expect(() => assertMayReadAffiliations(staff, sibling)).not.toThrow();
    expect(() => assertMayReadAffiliations(manager, own)).not.toThrow();
    for (const [scope, unit] of [
      [staff, foreign],
      [manager, sibling],
      [manager, foreign],
      [manager, null],
    ] as const) {
      expect(() => assertMayReadAffiliations(scope, unit)).toThrow(BusinessError);
    }
  });

  test('affiliations are changed by project staff with the unit list only, never by a unit manager', () => {
    expect(() => assertMayChangeAffiliations(staff)).not.toThrow();
    const detailOnly = scopeOf(ROLE_SYSTEM.PROJECT, null, ['/unit-manage/detail']);
    const managerWithList = scopeOf(ROLE_SYSTEM.UNIT, 3, ['/unit-manage/list']);
    for (const scope of [detailOnly, manager, managerWithList]) {
      expect(() => assertMayChangeAffiliations(scope)).toThrow(ForbiddenError);
    }
  });
});

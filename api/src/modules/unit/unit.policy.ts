import { isMenuGranted, ROLE_SYSTEM } from '@px/config';
import type { WhereOptions } from 'sequelize';
import type { Principal, TenantProject } from '../../core/action';
import { BusinessError, ForbiddenError, ValidationError } from '../../core/errors';
import type { Unit } from './unit.model';

/**
 * Who may see and change which unit: the record-level policy of the unit module. The router has
 * already checked the caller's role system and page grant (the call's access); this decides which
 * rows. Project staff (role system 2) reach every unit of their project; a unit manager (role
 * system 4) only their own unit, and never its training types. Pure functions of the caller's
 * scope (and the row): lists filter with `visibleUnitsWhere`, single rows pass `assertMayManageUnit`.
 */

/** What the policy reads of a scope (an `ActorScope` is one). */
export interface UnitPolicyScope {
  project: Pick<TenantProject, 'id'>;
  principal: Pick<Principal, 'roleSystem' | 'unitId' | 'menu'>;
}

/** What the policy reads of a unit row. */
export interface UnitRef {
  id: number;
  projectId: number;
}

/** No unit has this id: a unit manager without a unit reaches none. */
const NO_UNIT = 0;

/** The page whose grant lets project staff create units. */
const UNIT_LIST_PAGE = '/unit-manage/list';

/** The one unit a unit manager is confined to; null for project staff, who reach every unit of their project. */
export function managedUnitId(scope: UnitPolicyScope): number | null {
  if (scope.principal.roleSystem !== ROLE_SYSTEM.UNIT) return null;
  return scope.principal.unitId ?? NO_UNIT;
}

/** The where-fragment of the units the caller may see: their project's, a unit manager's own unit only. */
export function visibleUnitsWhere(scope: UnitPolicyScope): WhereOptions<Unit> {
  const own = managedUnitId(scope);
  return { projectId: scope.project.id, ...(own === null ? {} : { id: own }) };
}

/**
 * The where-fragment of rows that belong to a unit (unit classes, imports, batch orders) the caller
 * may see: their project's, a unit manager's own unit's only.
 */
export function visibleUnitRowsWhere(scope: UnitPolicyScope): { projectId: number; unitId?: number } {
  const own = managedUnitId(scope);
  return { projectId: scope.project.id, ...(own === null ? {} : { unitId: own }) };
}

/** Whether the caller may see and change this unit. */
export function mayManageUnit(scope: UnitPolicyScope, unit: UnitRef): boolean {
  const own = managedUnitId(scope);
  return unit.projectId === scope.project.id && (own === null || own === unit.id);
}

/**
 * Refuses a unit the caller may not see or change, or a missing one, alike with BusinessError
 * 单位不存在: an id of another project (or, for a unit manager, of another unit) reveals nothing.
 */
export function assertMayManageUnit<U extends UnitRef>(
  scope: UnitPolicyScope,
  unit: U | null,
): asserts unit is U {
  if (!unit || !mayManageUnit(scope, unit)) throw new BusinessError('单位不存在');
}

/** Refuses (ForbiddenError) creating a unit to anyone but project staff granted the unit list page. */
export function assertMayCreateUnit(scope: UnitPolicyScope): void {
  if (managedUnitId(scope) !== null || !isMenuGranted(scope.principal.menu, UNIT_LIST_PAGE))
    throw new ForbiddenError();
}

/** Whether the caller chooses units' training types (project staff; unit managers keep theirs). */
export function mayChangeTrainTypes(scope: UnitPolicyScope): boolean {
  return managedUnitId(scope) === null;
}

/**
 * Refuses a unit manager's change of their unit's training types (ValidationError naming
 * `trainTypes`); the same codes in any order are no change.
 */
export function assertMayChangeTrainTypes(
  scope: UnitPolicyScope,
  before: readonly string[],
  after: readonly string[],
): void {
  if (mayChangeTrainTypes(scope)) return;
  const same = before.length === after.length && before.every((code) => after.includes(code));
  if (!same)
    throw new ValidationError([
      { field: 'trainTypes', rule: 'forbidden', message: '单位管理员不能修改培训类型' },
    ]);
}

/**
 * Refuses (BusinessError 单位不存在) reading the affiliations of a unit the caller may not see:
 * project staff read every unit's of their project, a unit manager only their own unit's (the units
 * affiliated under it and their students); another unit answers like a missing one.
 */
export function assertMayReadAffiliations<U extends UnitRef>(
  scope: UnitPolicyScope,
  unit: U | null,
): asserts unit is U {
  assertMayManageUnit(scope, unit);
}

/**
 * Refuses (ForbiddenError) changing affiliations to anyone but project staff granted the unit list
 * page: unit managers never change them, not even under their own unit.
 */
export function assertMayChangeAffiliations(scope: UnitPolicyScope): void {
  if (managedUnitId(scope) !== null || !isMenuGranted(scope.principal.menu, UNIT_LIST_PAGE))
    throw new ForbiddenError();
}

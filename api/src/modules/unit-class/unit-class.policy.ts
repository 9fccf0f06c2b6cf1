import type { UnitClassState } from '../../contract/unit-class';
import { definePolicy, type PolicyScope, refuse, type Verdict } from '../../core/policy';
import { managedUnitId } from '../unit/unit.policy';

/**
 * The unit class's record policy: a unit manager acts on their own unit's classes only (another's
 * reads as missing), staff on every one of their project; a unit class is deleted only while it has
 * no students and no transfer records (then it may only be closed), and closed or opened only when
 * it is not so already.
 */

export const UNIT_CLASS_NOT_FOUND = '单位班级不存在';

/** What the policy reads of a unit class. */
export interface UnitClassFacts {
  projectId: number;
  unitId: number;
  state: UnitClassState;
  /** Students bought through it (not those who left). */
  students: number;
  /** Transfer records naming it. */
  transfers: number;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'unit-class.delete': UnitClassFacts;
    'unit-class.close': UnitClassFacts;
    'unit-class.open': UnitClassFacts;
  }
}

/** Another project's unit class, or another unit's for a unit manager, reads as missing. */
function reach(scope: PolicyScope, row: UnitClassFacts): Verdict {
  const own = managedUnitId(scope);
  return row.projectId === scope.project.id && (own === null || own === row.unitId)
    ? null
    : refuse(UNIT_CLASS_NOT_FOUND);
}

export const unitClassPolicy = definePolicy({
  'unit-class.delete': (scope, row) =>
    reach(scope, row) ??
    (row.students ? refuse(`该单位班级已有学员（${row.students} 人），不能删除`) : null) ??
    (row.transfers ? refuse('该单位班级有转移记录，不能删除，可将其关闭') : null),
  'unit-class.close': (scope, row) =>
    reach(scope, row) ?? (row.state === 'CLOSED' ? refuse('该单位班级已关闭') : null),
  'unit-class.open': (scope, row) =>
    reach(scope, row) ?? (row.state === 'OPEN' ? refuse('该单位班级已开启') : null),
});

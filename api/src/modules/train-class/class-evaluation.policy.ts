import { isMenuGranted, ROLE_SYSTEM } from '@px/config';
import { CLASS_EVALUATION_SCREENS } from '../../contract/train-class';
import { definePolicy, refuse } from '../../core/policy';

/**
 * The class evaluations' policy: who reads the staff view of a class's evaluations (every one,
 * hidden included, with full names): project staff holding a class screen (班级管理, 班级详情).
 * Everyone else (students on the H5, unit managers, anonymous visitors) reads the visible ones with
 * masked names.
 */

/** The project whose class's evaluations are read. */
export interface EvaluationListFacts {
  projectId: number;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'class-evaluation.staff-view': EvaluationListFacts;
  }
}

export const NOT_CLASS_STAFF = '仅班级管理人员可查看全部评价';

export const classEvaluationPolicy = definePolicy({
  /** Project staff of this project holding a class screen read every evaluation with full names. */
  'class-evaluation.staff-view': (scope, row) =>
    scope.principal.roleSystem === ROLE_SYSTEM.PROJECT &&
    row.projectId === scope.project.id &&
    CLASS_EVALUATION_SCREENS.some((url) => isMenuGranted(scope.principal.menu, url))
      ? null
      : refuse(NOT_CLASS_STAFF),
});

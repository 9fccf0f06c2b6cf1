import { ROLE_SYSTEM } from '@px/config';
import { definePolicy, refuse } from '../../core/policy';

/**
 * The class centre's policy: whose own state (in the cart, enrolled, an enrolment application) a
 * class of the centre shows. Only a student has one; staff and unit managers browsing the centre
 * (and anonymous visitors, who have no scope to judge) see the class as every visitor does.
 */

/** The offered class of the caller's project whose detail is read. */
export interface CenterClassFacts {
  classId: number;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'class-center.own-state': CenterClassFacts;
  }
}

export const NOT_A_STUDENT = '仅学员可加入购物车或报名';

export const classCenterPolicy = definePolicy({
  /** A signed-in student sees their own cart and enrolment state on a class. */
  'class-center.own-state': (scope) =>
    scope.principal.roleSystem === ROLE_SYSTEM.STUDENT ? null : refuse(NOT_A_STUDENT),
});

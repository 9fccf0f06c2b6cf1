import { CLASS_APPLY_MESSAGES, type ClassApplyRow, type ClassApplyStatus } from '../../contract/class-apply';
import { MY_CLASS_END_MESSAGES, type MyClassItem } from '../../contract/my-class';
import type { MyClassStatus } from '../../contract/train-class';
import {
  abilitiesOf,
  definePolicy,
  factHook,
  type PolicyScope,
  refuse,
  type Verdict,
} from '../../core/policy';
import type { MyClass } from '../train-class/train-class.model';

/**
 * The record policy of the student's own classes (docs/product-decisions.md "Enrolment
 * applications, ending a class, study reminders"): staff decide an application of their project
 * while it is pending; a student ends (结束班级) their own enrolment once it passed, once.
 */

/** What the policy reads of an application. */
export interface ClassApplyRef {
  projectId: number;
  status: ClassApplyStatus;
}

/** What the policy reads of an enrolment to end. */
export interface MyClassEndFacts {
  projectId: number;
  accountId: number;
  status: MyClassStatus;
  endedAt: Date | null;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'class-apply.decide': ClassApplyRef;
    'my-class.end': MyClassEndFacts;
  }
}

export const myClassPolicy = definePolicy({
  /** Staff approve or reject a pending application of their project (another project's reads as missing). */
  'class-apply.decide': (scope: PolicyScope, row: ClassApplyRef): Verdict =>
    row.projectId !== scope.project.id
      ? refuse(CLASS_APPLY_MESSAGES.NOT_FOUND)
      : row.status !== 'PENDING'
        ? refuse(CLASS_APPLY_MESSAGES.NOT_PENDING)
        : null,
  /** The student closes their own passed class, once (another's reads as missing). */
  'my-class.end': (scope: PolicyScope, row: MyClassEndFacts): Verdict => {
    if (row.projectId !== scope.project.id || row.accountId !== scope.principal.accountId)
      return refuse(MY_CLASS_END_MESSAGES.NOT_FOUND);
    if (row.endedAt) return refuse(MY_CLASS_END_MESSAGES.ENDED);
    if (row.status !== 'PASSED') return refuse(MY_CLASS_END_MESSAGES.NOT_PASSED);
    return null;
  },
});

/** What staff may do to an application in 报名审核: 通过 and 驳回 while it is pending. */
export const classApplyAbilities = (
  scope: PolicyScope,
  row: ClassApplyRef,
): Pick<ClassApplyRow, 'canApprove' | 'approveRefusal' | 'canReject' | 'rejectRefusal'> =>
  abilitiesOf(scope, { approve: ['class-apply.decide', row], reject: ['class-apply.decide', row] });

/** An enrolment asked about by `myClassAbilityHook`: its row and the required hours of its class (tenths). */
export interface MyClassAsk {
  row: MyClass;
  classRequiredTenths: number;
}

/** The abilities of an enrolment that modules above this one decide (change-class: 转班). */
export type MyClassAbilityPart = Partial<Pick<MyClassItem, 'canChangeClass' | 'changeClassRefusal'>>;

/**
 * The student's abilities on their enrolments that the modules above decide (change-class:
 * `changeClass`), by enrolment id; answered in their listeners files.
 */
export const myClassAbilityHook = factHook<
  { enrolments: readonly MyClassAsk[] },
  ReadonlyMap<number, MyClassAbilityPart>
>('my-class.abilities');

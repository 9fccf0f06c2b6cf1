import { isMenuGranted, type ProjectSettings } from '@px/config';
import {
  CHANGE_CLASS_MANAGE_PAGE,
  type ChangeClassAbilities,
  type ChangeClassStatus,
  CHANGE_CLASS_MESSAGES as M,
} from '../../contract/change-class';
import type { MyClassItem } from '../../contract/my-class';
import type { OrderStatus } from '../../contract/order';
import { abilitiesOf, definePolicy, forbid, type PolicyScope, refuse, type Verdict } from '../../core/policy';

/**
 * The class change's record policy (docs/product-decisions.md "Class changes"): whether a student's
 * enrolment may move at all (whatever the target; the target's own rules stay in the service, which
 * reads the classes), and whether an application may still be decided (staff granted 转班管理) or
 * withdrawn (the student only their own), only while PENDING.
 */

/** The enrolment states that may move. */
const MOVABLE: readonly string[] = ['STUDYING', 'FINISHED_STUDY'];
const DAY_MS = 24 * 60 * 60 * 1000;
export const CHANGE_NOT_FOUND = '转班申请不存在';

/** What the policy reads to judge moving an enrolment. */
export interface ChangeClassFacts {
  settings: Pick<ProjectSettings, 'openChangeClass' | 'openChangeClassDays' | 'openChangeClassProcess'>;
  now: Date;
  myClass: { projectId: number; accountId: number; status: string; unitClassId: number | null };
  /** The order that paid for it (through its item), if any. */
  order: {
    accountId: number;
    status: OrderStatus;
    batchOrderId: number | null;
    paidAt: Date | null;
  } | null;
  progressPercent: number;
}

/** What the policy reads to offer 转班 on an enrolment: moving it, and whether an application of it is pending. */
export interface ChangeClassOfferFacts extends ChangeClassFacts {
  pending: boolean;
}

/** What the policy reads of an application. */
export interface ChangeClassRef {
  projectId: number;
  accountId: number;
  status: ChangeClassStatus;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'change-class.apply': ChangeClassFacts;
    'change-class.offer': ChangeClassOfferFacts;
    'change-class.decide': ChangeClassRef;
    'change-class.withdraw': ChangeClassRef;
  }
}

/** The rules in order: the project allows it, the enrolment may move, the student paid it, within the days and progress. */
function mayMove(scope: PolicyScope, facts: ChangeClassFacts): Verdict {
  const { settings, myClass, order } = facts;
  if (myClass.projectId !== scope.project.id) return refuse(M.NOT_YOURS);
  if (settings.openChangeClass !== 1) return refuse(M.CLOSED);
  if (!MOVABLE.includes(myClass.status)) return refuse(M.STATE);
  if (
    order?.status !== 'PAID' ||
    order.accountId !== myClass.accountId ||
    order.batchOrderId !== null ||
    myClass.unitClassId !== null ||
    !order.paidAt
  )
    return refuse(M.NOT_PAID);
  if (facts.now.getTime() - order.paidAt.getTime() > settings.openChangeClassDays * DAY_MS)
    return refuse(M.DAYS(settings.openChangeClassDays));
  if (facts.progressPercent > settings.openChangeClassProcess)
    return refuse(M.PROGRESS(settings.openChangeClassProcess));
  return null;
}

/**
 * Whether offering 转班 on an enrolment in this state reads its payment and applications: one in a
 * state that never moves is refused (and has no pending application) whatever they are.
 */
export const needsPaymentFacts = (status: string): boolean => MOVABLE.includes(status);

/** The share of its class's required hours an enrolment has studied, in whole percent (0 for a class of none). */
export function progressPercentOf(studiedTenths: number, requiredTenths: number): number {
  return requiredTenths === 0 ? 0 : Math.min(100, Math.floor((studiedTenths * 100) / requiredTenths));
}

/** A pending application of the project (another project's reads as missing). */
const pending = (scope: PolicyScope, row: ChangeClassRef): Verdict =>
  row.projectId !== scope.project.id
    ? refuse(CHANGE_NOT_FOUND)
    : row.status !== 'PENDING'
      ? refuse(M.NOT_PENDING)
      : null;

export const changeClassPolicy = definePolicy({
  'change-class.apply': mayMove,
  /**
   * 转班 on the student's own enrolment (我的班级): when it may move, or while an application of it is
   * pending (its 转班 page shows the application and 撤销申请).
   */
  'change-class.offer': (scope, facts) =>
    facts.pending && facts.myClass.projectId === scope.project.id ? null : mayMove(scope, facts),
  /** Staff granted 转班管理 approve, reject or cancel a pending application (anyone else: 403). */
  'change-class.decide': (scope, row) =>
    (isMenuGranted(scope.principal.menu, CHANGE_CLASS_MANAGE_PAGE) ? null : forbid()) ?? pending(scope, row),
  /** The student withdraws their own pending application (another's reads as missing). */
  'change-class.withdraw': (scope, row) =>
    row.accountId !== scope.principal.accountId ? refuse(CHANGE_NOT_FOUND) : pending(scope, row),
});

/** What the caller may do to an application: staff approve, reject or cancel it; its student withdraws it. */
export const changeClassAbilities = (scope: PolicyScope, row: ChangeClassRef): ChangeClassAbilities =>
  abilitiesOf(scope, {
    approve: ['change-class.decide', row],
    reject: ['change-class.decide', row],
    cancel: ['change-class.decide', row],
    withdraw: ['change-class.withdraw', row],
  });

/** The student's 转班 of an enrolment of theirs (`MyClassItem`), by `change-class.offer`. */
export const myClassChangeAbilities = (
  scope: PolicyScope,
  facts: ChangeClassOfferFacts,
): Pick<MyClassItem, 'canChangeClass' | 'changeClassRefusal'> =>
  abilitiesOf(scope, { changeClass: ['change-class.offer', facts] });

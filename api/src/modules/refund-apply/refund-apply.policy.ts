import { isMenuGranted, type ProjectSettings } from '@px/config';
import type { OrderAbilities, OrderChannel, OrderStatus } from '../../contract/order';
import { REFUND_PAGE } from '../../contract/order';
import {
  type MyRefundApplyAbilities,
  REFUND_APPLY_STATUS_LABEL,
  type RefundApplyAbilities,
  type RefundApplyStatus,
} from '../../contract/refund-apply';
import type { ActorScope } from '../../core/action';
import { abilitiesOf, definePolicy, forbid, type PolicyScope, refuse, type Verdict } from '../../core/policy';

/**
 * The refund application's record policy (docs/product-decisions.md "Refund applications"): whether
 * a student may apply for an order (or one class of it) now, withdraw their application, and
 * whether staff may approve or reject one. Pure: the service loads the facts (`RefundApplyFacts`)
 * and refuses with `authorize`; the student's order list and the back office's list carry the same
 * verdicts as abilities.
 */

/** The channels a student paid themselves (the others are a unit's, free or offline). */
const STUDENT_PAID: ReadonlySet<string> = new Set(['WX_JSAPI', 'WX_NATIVE']);
const DAY_MS = 24 * 3600_000;

export const REFUND_APPLY_NOT_FOUND = '退款申请不存在';
export const REFUND_ORDER_NOT_FOUND = '订单不存在';
/** The refusal of a class whose certificate was issued. */
export const CERTIFIED_REFUSAL = '已发放证书的班级不能申请退款';

/** What the policy reads to judge an application for an order (or one class of it). */
export interface RefundApplyFacts {
  settings: Pick<
    ProjectSettings,
    'studentRefund' | 'refundOrderDays' | 'refundClassProcess' | 'refundOrderTimes'
  >;
  now: Date;
  order: {
    projectId: number;
    accountId: number;
    status: OrderStatus;
    batchOrderId: number | null;
    channel: OrderChannel | null;
    paidAt: Date | null;
    paidFen: number;
    refundedFen: number;
  };
  /** The order has an application still open (PENDING, APPROVED, REFUNDING). */
  open: boolean;
  /** Earlier applications that count against `refundOrderTimes` (withdrawn ones do not). */
  usedTimes: number;
  /** One class was asked for (`orderItemId`), and the order has no such class. */
  itemMissing: boolean;
  /** The classes asked for (the whole order: those not refunded yet). */
  chosen: readonly { className: string; progress: number; refunded: boolean }[];
  /** Certificates issued for the enrolments of the classes asked for. */
  certificates: number;
}

/** What the policy reads of an application. */
export interface RefundApplyRef {
  projectId: number;
  accountId: number;
  status: RefundApplyStatus;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'refund-apply.apply': RefundApplyFacts;
    'refund-apply.cancel': RefundApplyRef;
    'refund-apply.approve': RefundApplyRef;
    'refund-apply.reject': RefundApplyRef;
  }
}

/** Another project's application reads as missing. */
const inProject = (scope: PolicyScope, row: { projectId: number }): Verdict =>
  row.projectId === scope.project.id ? null : refuse(REFUND_APPLY_NOT_FOUND);

/** Only staff granted 退款申请 audit applications. */
const auditor = (scope: PolicyScope): Verdict =>
  isMenuGranted(scope.principal.menu, REFUND_PAGE) ? null : forbid();

/**
 * The rules of applying, in order: the project allows it, the order is the caller's, paid by the
 * student, within `refundOrderDays` of payment, no open application, fewer than `refundOrderTimes`
 * earlier ones, the class not refunded already, no certificate issued, progress at most
 * `refundClassProcess`.
 */
function mayApply(scope: PolicyScope, facts: RefundApplyFacts): Verdict {
  const { settings, order } = facts;
  if (order.projectId !== scope.project.id || order.accountId !== scope.principal.accountId)
    return refuse(REFUND_ORDER_NOT_FOUND);
  if (settings.studentRefund !== 1) return refuse('本项目未开放学员申请退款');
  if (order.status === 'REFUNDING') return refuse('该订单正在退款中');
  if (order.status !== 'PAID') return refuse('只能对已支付的订单申请退款');
  if (order.batchOrderId !== null || !order.channel || !STUDENT_PAID.has(order.channel))
    return refuse('单位缴费、免费开通或线下缴费的订单不能在线申请退款，请联系客服');
  if (!order.paidAt || facts.now.getTime() - order.paidAt.getTime() > settings.refundOrderDays * DAY_MS)
    return refuse(`已超过退款期限（支付后 ${settings.refundOrderDays} 天内可申请）`);
  if (facts.open) return refuse('该订单已有处理中的退款申请');
  if (facts.usedTimes >= settings.refundOrderTimes)
    return refuse(`该订单的退款申请次数已用完（最多 ${settings.refundOrderTimes} 次）`);
  if (facts.itemMissing) return refuse('该订单中没有这个班级');
  if (facts.chosen.length === 0 || facts.chosen.some((item) => item.refunded)) return refuse('该班级已退款');
  if (order.paidFen - order.refundedFen <= 0) return refuse('该订单没有可退的金额');
  if (facts.certificates > 0) return refuse(CERTIFIED_REFUSAL);
  const over = facts.chosen.find((item) => item.progress > settings.refundClassProcess);
  if (over)
    return refuse(
      `班级「${over.className}」学习进度已达 ${over.progress}%，超过 ${settings.refundClassProcess}% 不能申请退款`,
    );
  return null;
}

/** Whether a student's order could reach the rules that need its classes (the cheap refusals come first). */
export function needsClassFacts(order: RefundApplyFacts['order']): boolean {
  return (
    order.status === 'PAID' &&
    order.batchOrderId === null &&
    order.channel !== null &&
    STUDENT_PAID.has(order.channel)
  );
}

export const refundApplyPolicy = definePolicy({
  'refund-apply.apply': mayApply,
  /** The student withdraws their own application while it is pending. */
  'refund-apply.cancel': (scope, apply) =>
    inProject(scope, apply) ??
    (apply.accountId !== scope.principal.accountId ? refuse(REFUND_APPLY_NOT_FOUND) : null) ??
    (apply.status !== 'PENDING'
      ? refuse(`只能撤销待审核的申请（该申请${REFUND_APPLY_STATUS_LABEL[apply.status]}）`)
      : null),
  /** Staff approve a pending application (or an approved one whose refund never started). */
  'refund-apply.approve': (scope, apply) =>
    auditor(scope) ??
    inProject(scope, apply) ??
    (apply.status !== 'PENDING' && apply.status !== 'APPROVED'
      ? refuse(`该申请${REFUND_APPLY_STATUS_LABEL[apply.status]}，不能再审核`)
      : null),
  /** Staff reject a pending application. */
  'refund-apply.reject': (scope, apply) =>
    auditor(scope) ??
    inProject(scope, apply) ??
    (apply.status !== 'PENDING'
      ? refuse(`该申请${REFUND_APPLY_STATUS_LABEL[apply.status]}，不能驳回`)
      : null),
});

/** What applying reads of the order's classes and applications (`RefundApplyFacts` but the order and the time). */
export type RefundApplyClassFacts = Pick<
  RefundApplyFacts,
  'open' | 'usedTimes' | 'itemMissing' | 'chosen' | 'certificates'
>;

/** Refused before its classes matter (`needsClassFacts`): an order judged on itself alone. */
const ORDER_ALONE: RefundApplyClassFacts = {
  open: false,
  usedTimes: 0,
  itemMissing: false,
  chosen: [],
  certificates: 0,
};

/**
 * What the policy reads to judge applying for a refund of the order now: the project's rules, the
 * time, the order and what was read of its classes (`classes`; none for an order refused before its
 * classes matter).
 */
export const refundApplyFacts = (
  scope: Pick<ActorScope, 'project' | 'providers'>,
  order: RefundApplyFacts['order'],
  classes: RefundApplyClassFacts = ORDER_ALONE,
): RefundApplyFacts => ({
  settings: scope.project.settings,
  now: scope.providers.clock.now(),
  order,
  ...classes,
});

/** The student's 申请退款 of an order of theirs (`OrderView.abilities`), as `refund-apply/submit` judges it. */
export const orderRefundAbilities = (
  scope: PolicyScope,
  facts: RefundApplyFacts,
): Pick<OrderAbilities, 'canRefund' | 'refundRefusal'> =>
  abilitiesOf(scope, { refund: ['refund-apply.apply', facts] });

/** Staff's 通过 and 驳回 of an application in 退款申请, as `refund-apply/do` and `reject` judge them. */
export const refundApplyAbilities = (
  scope: PolicyScope,
  apply: RefundApplyRef,
): Omit<RefundApplyAbilities, 'approveWarning'> =>
  abilitiesOf(scope, { approve: ['refund-apply.approve', apply], reject: ['refund-apply.reject', apply] });

/** The student's 撤销申请 of their application (`RefundApplyView.abilities`), as `refund-apply/cancel` judges it. */
export const myRefundApplyAbilities = (scope: PolicyScope, apply: RefundApplyRef): MyRefundApplyAbilities =>
  abilitiesOf(scope, { withdraw: ['refund-apply.cancel', apply] });

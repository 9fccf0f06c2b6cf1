import { isMenuGranted } from '@px/config';
import { REFUND_PAGE } from '../../contract/order';
import { type BatchOrderStatus, FREE_ORDER } from '../../contract/unit-import';
import { definePolicy, forbid, type PolicyScope, refuse, type Verdict } from '../../core/policy';
import { managedUnitId } from '../unit/unit.policy';

/**
 * The batch order's record policy (docs/product-decisions.md "Unit imports and batch orders"): a
 * unit manager acts only on their own unit's batches (another's reads as missing), staff on every
 * batch of their project; paying, taking students out and cancelling wait for a CREATED batch whose
 * import has ended; passing it offline or free is staff's holding 免费开通; only a PAID batch's
 * children are refunded, by staff holding 退款申请.
 */

export const BATCH_NOT_FOUND = '批量订单不存在';

/** What the policy reads of a batch order. */
export interface BatchOrderFacts {
  projectId: number;
  unitId: number;
  status: BatchOrderStatus;
  /** Its import has ended (or it has none). */
  importFinished: boolean;
  orderCount: number;
  totalFen: number;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'batch-order.change': BatchOrderFacts;
    'batch-order.pay': BatchOrderFacts;
    'batch-order.pass': BatchOrderFacts;
    'batch-order.refund': BatchOrderFacts;
  }
}

/** Another project's batch, or another unit's for a unit manager, reads as missing. */
function reach(scope: PolicyScope, batch: BatchOrderFacts): Verdict {
  const own = managedUnitId(scope);
  return batch.projectId === scope.project.id && (own === null || own === batch.unitId)
    ? null
    : refuse(BATCH_NOT_FOUND);
}

/** Project staff (not a unit manager) granted the page. */
const staffWith = (scope: PolicyScope, page: string): Verdict =>
  managedUnitId(scope) === null && isMenuGranted(scope.principal.menu, page) ? null : forbid();

/** A CREATED batch whose import has ended: it may be paid, cut or cancelled. */
function actionable(scope: PolicyScope, batch: BatchOrderFacts): Verdict {
  return (
    reach(scope, batch) ??
    (batch.status === 'PAID' ? refuse('批量订单已支付') : null) ??
    (batch.status === 'CANCELLED' ? refuse('批量订单已取消') : null) ??
    (batch.importFinished ? null : refuse('学员导入尚未完成，请稍后再试'))
  );
}

export const batchOrderPolicy = definePolicy({
  /** Taking students out or cancelling: a CREATED batch whose import has ended. */
  'batch-order.change': actionable,
  /** Paying: as changing, with students and something to pay. */
  'batch-order.pay': (scope, batch) =>
    actionable(scope, batch) ??
    (batch.orderCount === 0 ? refuse('批量订单中没有学员') : null) ??
    (batch.totalFen === 0 ? refuse('批量订单金额为 0，无需支付') : null),
  /** Passing offline or free: staff holding 免费开通, a CREATED batch whose import has ended, with students. */
  'batch-order.pass': (scope, batch) =>
    staffWith(scope, FREE_ORDER) ??
    actionable(scope, batch) ??
    (batch.orderCount === 0 ? refuse('批量订单中没有学员') : null),
  /** Refunding children: staff holding 退款申请, a PAID batch. */
  'batch-order.refund': (scope, batch) =>
    staffWith(scope, REFUND_PAGE) ??
    reach(scope, batch) ??
    (batch.status !== 'PAID' ? refuse('只能退款已支付的批量订单') : null),
});

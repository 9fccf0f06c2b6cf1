import type { Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { listen } from '../../core/events';
import { orderPaid } from '../order/order.events';
import { PayOrder, PayRefund } from '../order/order.model';
import { refundSettled } from '../order/refund.events';
import { CmsApply, CmsApplyLog, CmsFeeOrder } from './cms.model';
import { moveApply } from './cms-apply.service';

/**
 * An application follows its fee orders (docs/product-decisions.md "CMS"), in the transaction of the
 * order engine that changed them (under the order's row lock, so once per change):
 * - a fee order paid makes an APPROVED application PAID (已报名); a payment arriving for an
 *   application that is registered already or was withdrawn is logged, for staff to refund;
 * - a refund that succeeded cancels the application (its seat and ticket go) unless another of its
 *   fee orders is still paid (a second payment refunded).
 */

async function lockedApplyOfOrder(
  projectId: number,
  orderId: number,
  transaction: Transaction,
): Promise<CmsApply | null> {
  const link = await CmsFeeOrder.findOne({ where: { projectId, orderId }, transaction });
  if (!link) return null;
  return CmsApply.findOne({
    where: { projectId, id: link.applyId },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
}

async function followPayment(
  scope: Scope,
  payload: { projectId: number; orderId: number; kind: string; late: boolean },
  transaction: Transaction,
): Promise<void> {
  if (payload.kind !== 'CMS') return;
  const apply = await lockedApplyOfOrder(payload.projectId, payload.orderId, transaction);
  if (!apply) return;
  if (apply.status === 'APPROVED') {
    await moveApply(apply, 'PAID', { actorId: null, reason: '报名费已支付' }, transaction, {
      paidAt: scope.providers.clock.now(),
    });
    return;
  }
  await CmsApplyLog.create(
    {
      projectId: apply.projectId,
      applyId: apply.id,
      fromStatus: apply.status,
      toStatus: apply.status,
      actorId: null,
      reason: '收到报名费，但该报名已缴费或已取消，请在考务订单中退款',
    },
    { transaction },
  );
}

async function followRefund(
  _scope: Scope,
  payload: { projectId: number; refundId: number; status: 'SUCCESS' | 'FAILED' },
  transaction: Transaction,
): Promise<void> {
  if (payload.status !== 'SUCCESS') return;
  const refund = await PayRefund.findOne({
    where: { projectId: payload.projectId, id: payload.refundId },
    transaction,
  });
  if (!refund) return;
  const apply = await lockedApplyOfOrder(payload.projectId, refund.orderId, transaction);
  if (!apply || apply.status === 'CANCELLED') return;
  const others = await CmsFeeOrder.findAll({
    where: { projectId: apply.projectId, applyId: apply.id },
    transaction,
  });
  const stillPaid = await PayOrder.count({
    where: {
      projectId: apply.projectId,
      id: others.map((link) => link.orderId).filter((id) => id !== refund.orderId),
      status: 'PAID',
    },
    transaction,
  });
  if (stillPaid > 0) return;
  await moveApply(
    apply,
    'CANCELLED',
    { actorId: refund.createdBy, reason: `报名费已退款：${refund.reason}` },
    transaction,
    {
      cancelReason: '报名费已退款',
      sittingId: null,
      seatNo: null,
      ticketNo: null,
      ticketIssuedAt: null,
    },
  );
}

/** Wires the examinations' listeners (once, by `modules/index.ts`). */
export function listenCms(): void {
  listen(orderPaid, followPayment);
  listen(refundSettled, followRefund);
}

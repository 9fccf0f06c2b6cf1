import type { Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { listen } from '../../core/events';
import { answerFacts } from '../../core/policy';
import { openRefundApplyHook, orderAbilityHook } from '../order/order.policy';
import { refundSettled } from '../order/refund.events';
import { RefundApply } from './refund-apply.model';
import { ordersWithOpenApply, refundAbilities } from './refund-apply.service';

/**
 * An application follows its refund: SUCCESS or FAILED once, in the transaction that ended the
 * refund (a second or concurrent notification never reaches here: the engine ends a refund once).
 * Only a REFUNDING application moves, so a replay changes nothing either.
 */
async function followRefund(
  _scope: Scope,
  payload: { projectId: number; refundId: number; status: 'SUCCESS' | 'FAILED'; failure: string | null },
  transaction: Transaction,
): Promise<void> {
  await RefundApply.update(
    {
      status: payload.status,
      failure: payload.status === 'FAILED' ? (payload.failure ?? '退款失败').slice(0, 200) : null,
      finishedAt: new Date(),
    },
    {
      where: { projectId: payload.projectId, payRefundId: payload.refundId, status: 'REFUNDING' },
      transaction,
    },
  );
}

/**
 * Wires the refund application module's listeners (once, by `modules/index.ts`): it follows refunds,
 * adds the student's 申请退款 ability to their orders and tells which orders have an open application.
 */
export function listenRefundApply(): void {
  listen(refundSettled, followRefund);
  answerFacts(orderAbilityHook, refundAbilities);
  answerFacts(openRefundApplyHook, ordersWithOpenApply);
}

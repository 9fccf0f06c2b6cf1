import type { Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { listen } from '../../core/events';
import { refundSettled } from '../order/refund.events';
import { RefundApply } from './refund-apply.model';

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

/** Wires the refund application module's listeners (once, by `modules/index.ts`). */
export function listenRefundApply(): void {
  listen(refundSettled, followRefund);
}

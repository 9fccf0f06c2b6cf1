import { Op, type WhereOptions } from 'sequelize';
import type { BatchPayAnswer } from '../../contract/unit-import';
import type { FileResult, Scope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { BatchOrder } from './order.model';
import {
  type AttemptOwner,
  closeOpenAtWechat,
  currentAttempt,
  dueForCheck,
  lockPrepays,
  nativePayQr,
  payParameters,
  reconcileAttempts,
} from './pay-attempts';
import { projectMerchant } from './wechat-pay';

/**
 * Paying a batch order with one WeChat Native payment (the unit scans one code for all its
 * students), through the attempts single orders are paid with (`pay-attempts.ts`): one attempt per
 * prepay with its own `out_trade_no`, settled only on WeChat's word, at most one open payment at a
 * time. The caller (the unit import module) has checked who may pay and that the batch is payable.
 */

/** The attempts' columns of a batch order. */
const ownerOf = (batch: BatchOrder): AttemptOwner => ({ projectId: batch.projectId, batchOrderId: batch.id });

/**
 * `batch-order/pay`: starts or resumes the Native payment of a CREATED batch order. An open attempt
 * for the current total is reused; others are checked (a paid one settles the batch) and closed at
 * WeChat first; `description` is what the payer sees at WeChat. Answers PAID when it turned out paid.
 */
export async function payBatch(
  scope: Scope,
  batch: BatchOrder,
  description: string,
): Promise<BatchPayAnswer> {
  if (batch.status === 'PAID') return { kind: 'PAID' };
  if (batch.status !== 'CREATED') throw new BusinessError('批量订单已取消');
  const merchant = await projectMerchant(scope, batch.projectId);
  return scope.sequelize.transaction(async (transaction) => {
    const owner = ownerOf(batch);
    await lockPrepays(scope, owner, transaction);
    const current = await BatchOrder.findOne({
      where: { id: batch.id, projectId: batch.projectId },
      transaction,
    });
    if (!current || current.status === 'PAID') return { kind: 'PAID' } as const;
    if (current.status !== 'CREATED') throw new BusinessError('批量订单已取消');
    const attempt = await currentAttempt(
      scope,
      owner,
      {
        merchant,
        number: current.batchNo,
        totalFen: current.totalFen,
        describe: () => description,
        reusable: (open) => open.wxappId === merchant.wxappId && open.totalFen === current.totalFen,
        prepay: async (request) => ({
          channel: 'WX_NATIVE',
          payerOpenid: null,
          prepayId: null,
          codeUrl: (await merchant.client.nativeOrder(request)).codeUrl,
        }),
      },
      transaction,
    );
    return attempt
      ? (payParameters(scope, merchant, attempt) as BatchPayAnswer)
      : ({ kind: 'PAID' } as const);
  });
}

/**
 * Asks WeChat about every open attempt of a batch order and applies what it says (a paid one pays
 * the batch; one closed or failed at WeChat is marked CLOSED).
 */
export async function reconcileBatch(
  scope: Scope,
  batch: BatchOrder,
  source: 'RECONCILE' | 'STAFF',
  actorId: number | null,
  now = new Date(),
): Promise<void> {
  await reconcileAttempts(scope, ownerOf(batch), { source, actorId });
  await BatchOrder.update({ checkedAt: now }, { where: { id: batch.id, projectId: batch.projectId } });
}

/**
 * Before a batch changes (children taken out, cancelled, passed by staff): asks WeChat about its
 * open payments (a paid one pays the batch) and closes the rest at WeChat, so nobody can pay an
 * amount that no longer holds. Answers the batch as it is afterwards.
 */
export async function retireBatchPayments(
  scope: Scope,
  batch: BatchOrder,
  actorId: number | null,
): Promise<BatchOrder> {
  await reconcileBatch(scope, batch, 'STAFF', actorId);
  for (const attempt of await closeOpenAtWechat(scope, ownerOf(batch)))
    await attempt.update({ status: 'CLOSED' });
  const after = await BatchOrder.findOne({ where: { id: batch.id, projectId: batch.projectId } });
  if (!after) throw new BusinessError('批量订单不存在');
  return after;
}

/** `batch-order/is-paid`: the batch's state, asking WeChat about an open payment at most every few seconds. */
export async function checkBatch(scope: Scope, batch: BatchOrder, now = new Date()): Promise<BatchOrder> {
  if (batch.status !== 'CREATED' || !(await dueForCheck(ownerOf(batch), batch.checkedAt, now))) return batch;
  await reconcileBatch(scope, batch, 'RECONCILE', null, now);
  return (await BatchOrder.findOne({ where: { id: batch.id, projectId: batch.projectId } })) ?? batch;
}

/** `batch-order/pay-qr`: the PNG QR code of the batch's open Native payment. */
export function batchPayQr(batch: BatchOrder): Promise<FileResult> {
  return nativePayQr(ownerOf(batch), batch.status === 'CREATED');
}

/** CREATED batch orders with an open payment not checked with WeChat for `quietMs` (any project), for the sweep. */
export function batchesToReconcile(now: Date, quietMs: number, limit: number): Promise<BatchOrder[]> {
  const before = new Date(now.getTime() - quietMs);
  return BatchOrder.findAll({
    where: {
      status: 'CREATED',
      [Op.or]: [{ checkedAt: null }, { checkedAt: { [Op.lte]: before } }],
      id: {
        [Op.in]: BatchOrder.sequelize?.literal(
          `(SELECT batch_order_id FROM pay_attempt WHERE status = 'OPEN' AND batch_order_id IS NOT NULL
             AND created_at <= '${before.toISOString()}')`,
        ),
      },
    } as WhereOptions<BatchOrder>,
    order: [['id', 'ASC']],
    limit,
    // The sweep spans projects on purpose.
    allTenants: true,
  });
}

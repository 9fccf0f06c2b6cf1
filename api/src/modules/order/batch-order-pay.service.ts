import QRCode from 'qrcode';
import { Op, type WhereOptions } from 'sequelize';
import type { BatchPayAnswer } from '../../contract/unit-import';
import { FileResult, type Scope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { BatchOrder, PayAttempt } from './order.model';
import { applyPaidTrade, closeAtWechat, payParameters, queryTrade } from './order-pay.service';
import { merchantById, projectMerchant } from './wechat-pay';

/**
 * Paying a batch order with one WeChat Native payment (the unit scans one code for all its
 * students), the same way single orders are paid (`order-pay.service.ts`): one attempt per prepay
 * with its own `out_trade_no`, settled only on WeChat's word, at most one open payment at a time.
 * The caller (the unit import module) has checked who may pay and that the batch is payable.
 */

/** Advisory-lock namespace serialising prepays of one batch order. */
const BATCH_PAY_LOCK_NAMESPACE = 4_711_022;
/** How long a status poll may lean on the last WeChat query. */
const CHECK_INTERVAL_MS = 5_000;

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
    await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, :id)', {
      replacements: { namespace: BATCH_PAY_LOCK_NAMESPACE, id: batch.id },
      transaction,
    });
    const current = await BatchOrder.findOne({
      where: { id: batch.id, projectId: batch.projectId },
      transaction,
    });
    if (!current || current.status === 'PAID') return { kind: 'PAID' } as const;
    if (current.status !== 'CREATED') throw new BusinessError('批量订单已取消');
    const attempts = await PayAttempt.findAll({
      where: { batchOrderId: batch.id, projectId: batch.projectId },
      order: [['id', 'ASC']],
      transaction,
    });
    const reusable = attempts.find(
      (attempt) =>
        attempt.status === 'OPEN' &&
        attempt.wxappId === merchant.wxappId &&
        attempt.totalFen === current.totalFen,
    );
    if (reusable) return payParameters(scope, merchant, reusable) as BatchPayAnswer;
    for (const attempt of attempts.filter((row) => row.status === 'OPEN')) {
      if (await settleOrRetire(scope, attempt)) return { kind: 'PAID' } as const;
      await attempt.update({ status: 'CLOSED' }, { transaction });
    }
    const outTradeNo = `${current.batchNo}P${String(attempts.length + 1).padStart(2, '0')}`;
    const { codeUrl } = await merchant.client.nativeOrder({
      appId: merchant.appId,
      // What the payer sees at WeChat (at most 127 characters).
      description: description.slice(0, 127),
      outTradeNo,
      notifyUrl: merchant.notifyUrl,
      totalFen: current.totalFen,
    });
    const attempt = await PayAttempt.create(
      {
        orderId: null,
        batchOrderId: current.id,
        projectId: current.projectId,
        outTradeNo,
        channel: 'WX_NATIVE',
        appId: merchant.appId,
        mchId: merchant.mchId,
        wxappId: merchant.wxappId,
        payerOpenid: null,
        prepayId: null,
        codeUrl,
        totalFen: current.totalFen,
      },
      { transaction },
    );
    return payParameters(scope, merchant, attempt) as BatchPayAnswer;
  });
}

/** Asks WeChat about an open attempt: settles the batch when paid (answers true), else closes it at WeChat. */
async function settleOrRetire(scope: Scope, attempt: PayAttempt): Promise<boolean> {
  const merchant = await merchantById(scope, attempt.wxappId);
  if (!merchant) throw new BusinessError('支付商户配置已变更，请联系客服');
  const trade = await queryTrade(merchant.client, attempt.outTradeNo);
  if (trade?.trade_state === 'SUCCESS') {
    const result = await applyPaidTrade(scope, attempt, trade, { source: 'RECONCILE', actorId: null });
    return result !== 'REFUSED';
  }
  await closeAtWechat(merchant.client, attempt.outTradeNo);
  return false;
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
  const attempts = await PayAttempt.findAll({
    where: { batchOrderId: batch.id, projectId: batch.projectId, status: 'OPEN' },
  });
  for (const attempt of attempts) {
    const merchant = await merchantById(scope, attempt.wxappId);
    if (!merchant) continue;
    const trade = await queryTrade(merchant.client, attempt.outTradeNo);
    if (trade?.trade_state === 'SUCCESS') await applyPaidTrade(scope, attempt, trade, { source, actorId });
    else if (trade && ['CLOSED', 'REVOKED', 'PAYERROR'].includes(trade.trade_state))
      await attempt.update({ status: 'CLOSED' });
  }
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
  const open = await PayAttempt.findAll({
    where: { batchOrderId: batch.id, projectId: batch.projectId, status: 'OPEN' },
  });
  for (const attempt of open) {
    const merchant = await merchantById(scope, attempt.wxappId);
    if (merchant) await closeAtWechat(merchant.client, attempt.outTradeNo);
    await attempt.update({ status: 'CLOSED' });
  }
  const after = await BatchOrder.findOne({ where: { id: batch.id, projectId: batch.projectId } });
  if (!after) throw new BusinessError('批量订单不存在');
  return after;
}

/** `batch-order/is-paid`: the batch's state, asking WeChat about an open payment at most every few seconds. */
export async function checkBatch(scope: Scope, batch: BatchOrder, now = new Date()): Promise<BatchOrder> {
  if (batch.status !== 'CREATED') return batch;
  if (batch.checkedAt && now.getTime() - batch.checkedAt.getTime() < CHECK_INTERVAL_MS) return batch;
  const open = await PayAttempt.count({
    where: { batchOrderId: batch.id, projectId: batch.projectId, status: 'OPEN' },
  });
  if (!open) return batch;
  await reconcileBatch(scope, batch, 'RECONCILE', null, now);
  return (await BatchOrder.findOne({ where: { id: batch.id, projectId: batch.projectId } })) ?? batch;
}

/** `batch-order/pay-qr`: the PNG QR code of the batch's open Native payment. */
export async function batchPayQr(batch: BatchOrder): Promise<FileResult> {
  const attempt = await PayAttempt.findOne({
    where: { batchOrderId: batch.id, projectId: batch.projectId, status: 'OPEN' },
    order: [['id', 'DESC']],
  });
  if (batch.status !== 'CREATED' || !attempt?.codeUrl) throw new BusinessError('没有待扫码的支付');
  const png = await QRCode.toBuffer(attempt.codeUrl, { type: 'png', width: 280, margin: 2 });
  return new FileResult(png, 'image/png');
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

import { type PayRefundNotice, WechatPayError, type PayRefund as WechatRefund } from '@px/wechat';
import { Op, QueryTypes, type Transaction } from 'sequelize';
import type { RefundAnswer } from '../../contract/order';
import type { ActorScope, Scope, TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { emit } from '../../core/events';
import { withProject } from '../../db/tenant-access';
import { audit } from '../audit/audit.service';
import { refundEnrolments } from '../train-class/enrolment.service';
import { PayAttempt, PayOrder, PayOrderItem, PayRefund } from './order.model';
import { itemEnrolments, lockOrder, logOrder, type OrderActor } from './order-state';
import { type RefundStarted, refundSettled } from './refund.events';
import { merchantById } from './wechat-pay';

/**
 * Refunds of paid orders (docs/product-decisions.md "Refunds"), in full, one at a time per order:
 * `PAID -> REFUNDING -> REFUNDED`, a failure back to `PAID`. Money paid through WeChat goes back
 * through Pay v3 against the trade that paid the order (its own payment, or its batch order's for a
 * unit's child order: a partial refund of the batch's trade); the refund ends on WeChat's word (the
 * answer, a verified notification, or a query by the sweep), applied exactly once under the refund's
 * and the order's row locks. Orders paid offline or given free are refunded at once without WeChat.
 * A refunded order's enrolments become REFUNDED (study stops).
 *
 * A refund may name one item of the order (a partial refund): only that item's amount goes back
 * (never more than paid minus refunded) and only its enrolment becomes REFUNDED; the order returns
 * to PAID with `refunded_fen` counted, and becomes REFUNDED once every item was refunded.
 */

const NOT_PAID = '只能退款已支付的订单';

/** The paid attempt whose trade paid the order: its own, or its batch order's. */
async function payingAttempt(order: PayOrder, transaction: Transaction): Promise<PayAttempt | null> {
  return PayAttempt.findOne({
    where: {
      projectId: order.projectId,
      status: 'PAID',
      ...(order.batchOrderId !== null ? { batchOrderId: order.batchOrderId } : { orderId: order.id }),
      ...(order.transactionId ? { transactionId: order.transactionId } : {}),
    },
    order: [['id', 'ASC']],
    transaction,
  });
}

/** Whether a successful refund gave back the item already. */
async function itemRefunded(order: PayOrder, itemId: number, transaction: Transaction): Promise<boolean> {
  const count = await PayRefund.count({
    where: { projectId: order.projectId, orderId: order.id, orderItemId: itemId, status: 'SUCCESS' },
    transaction,
  });
  return count > 0;
}

/**
 * Ends a locked REFUNDING order's SUCCESS refund: the amount counted; a whole refund (or the last
 * item's) makes the order REFUNDED and all its enrolments REFUNDED, an item's refund only that
 * item's enrolment (the order back to PAID).
 */
async function markRefunded(
  scope: Pick<Scope, 'sequelize'>,
  order: PayOrder,
  refund: PayRefund,
  actor: OrderActor,
  transaction: Transaction,
): Promise<void> {
  const from = order.status;
  let whole = refund.orderItemId === null;
  if (!whole) {
    const [row] = await scope.sequelize.query<{ left: number }>(
      `SELECT COUNT(*)::int AS left FROM pay_order_item i
        WHERE i.project_id = :projectId AND i.order_id = :orderId
          AND NOT EXISTS (SELECT 1 FROM pay_refund r
                           WHERE r.project_id = :projectId AND r.order_item_id = i.id AND r.status = 'SUCCESS')`,
      {
        replacements: { projectId: order.projectId, orderId: order.id },
        transaction,
        type: QueryTypes.SELECT,
      },
    );
    whole = (row?.left ?? 0) === 0;
  }
  await order.update(
    { status: whole ? 'REFUNDED' : 'PAID', refundedFen: order.refundedFen + refund.amountFen },
    { transaction },
  );
  await refundEnrolments(
    order.projectId,
    await itemEnrolments(
      order.projectId,
      [order.id],
      transaction,
      whole ? undefined : (refund.orderItemId ?? undefined),
    ),
    transaction,
  );
  await logOrder(order, from, actor, transaction);
}

/**
 * Starts refunding a PAID order in full, for `reason`; answers the refund (SUCCESS at once for
 * orders paid offline, given free or paid 0; else REFUNDING until WeChat settles it). Throws
 * BusinessError when the order is not paid, is being refunded, or its payment cannot be found.
 */
export async function refundOrder(
  scope: Scope,
  ref: { projectId: number; id: number },
  reason: string,
  actor: OrderActor,
  options: { orderItemId?: number | null; onStarted?: RefundStarted } = {},
): Promise<PayRefund> {
  const started = await scope.sequelize.transaction(async (transaction) => {
    const order = await lockOrder(ref.projectId, ref.id, transaction);
    if (!order) throw new BusinessError('订单不存在');
    if (order.status === 'REFUNDING') throw new BusinessError('该订单正在退款中');
    if (order.status !== 'PAID') throw new BusinessError(NOT_PAID);
    const orderItemId = options.orderItemId ?? null;
    let itemFen: number | null = null;
    if (orderItemId !== null) {
      const item = await PayOrderItem.findOne({
        where: { projectId: order.projectId, orderId: order.id, id: orderItemId },
        transaction,
      });
      if (!item) throw new BusinessError('该订单中没有这个班级');
      if (await itemRefunded(order, item.id, transaction)) throw new BusinessError('该班级已退款');
      itemFen = item.amountFen;
    }
    const left = order.paidFen - order.refundedFen;
    // Never more than what is left of the payment.
    const amountFen = Math.max(0, itemFen === null ? left : Math.min(itemFen, left));
    const count = await PayRefund.count({
      where: { projectId: order.projectId, orderId: order.id },
      transaction,
    });
    const outRefundNo = `${order.orderNo}R${String(count + 1).padStart(2, '0')}`;
    const common = {
      projectId: order.projectId,
      orderId: order.id,
      orderItemId,
      outRefundNo,
      amountFen,
      reason,
      createdBy: actor.actorId,
    };
    const viaWechat = amountFen > 0 && order.channel !== 'OFFLINE' && order.channel !== 'FREE';
    if (!viaWechat) {
      const refund = await PayRefund.create(
        {
          ...common,
          attemptId: null,
          outTradeNo: null,
          wxappId: null,
          tradeTotalFen: null,
          status: 'SUCCESS',
          succeededAt: new Date(),
        },
        { transaction },
      );
      await order.update({ status: 'REFUNDING' }, { transaction });
      await options.onStarted?.(scope, refund, transaction);
      await markRefunded(scope, order, refund, { ...actor, reason, detail: { outRefundNo } }, transaction);
      await emit(
        scope,
        refundSettled,
        { projectId: refund.projectId, refundId: refund.id, status: 'SUCCESS', failure: null },
        transaction,
      );
      return { refund, attempt: null };
    }
    const attempt = await payingAttempt(order, transaction);
    if (!attempt) throw new BusinessError('找不到该订单的微信支付记录，无法原路退款');
    const refund = await PayRefund.create(
      {
        ...common,
        attemptId: attempt.id,
        outTradeNo: attempt.outTradeNo,
        wxappId: attempt.wxappId,
        tradeTotalFen: attempt.totalFen,
        status: 'REFUNDING',
      },
      { transaction },
    );
    const from = order.status;
    await order.update({ status: 'REFUNDING' }, { transaction });
    await logOrder(order, from, { ...actor, reason, detail: { outRefundNo } }, transaction);
    await options.onStarted?.(scope, refund, transaction);
    return { refund, attempt };
  });
  if (!started.attempt) return started.refund;
  return askWechatToRefund(scope, started.refund, started.attempt);
}

/** Sends a REFUNDING refund to WeChat Pay and applies the answer (a refusal fails it at once). */
async function askWechatToRefund(scope: Scope, refund: PayRefund, attempt: PayAttempt): Promise<PayRefund> {
  const merchant = await merchantById(scope, attempt.wxappId);
  if (!merchant) {
    await settleRefund(scope, refund.outRefundNo, { status: 'FAILED', failure: '支付商户配置已变更' });
    throw new BusinessError('支付商户配置已变更，请联系客服');
  }
  let answer: WechatRefund;
  try {
    answer = await merchant.client.refund({
      outTradeNo: attempt.outTradeNo,
      outRefundNo: refund.outRefundNo,
      refundFen: refund.amountFen,
      totalFen: attempt.totalFen,
      reason: refund.reason.slice(0, 80),
      notifyUrl: merchant.notifyUrl,
    });
  } catch (error) {
    if (error instanceof WechatPayError && [400, 403, 404].includes(error.status)) {
      await settleRefund(scope, refund.outRefundNo, {
        status: 'FAILED',
        failure: `${error.code}: ${error.message}`.slice(0, 200),
      });
      throw new BusinessError(`微信支付拒绝退款：${error.message}`);
    }
    // Unknown whether WeChat took it: the sweep asks again.
    scope.log.warn(
      { err: error, outRefundNo: refund.outRefundNo },
      'refund request failed; the sweep will ask',
    );
    return refund;
  }
  await settleRefund(
    scope,
    refund.outRefundNo,
    outcomeOf(answer.status, answer.refund_id, answer.success_time),
  );
  return (await PayRefund.findOne({ where: { projectId: refund.projectId, id: refund.id } })) ?? refund;
}

/** What WeChat said of a refund, as this service takes it. */
export interface RefundOutcome {
  status: 'SUCCESS' | 'FAILED' | 'PROCESSING';
  refundId?: string | null;
  succeededAt?: Date;
  failure?: string;
}

function outcomeOf(status: string, refundId?: string, successTime?: string): RefundOutcome {
  if (status === 'SUCCESS')
    return {
      status: 'SUCCESS',
      refundId: refundId ?? null,
      succeededAt: successTime ? new Date(successTime) : new Date(),
    };
  if (status === 'PROCESSING') return { status: 'PROCESSING', refundId: refundId ?? null };
  return {
    status: 'FAILED',
    refundId: refundId ?? null,
    failure: `微信支付退款${status === 'CLOSED' ? '已关闭' : '异常'}`,
  };
}

/**
 * Applies WeChat's word on a refund exactly once: SUCCESS refunds the order, FAILED returns it to
 * PAID; PROCESSING only keeps the refund id. Answers APPLIED, or DUPLICATE when the refund had
 * ended already (or is unknown: REFUSED).
 */
export async function settleRefund(
  scope: Scope,
  outRefundNo: string,
  outcome: RefundOutcome,
  actor: OrderActor = { source: 'NOTIFY', actorId: null },
): Promise<'APPLIED' | 'DUPLICATE' | 'REFUSED'> {
  return scope.sequelize.transaction(async (transaction) => {
    const found = await PayRefund.findOne({
      where: { outRefundNo },
      // Known by WeChat's number before the project is.
      allTenants: true,
      transaction,
    });
    if (!found) return 'REFUSED';
    const order = await lockOrder(found.projectId, found.orderId, transaction);
    const refund = await PayRefund.findOne({
      where: { projectId: found.projectId, id: found.id },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!order || !refund) return 'REFUSED';
    if (refund.status !== 'REFUNDING') return 'DUPLICATE';
    if (outcome.status === 'PROCESSING') {
      if (outcome.refundId) await refund.update({ refundId: outcome.refundId }, { transaction });
      return 'APPLIED';
    }
    const detail = { outRefundNo, refundId: outcome.refundId ?? refund.refundId };
    if (outcome.status === 'SUCCESS') {
      await refund.update(
        {
          status: 'SUCCESS',
          refundId: outcome.refundId ?? refund.refundId,
          succeededAt: outcome.succeededAt ?? new Date(),
        },
        { transaction },
      );
      if (order.status === 'REFUNDING')
        await markRefunded(
          scope,
          order,
          refund,
          { ...actor, reason: refund.orderItemId === null ? '退款成功' : '部分退款成功', detail },
          transaction,
        );
      await emit(
        scope,
        refundSettled,
        { projectId: refund.projectId, refundId: refund.id, status: 'SUCCESS', failure: null },
        transaction,
      );
      return 'APPLIED';
    }
    await refund.update({ status: 'FAILED', failure: outcome.failure ?? '退款失败' }, { transaction });
    if (order.status === 'REFUNDING') {
      await order.update({ status: 'PAID' }, { transaction });
      await logOrder(
        order,
        'REFUNDING',
        { ...actor, reason: outcome.failure ?? '退款失败', detail },
        transaction,
      );
    }
    await emit(
      scope,
      refundSettled,
      {
        projectId: refund.projectId,
        refundId: refund.id,
        status: 'FAILED',
        failure: outcome.failure ?? '退款失败',
      },
      transaction,
    );
    return 'APPLIED';
  });
}

/**
 * Applies a verified `REFUND.*` notification: its merchant and amount must match the refund.
 * Answers how it was taken.
 */
export async function applyRefundNotice(
  scope: Scope,
  wxappId: number,
  notice: PayRefundNotice,
): Promise<'APPLIED' | 'DUPLICATE' | 'REFUSED'> {
  const refund = await PayRefund.findOne({ where: { outRefundNo: notice.out_refund_no }, allTenants: true });
  if (!refund || refund.wxappId !== wxappId || notice.amount?.refund !== refund.amountFen) return 'REFUSED';
  return withProject(refund.projectId, () =>
    settleRefund(
      scope,
      notice.out_refund_no,
      outcomeOf(notice.refund_status, notice.refund_id, notice.success_time),
    ),
  );
}

/** REFUNDING refunds through WeChat quiet for `quietMs` (any project), for the sweep. */
export function refundsToReconcile(now: Date, quietMs: number, limit: number): Promise<PayRefund[]> {
  const before = new Date(now.getTime() - quietMs);
  return PayRefund.findAll({
    where: {
      status: 'REFUNDING',
      createdAt: { [Op.lte]: before },
      [Op.or]: [{ checkedAt: null }, { checkedAt: { [Op.lte]: before } }],
    },
    order: [['id', 'ASC']],
    limit,
    // The sweep spans projects on purpose.
    allTenants: true,
  });
}

/**
 * Asks WeChat about a REFUNDING refund and applies the answer; one WeChat does not know was never
 * taken (the request was lost): it fails and the order returns to PAID.
 */
export async function reconcileRefund(scope: Scope, refund: PayRefund, now = new Date()): Promise<void> {
  const merchant = refund.wxappId === null ? null : await merchantById(scope, refund.wxappId);
  if (!merchant) return;
  try {
    const answer = await merchant.client.queryRefund(refund.outRefundNo);
    await settleRefund(
      scope,
      refund.outRefundNo,
      outcomeOf(answer.status, answer.refund_id, answer.success_time),
      {
        source: 'RECONCILE',
        actorId: null,
      },
    );
  } catch (error) {
    if (!(error instanceof WechatPayError && ['RESOURCE_NOT_EXISTS', 'NOT_FOUND'].includes(error.code)))
      throw error;
    await settleRefund(
      scope,
      refund.outRefundNo,
      { status: 'FAILED', failure: '微信支付没有这笔退款' },
      {
        source: 'RECONCILE',
        actorId: null,
      },
    );
  }
  await PayRefund.update({ checkedAt: now }, { where: { projectId: refund.projectId, id: refund.id } });
}

/** A refund as the calls answer it. */
export async function refundAnswer(refund: PayRefund): Promise<RefundAnswer> {
  const order = await PayOrder.findOne({ where: { projectId: refund.projectId, id: refund.orderId } });
  return {
    orderId: refund.orderId,
    orderNo: order?.orderNo ?? '',
    orderStatus: order?.status ?? 'PAID',
    refundStatus: refund.status,
    amount: refund.amountFen,
    outRefundNo: refund.outRefundNo,
  };
}

/** `order/refund`: staff refund a paid order of their project in full, audited with the reason. */
export async function refundByStaff(
  scope: ActorScope & TenantScope,
  input: { id: number; reason: string; orderItemId?: number },
): Promise<RefundAnswer> {
  const refund = await refundOrder(
    scope,
    { projectId: scope.project.id, id: input.id },
    input.reason,
    { source: 'STAFF', actorId: scope.principal.accountId },
    { orderItemId: input.orderItemId ?? null },
  );
  await audit(scope, {
    action: 'order.refund',
    projectId: scope.project.id,
    targetType: 'pay_order',
    targetId: input.id,
    detail: {
      reason: input.reason,
      outRefundNo: refund.outRefundNo,
      amountFen: refund.amountFen,
      orderItemId: refund.orderItemId ?? null,
    },
  });
  return refundAnswer(refund);
}

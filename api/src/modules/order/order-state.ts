import { randomInt } from 'node:crypto';
import type { PayTransaction } from '@px/wechat';
import { Op, type Transaction } from 'sequelize';
import {
  ORDER_PAY_MINUTES,
  type OrderChannel,
  type OrderCloseReason,
  type OrderKind,
  type OrderLogSource,
  type OrderStatus,
} from '../../contract/order';
import type { Scope } from '../../core/action';
import { emit } from '../../core/events';
import { enrolPaid, removePendingEnrolments, startPendingEnrolments } from '../train-class/enrolment.service';
import { MyClass } from '../train-class/train-class.model';
import { orderPaid } from './order.events';
import { PayAttempt, PayOrder, PayOrderItem, PayOrderLog } from './order.model';

/**
 * The state changes of an order, each inside the caller's transaction with the order row locked:
 * paid (its enrolments start), closed (its pending enrolments go). Every change writes a log row.
 */

/** Who or what makes a change, for the order log. */
export interface OrderActor {
  source: OrderLogSource;
  /** The account behind it (student or staff); null for WeChat and jobs. */
  actorId: number | null;
  reason?: string | null;
  detail?: Record<string, unknown> | null;
}

/** A new order number: `D` + China time to the second + 6 random digits (21 characters). */
export function newOrderNo(now = new Date()): string {
  const stamp = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `D${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** When an unpaid order created at `now` closes. */
export function orderExpiry(now: Date): Date {
  return new Date(now.getTime() + ORDER_PAY_MINUTES * 60_000);
}

/** Reads an order of a project and locks its row for the rest of the transaction. */
export function lockOrder(projectId: number, id: number, transaction: Transaction): Promise<PayOrder | null> {
  return PayOrder.findOne({ where: { id, projectId }, transaction, lock: transaction.LOCK.UPDATE });
}

/**
 * Points an order item at another enrolment (an approved class change: the order now pays for the
 * new class, so a later refund ends it). Inside the caller's transaction.
 */
export async function moveItemEnrolment(
  projectId: number,
  itemId: number,
  myClassId: number,
  transaction: Transaction,
): Promise<void> {
  await PayOrderItem.update({ myClassId }, { where: { projectId, id: itemId }, transaction });
}

/** The enrolments the items of orders `orderIds` hold (of item `itemId` only, when given). */
export async function itemEnrolments(
  projectId: number,
  orderIds: readonly number[],
  transaction: Transaction,
  itemId?: number,
): Promise<number[]> {
  const items = await PayOrderItem.findAll({
    attributes: ['myClassId'],
    where: {
      projectId,
      orderId: [...orderIds],
      myClassId: { [Op.ne]: null },
      ...(itemId === undefined ? {} : { id: itemId }),
    },
    transaction,
  });
  return items.flatMap((item) => (item.myClassId ? [item.myClassId] : []));
}

/** Writes a log row of an order's change of state. */
export async function logOrder(
  order: PayOrder,
  fromStatus: OrderStatus | null,
  actor: OrderActor,
  transaction: Transaction,
): Promise<void> {
  await PayOrderLog.create(
    {
      orderId: order.id,
      projectId: order.projectId,
      fromStatus,
      toStatus: order.status,
      source: actor.source,
      actorId: actor.actorId,
      reason: actor.reason ?? null,
      detail: actor.detail ?? null,
    },
    { transaction },
  );
}

/** How an order (or, with its channels, a batch order) was paid. */
export interface Payment<C extends string = OrderChannel> {
  channel: C;
  paidFen: number;
  transactionId?: string | null;
  paidAt: Date;
}

/** The columns a payment sets on the order or batch order it pays. */
export function paidColumns<C extends string>(payment: Payment<C>) {
  return {
    status: 'PAID' as const,
    channel: payment.channel,
    paidFen: payment.paidFen,
    transactionId: payment.transactionId ?? null,
    paidAt: payment.paidAt,
  };
}

/**
 * Marks a locked UNPAID (or, for a late payment, CLOSED) order paid and starts its enrolments:
 * pending ones move to STUDYING; an item whose enrolment went with a closed order gets a new one,
 * unless the student is already enrolled in the class another way (then the log says so, for a
 * refund by staff). Answers the class ids that could not be enrolled.
 */
export async function markOrderPaid(
  scope: Scope,
  order: PayOrder,
  payment: Payment,
  actor: OrderActor,
  transaction: Transaction,
): Promise<number[]> {
  const from = order.status;
  await order.update({ ...paidColumns(payment), closedAt: null, closeReason: null }, { transaction });
  const items = await PayOrderItem.findAll({
    where: { orderId: order.id, projectId: order.projectId },
    transaction,
  });
  const notEnrolled: number[] = [];
  for (const item of items) {
    const pending = item.myClassId
      ? await MyClass.findOne({ where: { id: item.myClassId, projectId: order.projectId }, transaction })
      : null;
    if (pending?.status === 'PENDING_PAY') {
      await startPendingEnrolments(order.projectId, [pending.id], transaction);
      continue;
    }
    if (pending) continue;
    const enrolmentId = await enrolPaid(
      scope,
      { projectId: order.projectId, accountId: order.accountId, classId: item.classId },
      transaction,
    );
    if (enrolmentId) await item.update({ myClassId: enrolmentId }, { transaction });
    else notEnrolled.push(item.classId);
  }
  const detail = notEnrolled.length
    ? { ...actor.detail, alreadyEnrolledClassIds: notEnrolled }
    : actor.detail;
  await logOrder(order, from, { ...actor, detail }, transaction);
  await emit(
    scope,
    orderPaid,
    { projectId: order.projectId, orderId: order.id, kind: order.kind, late: from === 'CLOSED' },
    transaction,
  );
  return notEnrolled;
}

/** Closes a locked UNPAID order (timeout or cancel): its pending enrolments are removed. */
export async function markOrderClosed(
  order: PayOrder,
  reason: OrderCloseReason,
  actor: OrderActor,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const from = order.status;
  await order.update({ status: 'CLOSED', closedAt: now, closeReason: reason }, { transaction });
  const items = await PayOrderItem.findAll({
    where: { orderId: order.id, projectId: order.projectId },
    transaction,
  });
  const pendingIds = items.flatMap((item) => (item.myClassId ? [item.myClassId] : []));
  if (pendingIds.length) {
    await PayOrderItem.update(
      { myClassId: null },
      { where: { orderId: order.id, projectId: order.projectId }, transaction },
    );
    await removePendingEnrolments(order.projectId, pendingIds, transaction);
  }
  await logOrder(order, from, actor, transaction);
}

/** A fee order of another module: who pays, how much, for what (the payer sees `title`). */
export interface NewFeeOrder {
  projectId: number;
  accountId: number;
  unitId: number | null;
  kind: Exclude<OrderKind, 'CLASS'>;
  title: string;
  totalFen: number;
}

/**
 * Opens an UNPAID fee order without items (an examination's fee), payable through `order/pay` like
 * any order and closed after ORDER_PAY_MINUTES unpaid; its payment is told by `orderPaid`. Logged as
 * made by the student. Runs in the caller's transaction.
 */
export async function openFeeOrder(
  fee: NewFeeOrder,
  actor: OrderActor,
  now: Date,
  transaction: Transaction,
): Promise<PayOrder> {
  const order = await PayOrder.create(
    {
      projectId: fee.projectId,
      orderNo: newOrderNo(now),
      accountId: fee.accountId,
      unitId: fee.unitId,
      kind: fee.kind,
      title: fee.title.slice(0, 100),
      status: 'UNPAID',
      channel: null,
      totalFen: fee.totalFen,
      expiresAt: orderExpiry(now),
    },
    { transaction },
  );
  await logOrder(order, null, actor, transaction);
  return order;
}

/** How a paid trade was taken: applied, already applied, or refused as not matching what it pays. */
export type TradeOutcome = 'APPLIED' | 'DUPLICATE' | 'REFUSED';

/** Takes a SUCCESS trade, checked against its attempt already, into what the attempt pays. */
export type TradeApplier = (
  scope: Scope,
  attempt: PayAttempt,
  trade: PayTransaction,
  actor: OrderActor,
) => Promise<TradeOutcome>;

/**
 * What a SUCCESS trade says was paid: when (now when WeChat leaves it out), what the payer paid
 * (undefined when WeChat leaves both amounts out), WeChat's number, and the log detail naming it.
 */
export function paidTrade(trade: PayTransaction): {
  paidAt: Date;
  paidFen: number | undefined;
  transactionId: string | null;
  detail: { outTradeNo: string; transactionId: string | undefined };
} {
  return {
    paidAt: trade.success_time ? new Date(trade.success_time) : new Date(),
    paidFen: trade.amount?.payer_total ?? trade.amount?.total,
    transactionId: trade.transaction_id ?? null,
    detail: { outTradeNo: trade.out_trade_no, transactionId: trade.transaction_id },
  };
}

/**
 * Marks the attempt PAID by WeChat's trade, under its row lock in the caller's transaction (the
 * order or batch it pays locked first); null when it was marked already (a second delivery).
 */
export async function markAttemptPaid(
  attempt: PayAttempt,
  trade: PayTransaction,
  paidAt: Date,
  transaction: Transaction,
): Promise<PayAttempt | null> {
  const current = await PayAttempt.findOne({
    where: { id: attempt.id, projectId: attempt.projectId },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!current || current.status === 'PAID') return null;
  return current.update(
    { status: 'PAID', transactionId: trade.transaction_id ?? null, paidAt },
    { transaction },
  );
}

/**
 * Applies a SUCCESS trade, checked against its attempt already, to the order the attempt pays,
 * exactly once: an order gone or of another total refuses it; a second delivery changes nothing; a
 * trade of an order paid already is logged for a refund by staff (the order keeps its first payment).
 */
export const applyPaidOrderTrade: TradeApplier = (scope, attempt, trade, actor) => {
  const { paidAt, paidFen, transactionId, detail } = paidTrade(trade);
  return scope.sequelize.transaction(async (transaction) => {
    const order = await lockOrder(attempt.projectId, attempt.orderId ?? 0, transaction);
    if (!order || order.totalFen !== trade.amount?.total) return 'REFUSED';
    const current = await markAttemptPaid(attempt, trade, paidAt, transaction);
    if (!current) return 'DUPLICATE';
    if (order.status !== 'UNPAID' && order.status !== 'CLOSED') {
      // Paid twice (two attempts both paid): the order keeps its first payment; staff refund this one.
      await logOrder(order, order.status, { ...actor, reason: '重复支付，需退款', detail }, transaction);
      return 'APPLIED';
    }
    await markOrderPaid(
      scope,
      order,
      {
        channel: current.channel,
        paidFen: paidFen ?? order.totalFen,
        transactionId,
        paidAt,
      },
      { ...actor, reason: order.status === 'CLOSED' ? '订单关闭后到账' : null, detail },
      transaction,
    );
    return 'APPLIED';
  });
};

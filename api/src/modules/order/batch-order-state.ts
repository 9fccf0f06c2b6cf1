import { randomInt } from 'node:crypto';
import { QueryTypes, type Transaction } from 'sequelize';
import type { OrderChannel } from '../../contract/order';
import type { BatchOrderChannel } from '../../contract/unit-import';
import type { Scope } from '../../core/action';
import { removePendingEnrolments, startPendingEnrolments } from '../train-class/enrolment.service';
import { BatchOrder } from './order.model';
import {
  itemEnrolments,
  markAttemptPaid,
  type OrderActor,
  type Payment,
  paidColumns,
  paidTrade,
  type TradeApplier,
} from './order-state';

/** What the state changes need of a scope: the database (the demo seed has no more). */
type Db = Pick<Scope, 'sequelize'>;

/**
 * The state changes of a batch order and its child orders, set-based (a batch may hold 10,000
 * children), each inside the caller's transaction with the batch row locked. Every child order's
 * change writes its log row like a single order's (`order-state.ts`).
 */

/** A new batch number: `B` + China time to the second + 4 random digits (19 characters). */
export function newBatchNo(now = new Date()): string {
  const stamp = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `B${stamp}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** Reads a batch order of a project and locks its row for the rest of the transaction. */
export function lockBatchOrder(
  projectId: number,
  id: number,
  transaction: Transaction,
): Promise<BatchOrder | null> {
  return BatchOrder.findOne({ where: { id, projectId }, transaction, lock: transaction.LOCK.UPDATE });
}

/** A student's place to add to a batch: their pending enrolment and the class as priced now. */
export interface BatchChild {
  accountId: number;
  myClassId: number;
  classId: number;
  className: string;
  classYear: number;
  amountFen: number;
}

/**
 * Adds one UNPAID child order per student to a locked CREATED batch order (numbered after the
 * batch: its number + a 5-digit sequence), with its item holding the pending enrolment, and adds
 * them to the batch's count and total. Child orders do not time out: the batch is paid or cancelled
 * as a whole. Answers each account's new order id.
 */
export async function addBatchChildren(
  scope: Db,
  batch: BatchOrder,
  children: readonly BatchChild[],
  actor: OrderActor,
  transaction: Transaction,
): Promise<Map<number, number>> {
  const orderIds = new Map<number, number>();
  if (children.length === 0) return orderIds;
  const [{ count }] = await scope.sequelize.query<{ count: string }>(
    'SELECT COUNT(*) AS count FROM pay_order WHERE batch_order_id = :id',
    { replacements: { id: batch.id }, transaction, type: QueryTypes.SELECT },
  );
  const first = Number(count) + 1;
  const rows = await scope.sequelize.query<{ id: number; account_id: number }>(
    `INSERT INTO pay_order (project_id, order_no, account_id, unit_id, batch_order_id, status, total_fen,
                            created_by, created_at, updated_at)
     SELECT :projectId, :batchNo || LPAD((:first + n - 1)::text, 5, '0'), account_id, :unitId, :batchId,
            'UNPAID', amount_fen, :createdBy, NOW(), NOW()
       FROM unnest(CAST(ARRAY[:accountIds] AS INTEGER[]), CAST(ARRAY[:amounts] AS INTEGER[]))
            WITH ORDINALITY AS c(account_id, amount_fen, n)
     RETURNING id, account_id`,
    {
      replacements: {
        projectId: batch.projectId,
        batchNo: batch.batchNo,
        first,
        unitId: batch.unitId,
        batchId: batch.id,
        createdBy: actor.actorId,
        accountIds: children.map((child) => child.accountId),
        amounts: children.map((child) => child.amountFen),
      },
      transaction,
      type: QueryTypes.SELECT,
    },
  );
  for (const row of rows) orderIds.set(Number(row.account_id), Number(row.id));
  const ordered = children.map((child) => ({ child, orderId: orderIds.get(child.accountId) ?? 0 }));
  await scope.sequelize.query(
    `INSERT INTO pay_order_item (order_id, project_id, class_id, class_name, class_year, amount_fen, my_class_id)
     SELECT order_id, :projectId, class_id, class_name, class_year, amount_fen, my_class_id
       FROM unnest(CAST(ARRAY[:orderIds] AS INTEGER[]), CAST(ARRAY[:classIds] AS INTEGER[]),
                   CAST(ARRAY[:classNames] AS VARCHAR[]), CAST(ARRAY[:classYears] AS SMALLINT[]),
                   CAST(ARRAY[:amounts] AS INTEGER[]), CAST(ARRAY[:myClassIds] AS INTEGER[]))
            AS c(order_id, class_id, class_name, class_year, amount_fen, my_class_id)`,
    {
      replacements: {
        projectId: batch.projectId,
        orderIds: ordered.map((entry) => entry.orderId),
        classIds: ordered.map((entry) => entry.child.classId),
        classNames: ordered.map((entry) => entry.child.className),
        classYears: ordered.map((entry) => entry.child.classYear),
        amounts: ordered.map((entry) => entry.child.amountFen),
        myClassIds: ordered.map((entry) => entry.child.myClassId),
      },
      transaction,
    },
  );
  await logChildren(scope, [...orderIds.values()], null, 'UNPAID', actor, transaction);
  const added = children.reduce((sum, child) => sum + child.amountFen, 0);
  await batch.update(
    { orderCount: batch.orderCount + children.length, totalFen: batch.totalFen + added },
    { transaction },
  );
  return orderIds;
}

/** Writes one log row per child order (set-based). */
async function logChildren(
  scope: Db,
  orderIds: readonly number[],
  fromStatus: string | null,
  toStatus: string,
  actor: OrderActor,
  transaction: Transaction,
): Promise<void> {
  if (orderIds.length === 0) return;
  await scope.sequelize.query(
    `INSERT INTO pay_order_log (order_id, project_id, from_status, to_status, source, actor_id, reason, detail, created_at)
     SELECT id, project_id, :fromStatus, :toStatus, :source, :actorId, :reason, CAST(:detail AS JSONB), NOW()
       FROM pay_order WHERE id IN (:orderIds)`,
    {
      replacements: {
        orderIds,
        fromStatus,
        toStatus,
        source: actor.source,
        actorId: actor.actorId,
        reason: actor.reason ?? null,
        detail: actor.detail ? JSON.stringify(actor.detail) : null,
      },
      transaction,
    },
  );
}

/** How a batch was paid. */
export interface BatchPayment extends Payment<BatchOrderChannel> {
  remark?: string | null;
}

/** What each child order's channel becomes when its batch is paid a given way. */
const CHILD_CHANNEL: Record<BatchOrderChannel, OrderChannel> = {
  WX_NATIVE: 'UNIT_BATCH',
  OFFLINE: 'OFFLINE',
  FREE: 'FREE',
};

/**
 * Marks a locked CREATED batch order PAID and, at once, every UNPAID child order paid (channel
 * UNIT_BATCH for a WeChat payment, else OFFLINE or FREE; each child's paid amount is its total, 0
 * when free) and every pending enrolment STUDYING. Answers how many child orders were paid.
 */
export async function markBatchPaid(
  scope: Db,
  batch: BatchOrder,
  payment: BatchPayment,
  actor: OrderActor,
  transaction: Transaction,
): Promise<number> {
  await batch.update(
    { ...paidColumns(payment), ...(payment.remark ? { remark: payment.remark } : {}) },
    { transaction },
  );
  const paid = await scope.sequelize.query<{ id: number }>(
    `UPDATE pay_order
        SET status = 'PAID', channel = :channel, paid_fen = CASE WHEN :free THEN 0 ELSE total_fen END,
            transaction_id = :transactionId, paid_at = :paidAt, updated_at = NOW()
      WHERE batch_order_id = :batchId AND project_id = :projectId AND status = 'UNPAID'
      RETURNING id`,
    {
      replacements: {
        channel: CHILD_CHANNEL[payment.channel],
        free: payment.channel === 'FREE',
        transactionId: payment.transactionId ?? null,
        paidAt: payment.paidAt,
        batchId: batch.id,
        projectId: batch.projectId,
      },
      transaction,
      type: QueryTypes.SELECT,
    },
  );
  const ids = paid.map((row) => Number(row.id));
  if (ids.length === 0) return 0;
  await startPendingEnrolments(
    batch.projectId,
    await itemEnrolments(batch.projectId, ids, transaction),
    transaction,
  );
  await logChildren(
    scope,
    ids,
    'UNPAID',
    'PAID',
    { ...actor, detail: { ...actor.detail, batchNo: batch.batchNo } },
    transaction,
  );
  return ids.length;
}

/**
 * Closes UNPAID child orders of a locked CREATED batch (`orderIds`, or all of them) as cancelled:
 * their pending enrolments go, and the batch's count and total are counted again. Answers how many
 * were closed.
 */
export async function closeBatchChildren(
  scope: Db,
  batch: BatchOrder,
  orderIds: readonly number[] | 'ALL',
  actor: OrderActor,
  now: Date,
  transaction: Transaction,
): Promise<number> {
  const closed = await scope.sequelize.query<{ id: number }>(
    `UPDATE pay_order SET status = 'CLOSED', closed_at = :now, close_reason = 'CANCELLED', updated_at = NOW()
      WHERE batch_order_id = :batchId AND project_id = :projectId AND status = 'UNPAID'
        ${orderIds === 'ALL' ? '' : 'AND id IN (:orderIds)'}
      RETURNING id`,
    {
      replacements: {
        now,
        batchId: batch.id,
        projectId: batch.projectId,
        orderIds: orderIds === 'ALL' ? [] : orderIds,
      },
      transaction,
      type: QueryTypes.SELECT,
    },
  );
  const ids = closed.map((row) => Number(row.id));
  if (ids.length) {
    const pending = await itemEnrolments(batch.projectId, ids, transaction);
    await scope.sequelize.query('UPDATE pay_order_item SET my_class_id = NULL WHERE order_id IN (:ids)', {
      replacements: { ids },
      transaction,
    });
    await removePendingEnrolments(batch.projectId, pending, transaction);
    await logChildren(scope, ids, 'UNPAID', 'CLOSED', actor, transaction);
  }
  await recountBatch(scope, batch, transaction);
  return ids.length;
}

/** Counts a locked batch order's child orders and total again (those not closed). */
export async function recountBatch(scope: Db, batch: BatchOrder, transaction: Transaction): Promise<void> {
  const [sums] = await scope.sequelize.query<{ count: string; total: string }>(
    `SELECT COUNT(*) AS count, COALESCE(SUM(total_fen), 0) AS total
       FROM pay_order WHERE batch_order_id = :id AND status <> 'CLOSED'`,
    { replacements: { id: batch.id }, transaction, type: QueryTypes.SELECT },
  );
  await batch.update({ orderCount: Number(sums.count), totalFen: Number(sums.total) }, { transaction });
}

/**
 * Applies a SUCCESS trade of a batch order's payment attempt exactly once (the caller has checked
 * app, merchant, number and amount against the attempt): the attempt is marked PAID and a CREATED
 * batch with the same total is paid with all its children. A trade for a batch that is no longer
 * CREATED, or whose total changed, is kept on the attempt and logged for a refund by staff.
 */
export const applyPaidBatchTrade: TradeApplier = (scope, attempt, trade, actor) => {
  const { paidAt, paidFen, transactionId, detail } = paidTrade(trade);
  return scope.sequelize.transaction(async (transaction) => {
    const batch = await lockBatchOrder(attempt.projectId, attempt.batchOrderId ?? 0, transaction);
    if (!batch) return 'REFUSED';
    if (!(await markAttemptPaid(attempt, trade, paidAt, transaction))) return 'DUPLICATE';
    if (batch.status !== 'CREATED' || batch.totalFen !== trade.amount?.total) {
      scope.log.warn(
        { batchOrderId: batch.id, outTradeNo: trade.out_trade_no, status: batch.status },
        'a batch order payment arrived for a batch that is paid, cancelled or changed: refund it',
      );
      return 'APPLIED';
    }
    await markBatchPaid(
      scope,
      batch,
      {
        channel: 'WX_NATIVE',
        paidFen: paidFen ?? batch.totalFen,
        transactionId,
        paidAt,
      },
      { ...actor, detail },
      transaction,
    );
    return 'APPLIED';
  });
};

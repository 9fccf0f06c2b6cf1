import type { Transaction, WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import type { RefundAnswer } from '../../contract/order';
import type {
  BatchChildOrder,
  BatchOrderItem,
  BatchOrderStatusAnswer,
  BatchPayAnswer,
  batchOrderChildrenInput,
  batchOrderPageInput,
} from '../../contract/unit-import';
import { UNIT_IMPORT_FINISHED } from '../../contract/unit-import';
import type { ActorScope, FileResult } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { newestFirstPage } from '../../core/newest-first';
import { authorize } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { namesById, rowsById } from '../../db/lookups';
import { SqlFilter, sqlPageAnswer } from '../../db/sql-page';
import { audit } from '../audit/audit.service';
import { batchPayQr, checkBatch, payBatch, retireBatchPayments } from '../order/batch-order-pay.service';
import { closeBatchChildren, lockBatchOrder, markBatchPaid } from '../order/batch-order-state';
import { BatchOrder, PayOrder } from '../order/order.model';
import type { OrderActor } from '../order/order-state';
import { refundAnswer, refundOrder } from '../order/refund.service';
import { TrainClass } from '../train-class/train-class.model';
import { Unit } from '../unit/unit.model';
import { managedUnitId, visibleUnitRowsWhere } from '../unit/unit.policy';
import { UnitClass } from '../unit-class/unit-class.model';
import { BATCH_NOT_FOUND, type BatchOrderFacts } from './batch-order.policy';
import { UnitImport } from './unit-import.model';
import { type ChildRow, presentBatchChild, presentBatchOrder } from './unit-import.presenter';

/**
 * Batch orders as units and staff see and act on them (docs/product-decisions.md "Unit imports and
 * batch orders"): a unit manager only their own unit's (another's answers 批量订单不存在); paying,
 * taking students out and cancelling wait until the batch's import has ended; staff alone pass a
 * batch as offline or free. The state changes themselves are the order module's.
 */

const NOT_FOUND = BATCH_NOT_FOUND;

async function loadBatch(scope: ActorScope, id: number): Promise<BatchOrder> {
  const batch = await BatchOrder.findOne({ where: { ...visibleUnitRowsWhere(scope), id } });
  if (!batch) throw new BusinessError(NOT_FOUND);
  return batch;
}

/** The imports of batches (by batch id). */
async function importsOf(projectId: number, batchIds: number[]): Promise<Map<number, UnitImport>> {
  const rows = batchIds.length
    ? await UnitImport.findAll({ where: { projectId, batchOrderId: batchIds } })
    : [];
  return new Map(rows.map((row) => [row.batchOrderId ?? 0, row]));
}

/** What the batch order policy reads of a batch: the batch and whether its import has ended. */
const factsOf = (batch: BatchOrder, importRow: UnitImport | null | undefined): BatchOrderFacts => ({
  projectId: batch.projectId,
  unitId: batch.unitId,
  status: batch.status,
  importFinished: !importRow || UNIT_IMPORT_FINISHED.includes(importRow.status),
  orderCount: batch.orderCount,
  totalFen: batch.totalFen,
});

/** Batch orders as lists and details show them (one query per name kind), with their abilities. */
async function batchItems(scope: ActorScope, rows: BatchOrder[]): Promise<BatchOrderItem[]> {
  if (rows.length === 0) return [];
  const where = { projectId: rows[0].projectId };
  const unitClasses = await rowsById(
    UnitClass,
    rows.map((row) => row.unitClassId),
    { where },
  );
  const [classes, units, imports] = await Promise.all([
    namesById(
      TrainClass,
      [...unitClasses.values()].map((row) => row.classId),
      { where },
    ),
    namesById(
      Unit,
      rows.map((row) => row.unitId),
      { where },
    ),
    importsOf(
      where.projectId,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => {
    const unitClass = unitClasses.get(row.unitClassId);
    const importRow = imports.get(row.id);
    return presentBatchOrder(scope, row, {
      unitName: units.get(row.unitId) ?? '',
      unitClassName: unitClass?.name ?? '',
      className: classes.get(unitClass?.classId ?? 0) ?? '',
      importRow,
      facts: factsOf(row, importRow),
    });
  });
}

/** One batch order as its detail shows it. */
async function batchItem(scope: ActorScope, batch: BatchOrder): Promise<BatchOrderItem> {
  const [item] = await batchItems(scope, [batch]);
  return item;
}

/** `batch-order/page`: the caller's batch orders, newest first. */
export async function pageBatchOrders(
  scope: ActorScope,
  input: z.output<typeof batchOrderPageInput>,
): Promise<PageAnswer<BatchOrderItem>> {
  const where = {
    ...visibleUnitRowsWhere(scope),
    ...(input.unitId && managedUnitId(scope) === null ? { unitId: input.unitId } : {}),
    ...(input.unitClassId ? { unitClassId: input.unitClassId } : {}),
    ...(input.status ? { status: input.status } : {}),
    ...(input.batchNo ? { batchNo: input.batchNo } : {}),
  } as WhereOptions<BatchOrder>;
  return newestFirstPage(BatchOrder, where, input, (rows) => batchItems(scope, rows));
}

/** `batch-order/detail`. */
export async function getBatchOrder(scope: ActorScope, id: number): Promise<BatchOrderItem> {
  return batchItem(scope, await loadBatch(scope, id));
}

/** `batch-order/children`: a page of the batch's child orders (by student name, ID number or mobile). */
export async function batchChildren(
  scope: ActorScope,
  input: z.output<typeof batchOrderChildrenInput>,
): Promise<PageAnswer<BatchChildOrder>> {
  const batch = await loadBatch(scope, input.id);
  const student = input.student || null;
  const filter = new SqlFilter('po.batch_order_id = :batchId AND po.project_id = :projectId', {
    batchId: batch.id,
    projectId: batch.projectId,
  });
  if (student)
    filter.where('(a.real_name ILIKE :pattern OR a.id_card_no = :exact OR a.mobile = :exact)', {
      pattern: containsPattern(student),
      exact: student.toUpperCase(),
    });
  const from = `FROM pay_order po JOIN account a ON a.id = po.account_id
     LEFT JOIN pay_order_item poi ON poi.order_id = po.id
     LEFT JOIN my_class mc ON mc.id = poi.my_class_id`;
  return sqlPageAnswer<ChildRow, BatchChildOrder>(
    scope.sequelize,
    {
      select: `SELECT po.id AS order_id, po.order_no, po.account_id, a.real_name, a.id_card_no, a.mobile,
              po.total_fen, po.status, poi.my_class_id, mc.status AS my_class_status ${from}`,
      countFrom: from,
      filter,
      orderBy: 'po.id',
    },
    input,
    presentBatchChild,
  );
}

/** What the batch order policy reads of a batch (its import read now). */
async function batchFacts(batch: BatchOrder): Promise<BatchOrderFacts> {
  const importRow = await UnitImport.findOne({
    where: { projectId: batch.projectId, batchOrderId: batch.id },
  });
  return factsOf(batch, importRow);
}

/** `batch-order/pay`: the Native code for the whole batch. */
export async function payBatchOrder(scope: ActorScope, id: number): Promise<BatchPayAnswer> {
  const batch = await loadBatch(scope, id);
  if (batch.status === 'PAID') return { kind: 'PAID' };
  authorize(scope, 'batch-order.pay', await batchFacts(batch));
  const unitClass = await UnitClass.findOne({
    attributes: ['name'],
    where: { projectId: batch.projectId, id: batch.unitClassId },
  });
  return payBatch(scope, batch, `${unitClass?.name ?? '单位培训'}（${batch.orderCount}人）`);
}

/** `batch-order/pay-qr`. */
export async function batchOrderQr(scope: ActorScope, id: number): Promise<FileResult> {
  return batchPayQr(await loadBatch(scope, id));
}

/** `batch-order/is-paid`. */
export async function batchOrderStatus(scope: ActorScope, id: number): Promise<BatchOrderStatusAnswer> {
  const batch = await checkBatch(scope, await loadBatch(scope, id));
  return { id: batch.id, status: batch.status, paid: batch.status === 'PAID' };
}

const staffActor = (scope: ActorScope, reason: string | null): OrderActor => ({
  source: 'STAFF',
  actorId: scope.principal.accountId,
  reason,
});

/**
 * Runs a change of a CREATED batch after its open payments are settled or closed at WeChat; the
 * change itself runs under the batch's row lock and is refused when a payment got in first.
 */
async function changeBatch(
  scope: ActorScope,
  id: number,
  verb: 'batch-order.change' | 'batch-order.pass',
  change: (batch: BatchOrder, transaction: Transaction) => Promise<void>,
): Promise<BatchOrderItem> {
  const before = await loadBatch(scope, id);
  authorize(scope, verb, await batchFacts(before));
  const retired = await retireBatchPayments(scope, before, scope.principal.accountId);
  if (retired.status === 'PAID') throw new BusinessError('批量订单已支付');
  await scope.sequelize.transaction(async (transaction) => {
    const batch = await lockBatchOrder(before.projectId, before.id, transaction);
    if (batch?.status !== 'CREATED') throw new BusinessError('批量订单已不是待支付状态');
    await change(batch, transaction);
  });
  return batchItem(scope, await loadBatch(scope, id));
}

/** `batch-order/pass`: staff mark the batch paid offline or free; every child order is paid. */
export function passBatchOrder(
  scope: ActorScope,
  input: { id: number; channel: 'OFFLINE' | 'FREE'; remark: string },
): Promise<BatchOrderItem> {
  return changeBatch(scope, input.id, 'batch-order.pass', async (batch, transaction) => {
    if (batch.orderCount === 0) throw new BusinessError('批量订单中没有学员');
    const count = await markBatchPaid(
      scope,
      batch,
      {
        channel: input.channel,
        paidFen: input.channel === 'FREE' ? 0 : batch.totalFen,
        paidAt: new Date(),
        remark: input.remark,
      },
      staffActor(scope, input.remark),
      transaction,
    );
    await audit(
      scope,
      {
        action: 'batch-order.pass',
        projectId: batch.projectId,
        targetType: 'batch_order',
        targetId: batch.id,
        detail: { channel: input.channel, remark: input.remark, orders: count },
      },
      transaction,
    );
  });
}

/** `batch-order/delete`: takes child orders out of the batch (their enrolments go). */
export function deleteBatchChildren(
  scope: ActorScope,
  input: { id: number; orderIds: number[] },
): Promise<BatchOrderItem> {
  return changeBatch(scope, input.id, 'batch-order.change', async (batch, transaction) => {
    const closed = await closeBatchChildren(
      scope,
      batch,
      input.orderIds,
      staffActor(scope, '移出批量订单'),
      new Date(),
      transaction,
    );
    if (closed !== new Set(input.orderIds).size)
      throw new BusinessError('所选订单不在该批量订单中或已不是待支付状态');
    await audit(
      scope,
      {
        action: 'batch-order.delete',
        projectId: batch.projectId,
        targetType: 'batch_order',
        targetId: batch.id,
        detail: { orderIds: input.orderIds },
      },
      transaction,
    );
  });
}

/** `batch-order/cancel`: cancels the batch; every child order closes and its enrolment goes. */
export function cancelBatchOrder(scope: ActorScope, id: number): Promise<BatchOrderItem> {
  return changeBatch(scope, id, 'batch-order.change', async (batch, transaction) => {
    await closeBatchChildren(scope, batch, 'ALL', staffActor(scope, '取消批量订单'), new Date(), transaction);
    await batch.update({ status: 'CANCELLED', cancelledAt: new Date() }, { transaction });
    await audit(
      scope,
      {
        action: 'batch-order.cancel',
        projectId: batch.projectId,
        targetType: 'batch_order',
        targetId: batch.id,
      },
      transaction,
    );
  });
}

/**
 * `batch-order/refund`: staff refund students' child orders of a PAID batch order, each in full and
 * one after another (through WeChat against the batch's payment, or at once for offline and free
 * passes). Every order must be a paid child of the batch, else nothing starts; a refusal by WeChat
 * stops at that order (the ones before it stay refunded).
 */
export async function refundBatchChildren(
  scope: ActorScope,
  input: { id: number; orderIds: number[]; reason: string },
): Promise<{ refunds: RefundAnswer[] }> {
  const batch = await loadBatch(scope, input.id);
  authorize(scope, 'batch-order.refund', await batchFacts(batch));
  const ids = [...new Set(input.orderIds)];
  const children = await PayOrder.findAll({
    where: { projectId: batch.projectId, batchOrderId: batch.id, id: ids, status: 'PAID' },
    order: [['id', 'ASC']],
  });
  if (children.length !== ids.length) throw new BusinessError('所选订单不在该批量订单中或不是已支付状态');
  const refunds: RefundAnswer[] = [];
  for (const child of children) {
    const refund = await refundOrder(scope, child, input.reason, {
      source: 'STAFF',
      actorId: scope.principal.accountId,
    });
    refunds.push(await refundAnswer(refund));
  }
  await audit(scope, {
    action: 'batch-order.refund',
    projectId: batch.projectId,
    targetType: 'batch_order',
    targetId: batch.id,
    detail: { orderIds: ids, reason: input.reason },
  });
  return { refunds };
}

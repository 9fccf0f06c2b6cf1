import { maskIdCardNumber } from '@px/config';
import type { BatchChildOrder, BatchOrderItem } from '../../contract/unit-import';
import { UNIT_IMPORT_FINISHED, type UnitImportView } from '../../contract/unit-import';
import type { ActorScope } from '../../core/action';
import { presentJobProgress } from '../../core/chunked-job';
import { abilitiesOf } from '../../core/policy';
import type { BatchOrder } from '../order/order.model';
import type { BatchOrderFacts } from './batch-order.policy';
import type { UnitImport } from './unit-import.model';

/** How imports and batch orders are answered; the services load what the names need. */

/** An import with its unit class's name. */
export function presentUnitImport(row: UnitImport, unitClassName: string): UnitImportView {
  return {
    ...presentJobProgress(row, UNIT_IMPORT_FINISHED.includes(row.status)),
    unitId: row.unitId,
    unitClassId: row.unitClassId,
    unitClassName,
    fileName: row.fileName,
    batchOrderId: row.batchOrderId,
  };
}

/** The names and the import a batch order is shown with. */
export interface BatchOrderContext {
  unitName: string;
  unitClassName: string;
  className: string;
  importRow: UnitImport | undefined;
  facts: BatchOrderFacts;
}

/** A batch order with its names and what the caller may do to it. */
export function presentBatchOrder(
  scope: ActorScope,
  row: BatchOrder,
  context: BatchOrderContext,
): BatchOrderItem {
  const { facts, importRow } = context;
  const { importFinished } = facts;
  return {
    id: row.id,
    batchNo: row.batchNo,
    unitId: row.unitId,
    unitName: context.unitName,
    unitClassId: row.unitClassId,
    unitClassName: context.unitClassName,
    className: context.className,
    status: row.status,
    channel: row.channel,
    orderCount: row.orderCount,
    totalAmount: row.totalFen,
    paidAmount: row.paidFen,
    transactionId: row.transactionId,
    remark: row.remark,
    importId: importRow?.id ?? null,
    importFinished,
    payable: row.status === 'CREATED' && importFinished && row.orderCount > 0 && row.totalFen > 0,
    abilities: abilitiesOf(scope, {
      pay: ['batch-order.pay', facts],
      cancel: ['batch-order.change', facts],
      remove: ['batch-order.change', facts],
      pass: ['batch-order.pass', facts],
      refund: ['batch-order.refund', facts],
    }),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/** A child order of a batch as `batch-order/children` reads it, with its student and enrolment. */
export interface ChildRow {
  order_id: number;
  order_no: string;
  account_id: number;
  real_name: string;
  id_card_no: string | null;
  mobile: string | null;
  total_fen: number;
  status: BatchChildOrder['status'];
  my_class_id: number | null;
  my_class_status: BatchChildOrder['myClassStatus'];
}

/** A child order of a batch (the student's ID number masked). */
export function presentBatchChild(row: ChildRow): BatchChildOrder {
  return {
    orderId: Number(row.order_id),
    orderNo: row.order_no,
    accountId: Number(row.account_id),
    realName: row.real_name,
    idCardNo: row.id_card_no ? maskIdCardNumber(row.id_card_no) : null,
    mobile: row.mobile,
    amount: Number(row.total_fen),
    status: row.status,
    myClassId: row.my_class_id === null ? null : Number(row.my_class_id),
    myClassStatus: row.my_class_status ?? null,
  };
}

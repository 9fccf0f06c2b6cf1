import { maskIdCardNumber } from '@px/config';
import {
  REFUND_APPLY_STATUS_LABEL,
  type RefundApplyFields,
  type RefundApplyRow,
} from '../../contract/refund-apply';
import { chinaDateTime, type XlsxColumn } from '../../core/xlsx';
import type { Account } from '../account/account.model';
import type { PayOrder, PayOrderItem, PayRefund } from '../order/order.model';
import type { RefundApply } from './refund-apply.model';

/** How refund applications are answered: the student's view, the back office's rows and export. */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * An application's own fields (the student's view and the back office's row share them): with its
 * order number and the names of the classes it gives back.
 */
export function presentApplyFields(
  apply: RefundApply,
  order: PayOrder | undefined,
  items: readonly PayOrderItem[],
): RefundApplyFields {
  const names = items
    .filter((item) =>
      apply.orderItemId === null ? item.orderId === apply.orderId : item.id === apply.orderItemId,
    )
    .map((item) => item.className);
  return {
    id: apply.id,
    orderId: apply.orderId,
    orderNo: order?.orderNo ?? '',
    orderItemId: apply.orderItemId,
    className: names.join('、'),
    amount: apply.amountFen,
    status: apply.status,
    reason: apply.reason,
    rejectReason: apply.rejectReason,
    failure: apply.failure,
    createdAt: apply.createdAt.toISOString(),
    auditedAt: iso(apply.auditedAt),
    finishedAt: iso(apply.finishedAt),
  };
}

/** What the back office's application rows are shown with, read for all of them at once. */
export interface ApplyRowLookups {
  /** The students and the auditors. */
  accounts: ReadonlyMap<number, Pick<Account, 'realName' | 'idCardNo' | 'mobile' | 'accountName'>>;
  orders: ReadonlyMap<number, PayOrder>;
  refunds: ReadonlyMap<number, PayRefund>;
}

/** An application as the back office lists it: with the student, the payment, the auditor, the refund. */
export function presentApplyRow(
  apply: RefundApply,
  fields: RefundApplyFields,
  lookups: ApplyRowLookups,
  abilities: RefundApplyRow['abilities'],
): RefundApplyRow {
  const student = lookups.accounts.get(apply.accountId);
  const auditor = apply.auditedBy ? lookups.accounts.get(apply.auditedBy) : undefined;
  const order = lookups.orders.get(apply.orderId);
  return {
    ...fields,
    accountId: apply.accountId,
    studentName: student?.realName ?? '',
    idCardNo: student?.idCardNo ? maskIdCardNumber(student.idCardNo) : null,
    mobile: student?.mobile ?? null,
    paidAmount: order?.paidFen ?? 0,
    paidAt: iso(order?.paidAt ?? null),
    auditorName: auditor ? auditor.realName || auditor.accountName : null,
    outRefundNo: apply.payRefundId ? (lookups.refunds.get(apply.payRefundId)?.outRefundNo ?? null) : null,
    abilities,
  };
}

const yuan = (fen: number) => fen / 100;

/** The columns of the application export (退款申请), in order. */
export const REFUND_APPLY_COLUMNS: readonly XlsxColumn<RefundApplyRow>[] = [
  { header: '申请时间', width: 20, value: (row) => chinaDateTime(row.createdAt) },
  { header: '订单号', width: 24, value: (row) => row.orderNo },
  { header: '学员', width: 12, value: (row) => row.studentName },
  { header: '身份证号', width: 20, value: (row) => row.idCardNo },
  { header: '手机号', width: 14, value: (row) => row.mobile },
  { header: '班级', width: 40, value: (row) => row.className },
  { header: '实付金额（元）', width: 14, numFmt: '0.00', value: (row) => yuan(row.paidAmount) },
  { header: '退款金额（元）', width: 14, numFmt: '0.00', value: (row) => yuan(row.amount) },
  { header: '退款原因', width: 30, value: (row) => row.reason },
  { header: '状态', width: 10, value: (row) => REFUND_APPLY_STATUS_LABEL[row.status] },
  { header: '审核人', width: 12, value: (row) => row.auditorName },
  { header: '审核时间', width: 20, value: (row) => chinaDateTime(row.auditedAt) },
  { header: '驳回原因 / 失败原因', width: 30, value: (row) => row.rejectReason ?? row.failure },
  { header: '退款单号', width: 28, value: (row) => row.outRefundNo },
  { header: '完成时间', width: 20, value: (row) => chinaDateTime(row.finishedAt) },
];

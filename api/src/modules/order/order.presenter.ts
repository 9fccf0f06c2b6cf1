import { maskIdCardNumber } from '@px/config';
import {
  ORDER_CHANNEL_LABEL,
  ORDER_STATUS_LABEL,
  type OrderAbilities,
  type OrderItemView,
  type OrderRow,
  type OrderView,
  type PayAttemptView,
} from '../../contract/order';
import { chinaDateTime, type XlsxColumn } from '../../core/xlsx';
import type { Account } from '../account/account.model';
import type { PayAttempt, PayOrder, PayOrderItem, PayOrderLog } from './order.model';

/** How orders are answered: the student's view, the back office's rows, detail and export. */

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** An order's item, and whether a successful refund gave it back. */
export function presentOrderItem(item: PayOrderItem, refunded: boolean): OrderItemView {
  return {
    id: item.id,
    refunded,
    classId: item.classId,
    className: item.className,
    year: item.classYear,
    amount: item.amountFen,
  };
}

/** An order as the student sees it, but for its abilities (the back office's rows share these fields). */
export function presentOrder(
  order: PayOrder,
  items: OrderItemView[],
): Omit<OrderView, 'abilities' | 'kind' | 'title'> {
  return {
    id: order.id,
    orderNo: order.orderNo,
    status: order.status,
    channel: order.channel,
    totalAmount: order.totalFen,
    paidAmount: order.paidFen,
    refundedAmount: order.refundedFen,
    items,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.status === 'UNPAID' ? iso(order.expiresAt) : null,
    paidAt: iso(order.paidAt),
    closedAt: iso(order.closedAt),
    closeReason: order.closeReason,
    byUnit: order.batchOrderId !== null,
  };
}

/** An order with its items and what the student may do to it. */
export function presentOrderView(
  order: PayOrder,
  items: OrderItemView[],
  abilities: OrderAbilities,
): OrderView {
  return { ...presentOrder(order, items), kind: order.kind, title: order.title, abilities };
}

/** What the back office's order rows are shown with, read for all of them at once. */
export interface OrderRowLookups {
  /** Items by order. */
  items: ReadonlyMap<number, OrderItemView[]>;
  /** The students and the staff who created free orders. */
  accounts: ReadonlyMap<number, Pick<Account, 'realName' | 'idCardNo' | 'mobile' | 'accountName'>>;
  /** Unit names, by unit. */
  units: ReadonlyMap<number, string>;
}

/** An order as the back office lists it: with the student, the unit and who created a free one. */
export function presentOrderRow(order: PayOrder, lookups: OrderRowLookups): OrderRow {
  const student = lookups.accounts.get(order.accountId);
  const creator = order.createdBy ? lookups.accounts.get(order.createdBy) : undefined;
  return {
    ...presentOrder(order, lookups.items.get(order.id) ?? []),
    accountId: order.accountId,
    studentName: student?.realName ?? '',
    idCardNo: student?.idCardNo ? maskIdCardNumber(student.idCardNo) : null,
    mobile: student?.mobile ?? null,
    unitId: order.unitId,
    unitName: order.unitId ? (lookups.units.get(order.unitId) ?? null) : null,
    transactionId: order.transactionId,
    remark: order.remark,
    createdByName: creator ? creator.realName || creator.accountName : null,
    batchOrderId: order.batchOrderId,
  };
}

/** One payment attempt of an order. */
export function presentPayAttempt(attempt: PayAttempt): PayAttemptView {
  return {
    outTradeNo: attempt.outTradeNo,
    channel: attempt.channel,
    status: attempt.status,
    mchId: attempt.mchId,
    transactionId: attempt.transactionId,
    amount: attempt.totalFen,
    createdAt: attempt.createdAt.toISOString(),
    paidAt: iso(attempt.paidAt),
  };
}

/**
 * A step of a history kept by state (an order's, an invoice's): from which state to which, by what
 * source and for what reason, with who took it.
 */
export function presentStateLog<L extends Pick<PayOrderLog, 'reason' | 'createdAt'> & StateStep>(
  log: L,
  actorName: string | null,
): Pick<L, keyof StateStep> & { actorName: string | null; reason: string | null; createdAt: string } {
  return {
    fromStatus: log.fromStatus,
    toStatus: log.toStatus,
    source: log.source,
    actorName,
    reason: log.reason,
    createdAt: log.createdAt.toISOString(),
  };
}

/** The fields of a state step a history keeps. */
interface StateStep {
  fromStatus: unknown;
  toStatus: unknown;
  source: unknown;
}

const yuan = (fen: number) => fen / 100;

/** The columns of the order export (订单列表), in order. */
export const ORDER_COLUMNS: readonly XlsxColumn<OrderRow>[] = [
  { header: '订单号', width: 24, value: (row) => row.orderNo },
  { header: '学员', width: 12, value: (row) => row.studentName },
  { header: '身份证号', width: 20, value: (row) => row.idCardNo },
  { header: '手机号', width: 14, value: (row) => row.mobile },
  { header: '单位', width: 24, value: (row) => row.unitName },
  { header: '班级', width: 40, value: (row) => row.items.map((item) => item.className).join('；') },
  { header: '订单金额（元）', width: 14, numFmt: '0.00', value: (row) => yuan(row.totalAmount) },
  { header: '实付金额（元）', width: 14, numFmt: '0.00', value: (row) => yuan(row.paidAmount) },
  // What the order's successful refunds gave back (whole or one class of it), as the refund engine counts them.
  { header: '已退款金额（元）', width: 14, numFmt: '0.00', value: (row) => yuan(row.refundedAmount) },
  { header: '状态', width: 10, value: (row) => ORDER_STATUS_LABEL[row.status] },
  { header: '支付方式', width: 14, value: (row) => (row.channel ? ORDER_CHANNEL_LABEL[row.channel] : '') },
  { header: '微信支付交易号', width: 32, value: (row) => row.transactionId },
  { header: '下单时间', width: 20, value: (row) => chinaDateTime(row.createdAt) },
  { header: '支付时间', width: 20, value: (row) => chinaDateTime(row.paidAt) },
  { header: '备注', width: 30, value: (row) => row.remark },
];

import {
  ORDER_CHANNEL_LABEL,
  ORDER_STATUS_LABEL,
  type OrderFilters,
  type OrderRow,
} from '../../contract/order';
import type { FileResult, TenantScope } from '../../core/action';
import { chinaDateTime, streamXlsx, type XlsxColumn } from '../../core/xlsx';
import { chinaToday } from '../train-class/class-read';
import { orderBatches } from './order.service';

const yuan = (fen: number) => fen / 100;

/** The columns of the order export, in order. */
const COLUMNS: readonly XlsxColumn<OrderRow>[] = [
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

/**
 * `order/export`: the orders of the list filters (no paging), newest first, as a streamed `.xlsx`
 * named 订单列表-YYYYMMDD.xlsx (China day), read from the database a batch at a time.
 */
export function exportOrders(scope: TenantScope, input: OrderFilters, now = new Date()): FileResult {
  return streamXlsx({
    filename: `订单列表-${chinaToday(now).replaceAll('-', '')}.xlsx`,
    sheetName: '订单列表',
    columns: COLUMNS,
    batches: orderBatches(scope, input),
    log: scope.log,
  });
}

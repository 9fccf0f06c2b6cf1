import {
  REFUND_APPLY_STATUS_LABEL,
  type RefundApplyFilters,
  type RefundApplyRow,
} from '../../contract/refund-apply';
import type { ActorScope, FileResult } from '../../core/action';
import { chinaDateTime, streamXlsx, type XlsxColumn } from '../../core/xlsx';
import { chinaToday } from '../train-class/class-read';
import { applyBatches } from './refund-apply.service';

const yuan = (fen: number) => fen / 100;

/** The columns of the application export, in order. */
const COLUMNS: readonly XlsxColumn<RefundApplyRow>[] = [
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

/**
 * `refund-apply/export`: the applications of the list filters (no paging), newest first, as a
 * streamed `.xlsx` named 退款申请-YYYYMMDD.xlsx (China day), read a batch at a time.
 */
export function exportApplies(scope: ActorScope, input: RefundApplyFilters, now = new Date()): FileResult {
  return streamXlsx({
    filename: `退款申请-${chinaToday(now).replaceAll('-', '')}.xlsx`,
    sheetName: '退款申请',
    columns: COLUMNS,
    batches: applyBatches(scope, input),
    log: scope.log,
  });
}

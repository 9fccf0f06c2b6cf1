import {
  INVOICE_KIND_LABEL,
  INVOICE_STATUS_LABEL,
  INVOICE_TITLE_TYPE_LABEL,
  type InvoiceFilters,
  type InvoiceRow,
} from '../../contract/invoice';
import type { FileResult, TenantScope } from '../../core/action';
import { chinaDateTime, streamXlsx, type XlsxColumn } from '../../core/xlsx';
import { chinaToday } from '../train-class/class-read';
import { invoiceBatches } from './invoice.service';

const yuan = (fen: number) => fen / 100;

const COLUMNS: readonly XlsxColumn<InvoiceRow>[] = [
  { header: '类型', width: 10, value: (row) => INVOICE_KIND_LABEL[row.kind] },
  { header: '状态', width: 10, value: (row) => INVOICE_STATUS_LABEL[row.status] },
  { header: '抬头类型', width: 8, value: (row) => INVOICE_TITLE_TYPE_LABEL[row.titleType] },
  { header: '发票抬头', width: 30, value: (row) => row.title },
  { header: '纳税人识别号', width: 22, value: (row) => row.taxNo },
  { header: '邮箱', width: 24, value: (row) => row.email },
  { header: '金额（元）', width: 12, numFmt: '0.00', value: (row) => yuan(row.amount) },
  { header: '学员', width: 12, value: (row) => row.studentName },
  { header: '单位', width: 24, value: (row) => row.unitName },
  { header: '订单号', width: 30, value: (row) => row.orders.map((order) => order.orderNo).join('；') },
  {
    header: '班级',
    width: 40,
    value: (row) => [...new Set(row.orders.flatMap((order) => order.classNames))].join('；'),
  },
  { header: '发票号码', width: 24, value: (row) => row.invoiceNumber },
  { header: '开票时间', width: 20, value: (row) => chinaDateTime(row.issuedAt) },
  { header: '线下开具', width: 8, value: (row) => (row.marked ? '是' : '') },
  { header: '红字发票号码', width: 24, value: (row) => row.redInvoiceNumber },
  { header: '红冲原因', width: 20, value: (row) => row.redReason },
  { header: '驳回原因', width: 20, value: (row) => row.rejectReason },
  { header: '失败原因', width: 24, value: (row) => row.failure },
  { header: '申请时间', width: 20, value: (row) => chinaDateTime(row.createdAt) },
  { header: '备注', width: 24, value: (row) => row.remark },
];

/** `invoice/export-all`: the filtered invoices (no paging) as a streamed `.xlsx`, read a batch at a time. */
export function exportInvoices(scope: TenantScope, input: InvoiceFilters, now = new Date()): FileResult {
  return streamXlsx({
    filename: `发票列表-${chinaToday(now).replaceAll('-', '')}.xlsx`,
    sheetName: '发票列表',
    columns: COLUMNS,
    batches: invoiceBatches(scope, input),
    log: scope.log,
  });
}

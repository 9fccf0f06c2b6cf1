import {
  INVOICE_KIND_LABEL,
  INVOICE_KINDS,
  INVOICE_STATUS,
  INVOICE_STATUS_LABEL,
  type InvoiceStatus,
} from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { type FilterField, STUDENT_FILTER } from '../../components/list-page/ListPage';
import type { FiltersOf } from '../../components/list-page/list-call';

export const INVOICE_STATUS_OPTIONS = INVOICE_STATUS.map((value) => ({
  value,
  label: INVOICE_STATUS_LABEL[value],
}));
export const INVOICE_KIND_OPTIONS = INVOICE_KINDS.map((value) => ({
  value,
  label: INVOICE_KIND_LABEL[value],
}));

/** The tag colour of each invoice state. */
export const INVOICE_STATUS_COLOR: Readonly<Record<InvoiceStatus, string>> = {
  PENDING: 'warning',
  ISSUING: 'processing',
  ISSUED: 'success',
  FAILED: 'error',
  REJECTED: 'error',
  CANCELLED: 'default',
  RED_ISSUING: 'processing',
  REVERSED: 'purple',
};

/** The filters of the invoices by text: title, number or order, and student. */
export const INVOICE_TEXT_FILTERS: FilterField<FiltersOf<'invoice/page'>>[] = [
  {
    kind: 'text',
    name: 'keyword',
    label: '关键字',
    placeholder: '抬头、发票号码或订单号',
    maxLength: 64,
    width: 210,
  },
  STUDENT_FILTER,
];

/** The filters of 发票列表: by text, state, kind and day of application. */
export const INVOICE_FILTERS: FilterField<FiltersOf<'invoice/page'>>[] = [
  ...INVOICE_TEXT_FILTERS,
  { kind: 'select', name: 'status', label: '状态', options: INVOICE_STATUS_OPTIONS, width: 110 },
  { kind: 'select', name: 'kind', label: '类型', options: INVOICE_KIND_OPTIONS, width: 110 },
  { kind: 'dateRange', name: 'created', label: '申请日期', from: 'createdFrom', to: 'createdTo' },
];

/** 发票列表-YYYYMMDD.xlsx (as the server names it). */
export function invoiceExportFileName(now: Date = new Date()): string {
  return `发票列表-${formatDateTime(now, 'YYYYMMDD')}.xlsx`;
}

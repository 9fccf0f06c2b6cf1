import {
  INVOICE_KIND_LABEL,
  INVOICE_KINDS,
  INVOICE_STATUS,
  INVOICE_STATUS_LABEL,
  type InvoiceFilters,
  type InvoiceStatus,
} from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { type DateRange, rangeBounds } from '../../components/DateFields';

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

/** The values of the filter bar (申请日期 a range of `YYYY-MM-DD` days). */
export interface InvoiceFilterValues {
  status?: InvoiceStatus;
  keyword?: string;
  student?: string;
  created?: DateRange;
}

/** The list's filters from the filter bar: texts trimmed, blanks left out. */
export function cleanInvoiceFilters(
  values: InvoiceFilterValues,
  kind?: InvoiceFilters['kind'],
): InvoiceFilters {
  const created = rangeBounds(values.created);
  return {
    status: values.status || undefined,
    kind,
    keyword: values.keyword?.trim() || undefined,
    student: values.student?.trim() || undefined,
    createdFrom: created.from,
    createdTo: created.to,
  };
}

/** 发票列表-YYYYMMDD.xlsx (as the server names it). */
export function invoiceExportFileName(now: Date = new Date()): string {
  return `发票列表-${formatDateTime(now, 'YYYYMMDD')}.xlsx`;
}

import {
  INVOICE_KIND_LABEL,
  INVOICE_STATUS_LABEL,
  INVOICE_TITLE_TYPE_LABEL,
  type InvoiceableOrder,
  type InvoiceRow,
  type InvoiceView,
} from '../../contract/invoice';
import type { InvoiceOrderRow } from '../../contract/invoice-orders';
import { chinaDateTime, type XlsxColumn } from '../../core/xlsx';
import type { Account } from '../account/account.model';
import type { PayOrder } from '../order/order.model';
import type { Invoice, InvoiceOrder } from './invoice.model';
import { invoiceableFen } from './invoice-state';

/** How invoices are answered: the back office's rows and export, the student's view, the apply screens' orders. */

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** What a page of invoices is shown with, read for all of them at once. */
export interface InvoiceLookups {
  /** The invoices' order links, in link order. */
  links: readonly InvoiceOrder[];
  orders: ReadonlyMap<number, PayOrder>;
  /** Class names of the orders, by order. */
  classNames: ReadonlyMap<number, string[]>;
  /** The invoices' students and the orders' students. */
  accounts: ReadonlyMap<number, Account>;
  /** Unit names, by unit. */
  units: ReadonlyMap<number, string>;
}

/** An invoice as its pages show it: with its orders (and, for the back office, people and units). */
export function presentInvoice(invoice: Invoice, lookups: InvoiceLookups): InvoiceRow {
  const { orders, accounts } = lookups;
  const links = lookups.links.filter((link) => link.invoiceId === invoice.id);
  const account = invoice.accountId ? accounts.get(invoice.accountId) : undefined;
  return {
    id: invoice.id,
    kind: invoice.kind,
    status: invoice.status,
    titleType: invoice.titleType,
    title: invoice.title,
    taxNo: invoice.taxNo,
    email: invoice.email,
    amount: invoice.amountFen,
    invoiceNumber: invoice.invoiceNumber,
    issuedAt: iso(invoice.issuedAt),
    marked: invoice.marked,
    hasPdf:
      !invoice.marked &&
      Boolean(invoice.serialNo) &&
      ['ISSUED', 'RED_ISSUING', 'REVERSED'].includes(invoice.status),
    redInvoiceNumber: invoice.redInvoiceNumber,
    reversedAt: iso(invoice.reversedAt),
    failure: invoice.failure,
    rejectReason: invoice.rejectReason,
    createdAt: invoice.createdAt.toISOString(),
    orders: links.map((link) => {
      const order = orders.get(link.orderId);
      return {
        orderId: link.orderId,
        orderNo: order?.orderNo ?? '',
        amount: link.amountFen,
        classNames: lookups.classNames.get(link.orderId) ?? [],
        studentName: order ? (accounts.get(order.accountId)?.realName ?? null) : null,
      };
    }),
    accountId: invoice.accountId,
    studentName: account?.realName ?? null,
    mobile: account?.mobile ?? null,
    unitId: invoice.unitId,
    unitName: invoice.unitId ? (lookups.units.get(invoice.unitId) ?? null) : null,
    remark: invoice.remark,
    redReason: invoice.redReason,
    requestNo: invoice.requestNo,
    refundedSinceIssued:
      invoice.status === 'ISSUED' &&
      links.some((link) => {
        const order = orders.get(link.orderId);
        return order !== undefined && invoiceableFen(order) < link.amountFen;
      }),
  };
}

/** What a student sees of an invoice (no staff remark, no request number), but for its abilities. */
export function studentInvoiceView(row: InvoiceRow): Omit<InvoiceView, 'abilities'> {
  const {
    accountId: _a,
    studentName: _s,
    mobile: _m,
    unitId: _u,
    unitName: _n,
    remark: _r,
    redReason: _d,
    requestNo: _q,
    refundedSinceIssued: _f,
    ...view
  } = row;
  return view;
}

/** A paid order as the apply screens list it, for what may still be invoiced of it. */
export function presentInvoiceableOrder(
  order: PayOrder,
  classNames: string[],
  studentName: string,
): InvoiceableOrder {
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    paidAt: iso(order.paidAt),
    classNames,
    amount: invoiceableFen(order),
    studentName,
  };
}

const yuan = (fen: number) => fen / 100;

/** The columns of the invoice export (发票列表), in order. */
export const INVOICE_COLUMNS: readonly XlsxColumn<InvoiceRow>[] = [
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

/** How an order stands with invoices: its state, the invoice that says so (active, else the last reversed) and the amount invoiced. */
export interface OrderInvoiceStanding {
  state: InvoiceOrderRow['invoiceState'];
  invoice: Invoice | null;
  invoiced: number;
}

/** A row of 开票订单: a paid order with its student, unit, classes and how it stands with invoices. */
export function presentInvoiceOrder(
  order: PayOrder,
  facts: {
    account: Account | undefined;
    unitName: string | null;
    classNames: string[];
    standing: OrderInvoiceStanding | undefined;
    abilities: InvoiceOrderRow['abilities'];
  },
): InvoiceOrderRow {
  const { account, standing } = facts;
  const invoiced = standing?.invoiced ?? 0;
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    studentName: account?.realName ?? '',
    mobile: account?.mobile ?? null,
    unitName: facts.unitName,
    byUnit: Boolean(order.batchOrderId),
    classNames: facts.classNames,
    orderStatus: order.status as InvoiceOrderRow['orderStatus'],
    paidAt: iso(order.paidAt),
    paidAmount: order.paidFen,
    refundedAmount: order.refundedFen,
    invoicedAmount: invoiced,
    invoiceableAmount: Math.max(0, order.paidFen - order.refundedFen - invoiced),
    invoiceState: standing?.state ?? 'NONE',
    invoiceId: standing?.invoice?.id ?? null,
    invoiceStatus: standing?.invoice?.status ?? null,
    invoiceNumber: standing?.invoice?.invoiceNumber ?? null,
    marked: standing?.invoice?.marked ?? false,
    abilities: facts.abilities,
  };
}

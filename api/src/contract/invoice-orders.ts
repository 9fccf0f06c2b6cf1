import { ROLE_SYSTEM } from '@px/config';
import { z } from 'zod';
import { signedIn, staff } from './access';
import { answer, defineCalls } from './call';
import {
  type Abilities,
  type PageAnswer,
  zEmptyOrNullAsAbsent,
  zInput,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';
import {
  INVOICE_ORDER_PAGE,
  type InvoiceAllowedAnswer,
  type InvoiceStatus,
  invoiceOrderInput,
} from './invoice';
import { dateRangeInOrder, zOptionalCalendarDate } from './train-plan';

/**
 * Orders as they stand with invoices (开票订单): the project's paid orders, staff's 标记 and 全部标记
 * of orders invoiced outside the platform, and whether an order may be invoiced (again) now.
 */

/**
 * How an order stands with invoices (开票订单): NONE (未开票: no active invoice, never reversed),
 * PENDING (待开票: an active invoice waiting or issuing), ISSUED (已开票: issued, or its red reversal
 * under way), REVERSED (已红冲: its invoice was reversed and none is active now).
 */
export const ORDER_INVOICE_STATES = ['NONE', 'PENDING', 'ISSUED', 'REVERSED'] as const;
export type OrderInvoiceState = (typeof ORDER_INVOICE_STATES)[number];
export const ORDER_INVOICE_STATE_LABEL: Readonly<Record<OrderInvoiceState, string>> = {
  NONE: '未开票',
  PENDING: '待开票',
  ISSUED: '已开票',
  REVERSED: '已红冲',
};

/** The filters of 开票订单 (its list and 全部标记). */
const invoiceOrderFilterFields = {
  /** Order number (exact). */
  orderNo: zOptionalText(64),
  /** Student name (part), ID number or mobile (exact). */
  student: zOptionalText(50),
  /** Paid from / to (`YYYY-MM-DD`, China time, inclusive). */
  paidFrom: zOptionalCalendarDate('开始日期'),
  paidTo: zOptionalCalendarDate('结束日期'),
  invoiceState: zEmptyOrNullAsAbsent(z.enum(ORDER_INVOICE_STATES, { error: '开票状态不正确' })),
};
const PAID_IN_ORDER = dateRangeInOrder('paidFrom', 'paidTo');

/** `invoice/order-page`: one page of the project's paid orders with how each stands with invoices. */
export const invoiceOrderPageInput = z
  .object({ ...zPage, ...invoiceOrderFilterFields })
  .refine(...PAID_IN_ORDER);
export type InvoiceOrderFilters = Omit<z.output<typeof invoiceOrderPageInput>, 'pageNum' | 'pageSize'>;

const zOfflineInvoiceNumber = zEmptyOrNullAsAbsent(
  z
    .string({ error: '发票号码应为 8 到 20 位数字' })
    .trim()
    .regex(/^[0-9]{8,20}$/, { error: '发票号码应为 8 到 20 位数字' }),
);

/** `invoice/order-mark` (标记): staff record an order as invoiced outside the platform, with a remark. */
export const invoiceOrderMarkInput = z.object({
  orderId: zInput.id(),
  remark: zRequiredText('备注', 200),
  invoiceNumber: zOfflineInvoiceNumber,
});

/** `invoice/order-mark-all` (全部标记): every order the filters match that may be marked, in one go. */
export const invoiceOrderMarkAllInput = z
  .object({ ...invoiceOrderFilterFields, remark: zRequiredText('备注', 200) })
  .refine(...PAID_IN_ORDER);

/** The most orders one 全部标记 marks; past it the filters must be narrowed. */
export const MARK_ALL_LIMIT = 500;

/** A paid order as 开票订单 lists it (amounts in fen). */
export interface InvoiceOrderRow {
  orderId: number;
  orderNo: string;
  studentName: string;
  mobile: string | null;
  unitName: string | null;
  /** Paid by the unit's batch payment (its invoice is the unit's collective one). */
  byUnit: boolean;
  classNames: string[];
  orderStatus: 'PAID' | 'REFUNDING' | 'REFUNDED';
  paidAt: string | null;
  paidAmount: number;
  refundedAmount: number;
  /** What the active invoice covers of it (0 without one). */
  invoicedAmount: number;
  /** Paid minus refunded minus invoiced (never below 0). */
  invoiceableAmount: number;
  invoiceState: OrderInvoiceState;
  /** The active invoice (or, when reversed, the last reversed one). */
  invoiceId: number | null;
  invoiceStatus: InvoiceStatus | null;
  invoiceNumber: string | null;
  /** Issued outside the platform (标记). */
  marked: boolean;
  /**
   * What staff may do to the order (docs/api-conventions.md "Abilities"): 标记 (refused, with the
   * reason, while an invoice is active or waiting, a refund application is open, or nothing is left).
   */
  abilities: Abilities<'mark'>;
}
export type InvoiceOrderPage = PageAnswer<InvoiceOrderRow>;

/** `invoice/order-mark-all`: how many orders were marked. */
export interface MarkAllAnswer {
  marked: number;
  orderNos: string[];
}

/**
 * `invoice/check-re-open`: whether the order may be invoiced (again) now and, when not, why; e.g. an
 * issued invoice must be reversed first, a reversal must end first, a refunded order has nothing left.
 */
export interface InvoiceReOpenAnswer extends InvoiceAllowedAnswer {
  /** The order had an invoice reversed (red) before. */
  reversedBefore: boolean;
  /** How the order stands with invoices. */
  invoiceState: OrderInvoiceState;
}

/** The calls of 开票订单 and `invoice/check-re-open` (`invoice/...`). */
export const invoiceOrderCalls = defineCalls('invoice', {
  /** 开票订单: the project's paid orders with how each stands with invoices, filtered, newest first. */
  'order-page': {
    input: invoiceOrderPageInput,
    answer: answer<InvoiceOrderPage>(),
    access: staff(INVOICE_ORDER_PAGE),
  },
  /** 标记: records an order without an active invoice as invoiced outside the platform (audited). */
  'order-mark': {
    input: invoiceOrderMarkInput,
    answer: answer<InvoiceOrderRow>(),
    access: staff(INVOICE_ORDER_PAGE),
  },
  /** 全部标记: marks every order the filters match that may be marked, in one transaction (bounded, audited). */
  'order-mark-all': {
    input: invoiceOrderMarkAllInput,
    answer: answer<MarkAllAnswer>(),
    access: staff(INVOICE_ORDER_PAGE),
  },
  /**
   * Whether an order may be invoiced (again) now, and why not: a student's own order, a unit
   * manager's unit's order, or (staff holding an invoice page) any order of the project.
   */
  'check-re-open': {
    input: invoiceOrderInput,
    answer: answer<InvoiceReOpenAnswer>(),
    access: signedIn(ROLE_SYSTEM.STUDENT, ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.UNIT),
  },
});

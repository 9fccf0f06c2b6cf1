import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/** A student's invoice application (`invoice/save`): an order and the title. */
export type InvoiceSaveInput = InputOf<Calls['invoice/save']>;
/** A REJECTED or FAILED application applied for again (`invoice/re-save`). */
export type InvoiceReSaveInput = InputOf<Calls['invoice/re-save']>;

/**
 * Whether the student may apply for an invoice of an order (again, after a red reversal), for how
 * much, and why not (`invoice/check-re-open`). Rejects with an ApiError (订单不存在).
 */
export const checkInvoiceReOpen = (orderId: number) => api.call('invoice/check-re-open', { orderId });

/** Applies for an invoice of a paid order. Rejects with an ApiError (already applied, amount, title). */
export const saveInvoice = (input: InvoiceSaveInput) => api.call('invoice/save', input);

/** Applies again after 已驳回 or 开票失败. Rejects with an ApiError. */
export const reSaveInvoice = (input: InvoiceReSaveInput) => api.call('invoice/re-save', input);

/** One page of the student's invoices, newest first. Rejects with an ApiError. */
export const listMyInvoices = (pageNum: number) => api.call('invoice/my-list', { pageNum, pageSize: 10 });

/** The PDF of an issued invoice (or of its red reversal) as a Blob. Rejects with an ApiError. */
export const downloadMyInvoice = (id: number, red = false) => api.download('invoice/my-pdf', { id, red });

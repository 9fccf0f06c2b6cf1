import type { Calls } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** One page of the project's invoices, newest first, filtered. Rejects with an ApiError. */
export const listInvoices = (query: InputOf<Calls['invoice/page']>, ...options: [CallOptions?]) =>
  api.call('invoice/page', query, ...options);

/** Counts and amounts of the filtered invoices by state. Rejects with an ApiError. */
export const invoiceStatistics = (filters: InputOf<Calls['invoice/statistics']>) =>
  api.call('invoice/statistics', filters);

/** One invoice with its orders and history. Rejects with an ApiError (发票不存在). */
export const getInvoice = (id: number) => api.call('invoice/manage-detail', { id });

/** The filtered invoices as an `.xlsx` file. Rejects with an ApiError. */
export const exportInvoices = (filters: InputOf<Calls['invoice/export-all']>) =>
  api.download('invoice/export-all', filters);

/** The PDF of an issued invoice (or its red reversal). Rejects with an ApiError. */
export const downloadInvoicePdf = (id: number, red = false) => api.download('invoice/pdf', { id, red });

/** Issues a 待开票 invoice through the electronic-invoice platform. Rejects with an ApiError. */
export const openInvoice = (id: number) => api.call('invoice/open', { id });
/** Issues many 待开票 invoices; resolves to those done and why others were not. */
export const batchOpenInvoices = (ids: number[]) => api.call('invoice/batch-open', { ids });
/** Refuses a 待开票 application with a reason. */
export const rejectInvoice = (id: number, reason: string) => api.call('invoice/reject', { id, reason });
/** Cancels an application (待开票, 已驳回, 开票失败). */
export const cancelInvoice = (id: number, reason: string) => api.call('invoice/cancel', { id, reason });
/** Records an invoice issued outside the platform. */
export const markInvoice = (input: InputOf<Calls['invoice/mark']>) => api.call('invoice/mark', input);
/** Staff's note on an invoice. */
export const remarkInvoice = (id: number, remark: string) => api.call('invoice/remark', { id, remark });
/** Asks the platform now about an invoice 开票中 or 红冲中. */
export const refreshInvoice = (id: number) => api.call('invoice/refresh', { id });
/** Reverses an issued invoice by a red invoice. */
export const redInvoice = (id: number, reason: string) => api.call('invoice/red', { id, reason });
/** Reverses many issued invoices. */
export const redInvoices = (ids: number[], reason: string) => api.call('invoice/red-batch', { ids, reason });

/** The project's seller details (null before saved). */
export const getInvoiceConfig = () => api.call('invoice/config', {});
/** Saves the project's seller details. Rejects with an ApiError (an ApiFieldsError naming fields). */
export const saveInvoiceConfig = (input: InputOf<Calls['invoice/save-config']>) =>
  api.call('invoice/save-config', input);

/** Units of the project by part of the name (collective invoices). */
export const findInvoiceUnits = (name: string) => api.call('invoice/unit-options', name ? { name } : {});
/** A unit's paid orders not yet invoiced. */
export const getUnitPool = (unitId: number) => api.call('invoice/unit-pool', { unitId });
/** One invoice of many orders of one unit. */
export const saveCollectiveInvoice = (input: InputOf<Calls['invoice/collective-save']>) =>
  api.call('invoice/collective-save', input);

/** Corrects the title of an application not yet issued (发票纠正). Rejects with an ApiError (an ApiFieldsError naming fields). */
export const correctInvoice = (input: InputOf<Calls['invoice/correct']>) =>
  api.call('invoice/correct', input);

/** 开票订单: one page of the project's paid orders with their invoicing state. Rejects with an ApiError. */
export const listInvoiceOrders = (query: InputOf<Calls['invoice/order-page']>, ...options: [CallOptions?]) =>
  api.call('invoice/order-page', query, ...options);
/** 标记: records an order as invoiced outside the platform, with a remark. Rejects with an ApiError (已开票, ...). */
export const markInvoiceOrder = (input: InputOf<Calls['invoice/order-mark']>) =>
  api.call('invoice/order-mark', input);
/** 全部标记: marks every order the filters match that may be marked (at most 500). Rejects with an ApiError. */
export const markAllInvoiceOrders = (input: InputOf<Calls['invoice/order-mark-all']>) =>
  api.call('invoice/order-mark-all', input);
/** Whether an order may be invoiced (again) now, and why not. Rejects with an ApiError (订单不存在). */
export const checkInvoiceReOpen = (orderId: number) => api.call('invoice/check-re-open', { orderId });

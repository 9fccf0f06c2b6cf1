import { invoiceCalls } from '../../contract/invoice';
import { invoiceOrderCalls } from '../../contract/invoice-orders';
import { implement } from '../../core/action';
import {
  canAddList,
  collectiveSave,
  findProjectInvoice,
  findStudentInvoice,
  invoiceAllowed,
  invoiceDetail,
  invoiceList,
  invoiceStatistics,
  myInvoices,
  reSaveInvoice,
  saveInvoice,
  studentInvoice,
  unitOptions,
  unitPool,
} from './invoice.service';
import {
  batchOpen,
  cancelInvoice,
  correctInvoice,
  invoiceConfig,
  invoicePdf,
  markInvoice,
  openInvoice,
  redBatch,
  redInvoice,
  refreshInvoice,
  rejectInvoice,
  remarkInvoice,
  saveInvoiceConfig,
  uploadCallback,
} from './invoice-issue';
import { checkReOpen, markAllOrders, markOrder, pageInvoiceOrders } from './invoice-orders';

/** The invoice calls (`invoice/...`): the student's applications, the back office's issuing, the platform's callback. */
export const invoiceActions = [
  ...implement(invoiceCalls, {
    'invoice-allowed': (ctx, input) => invoiceAllowed(ctx, input.orderId),
    'can-add-list': (ctx) => canAddList(ctx),
    save: (ctx, input) => saveInvoice(ctx, input),
    're-save': (ctx, input) => reSaveInvoice(ctx, input),
    detail: (ctx, input) => studentInvoice(ctx, input.id),
    'my-list': (ctx, input) => myInvoices(ctx, input),
    'my-pdf': async (ctx, input) =>
      invoicePdf(ctx, await findStudentInvoice(ctx, input.id), input.red ?? false),
    page: (ctx, input) => invoiceList.page(ctx, input),
    statistics: (ctx, input) => invoiceStatistics(ctx, input),
    'manage-detail': (ctx, input) => invoiceDetail(ctx, input.id),
    open: (ctx, input) => openInvoice(ctx, input.id),
    'batch-open': (ctx, input) => batchOpen(ctx, input.ids),
    reject: (ctx, input) => rejectInvoice(ctx, input.id, input.reason),
    cancel: (ctx, input) => cancelInvoice(ctx, input.id, input.reason),
    mark: (ctx, input) => markInvoice(ctx, input),
    remark: (ctx, input) => remarkInvoice(ctx, input.id, input.remark),
    correct: (ctx, input) => correctInvoice(ctx, input),
    refresh: (ctx, input) => refreshInvoice(ctx, input.id),
    red: (ctx, input) => redInvoice(ctx, input.id, input.reason),
    'red-batch': (ctx, input) => redBatch(ctx, input.ids, input.reason),
    'export-all': async (ctx, input) => invoiceList.export(ctx, input),
    pdf: async (ctx, input) => invoicePdf(ctx, await findProjectInvoice(ctx, input.id), input.red ?? false),
    config: (ctx) => invoiceConfig(ctx),
    'save-config': (ctx, input) => saveInvoiceConfig(ctx, input),
    'unit-options': (ctx, input) => unitOptions(ctx, input.name),
    'unit-pool': (ctx, input) => unitPool(ctx, input.unitId),
    'collective-save': (ctx, input) => collectiveSave(ctx, input),
    'upload-callback': (ctx, input) => uploadCallback(ctx, input),
  }),
  ...implement(invoiceOrderCalls, {
    'order-page': (ctx, input) => pageInvoiceOrders(ctx, input),
    'order-mark': (ctx, input) => markOrder(ctx, input),
    'order-mark-all': (ctx, input) => markAllOrders(ctx, input),
    'check-re-open': (ctx, input) => checkReOpen(ctx, input.orderId),
  }),
];

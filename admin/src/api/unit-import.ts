import type { Calls } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/**
 * Starts importing an `.xlsx` of the template into an open unit class; resolves to the import as it
 * starts (VALIDATING), which the page then polls. Rejects with an ApiError (a closed unit class, an
 * unreadable file, another import still running).
 */
export function startUnitImport(unitClassId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  form.append('unitClassId', String(unitClassId));
  return api.upload('batch-import-order/import', form);
}

/** The unit import template as an `.xlsx` file. Rejects with an ApiError. */
export const downloadUnitImportTemplate = () => api.download('batch-import-order/template');

/** Where an import stands (polled while it runs). Rejects with an ApiError. */
export const getUnitImportProgress = (id: number, options?: CallOptions) =>
  api.call('batch-import-order/progress', { id }, options);

/** The refused rows of an import with the reason of each, as an `.xlsx` file. Rejects with an ApiError. */
export const downloadUnitImportErrors = (id: number) => api.download('batch-import-order/error-file', { id });

/** One page of imports, newest first, optionally of one unit class. Rejects with an ApiError. */
export const pageUnitImports = (query: InputOf<Calls['batch-import-order/page']>, options?: CallOptions) =>
  api.call('batch-import-order/page', query, options);

/** One page of batch orders, newest first (a unit manager: their unit's). Rejects with an ApiError. */
export const pageBatchOrders = (query: InputOf<Calls['batch-order/page']>, options?: CallOptions) =>
  api.call('batch-order/page', query, options);

/** One batch order (the head of its detail). Rejects with an ApiError. */
export const getBatchOrder = (id: number, options?: CallOptions) =>
  api.call('batch-order/detail', { id }, options);

/** One page of a batch order's child orders, optionally searched by student. Rejects with an ApiError. */
export const pageBatchOrderChildren = (
  query: InputOf<Calls['batch-order/children']>,
  options?: CallOptions,
) => api.call('batch-order/children', query, options);

/**
 * Starts (or resumes) paying the whole batch with one WeChat Native payment: the code to scan, or
 * `{ kind: 'PAID' }` when it turned out paid already. Rejects with an ApiError (not payable).
 */
export const payBatchOrder = (id: number) => api.call('batch-order/pay', { id });

/** The PNG QR code of the batch order's open Native payment. Rejects with an ApiError. */
export const fetchBatchPayQr = (id: number) => api.download('batch-order/pay-qr', { id });

/** The batch order's state as the server knows it (polled while a payment is open). Rejects with an ApiError. */
export const getBatchOrderPaid = (id: number, options?: CallOptions) =>
  api.call('batch-order/is-paid', { id }, options);

/**
 * Staff mark a batch order paid offline (OFFLINE) or free (FREE), with a reason; resolves to the
 * batch order. Rejects with an ApiError (an ApiFieldsError naming the refused fields).
 */
export const passBatchOrder = (payload: InputOf<Calls['batch-order/pass']>) =>
  api.call('batch-order/pass', payload);

/** Takes students' child orders out of an unpaid batch order; resolves to the batch order. Rejects with an ApiError. */
export const removeBatchOrderChildren = (id: number, orderIds: number[]) =>
  api.call('batch-order/delete', { id, orderIds });

/** Cancels an unpaid batch order (every child order closes); resolves to the batch order. Rejects with an ApiError. */
export const cancelBatchOrder = (id: number) => api.call('batch-order/cancel', { id });

/** Where the caller's unit stands (unit classes, students by state, unpaid batch orders). Rejects with an ApiError. */
export const getUnitWorkspace = (options?: CallOptions) => api.call('unit-workspace/overview', {}, options);

/** Refunds students' child orders of a paid batch order, each in full. Rejects with an ApiError. */
export const refundBatchOrderChildren = (id: number, orderIds: number[], reason: string) =>
  api.call('batch-order/refund', { id, orderIds, reason });

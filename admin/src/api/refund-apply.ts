import type { Calls } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** One page of the project's refund applications, newest first, filtered. Rejects with an ApiError. */
export const listRefundApplies = (query: InputOf<Calls['refund-apply/list']>, ...options: [CallOptions?]) =>
  api.call('refund-apply/list', query, ...options);

/** The applications of `filters` as an `.xlsx` file (every page). Rejects with an ApiError. */
export const exportRefundApplies = (filters: InputOf<Calls['refund-apply/export']>) =>
  api.download('refund-apply/export', filters);

/**
 * Approves a pending application: the order (or its class) is refunded through WeChat Pay; resolves
 * to the application (REFUNDING, SUCCESS, or FAILED with the reason). Rejects with an ApiError.
 */
export const approveRefundApply = (id: number) => api.call('refund-apply/do', { id });

/** Rejects a pending application with a reason. Rejects with an ApiError (an ApiFieldsError naming `reason`). */
export const rejectRefundApply = (id: number, reason: string) =>
  api.call('refund-apply/reject', { id, reason });

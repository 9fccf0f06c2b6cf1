import { api } from './request';

/** Whether the student may apply for a refund of their order now (and why not), what would go back, the refund text. */
export const getRefundData = (orderId: number) => api.call('refund-apply/get-data', { orderId });

/** Applies for a refund of a paid order (or one class of it). Rejects with an ApiError naming the rule that stops it. */
export const submitRefundApply = (input: { orderId: number; orderItemId?: number; reason: string }) =>
  api.call('refund-apply/submit', input);

/** Withdraws a pending application. Rejects with an ApiError (no longer pending). */
export const cancelRefundApply = (id: number) => api.call('refund-apply/cancel', { id });

/** The student's refund applications, newest first. Rejects with an ApiError. */
export const listMyRefundApplies = () => api.call('refund-apply/my-list', {}, { quiet: true });

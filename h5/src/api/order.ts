import type { Calls, PayMethod } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/** Filters and page of `order/my-order-page` (the student's orders). */
export type MyOrderQuery = InputOf<Calls['order/my-order-page']>;

/**
 * Checks cart items (cart item ids) out into one order; a free one comes back PAID. Rejects with an
 * ApiError (class no longer offered, enrolled, in an unpaid order), shown by the request client.
 */
export const submitOrder = (cartItemIds: number[]) => api.call('order/submit', { cartItemIds });

/** The student's newest unpaid order to resume, or `{ order: null }`. Rejects with an ApiError. */
export const checkWaitPay = () => api.call('order/check-wait-pay', {});

/** One order of the student. Rejects with an ApiError (订单不存在 for another's or an unknown id). */
export const findMyOrder = (id: number) => api.call('order/my-order-detail', { id });

/**
 * Starts (or resumes) paying an unpaid order through WeChat Pay: JSAPI parameters for
 * `wx.chooseWXPay`, a Native code, or PAID. Rejects with an ApiError (closed, expired, no merchant).
 */
export const payOrder = (id: number, method: PayMethod) => api.call('order/pay', { id, method });

/** The PNG QR code of the order's open Native payment, as a Blob. Rejects with an ApiError. */
export const getPayQr = (id: number) => api.download('order/pay-qr', { id });

/**
 * Whether the order is paid, as the server knows it (quiet: polled every 2 s while a payment may be
 * under way). Rejects with an ApiError.
 */
export const checkOrderPaid = (id: number) => api.call('order/is-paid', { id }, { quiet: true });

/** Cancels an unpaid order of the student. Rejects with an ApiError (no longer unpaid). */
export const cancelOrder = (id: number) => api.call('order/cancel', { id });

/** One page of the student's orders, newest first, optionally of one state. Rejects with an ApiError. */
export const listMyOrders = (query: MyOrderQuery) => api.call('order/my-order-page', query);

import type { Calls } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** One page of the project's orders, newest first, filtered. Rejects with an ApiError. */
export const listOrders = (query: InputOf<Calls['order/page']>, ...options: [CallOptions?]) =>
  api.call('order/page', query, ...options);

/** The orders of `filters` as an `.xlsx` file (every page). Rejects with an ApiError. */
export const exportOrders = (filters: InputOf<Calls['order/export']>) =>
  api.download('order/export', filters);

/** One order of the project with its items, payments and state history. Rejects with an ApiError (订单不存在). */
export const getOrder = (id: number, ...options: [CallOptions?]) =>
  api.call('order/detail', { id }, ...options);

/**
 * Asks WeChat Pay about the order's open payments and applies what it says; resolves to the order's
 * state, WeChat's trade state per payment and whether anything changed. Rejects with an ApiError.
 */
export const queryOrderWechat = (id: number) => api.call('order/query-wechat', { id });

/** Up to 20 students of the project by part of the name, ID number or mobile (免费开通). Rejects with an ApiError. */
export const findStudentOptions = (keyword: string, ...options: [CallOptions?]) =>
  api.call('order/student-options', { keyword }, ...options);

/**
 * Up to 50 classes of the project by part of the name, newest year first, with year, price and
 * shelf state (免费开通 and the list's class filter). Rejects with an ApiError.
 */
export const findClassOptions = (name: string, ...options: [CallOptions?]) =>
  api.call('order/class-options', name ? { name } : {}, ...options);

/**
 * Enrols students in classes without payment, one PAID order (channel FREE) per student: one
 * student through `order/free-order`, several through `order/batch-free-order` (all or nothing).
 * Resolves to the orders created. Rejects with an ApiError (a student already enrolled refuses all;
 * an ApiFieldsError naming refused fields).
 */
export function createFreeOrders(input: { accountIds: number[]; classIds: number[]; reason: string }) {
  const { accountIds, classIds, reason } = input;
  const [only] = accountIds;
  if (accountIds.length === 1 && only !== undefined)
    return api.call('order/free-order', { accountId: only, classIds, reason });
  return api.call('order/batch-free-order', { accountIds, classIds, reason });
}

/**
 * Refunds a paid order (staff holding 退款申请), logged with the reason: what is left of it, or only
 * the class `orderItemId` (a partial refund). Resolves to the refund as started (SUCCESS at once
 * without WeChat Pay, else REFUNDING). Rejects with an ApiError (not paid, already refunding, ...).
 */
export const refundOrder = (input: InputOf<Calls['order/refund']>) => api.call('order/refund', input);

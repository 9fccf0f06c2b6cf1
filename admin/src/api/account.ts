import type { Calls, RecordStatus, UnitOption } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api, type RequestOptions, request } from './request';

/**
 * One page of the project's staff accounts (role systems 2 and 4), newest first, filtered by part of
 * the name, role, status and unit. Rejects with an ApiError; `options.quiet` shows nothing on failure.
 */
export const queryAccounts = (query: InputOf<Calls['account/query']>, ...options: [RequestOptions?]) =>
  api.call('account/query', query, ...options);

/**
 * Creates (without `id`) or updates a staff account: `password` is encrypted like the login payload
 * (required when creating), `unitId` is required for a unit manager's role. Answers the row as the
 * list shows it. Rejects with an ApiError.
 */
export const saveAccount = (payload: InputOf<Calls['account/add']>) => api.call('account/add', payload);

/** Enables or disables a staff account (disabling ends its sessions). Rejects with an ApiError. */
export async function setAccountStatus(id: number, status: RecordStatus): Promise<void> {
  await api.call('account/disable', { id, status });
}

/** Deletes a staff account. Rejects with an ApiError (不能删除自己的账号, 账号不存在). */
export async function deleteAccount(id: number): Promise<void> {
  await api.call('account/delete', { id });
}

/**
 * Sets a staff account's password: the given encrypted one, or (without one) a random one that the
 * answer carries once. Rejects with an ApiError.
 */
export const resetAccountPassword = (id: number, password?: string) =>
  api.call('account/reset-password', password === undefined ? { id } : { id, password });

/**
 * The project's enabled units (`unit/all-unit-tree`), for the unit select of an account. Rejects with
 * an ApiError. (The unit calls join the catalogue with the unit module's conversion.)
 */
export function getUnitOptions(): Promise<UnitOption[]> {
  return request<UnitOption[]>({ url: '/unit/all-unit-tree.action', method: 'post' });
}

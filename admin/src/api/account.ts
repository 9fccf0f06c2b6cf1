import type {
  AccountAddInput,
  PageAnswer,
  RecordStatus,
  ResetPasswordAnswer,
  StaffAccountItem,
  UnitOption,
} from '@px/api/contract';
import { type RequestOptions, request } from './request';

/** Filters and page of `account/query` (the administrator list). */
export interface AccountQuery {
  pageNum: number;
  pageSize: number;
  /** Part of the real name or of the account name. */
  name?: string;
  roleId?: number;
  status?: RecordStatus;
  unitId?: number;
}

/**
 * What `account/add` takes: without `id` a new account. `password` is encrypted like the login
 * payload (required when creating); `unitId` is required for a unit manager's role.
 */
export type AccountSavePayload = AccountAddInput;

/**
 * One page of the project's staff accounts (role systems 2 and 4), newest first. Rejects with an
 * ApiError; `options.quiet` shows nothing on failure.
 */
export function queryAccounts(
  query: AccountQuery,
  ...options: [RequestOptions?]
): Promise<PageAnswer<StaffAccountItem>> {
  return request<PageAnswer<StaffAccountItem>>(
    { url: '/account/query.action', method: 'post', data: query },
    ...options,
  );
}

/** Creates or updates a staff account; answers the row as the list shows it. Rejects with an ApiError. */
export function saveAccount(payload: AccountSavePayload): Promise<StaffAccountItem> {
  return request<StaffAccountItem>({ url: '/account/add.action', method: 'post', data: payload });
}

/** Enables or disables a staff account (disabling ends its sessions). Rejects with an ApiError. */
export function setAccountStatus(id: number, status: RecordStatus): Promise<void> {
  return request<void>({ url: '/account/disable.action', method: 'post', data: { id, status } });
}

/** Deletes a staff account. Rejects with an ApiError (不能删除自己的账号, 账号不存在). */
export function deleteAccount(id: number): Promise<void> {
  return request<void>({ url: '/account/delete.action', method: 'post', data: { id } });
}

/**
 * Sets a staff account's password: the given encrypted one, or (without one) a random one that the
 * answer carries once. Rejects with an ApiError.
 */
export function resetAccountPassword(id: number, password?: string): Promise<ResetPasswordAnswer> {
  return request<ResetPasswordAnswer>({
    url: '/account/reset-password.action',
    method: 'post',
    data: password === undefined ? { id } : { id, password },
  });
}

/** The project's enabled units (`unit/all-unit-tree`), for the unit select of an account. Rejects with an ApiError. */
export function getUnitOptions(): Promise<UnitOption[]> {
  return request<UnitOption[]>({ url: '/unit/all-unit-tree.action', method: 'post' });
}

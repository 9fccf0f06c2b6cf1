import type { Calls } from '@px/api/contract';
import type { InputOf, RoleSystem } from '@px/config';
import { api } from './request';

/** Every role of the caller's project (optionally of one role system), for selects. Rejects with an ApiError. */
export const queryRoles = (roleSystem?: RoleSystem) =>
  api.call('role/query', roleSystem === undefined ? {} : { roleSystem });

/** One page of the caller's roles (filtered by part of the name and the role system) with their menus and account counts. Rejects with an ApiError. */
export const pageRoles = (query: InputOf<Calls['role/page']>) => api.call('role/page', query);

/** One role with its granted menu URLs. Rejects with an ApiError (角色不存在). */
export const findRole = (id: number) => api.call('role/find', { id });

/**
 * Creates (without `id`) or updates a role, `menu` listing the granted back-office URLs; answers it as
 * saved (sections of granted pages added). Rejects with an ApiError.
 */
export const saveRole = (payload: InputOf<Calls['role/save']>) => api.call('role/save', payload);

/** Deletes a role that no account holds. Rejects with an ApiError (内置角色不能删除, 该角色下仍有账号…). */
export async function deleteRole(id: number): Promise<void> {
  await api.call('role/delete', { id });
}

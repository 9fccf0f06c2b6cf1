import type { PageAnswer, RoleItem, RoleOption, RoleSaveInput } from '@px/api/contract';
import type { RoleSystem } from '@px/config';
import { request } from './request';

/** Filters and page of `role/page`. */
export interface RolePageQuery {
  pageNum: number;
  pageSize: number;
  /** Part of the role name. */
  name?: string;
  roleSystem?: RoleSystem;
}

/** What `role/save` takes: without `id` a new role; `menu` lists granted back-office URLs. */
export type RoleSavePayload = RoleSaveInput;

/** Every role of the caller's project (optionally of one role system), for selects. Rejects with an ApiError. */
export function queryRoles(roleSystem?: RoleSystem): Promise<RoleOption[]> {
  return request<RoleOption[]>({
    url: '/role/query.action',
    method: 'post',
    data: roleSystem === undefined ? {} : { roleSystem },
  });
}

/** One page of the caller's roles with their menus and account counts. Rejects with an ApiError. */
export function pageRoles(query: RolePageQuery): Promise<PageAnswer<RoleItem>> {
  return request<PageAnswer<RoleItem>>({ url: '/role/page.action', method: 'post', data: query });
}

/** One role with its granted menu URLs. Rejects with an ApiError (角色不存在). */
export function findRole(id: number): Promise<RoleItem> {
  return request<RoleItem>({ url: '/role/find.action', method: 'post', data: { id } });
}

/** Creates or updates a role; answers it as saved (sections of granted pages added). Rejects with an ApiError. */
export function saveRole(payload: RoleSavePayload): Promise<RoleItem> {
  return request<RoleItem>({ url: '/role/save.action', method: 'post', data: payload });
}

/** Deletes a role that no account holds. Rejects with an ApiError (内置角色不能删除, 该角色下仍有账号…). */
export function deleteRole(id: number): Promise<void> {
  return request<void>({ url: '/role/delete.action', method: 'post', data: { id } });
}

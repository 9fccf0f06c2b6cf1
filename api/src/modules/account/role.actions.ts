import { ROLE_SYSTEM } from '@px/config';
import { z } from 'zod';
import { roleIdInput, rolePageInput, roleQueryInput, roleSaveInput } from '../../contract/role';
import { defineAction } from '../../core/action';
import { requirePrincipal } from '../../core/tenant';
import {
  deleteRole,
  findRole,
  myPermission,
  pageRoles,
  queryRoles,
  roleScope,
  saveRole,
} from './role.service';

/** The role screen; its URL grants every role call but get-my-permission. */
const ROLE_SCREEN = ['/account-manage/role'];
const STAFF = [ROLE_SYSTEM.PLATFORM, ROLE_SYSTEM.PROJECT];

/** `role/query`: every role of the caller's project (platform staff: platform roles), for selects. */
export const roleQuery = defineAction({
  group: 'role',
  name: 'query',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  roles: STAFF,
  permission: [...ROLE_SCREEN, '/account-manage/administrator-list'],
  input: roleQueryInput,
  async handler(ctx, input) {
    return queryRoles(roleScope(ctx), input.roleSystem);
  },
});

/** `role/page`: paged roles with their menus and account counts. */
export const rolePage = defineAction({
  group: 'role',
  name: 'page',
  auth: 'signed-in',
  roles: STAFF,
  permission: ROLE_SCREEN,
  input: rolePageInput,
  async handler(ctx, input) {
    return pageRoles(roleScope(ctx), input);
  },
});

/** `role/find`: one role with its menu URLs. */
export const roleFind = defineAction({
  group: 'role',
  name: 'find',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  roles: STAFF,
  permission: ROLE_SCREEN,
  input: roleIdInput,
  async handler(ctx, input) {
    return findRole(roleScope(ctx), input.id);
  },
});

/** `role/save`: creates or updates a role (name, role system, menu, remark). */
export const roleSave = defineAction({
  group: 'role',
  name: 'save',
  auth: 'signed-in',
  roles: STAFF,
  permission: ROLE_SCREEN,
  input: roleSaveInput,
  async handler(ctx, input) {
    return saveRole(ctx, roleScope(ctx), input);
  },
});

/** `role/delete`: deletes a role no account holds. */
export const roleDelete = defineAction({
  group: 'role',
  name: 'delete',
  auth: 'signed-in',
  roles: STAFF,
  permission: ROLE_SCREEN,
  input: roleIdInput,
  async handler(ctx, input) {
    await deleteRole(ctx, roleScope(ctx), input.id);
    return null;
  },
});

/** `role/get-my-permission`: the caller's granted URLs and menu tree (any signed-in caller). */
export const roleGetMyPermission = defineAction({
  group: 'role',
  name: 'get-my-permission',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  input: z.object({}),
  async handler(ctx) {
    return myPermission(requirePrincipal(ctx));
  },
});

export const roleActions = [roleQuery, rolePage, roleFind, roleSave, roleDelete, roleGetMyPermission];

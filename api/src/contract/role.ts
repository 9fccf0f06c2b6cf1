import type { MenuRP, RoleSystem } from '@px/config';
import { z } from 'zod';
import { member, platformOrStaff } from './access';
import { answer, defineCalls } from './call';
import {
  type PageAnswer,
  zIdInput,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
  zStringList,
} from './common';

const ROLE_SYSTEM_MESSAGE = '角色类型应为 1、2、3 或 4';
/** A role system (1 platform, 2 project staff, 3 students, 4 unit managers) as number or text. */
export const zRoleSystem = z
  .number({ error: ROLE_SYSTEM_MESSAGE })
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: ROLE_SYSTEM_MESSAGE }));

/** `role/query`: every role of the caller's project, for selects; optionally of one role system. */
export const roleQueryInput = z.object({ roleSystem: zOptional(zRoleSystem) });
/** An entry of `role/query`. */
export interface RoleOption {
  id: number;
  name: string;
  roleSystem: RoleSystem;
}

/** `role/page`: paged roles of the caller's project; `name` matches part of the name. */
export const rolePageInput = z.object({
  ...zPage,
  name: zOptionalText(40),
  roleSystem: zOptional(zRoleSystem),
});
/** A row of `role/page` and the answer of `role/find`. */
export interface RoleItem {
  id: number;
  name: string;
  roleSystem: RoleSystem;
  /** Set on the roles the product creates (`project-admin`, `student`, ...); they cannot be deleted. */
  code: string | null;
  remark: string | null;
  /** Granted back-office menu URLs (sections of granted pages included). */
  menu: string[];
  /** Living accounts holding the role; a role with accounts cannot be deleted or change role system. */
  accountCount: number;
  createdAt: string;
  updatedAt: string;
}

/** `role/find` and `role/delete`: one role of the caller's project. */
export const roleIdInput = zIdInput;

/**
 * `role/save`: creates (without `id`) or updates a role. `menu` lists back-office URLs of the route
 * table (JSON array or comma-separated text); the sections of granted pages are added.
 */
export const roleSaveInput = z.object({
  id: zInput.optionalId(),
  name: zRequiredText('角色名称', 40),
  roleSystem: zRoleSystem,
  /** Omitted: unchanged (none for a new role). */
  menu: zStringList(z.string().max(100)).optional(),
  remark: zOptionalText(200),
});
export type RoleSaveInput = z.input<typeof roleSaveInput>;

/** `role/get-my-permission`: what the caller's role was granted. */
export interface MyPermission {
  roleId: number;
  roleName: string;
  roleSystem: RoleSystem;
  /** Granted menu URLs, as stored. */
  menu: string[];
  /** The granted part of the route table as a tree (spec section 3 menu entries). */
  menuTree: MenuRP[];
}

/**
 * Who manages roles: platform staff (the platform's roles, outside any project) and project staff
 * (their project's roles), granted the role screen. The scope comes from the caller's session, so
 * no tenant is resolved.
 */
const roleManagers = platformOrStaff;

/** The roles (`role/...`) of the caller's scope: the platform's for platform staff, else their project's. */
export const roleCalls = defineCalls('role', {
  /** Every role of the scope, for selects (also used by the administrator list). */
  query: {
    input: roleQueryInput,
    answer: answer<RoleOption[]>(),
    access: roleManagers('/account-manage/role', '/account-manage/administrator-list'),
    methods: ['GET', 'POST'],
  },
  /** Paged roles with their menus and account counts. */
  page: {
    input: rolePageInput,
    answer: answer<PageAnswer<RoleItem>>(),
    access: roleManagers('/account-manage/role'),
  },
  /** One role with its menu URLs. */
  find: {
    input: roleIdInput,
    answer: answer<RoleItem>(),
    access: roleManagers('/account-manage/role'),
    methods: ['GET', 'POST'],
  },
  /** Creates or updates a role (name, role system, menu, remark). */
  save: { input: roleSaveInput, answer: answer<RoleItem>(), access: roleManagers('/account-manage/role') },
  /** Deletes a role no account holds. */
  delete: { input: roleIdInput, answer: answer<null>(), access: roleManagers('/account-manage/role') },
  /** The caller's granted URLs and menu tree (any signed-in caller). */
  'get-my-permission': {
    input: z.object({}),
    answer: answer<MyPermission>(),
    access: member,
    methods: ['GET', 'POST'],
  },
});

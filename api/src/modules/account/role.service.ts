import {
  ADMIN_MENU,
  ADMIN_MENU_URLS,
  type AdminMenuEntry,
  flattenAdminMenu,
  grantedMenuTree,
  ROLE_SYSTEM,
  type RoleSystem,
} from '@px/config';
import { literal, Op, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import type { MyPermission, RoleItem, RoleOption, rolePageInput, roleSaveInput } from '../../contract/role';
import type { Principal, SignedInScope } from '../../core/action';
import { BusinessError, fieldError, uniqueRefusal, ValidationError } from '../../core/errors';
import { judge } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { audit } from '../audit/audit.service';
import { Account } from './account.model';
import { presentRole } from './account.presenter';
import { Role } from './role.model';
import './role.policy';
import { modelPage } from '../../core/newest-first';

/**
 * The roles a caller manages: those of the session's project; platform staff, who work outside
 * projects (NULL), the platform's roles.
 */
function roleScope(principal: Principal): number | null {
  return principal.projectId;
}

/** Role systems allowed in a scope: 1 for platform roles, 2, 3 and 4 within a project. */
function allowedRoleSystems(scope: number | null): RoleSystem[] {
  return scope === null
    ? [ROLE_SYSTEM.PLATFORM]
    : [ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.STUDENT, ROLE_SYSTEM.UNIT];
}

/** Each URL of the route table with its section (the entry above it), for implied grants. */
const PARENT_OF = new Map<string, string>();
(function collectParents(entries: AdminMenuEntry[], parent?: string) {
  for (const entry of entries) {
    if (parent) PARENT_OF.set(entry.url, parent);
    collectParents(entry.children ?? [], entry.url);
  }
})(ADMIN_MENU);
const MENU_ORDER = new Map(flattenAdminMenu().map((entry, index) => [entry.url, index]));

/** The URLs sent plus the sections of the pages among them, in route-table order. */
export function withSections(urls: Iterable<string>): string[] {
  const all = new Set<string>();
  for (const url of urls) {
    for (let current: string | undefined = url; current; current = PARENT_OF.get(current)) all.add(current);
  }
  return [...all].sort((a, b) => (MENU_ORDER.get(a) ?? 0) - (MENU_ORDER.get(b) ?? 0));
}

/** SQL counting the living accounts of the role row `"Role"`. */
const ACCOUNT_COUNT = literal(
  '(SELECT COUNT(*)::int FROM account a WHERE a.role_id = "Role".id AND a.deleted_at IS NULL)',
);

/** Every role of the caller's scope (optionally of one role system), for selects. */
export async function queryRoles(scope: SignedInScope, roleSystem?: RoleSystem): Promise<RoleOption[]> {
  const roles = await Role.findAll({
    where: { projectId: roleScope(scope.principal), ...(roleSystem === undefined ? {} : { roleSystem }) },
    order: [
      ['roleSystem', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return roles.map((role) => ({ id: role.id, name: role.name, roleSystem: role.roleSystem }));
}

/** One page of the caller's roles; `name` matches part of the name. */
export async function pageRoles(
  scope: SignedInScope,
  input: z.output<typeof rolePageInput>,
): Promise<PageAnswer<RoleItem>> {
  const where: WhereOptions<Role> = {
    projectId: roleScope(scope.principal),
    ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
    ...(input.roleSystem === undefined ? {} : { roleSystem: input.roleSystem }),
  };
  return modelPage(
    Role,
    {
      where,
      attributes: { include: [[ACCOUNT_COUNT, 'accountCount']] },
      order: [
        ['roleSystem', 'ASC'],
        ['id', 'ASC'],
      ],
    },
    input,
    (rows) => rows.map(presentRole),
  );
}

async function loadRole(scope: number | null, id: number, transaction?: Transaction): Promise<Role> {
  const role = await Role.findOne({
    where: { id, projectId: scope },
    attributes: { include: [[ACCOUNT_COUNT, 'accountCount']] },
    transaction,
  });
  // A role of another project answers exactly like a missing one.
  if (!role) throw new BusinessError('角色不存在');
  return role;
}

/** One role of the caller's scope with its menu URLs; throws 角色不存在 for a missing or foreign id. */
export async function findRole(scope: SignedInScope, id: number): Promise<RoleItem> {
  return presentRole(await loadRole(roleScope(scope.principal), id));
}

/**
 * Creates or updates a role of the caller's scope. Checks: a role system of the scope; menu URLs of
 * the route table that the caller holds (a student role gets none); a unique name; the role system
 * of a built-in role or of a role with accounts stays. Writes the role and an audit row in one
 * transaction. Throws ValidationError naming the field, BusinessError for a missing role.
 */
export async function saveRole(
  caller: SignedInScope,
  input: z.output<typeof roleSaveInput>,
): Promise<RoleItem> {
  const { principal } = caller;
  const scope = roleScope(principal);
  if (!allowedRoleSystems(scope).includes(input.roleSystem)) {
    const message = scope === null ? '平台角色的类型只能为 1' : '项目角色的类型只能为 2、3 或 4';
    throw new ValidationError([{ field: 'roleSystem', rule: 'scope', message }]);
  }
  const sent = input.menu ?? [];
  const unknown = sent.filter((url) => !ADMIN_MENU_URLS.has(url));
  if (unknown.length)
    throw new ValidationError([
      { field: 'menu', rule: 'exists', message: `菜单不存在：${unknown.join('、')}` },
    ]);
  if (input.roleSystem === ROLE_SYSTEM.STUDENT && sent.length)
    throw new ValidationError([{ field: 'menu', rule: 'student', message: '学员角色不能分配后台菜单' }]);

  // Two saves of one name at once: the unique index decides.
  return caller.sequelize
    .transaction(async (transaction) => {
      const existing = input.id ? await loadRole(scope, input.id, transaction) : null;
      // Nobody grants what they do not hold; URLs the role already has may stay.
      const refusal = judge({ project: { id: scope ?? 0 }, principal }, 'role.grant-menu', {
        menu: sent,
        kept: existing?.menu ?? [],
      });
      if (refusal) throw new ValidationError([{ field: 'menu', rule: 'held', message: refusal.reason }]);
      // An omitted menu stays as it is; a student role never has one.
      const menu =
        input.menu === undefined
          ? input.roleSystem === ROLE_SYSTEM.STUDENT
            ? []
            : (existing?.menu ?? [])
          : withSections(input.menu);
      const sameName = await Role.findOne({
        where: { projectId: scope, name: input.name, ...(input.id ? { id: { [Op.ne]: input.id } } : {}) },
        transaction,
      });
      if (sameName) throw new ValidationError([{ field: 'name', rule: 'unique', message: '角色名称已存在' }]);

      if (!existing) {
        const role = await Role.create(
          {
            projectId: scope,
            name: input.name,
            roleSystem: input.roleSystem,
            menu,
            remark: input.remark ?? null,
          },
          { transaction },
        );
        await audit(
          caller,
          {
            action: 'role.create',
            projectId: scope,
            targetType: 'role',
            targetId: role.id,
            detail: { name: role.name, roleSystem: role.roleSystem, menu },
          },
          transaction,
        );
        return presentRole(await loadRole(scope, role.id, transaction));
      }

      const role = existing;
      if (role.roleSystem !== input.roleSystem) {
        if (role.code)
          throw new ValidationError([
            { field: 'roleSystem', rule: 'builtin', message: '内置角色不能修改角色类型' },
          ]);
        if (Number(role.get('accountCount')) > 0)
          throw new ValidationError([
            { field: 'roleSystem', rule: 'in-use', message: '该角色下已有账号，不能修改角色类型' },
          ]);
      }
      const before = new Set(role.menu);
      const after = new Set(menu);
      await Role.update(
        { name: input.name, roleSystem: input.roleSystem, menu, remark: input.remark ?? null },
        { where: { id: role.id, projectId: scope }, transaction },
      );
      await audit(
        caller,
        {
          action: 'role.update',
          projectId: scope,
          targetType: 'role',
          targetId: role.id,
          detail: {
            name: input.name,
            roleSystem: input.roleSystem,
            granted: menu.filter((url) => !before.has(url)),
            withdrawn: role.menu.filter((url) => !after.has(url)),
          },
        },
        transaction,
      );
      return presentRole(await loadRole(scope, role.id, transaction));
    })
    .catch(uniqueRefusal(fieldError('name', 'unique', '角色名称已存在')));
}

/**
 * Deletes (soft) a role of the scope that no living account holds and that the product did not
 * create. Throws 角色不存在, 内置角色不能删除 or 该角色下仍有账号，不能删除.
 */
export async function deleteRole(caller: SignedInScope, id: number): Promise<void> {
  const scope = roleScope(caller.principal);
  await caller.sequelize.transaction(async (transaction) => {
    const role = await loadRole(scope, id, transaction);
    if (role.code) throw new BusinessError('内置角色不能删除');
    // Lock the role so that no account can be given it while it is being deleted.
    await Role.findOne({ where: { id, projectId: scope }, lock: transaction.LOCK.UPDATE, transaction });
    // A role's accounts are of the role's project (the platform's: none).
    if ((await Account.count({ where: { roleId: id, projectId: scope }, transaction })) > 0)
      throw new BusinessError('该角色下仍有账号，不能删除');
    await Role.destroy({ where: { id, projectId: scope }, transaction });
    await audit(
      caller,
      {
        action: 'role.delete',
        projectId: scope,
        targetType: 'role',
        targetId: id,
        detail: { name: role.name },
      },
      transaction,
    );
  });
}

/** What the caller's role grants: its URLs and the granted part of the route table as a tree. */
export async function myPermission(scope: SignedInScope): Promise<MyPermission> {
  const { principal } = scope;
  const role = await Role.findOne({
    where: { id: principal.roleId, projectId: principal.projectId },
    paranoid: false,
  });
  const menu = role?.menu ?? [...principal.menu];
  return {
    roleId: principal.roleId,
    roleName: role?.name ?? '',
    roleSystem: principal.roleSystem,
    menu,
    menuTree: grantedMenuTree(menu),
  };
}

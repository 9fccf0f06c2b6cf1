import type { StaffAccountItem } from '../../contract/account';
import type { RoleItem } from '../../contract/role';
import type { Account } from './account.model';
import type { Role } from './role.model';

/** How the account module's answers are shaped: staff accounts and roles. */

/** A staff account as the administrator list shows it (`units`: unit names by id). */
export function presentStaff(account: Account, units: Map<number, string>): StaffAccountItem {
  return {
    id: account.id,
    accountName: account.accountName,
    realName: account.realName,
    mobile: account.mobile,
    roleId: account.roleId,
    roleName: account.role?.name ?? '',
    roleSystem: account.roleSystem,
    unitId: account.unitId,
    unitName: account.unitId === null ? null : (units.get(account.unitId) ?? null),
    status: account.status,
    lastLoginAt: account.lastLoginAt?.toISOString() ?? null,
    createdAt: account.createdAt.toISOString(),
  };
}

/** A role as the role list shows it. */
export function presentRole(role: Role): RoleItem {
  return {
    id: role.id,
    name: role.name,
    roleSystem: role.roleSystem,
    code: role.code,
    remark: role.remark,
    menu: role.menu,
    accountCount: Number(role.get('accountCount') ?? 0),
    createdAt: role.createdAt.toISOString(),
    updatedAt: role.updatedAt.toISOString(),
  };
}

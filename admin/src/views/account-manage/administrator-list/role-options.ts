import type { RoleOption } from '@px/api/contract';
import { ROLE_SYSTEM_LABEL } from '@px/config';
import { STAFF_ROLE_SYSTEMS } from './hooks/useAccountOptions';

/** A role select's options grouped by role system (项目后台, 单位管理). */
export function groupedRoleOptions(roles: readonly RoleOption[]) {
  return STAFF_ROLE_SYSTEMS.map((system) => ({
    label: ROLE_SYSTEM_LABEL[system],
    title: ROLE_SYSTEM_LABEL[system],
    options: roles
      .filter((role) => role.roleSystem === system)
      .map((role) => ({ value: role.id, label: role.name })),
  })).filter((group) => group.options.length > 0);
}

import type { AccountInfo } from '@px/api/contract';
import { ROLE_SYSTEM, ROLE_SYSTEM_LABEL, type RoleSystem } from '@px/config';
import { labelOptions } from '../../../utils/label-options';

/** The role systems a project's roles may have, in the order the select offers them. */
const PROJECT_ROLE_SYSTEMS: readonly RoleSystem[] = [
  ROLE_SYSTEM.PROJECT,
  ROLE_SYSTEM.UNIT,
  ROLE_SYSTEM.STUDENT,
];
/** The role system of the platform's own roles. */
const PLATFORM_ROLE_SYSTEMS: readonly RoleSystem[] = [ROLE_SYSTEM.PLATFORM];

/**
 * The role systems the signed-in person's roles may have: platform staff outside a project manage
 * the platform's roles (1), everyone else the roles of their project (2, 4, 3).
 */
export function roleSystemsFor(
  info: Pick<AccountInfo, 'projectId' | 'roleRP'> | null,
): readonly RoleSystem[] {
  return info?.roleRP.roleSystem === ROLE_SYSTEM.PLATFORM && info.projectId === null
    ? PLATFORM_ROLE_SYSTEMS
    : PROJECT_ROLE_SYSTEMS;
}

/** Options of a role-system select. */
export function roleSystemOptions(systems: readonly RoleSystem[]): { value: RoleSystem; label: string }[] {
  return labelOptions(systems, ROLE_SYSTEM_LABEL);
}

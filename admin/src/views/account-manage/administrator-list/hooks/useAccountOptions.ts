import type { RoleOption, UnitOption } from '@px/api/contract';
import { ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { useEffect, useState } from 'react';
import { getUnitOptions } from '../../../../api/account';
import { queryRoles } from '../../../../api/role';

/** The role systems of the administrator list: project staff and unit managers. */
export const STAFF_ROLE_SYSTEMS: readonly RoleSystem[] = [ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.UNIT];

/** The choices of the role and unit selects. */
export interface AccountOptions {
  /** The project's roles of role systems 2 and 4. */
  roles: RoleOption[];
  /** The project's enabled units. */
  units: UnitOption[];
}

/**
 * Loads the roles (role systems 2 and 4 of `role/query`) and units (`unit/all-unit-tree`) the
 * administrator list offers, once. A failed call (shown by the request client) leaves its list empty.
 */
export function useAccountOptions(): AccountOptions {
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [units, setUnits] = useState<UnitOption[]>([]);
  useEffect(() => {
    let current = true;
    queryRoles().then(
      (all) => current && setRoles(all.filter((role) => STAFF_ROLE_SYSTEMS.includes(role.roleSystem))),
      () => undefined,
    );
    getUnitOptions().then(
      (list) => current && setUnits(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return { roles, units };
}

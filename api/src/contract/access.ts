import { type MenuUrl, ROLE_SYSTEM } from '@px/config';
import type { CallAccess } from './call';

/**
 * The access presets of the call catalogue: who may call and where the tenant comes from. Each
 * keeps its literal types so the server's handlers are typed by what the router guarantees (a
 * `signed-in` call's handler always has a principal, a `session` call's always has a project).
 */

/** Anyone, in no project (captcha, platform-wide lookups). */
export const anyone = { auth: 'public', tenant: 'none' } as const satisfies CallAccess;

/** Anyone, in the project of the request: `unitId`'s project, else the host's, else the default one. */
export const visitor = { auth: 'public', tenant: 'request' } as const satisfies CallAccess;

/** Anyone; a signed-in caller works in their own project, anyone else in the request's. */
export const guest = { auth: 'optional', tenant: 'caller' } as const satisfies CallAccess;

/** Any signed-in account, in its session's project when it has one (its own account, sign-out). */
export const member = { auth: 'signed-in', tenant: 'none' } as const satisfies CallAccess;

/** Anyone, with their session when they send a token (logout, check-login); in no project. */
export const anyCaller = { auth: 'optional', tenant: 'none' } as const satisfies CallAccess;

/**
 * Any signed-in account in its session's project; platform staff between projects work in the
 * request's project (their own SMS codes: changing their mobile or password).
 */
export const accountHolder = { auth: 'signed-in', tenant: 'caller' } as const satisfies CallAccess;

/** Any signed-in account of the listed role systems, in its own project (`session`). */
export const signedIn = <const R extends readonly (typeof ROLE_SYSTEM)[keyof typeof ROLE_SYSTEM][]>(
  ...roles: R
) => ({ auth: 'signed-in', roles, tenant: 'session' }) as const satisfies CallAccess;

/** A signed-in student (role system 3) in their project. */
export const student = {
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.STUDENT],
  tenant: 'session',
} as const satisfies CallAccess;

/** Project staff (role system 2) in their project, granted one of the pages. */
export const staff = <const P extends readonly MenuUrl[]>(...permission: P) =>
  ({
    auth: 'signed-in',
    roles: [ROLE_SYSTEM.PROJECT],
    permission,
    tenant: 'session',
  }) as const satisfies CallAccess;

/** A unit manager (role system 4) in their project; the unit comes from the session. */
export const unitManager = {
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.UNIT],
  tenant: 'session',
} as const satisfies CallAccess;

/** Platform staff (role system 1), outside any project, granted one of the pages. */
export const platform = <const P extends readonly MenuUrl[]>(...permission: P) =>
  ({
    auth: 'signed-in',
    roles: [ROLE_SYSTEM.PLATFORM],
    permission,
    tenant: 'none',
  }) as const satisfies CallAccess;

/**
 * Platform staff (role system 1, every project) or project staff (2, their own), granted one of the
 * pages. No tenant is resolved by the router (platform staff have none): the service binds project
 * staff to their own project.
 */
export const platformOrStaff = <const P extends readonly MenuUrl[]>(...permission: P) =>
  ({
    auth: 'signed-in',
    roles: [ROLE_SYSTEM.PLATFORM, ROLE_SYSTEM.PROJECT],
    permission,
    tenant: 'none',
  }) as const satisfies CallAccess;

/**
 * Project staff or unit managers (role systems 2 and 4) in their project, granted one of the pages.
 * The router lets both in; the module's record policy then narrows a unit manager to their own
 * unit's rows (e.g. `modules/unit/unit.policy.ts`).
 */
export const staffOrUnitManager = <const P extends readonly MenuUrl[]>(...permission: P) =>
  ({
    auth: 'signed-in',
    roles: [ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.UNIT],
    permission,
    tenant: 'session',
  }) as const satisfies CallAccess;

import { hash, randomBytes } from 'node:crypto';
import { type RoleSystem, SESSION_TTL_MS } from '@px/config';
import { Op, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Principal } from '../../core/action';
import { sharedCache } from '../../core/change-feed';
import { withBypass } from '../../db/tenant-access';
import { Session } from './session.model';

/** How long a session lives without use (shared with the clients, which keep their cookie as long). */
export { SESSION_TTL_MS };
/** Sessions of platform staff signed in as another account (super account) end sooner. */
export const IMPERSONATION_TTL_MS = 2 * 3600_000;

/** A token's SHA-256 as hex (what `session.token_hash` holds); one-shot, as every signed-in call hashes its token. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export interface NewSession {
  accountId: number;
  projectId: number | null;
  roleSystem: RoleSystem;
  impersonatorId?: number;
  /** Opened by a partner's single-sign-on ticket: limited to this app's embedded study of one enrolment. */
  embedded?: { appId: number; myClassId: number };
  /** A term other than the role's (embedded sessions are short). */
  ttlMs?: number;
  ip?: string;
  userAgent?: string;
}

/** Opens a session and returns its token (256 random bits, base64url); only its hash is stored. */
export async function openSession(input: NewSession, transaction?: Transaction): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const ttl = input.ttlMs ?? (input.impersonatorId ? IMPERSONATION_TTL_MS : SESSION_TTL_MS[input.roleSystem]);
  await Session.create(
    {
      tokenHash: hashToken(token),
      accountId: input.accountId,
      projectId: input.projectId,
      roleSystem: input.roleSystem,
      impersonatorId: input.impersonatorId ?? null,
      partnerAppId: input.embedded?.appId ?? null,
      myClassId: input.embedded?.myClassId ?? null,
      ip: input.ip?.slice(0, 64) ?? null,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + ttl),
    },
    { transaction },
  );
  return token;
}

/** The account whose sessions are ended; its sessions carry its project. */
export interface SessionOwner {
  id: number;
  projectId: number | null;
}

/** Ends the session of a token (logout). Returns whether a live session was ended. */
export async function revokeSession(token: string): Promise<boolean> {
  const [count] = await Session.update(
    { revokedAt: new Date() },
    // A token names one session, whatever its project.
    { where: { tokenHash: hashToken(token), revokedAt: null }, allTenants: true },
  );
  return count > 0;
}

/** Ends the caller's session (logout, switching accounts). Returns whether a live session was ended. */
export async function revokeSessionById(
  session: Pick<Principal, 'sessionId' | 'projectId'>,
  transaction?: Transaction,
): Promise<boolean> {
  const [count] = await Session.update(
    { revokedAt: new Date() },
    { where: { id: session.sessionId, projectId: session.projectId, revokedAt: null }, transaction },
  );
  return count > 0;
}

/** Ends every live session of an account except one (the caller's, after a password change). */
export async function revokeOtherSessions(
  account: SessionOwner,
  keepSessionId: string,
  transaction?: Transaction,
): Promise<void> {
  await Session.update(
    { revokedAt: new Date() },
    {
      where: {
        accountId: account.id,
        projectId: account.projectId,
        revokedAt: null,
        id: { [Op.ne]: keepSessionId },
      },
      transaction,
    },
  );
}

/** Ends every live session of an account (password changed, account disabled or deleted). */
export async function revokeAccountSessions(account: SessionOwner, transaction?: Transaction): Promise<void> {
  await Session.update(
    { revokedAt: new Date() },
    { where: { accountId: account.id, projectId: account.projectId, revokedAt: null }, transaction },
  );
}

interface SessionRow {
  session_id: string;
  account_id: number;
  project_id: number | null;
  role_system: RoleSystem;
  role_id: number;
  menu: string[];
  unit_id: number | null;
  impersonator_id: number | null;
  partner_app_id: number | null;
  my_class_id: number | null;
  expires_at: Date;
  last_seen_at: Date;
  impersonated: boolean;
  project_name: string | null;
  project_settings: unknown;
  project_status: string | null;
}

/** A live session as read from the database: its principal and when it ends. */
export interface LiveSession {
  principal: Principal;
  /** When it expires (epoch ms) unless used again. */
  expiresAtMs: number;
  /** Impersonation and embedded (partner) sessions do not slide. */
  impersonated: boolean;
}

/**
 * Reads a token's session in one query: it must be live (not revoked, not expired), its account
 * enabled and not deleted (a unit manager's unit enabled). Null when not valid.
 */
export async function readSession(sequelize: Sequelize, token: string): Promise<LiveSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await sequelize.query<SessionRow>(
    `SELECT s.id AS session_id, s.account_id, s.project_id, s.role_system, s.impersonator_id,
            s.partner_app_id, s.my_class_id, s.expires_at, s.last_seen_at,
            (s.impersonator_id IS NOT NULL OR s.partner_app_id IS NOT NULL) AS impersonated,
            a.role_id, a.unit_id, r.menu,
            p.name AS project_name, p.settings AS project_settings, p.status AS project_status
       FROM session s
       JOIN account a ON a.id = s.account_id AND a.deleted_at IS NULL AND a.status = 'ENABLED'
       JOIN role r ON r.id = a.role_id
       LEFT JOIN unit u ON u.id = a.unit_id
       LEFT JOIN project p ON p.id = s.project_id
      WHERE s.token_hash = :tokenHash AND s.revoked_at IS NULL AND s.expires_at > now()
        -- A unit manager's sessions stop while their unit is disabled.
        AND (a.role_system <> 4 OR u.status = 'ENABLED')`,
    { replacements: { tokenHash: hashToken(token) }, type: QueryTypes.SELECT },
  );
  if (!row) return null;
  return {
    expiresAtMs: row.expires_at.getTime(),
    impersonated: row.impersonated,
    principal: {
      sessionId: row.session_id,
      accountId: row.account_id,
      projectId: row.project_id,
      roleSystem: row.role_system,
      roleId: row.role_id,
      unitId: row.unit_id,
      menu: new Set(row.menu),
      impersonatorId: row.impersonator_id,
      embedded:
        row.partner_app_id === null || row.my_class_id === null
          ? null
          : { appId: row.partner_app_id, myClassId: row.my_class_id },
      project:
        row.project_id === null
          ? null
          : {
              name: row.project_name ?? '',
              settings: row.project_settings,
              enabled: row.project_status === 'ENABLED',
            },
    },
  };
}

/**
 * The sign-ins the HLS key route asked about (`isSignInLive`), kept in each process until the
 * session or its account changes on any instance: the tables the lookup reads, whose notifications
 * name their accounts (migration 0091), as for the signed-in calls' sessions (`SESSION_SOURCES`).
 */
const LIVE_SIGN_IN_SOURCES = ['session', 'account'] as const;
/** Sign-ins kept per process; the cache empties itself when it holds more. */
const MAX_LIVE_SIGN_INS = 50_000;
/** A backstop: a kept sign-in is read again after a minute whatever the feed says. */
const LIVE_SIGN_IN_MAX_AGE_MS = 60_000;

/**
 * Whether sign-in `signInId` (a `session` row) of `accountId` is live: not revoked, not expired,
 * its account enabled and not deleted. Looked up across projects by its id (what the HLS key route
 * asks for a staff preview's key, a request that carries no token); through the process's
 * change-feed cache when the server has a feed (a sign-out or an account disabled on any instance
 * drops it as its notification arrives; the expiry is checked on every use).
 */
export async function isSignInLive(
  sequelize: Sequelize,
  accountId: number,
  signInId: string,
): Promise<boolean> {
  const read = async () => {
    const [row] = await withBypass('sign-in of an HLS key', () =>
      sequelize.query<{ expires_at: Date }>(
        `SELECT s.expires_at FROM session s
           JOIN account a ON a.id = s.account_id AND a.deleted_at IS NULL AND a.status = 'ENABLED'
          WHERE s.id = :signInId AND s.account_id = :accountId AND s.revoked_at IS NULL AND s.expires_at > now()`,
        { replacements: { signInId, accountId }, type: QueryTypes.SELECT },
      ),
    );
    return row ? { expiresAtMs: new Date(row.expires_at).getTime() } : null;
  };
  const cache = sharedCache<{ expiresAtMs: number }>(sequelize, 'live-sign-ins', {
    tables: LIVE_SIGN_IN_SOURCES,
    accountsOf: (key) => [Number(key.slice(0, key.indexOf(':')))],
    maxEntries: MAX_LIVE_SIGN_INS,
    maxAgeMs: LIVE_SIGN_IN_MAX_AGE_MS,
  });
  const live = cache ? await cache.get(`${accountId}:${signInId}`, read) : await read();
  return live !== null && live.expiresAtMs > Date.now();
}

/** Whether a session used now is due its sliding extension: in the second half of its life (impersonation never). */
export function extensionDue(session: LiveSession, now = Date.now()): boolean {
  return (
    !session.impersonated && session.expiresAtMs - now < SESSION_TTL_MS[session.principal.roleSystem] / 2
  );
}

/** Extends a session by a full term from now; answers the new expiry (epoch ms). */
export async function extendSession(session: LiveSession): Promise<number> {
  const expiresAtMs = Date.now() + SESSION_TTL_MS[session.principal.roleSystem];
  await Session.update(
    { expiresAt: new Date(expiresAtMs), lastSeenAt: new Date() },
    { where: { id: session.principal.sessionId, projectId: session.principal.projectId } },
  );
  return expiresAtMs;
}

/**
 * Resolves a token to its principal (`readSession`). Sliding expiry: a session used in the second
 * half of its life is extended by a full term (impersonation sessions are not). Null when not valid.
 * Uncached: an API server uses `createSessionAuthenticator` (session-cache.ts).
 */
export async function authenticateToken(sequelize: Sequelize, token: string): Promise<Principal | null> {
  const session = await readSession(sequelize, token);
  if (!session) return null;
  if (extensionDue(session)) await extendSession(session);
  return session.principal;
}

import type { Sequelize } from 'sequelize';
import type { Principal } from '../../core/action';
import { type ChangeFeed, createFeedCache } from '../../core/change-feed';
import { extendSession, extensionDue, hashToken, type LiveSession, readSession } from './session.service';

/**
 * The tables a session's principal is read from (`readSession`): a change to any of them drops
 * cached sessions on every instance (the triggers of migrations 0030 and 0091, core/change-feed.ts).
 * A change of sessions or accounts (a revoked or extended session, a disabled account) names its
 * accounts and drops only their sessions; a role's menu, a unit's status or a project's settings
 * drop them all.
 */
export const SESSION_SOURCES = ['session', 'account', 'role', 'unit', 'project'] as const;

/** Sessions kept per process; the cache empties itself when it holds more. */
const MAX_SESSIONS = 50_000;
/** A backstop: a cached session is read again after a minute whatever the feed says. */
const MAX_AGE_MS = 60_000;

/**
 * `authenticateToken` with the live sessions kept in process memory until one of their tables
 * changes: a signed-in call costs no query while nothing changed. Expiry is checked on every use;
 * the sliding extension (`extensionDue`, once per half term) is written once however many calls
 * arrive together, and its write drops the cached copies everywhere like any session change.
 */
export function createSessionAuthenticator(
  sequelize: Sequelize,
  feed: ChangeFeed,
): (token: string) => Principal | null | Promise<Principal | null> {
  const cache = createFeedCache<LiveSession>(feed, {
    tables: SESSION_SOURCES,
    accountsOf: (_token, session) => [session.principal.accountId],
    maxEntries: MAX_SESSIONS,
    maxAgeMs: MAX_AGE_MS,
  });
  const extending = new Set<string>();
  const authenticate = async (token: string, key: string) => {
    const session = await cache.get(key, () => readSession(sequelize, token));
    if (!session) return null;
    if (session.expiresAtMs <= Date.now()) {
      cache.delete(key);
      return null;
    }
    const { sessionId } = session.principal;
    if (extensionDue(session) && !extending.has(sessionId)) {
      extending.add(sessionId);
      try {
        session.expiresAtMs = await extendSession(session);
      } finally {
        extending.delete(sessionId);
      }
    }
    return session.principal;
  };
  return (token) => {
    if (token.length < 20 || token.length > 100) return null;
    const key = hashToken(token);
    // A session in memory, live and with no extension due, is answered at once: no promise.
    const held = cache.peek(key);
    if (held && held.expiresAtMs > Date.now() && !extensionDue(held)) return held.principal;
    return authenticate(token, key);
  };
}

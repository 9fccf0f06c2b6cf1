import { SIGN_IN_LIMITS } from '@px/config';
import { Op, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { SignInAttempt } from './sign-in-attempt.model';

/** Where a lock comes from: too many failures for this account from this IP, or from this IP at all. */
export type LockKind = 'account' | 'ip';

export interface AttemptStatus {
  /** The next password attempt must carry a solved captcha. */
  needCaptcha: boolean;
  /** No password attempt is accepted before then; null when not locked. */
  lockedUntil: Date | null;
  lockedBy: LockKind | null;
}

/** Longest text of an account kept in a key; longer input never names an account anyway. */
const MAX_ACCOUNT_CHARS = 100;

/**
 * The key attempts are counted under: the project, the door (`roleType`, or another scope such
 * as `pwd` for password changes) and the account as typed, normalised the way it is looked up
 * (staff names lower-cased; ID numbers upper-cased, so `x` and `X` count together).
 */
export function attemptKey(projectId: number | null, scope: number | string, account: string): string {
  const normalised = scope === 1 ? account.toLowerCase() : account.toUpperCase();
  return `${projectId ?? 0}:${scope}:${normalised.slice(0, MAX_ACCOUNT_CHARS)}`;
}

interface StatusRow {
  failures: number;
  locked_from: Date | null;
  ip_locked_from: Date | null;
}

/**
 * The captcha and lock state of a key for a client address (`SIGN_IN_LIMITS`):
 * - a captcha after `captchaAfterFailures` failures of the key within the window, counted since
 *   its last success (from anywhere);
 * - a lock of the key for this IP for `lockMs` from the failure that made `lockAfterFailures`
 *   failures of the key from this IP within the window (counted since the last success from it);
 * - a lock of the IP while it has `ipFailures` failures of any keys within the window.
 * One statement; reads only.
 */
export async function getAttemptStatus(
  sequelize: Sequelize,
  key: string,
  ip: string,
): Promise<AttemptStatus> {
  const windowSeconds = SIGN_IN_LIMITS.windowMs / 1000;
  const spanSeconds = (SIGN_IN_LIMITS.windowMs + SIGN_IN_LIMITS.lockMs) / 1000;
  const [row] = await sequelize.query<StatusRow>(
    `WITH ok AS (
       SELECT COALESCE(max(created_at), '-infinity') AS at_any,
              COALESCE(max(created_at) FILTER (WHERE ip = :ip), '-infinity') AS at_ip
         FROM sign_in_attempt WHERE account_key = :key AND succeeded
     ), ip_failures AS (
       SELECT a.created_at,
              count(*) OVER (ORDER BY a.created_at
                             RANGE BETWEEN make_interval(secs => ${windowSeconds}) PRECEDING AND CURRENT ROW) AS n
         FROM sign_in_attempt a, ok
        WHERE a.account_key = :key AND a.ip = :ip AND NOT a.succeeded
          AND a.created_at > now() - make_interval(secs => ${spanSeconds}) AND a.created_at > ok.at_ip
     )
     SELECT
       (SELECT count(*)::int FROM sign_in_attempt a, ok
         WHERE a.account_key = :key AND NOT a.succeeded
           AND a.created_at > now() - make_interval(secs => ${windowSeconds}) AND a.created_at > ok.at_any) AS failures,
       (SELECT max(created_at) FROM ip_failures WHERE n >= :lockAfter) AS locked_from,
       (SELECT created_at FROM sign_in_attempt
         WHERE ip = :ip AND NOT succeeded AND created_at > now() - make_interval(secs => ${windowSeconds})
         ORDER BY created_at DESC OFFSET :ipOffset LIMIT 1) AS ip_locked_from`,
    {
      replacements: {
        key,
        ip,
        lockAfter: SIGN_IN_LIMITS.lockAfterFailures,
        ipOffset: SIGN_IN_LIMITS.ipFailures - 1,
      },
      type: QueryTypes.SELECT,
    },
  );
  const now = Date.now();
  const accountLock = row?.locked_from ? row.locked_from.getTime() + SIGN_IN_LIMITS.lockMs : 0;
  const ipLock = row?.ip_locked_from ? row.ip_locked_from.getTime() + SIGN_IN_LIMITS.windowMs : 0;
  const lockedBy: LockKind | null =
    accountLock > now && accountLock >= ipLock ? 'account' : ipLock > now ? 'ip' : null;
  return {
    needCaptcha: (row?.failures ?? 0) >= SIGN_IN_LIMITS.captchaAfterFailures,
    lockedUntil: lockedBy ? new Date(Math.max(accountLock, ipLock)) : null,
    lockedBy,
  };
}

/**
 * Records one password attempt. Attempts older than `SIGN_IN_LIMITS.keepAttemptsMs` are deleted
 * by the hourly sweep (`signInAttemptSweep`).
 */
export async function recordAttempt(
  entry: { key: string; ip: string; succeeded: boolean },
  transaction?: Transaction,
): Promise<void> {
  await SignInAttempt.create(
    { accountKey: entry.key, ip: entry.ip.slice(0, 64), succeeded: entry.succeeded },
    { transaction },
  );
}

/** Deletes attempts older than `SIGN_IN_LIMITS.keepAttemptsMs`; they no longer count for anything. Returns how many. */
export async function deleteOldAttempts(transaction?: Transaction): Promise<number> {
  return SignInAttempt.destroy({
    where: { createdAt: { [Op.lt]: new Date(Date.now() - SIGN_IN_LIMITS.keepAttemptsMs) } },
    transaction,
  });
}

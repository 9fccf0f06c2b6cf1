import { BlockList, isIP } from 'node:net';
import {
  canonicalString,
  HEADERS,
  NONCE_PATTERN,
  type RefusalCode,
  SIGNATURE_WINDOW_SECONDS,
  sameSignature,
  signCanonical,
} from '@px/partner';
import { QueryTypes, type Sequelize } from 'sequelize';
import { withBypass, withProject } from '../../../db/tenant-access';
import { PartnerApp, type PartnerAuth } from '../partner-app.model';
import { findToken } from '../partner-token.service';

/**
 * Who calls the partner API (docs/partner-api.md "Authentication"): a signed request (app key,
 * timestamp within 5 minutes, a nonce used once, HMAC-SHA256 with the secret, or the previous
 * secret during a rotation's overlap) or a bearer token of the `jxnc` group; then the app's own
 * rules (enabled, IP allow-list, origins) and its rate limit. Each refusal has its own code.
 */

export type Authenticated =
  | { ok: true; app: PartnerApp; auth: PartnerAuth }
  /** `app` is known when the refusal came after the app was found (so the call is logged per app). */
  | { ok: false; code: RefusalCode; app: PartnerApp | null; auth: PartnerAuth };

type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** An app by its key, in any project (the key is unique). */
export function appByKey(appKey: string): Promise<PartnerApp | null> {
  return withBypass('partner app lookup', () => PartnerApp.findOne({ where: { appKey }, allTenants: true }));
}

/** Checks a signed request; the nonce is taken (once per app) only when the signature holds. */
export async function authenticateSigned(
  sequelize: Sequelize,
  request: { method: string; target: string; body: string; headers: Headers },
  now: Date,
): Promise<Authenticated> {
  const auth = 'SIGNATURE' as const;
  const appKey = header(request.headers, HEADERS.appKey);
  const timestamp = header(request.headers, HEADERS.timestamp);
  const nonce = header(request.headers, HEADERS.nonce);
  const signature = header(request.headers, HEADERS.signature);
  if (!appKey) return { ok: false, code: 'SIGNATURE_MISSING', app: null, auth };
  const app = appKey.length <= 48 ? await appByKey(appKey) : null;
  if (!app) return { ok: false, code: 'APP_UNKNOWN', app: null, auth };
  if (!timestamp || !nonce || !signature) return { ok: false, code: 'SIGNATURE_MISSING', app, auth };
  const seconds = Math.floor(now.getTime() / 1000);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(seconds - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS)
    return { ok: false, code: 'TIMESTAMP_EXPIRED', app, auth };
  if (!NONCE_PATTERN.test(nonce)) return { ok: false, code: 'SIGNATURE_INVALID', app, auth };
  const canonical = canonicalString({ ...request, timestamp, nonce });
  const secrets = [app.secret];
  if (app.previousSecret && app.previousSecretUntil && app.previousSecretUntil > now)
    secrets.push(app.previousSecret);
  if (!secrets.some((secret) => sameSignature(signCanonical(secret, canonical), signature)))
    return { ok: false, code: 'SIGNATURE_INVALID', app, auth };
  const taken = await withProject(app.projectId, () =>
    sequelize.query<{ nonce: string }>(
      `INSERT INTO partner_nonce (app_id, project_id, nonce, created_at) VALUES (:appId, :projectId, :nonce, :now)
       ON CONFLICT (app_id, nonce) DO NOTHING RETURNING nonce`,
      { replacements: { appId: app.id, projectId: app.projectId, nonce, now }, type: QueryTypes.SELECT },
    ),
  );
  if (taken.length === 0) return { ok: false, code: 'NONCE_REPLAYED', app, auth };
  return { ok: true, app, auth };
}

/** Checks a bearer token of the `jxnc` group. */
export async function authenticateToken(headers: Headers, now: Date): Promise<Authenticated> {
  const auth = 'TOKEN' as const;
  const value = header(headers, 'authorization') ?? '';
  const match = /^Bearer ([A-Za-z0-9_-]{10,200})$/.exec(value.trim());
  if (!value) return { ok: false, code: 'TOKEN_MISSING', app: null, auth };
  if (!match?.[1]) return { ok: false, code: 'TOKEN_INVALID', app: null, auth };
  const token = await withBypass('partner token lookup', () => findToken(match[1] as string));
  if (!token) return { ok: false, code: 'TOKEN_INVALID', app: null, auth };
  const app = await withBypass('partner app lookup', () =>
    PartnerApp.findOne({ where: { id: token.appId }, allTenants: true }),
  );
  if (!app) return { ok: false, code: 'TOKEN_INVALID', app: null, auth };
  if (token.revokedAt) return { ok: false, code: 'TOKEN_REVOKED', app, auth };
  if (token.expiresAt <= now) return { ok: false, code: 'TOKEN_EXPIRED', app, auth };
  return { ok: true, app, auth };
}

/** Whether an address is in an allow-list of addresses and networks (an empty list admits all). */
export function ipAllowed(allowList: readonly string[], ip: string): boolean {
  if (allowList.length === 0) return true;
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const rule of allowList) {
    const [base = '', prefix] = rule.split('/');
    const type = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(base, type);
    else list.addSubnet(base, Number(prefix), type);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The app's own rules, after it was authenticated: enabled, the caller's IP in the allow-list, and
 * a browser's `Origin` (servers send none) among the allowed origins.
 */
export function appRefusal(
  app: PartnerApp,
  caller: { ip: string; origin: string | undefined },
): RefusalCode | null {
  if (!app.enabled) return 'APP_DISABLED';
  if (!ipAllowed(app.ipAllowList, caller.ip)) return 'IP_NOT_ALLOWED';
  if (caller.origin !== undefined && !app.allowedOrigins.includes(caller.origin.toLowerCase()))
    return 'ORIGIN_NOT_ALLOWED';
  return null;
}

/**
 * Counts a call in the app's current minute (across instances, in the database) and answers the
 * seconds to wait when the app is over its limit, else null.
 */
export async function takeRate(sequelize: Sequelize, app: PartnerApp, now: Date): Promise<number | null> {
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const [row] = await withProject(app.projectId, () =>
    sequelize.query<{ calls: number }>(
      `INSERT INTO partner_rate_window (app_id, project_id, window_start, calls)
       VALUES (:appId, :projectId, :windowStart, 1)
       ON CONFLICT (app_id, window_start) DO UPDATE SET calls = partner_rate_window.calls + 1
       RETURNING calls`,
      {
        replacements: { appId: app.id, projectId: app.projectId, windowStart },
        type: QueryTypes.SELECT,
      },
    ),
  );
  if ((row?.calls ?? 0) <= app.rateLimitPerMinute) return null;
  return Math.max(1, Math.ceil((windowStart.getTime() + 60_000 - now.getTime()) / 1000));
}

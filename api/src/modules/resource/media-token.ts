import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { ByteSpan } from './mp4';

/** The row of `system_key` holding the generated secret (base64 in `private_pem`; no public half). */
const KEY_NAME = 'media-url-hmac';

const cache = new WeakMap<Sequelize, Promise<Buffer>>();

/**
 * The HMAC secret of play URLs: `configured` (MEDIA_SIGNING_SECRET) when given, else 32 random
 * bytes generated on first use and kept in the database (`system_key`), so every API instance
 * signs and checks alike; concurrent first uses keep one (insert, on conflict read). Cached per
 * database.
 */
export function getMediaSecret(sequelize: Sequelize, configured: string | null = null): Promise<Buffer> {
  if (configured) return Promise.resolve(Buffer.from(configured, 'utf8'));
  let secret = cache.get(sequelize);
  if (!secret) {
    secret = loadOrCreate(sequelize);
    secret.catch(() => cache.delete(sequelize));
    cache.set(sequelize, secret);
  }
  return secret;
}

async function loadOrCreate(sequelize: Sequelize): Promise<Buffer> {
  const read = async () => {
    const [row] = await sequelize.query<{ private_pem: string }>(
      'SELECT private_pem FROM system_key WHERE name = :name',
      { replacements: { name: KEY_NAME }, type: QueryTypes.SELECT },
    );
    return row ? Buffer.from(row.private_pem, 'base64') : null;
  };
  const existing = await read();
  if (existing) return existing;
  await sequelize.query(
    "INSERT INTO system_key (name, public_pem, private_pem) VALUES (:name, '', :secret) ON CONFLICT (name) DO NOTHING",
    { replacements: { name: KEY_NAME, secret: randomBytes(32).toString('base64') } },
  );
  const stored = await read();
  if (!stored) throw new Error('media signing secret could not be stored');
  return stored;
}

/**
 * What a play token grants: one resource until a time (Unix seconds); with `spans`, only those
 * bytes of its file (a trial: the start and the moov), else all of it.
 */
export interface MediaGrant {
  resourceId: number;
  expiresAt: number;
  /** Sorted, apart, non-empty byte spans `[start, end)`; at most MAX_MEDIA_SPANS. */
  spans?: ByteSpan[];
}

/** The most byte spans a token carries. */
export const MAX_MEDIA_SPANS = 4;

const NUMBER = '(?:0|[1-9]\\d{0,14})';
const SPAN = `${NUMBER}-${NUMBER}`;
const TOKEN_PATTERN = new RegExp(
  `^([1-9]\\d{0,9})\\.([1-9]\\d{0,11})\\.(?:(${SPAN}(?:_${SPAN}){0,${MAX_MEDIA_SPANS - 1}})\\.)?([A-Za-z0-9_-]{43})$`,
);

/** Sorts spans and merges those that overlap or touch, dropping empty ones. */
export function normalizeSpans(spans: readonly ByteSpan[]): ByteSpan[] {
  const merged: ByteSpan[] = [];
  for (const span of [...spans].filter((one) => one.end > one.start).sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

const spansText = (spans: readonly ByteSpan[]) => spans.map((span) => `${span.start}-${span.end}`).join('_');

function parseSpans(text: string): ByteSpan[] | null {
  const spans = text.split('_').map((span) => {
    const [start, end] = span.split('-').map(Number) as [number, number];
    return { start, end };
  });
  // Only the spelling signMediaToken writes.
  return spansText(normalizeSpans(spans)) === text ? spans : null;
}

/** Signed text of a grant; a limited grant has one more part, so the two kinds never share one. */
function mac(secret: Buffer, grant: MediaGrant): Buffer {
  const spans = grant.spans ? `/${spansText(grant.spans)}` : '';
  return createHmac('sha256', secret)
    .update(`media/v1/${grant.resourceId}/${grant.expiresAt}${spans}`)
    .digest();
}

/**
 * The token of a grant (URL-safe): `<resourceId>.<expiresAt>.<base64url HMAC-SHA256>`, or for a
 * grant limited to byte spans `<resourceId>.<expiresAt>.<start>-<end>_….<HMAC>` (the spans are
 * signed, so they cannot be widened). Throws for more than MAX_MEDIA_SPANS spans.
 */
export function signMediaToken(secret: Buffer, grant: MediaGrant): string {
  const spans = grant.spans && normalizeSpans(grant.spans);
  if (spans && (spans.length === 0 || spans.length > MAX_MEDIA_SPANS))
    throw new Error(`a media token carries 1 to ${MAX_MEDIA_SPANS} byte spans`);
  const signed = { ...grant, spans };
  const limit = spans ? `${spansText(spans)}.` : '';
  return `${grant.resourceId}.${grant.expiresAt}.${limit}${mac(secret, signed).toString('base64url')}`;
}

/**
 * Checks a token: `forged` when it is malformed or its signature does not match (constant-time
 * comparison), `expired` when its time has passed, else the grant.
 */
export function verifyMediaToken(
  secret: Buffer,
  token: string,
  nowSeconds: number,
): MediaGrant | 'forged' | 'expired' {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return 'forged';
  const spans = match[3] === undefined ? undefined : parseSpans(match[3]);
  if (spans === null) return 'forged';
  const grant: MediaGrant = {
    resourceId: Number(match[1]),
    expiresAt: Number(match[2]),
    ...(spans ? { spans } : {}),
  };
  // Compare the text, not decoded bytes: base64url's last character carries unused bits, so
  // decoding would accept other spellings of the same signature.
  const given = Buffer.from(match[4] as string, 'utf8');
  const expected = Buffer.from(mac(secret, grant).toString('base64url'), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  if (grant.expiresAt <= nowSeconds) return 'expired';
  return grant;
}

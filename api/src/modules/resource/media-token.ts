import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { QueryTypes, type Sequelize } from 'sequelize';
import { resourceSettings } from './resource.settings';

/** The row of `system_key` holding the generated secret (base64 in `private_pem`; no public half). */
const KEY_NAME = 'media-url-hmac';

const cache = new WeakMap<Sequelize, Promise<Buffer>>();

/**
 * The HMAC secret of play URLs: MEDIA_SIGNING_SECRET when configured, else 32 random bytes
 * generated on first use and kept in the database (`system_key`), so every API instance signs and
 * checks alike; concurrent first uses keep one (insert, on conflict read). Cached per process.
 */
export function getMediaSecret(sequelize: Sequelize): Promise<Buffer> {
  const configured = resourceSettings().signingSecret;
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

/** What a play token grants: one resource until a time (Unix seconds). */
export interface MediaGrant {
  resourceId: number;
  expiresAt: number;
}

const TOKEN_PATTERN = /^([1-9]\d{0,9})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: Buffer, grant: MediaGrant): Buffer {
  return createHmac('sha256', secret).update(`media/v1/${grant.resourceId}/${grant.expiresAt}`).digest();
}

/** The token of a grant: `<resourceId>.<expiresAt>.<base64url HMAC-SHA256>` (URL-safe). */
export function signMediaToken(secret: Buffer, grant: MediaGrant): string {
  return `${grant.resourceId}.${grant.expiresAt}.${mac(secret, grant).toString('base64url')}`;
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
  const grant = { resourceId: Number(match[1]), expiresAt: Number(match[2]) };
  // Compare the text, not decoded bytes: base64url's last character carries unused bits, so
  // decoding would accept other spellings of the same signature.
  const given = Buffer.from(match[3] as string, 'utf8');
  const expected = Buffer.from(mac(secret, grant).toString('base64url'), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  if (grant.expiresAt <= nowSeconds) return 'expired';
  return grant;
}

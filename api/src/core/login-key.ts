import { constants, createPrivateKey, generateKeyPair, type KeyObject, privateDecrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { QueryTypes, type Sequelize } from 'sequelize';
import { ValidationError } from './errors';

const KEY_NAME = 'login-rsa';

interface LoginKey {
  publicPem: string;
  privateKey: KeyObject;
}

const cache = new WeakMap<Sequelize, Promise<LoginKey>>();
/** The same keys once loaded, for `loginKeyNow`. */
const loadedKeys = new WeakMap<Sequelize, LoginKey>();

/**
 * The RSA key pair that clients use to encrypt the login payload. Generated on first use and kept
 * in the database, so every API instance shares it; concurrent first uses keep one (insert, on
 * conflict read). Cached per process.
 */
export function getLoginKey(sequelize: Sequelize): Promise<LoginKey> {
  let key = cache.get(sequelize);
  if (!key) {
    key = loadOrCreate(sequelize);
    key.then(
      (loaded) => loadedKeys.set(sequelize, loaded),
      () => cache.delete(sequelize),
    );
    cache.set(sequelize, key);
  }
  return key;
}

/** The key once loaded, at once (no promise: `system-info` is a hot call); else `getLoginKey`. */
export function loginKeyNow(sequelize: Sequelize): LoginKey | Promise<LoginKey> {
  return loadedKeys.get(sequelize) ?? getLoginKey(sequelize);
}

async function loadOrCreate(sequelize: Sequelize): Promise<LoginKey> {
  const read = async () => {
    const [row] = await sequelize.query<{ public_pem: string; private_pem: string }>(
      'SELECT public_pem, private_pem FROM system_key WHERE name = :name',
      { replacements: { name: KEY_NAME }, type: QueryTypes.SELECT },
    );
    return row ? { publicPem: row.public_pem, privateKey: createPrivateKey(row.private_pem) } : null;
  };
  const existing = await read();
  if (existing) return existing;
  const pair = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  await sequelize.query(
    'INSERT INTO system_key (name, public_pem, private_pem) VALUES (:name, :publicPem, :privatePem) ON CONFLICT (name) DO NOTHING',
    { replacements: { name: KEY_NAME, publicPem: pair.publicKey, privatePem: pair.privateKey } },
  );
  const stored = await read();
  if (!stored) throw new Error('login key could not be stored');
  return stored;
}

/**
 * Decrypts one field of the login payload (RSA-OAEP with SHA-256, base64) and trims it. Plain text
 * or anything that does not decrypt is refused naming the field.
 */
export async function decryptLoginField(
  sequelize: Sequelize,
  field: string,
  cipherText: string,
): Promise<string> {
  const { privateKey } = await getLoginKey(sequelize);
  try {
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(cipherText, 'base64'),
    );
    return plain.toString('utf8').trim();
  } catch {
    throw new ValidationError([{ field, rule: 'encrypted', message: '须加密后提交，请刷新页面后重试' }]);
  }
}

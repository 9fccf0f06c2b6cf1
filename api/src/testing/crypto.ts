import { constants, publicEncrypt } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import { getLoginKey } from '../core/login-key';

/**
 * Encrypts one field of a login-like payload as the apps do: RSA-OAEP with SHA-256 under the
 * server's `loginPublicKey`, base64. Tests send the result as `account`, `password`, ...
 */
export async function encryptLoginField(sequelize: Sequelize, value: string): Promise<string> {
  const { publicPem } = await getLoginKey(sequelize);
  return publicEncrypt(
    { key: publicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(value, 'utf8'),
  ).toString('base64');
}

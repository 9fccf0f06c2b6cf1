import type { CredentialStore, StoredCredential } from '@px/wechat';
import { QueryTypes, type Sequelize } from 'sequelize';

/**
 * The shared store of WeChat access tokens and JS-SDK tickets: one row per key in PostgreSQL, so
 * every API instance uses the same token (each fetch from WeChat invalidates the previous one).
 * Refreshes are serialised across instances by a transaction-scoped advisory lock on the key.
 */
export function createPgCredentialStore(sequelize: Sequelize): CredentialStore {
  return {
    async get(key) {
      const [row] = await sequelize.query<{ value: string; expires_at: Date }>(
        'SELECT value, expires_at FROM wechat_credential WHERE key = :key',
        { replacements: { key }, type: QueryTypes.SELECT },
      );
      return row ? { value: row.value, expiresAt: new Date(row.expires_at).getTime() } : null;
    },
    async set(key, credential: StoredCredential) {
      await sequelize.query(
        `INSERT INTO wechat_credential (key, value, expires_at, updated_at)
         VALUES (:key, :value, :expiresAt, CURRENT_TIMESTAMP)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at,
           updated_at = CURRENT_TIMESTAMP`,
        { replacements: { key, value: credential.value, expiresAt: new Date(credential.expiresAt) } },
      );
    },
    async expireIf(key, value) {
      await sequelize.query('DELETE FROM wechat_credential WHERE key = :key AND value = :value', {
        replacements: { key, value },
      });
    },
    async withLock(key, fn) {
      // The lock lives as long as this transaction; fn's own queries run outside it.
      return sequelize.transaction(async (transaction) => {
        await sequelize.query("SELECT pg_advisory_xact_lock(hashtext('wechat_credential:' || :key))", {
          replacements: { key },
          transaction,
        });
        return fn();
      });
    },
  };
}

import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * A fresh empty database for one test file, on the PostgreSQL the jest global setup started (its
 * name carries the run's prefix, so the global teardown drops it even when a file fails to).
 */
export async function createSimDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.PX_TEST_ADMIN_URL;
  const runId = process.env.PX_TEST_RUN_ID;
  if (!adminUrl || !runId) throw new Error('PX_TEST_ADMIN_URL is not set: run tests through jest');
  const name = `px_t_${runId}_reg${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

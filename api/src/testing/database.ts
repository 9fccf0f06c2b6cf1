import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { appDatabaseUrl } from '../db/app-connection';
import { withDatabaseName } from '../db/sequelize';
import { loadEnv } from '../env';

/** Environment variables through which the jest global setup hands the test server to workers. */
export const TEST_ENV = {
  adminUrl: 'PX_TEST_ADMIN_URL',
  templateDatabase: 'PX_TEST_TEMPLATE_DB',
  /** Names every database of one run, so teardown on a shared server drops only its own. */
  runId: 'PX_TEST_RUN_ID',
} as const;

/** Prefix of the per-file databases of a run. */
export function testDatabasePrefix(runId: string): string {
  return `px_t_${runId}_`;
}

/** The URL the API under test uses for a test database: the application's role (`px_app`). */
export function testAppUrl(databaseUrl: string): string {
  return appDatabaseUrl(databaseUrl, { password: loadEnv().DATABASE_APP_PASSWORD });
}

export interface TestDatabase {
  /** The owner's URL (a superuser: arranging rows, creating and dropping databases). */
  url: string;
  name: string;
  /** Drops the database (its connections must be closed first). */
  drop(): Promise<void>;
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run tests through jest (its global setup starts PostgreSQL)`);
  return value;
}

async function withAdmin<T>(adminUrl: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a fresh, fully migrated database for one test file by copying the migrated template
 * that the global setup made. Copying takes a fraction of a second; the file then owns its data.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = requireEnv(TEST_ENV.adminUrl);
  const template = requireEnv(TEST_ENV.templateDatabase);
  const name = `${testDatabasePrefix(requireEnv(TEST_ENV.runId))}${randomBytes(5).toString('hex')}`;
  await withAdmin(adminUrl, async (client) => {
    // Two copies of one template can collide for a moment ("being accessed by other users").
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  return {
    url: withDatabaseName(adminUrl, name),
    name,
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

import { Client } from 'pg';
import type { TestApp } from './app';

/** Resolves once `condition` holds (checked every 10 ms). */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * Cuts every change feed listening on the app's database (each instance's), as a database restart
 * or failover would, and waits until the app's own feed knows. `meanwhile` runs while nobody listens.
 */
export async function cutChangeFeeds(app: TestApp, meanwhile?: (admin: Client) => Promise<void>) {
  const admin = new Client({ connectionString: app.databaseUrl });
  await admin.connect();
  try {
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'`,
    );
    await until(() => app.changeFeed?.live === false);
    await meanwhile?.(admin);
  } finally {
    await admin.end();
  }
}

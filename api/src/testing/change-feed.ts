import { Client } from 'pg';
import { CHANGE_CHANNEL } from '../core/change-feed';
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

let probes = 0;
/**
 * Waits until every app's change feed has taken every change notification committed so far:
 * PostgreSQL delivers notifications in commit order, so a probe sent now reaches each listener
 * after them.
 */
export async function delivered(...apps: TestApp[]): Promise<void> {
  const [first] = apps;
  if (!first) return;
  probes += 1;
  const probe = `probe-${probes}`;
  const seen = apps.map(
    (app) => new Promise<void>((resolve) => app.changeFeed?.onChange([probe], () => resolve())),
  );
  await first.sequelize.query('SELECT pg_notify(:channel, :probe)', {
    replacements: { channel: CHANGE_CHANNEL, probe },
  });
  await Promise.all(seen);
}

/**
 * Runs `sql` with the change triggers off for its transaction (which only a superuser can do):
 * nobody is notified, so what an instance keeps of the rows is served until another change drops
 * it, and whether a request sees the write tells whether the instance read the rows again.
 */
export async function writeUnheard(app: TestApp, sql: string, values: unknown[]): Promise<void> {
  const admin = new Client({ connectionString: app.databaseUrl });
  await admin.connect();
  try {
    await admin.query('BEGIN');
    await admin.query('SET LOCAL session_replication_role = replica');
    await admin.query(sql, values);
    await admin.query('COMMIT');
  } finally {
    await admin.end();
  }
}

import { Client, escapeLiteral } from 'pg';
import type { Sequelize } from 'sequelize';
import { APP_ROLE } from './row-security';

/**
 * The URL the application connects with: `appUrl` (DATABASE_APP_URL) when given, else the owner's
 * server and database as the role `px_app` with `password`.
 */
export function appDatabaseUrl(ownerUrl: string, options: { appUrl?: string; password: string }): string {
  if (options.appUrl) return options.appUrl;
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = encodeURIComponent(options.password);
  return url.toString();
}

async function canSignIn(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Makes sure the application can sign in at `appUrl`. When it cannot and it is the derived `px_app`
 * URL, lets `px_app` (made by migration 0031) sign in with `password`, provided the owner's role may
 * change roles (a superuser, as on the embedded PostgreSQL and in tests, or CREATEROLE; under an
 * advisory lock, as instances may boot at once). Throws when the application still cannot sign in,
 * naming what to do (docs/operations.md).
 */
export async function ensureAppSignIn(owner: Sequelize, appUrl: string, password: string): Promise<void> {
  if (await canSignIn(appUrl)) return;
  if (new URL(appUrl).username === APP_ROLE) {
    await owner.transaction(async (transaction) => {
      await owner.query('SELECT pg_advisory_xact_lock(4711003)', { transaction });
      const [rows] = await owner.query(
        'SELECT rolsuper OR rolcreaterole AS may FROM pg_roles WHERE rolname = current_user',
        { transaction },
      );
      if ((rows as { may: boolean }[])[0]?.may)
        await owner.query(`ALTER ROLE ${APP_ROLE} WITH LOGIN PASSWORD ${escapeLiteral(password)}`, {
          transaction,
        });
    });
    if (await canSignIn(appUrl)) return;
  }
  throw new Error(
    `the application cannot sign in to the database as ${new URL(appUrl).username}: set DATABASE_APP_URL to a role without BYPASSRLS granted ${APP_ROLE}, or let DATABASE_URL's role manage roles`,
  );
}

import path from 'node:path';
import { Client } from 'pg';
import type { Logger } from 'pino';
import {
  type EmbeddedPostgres,
  embeddedAdminUrl,
  runningEmbeddedPort,
  startEmbeddedPostgres,
} from './embedded';
import { withDatabaseName } from './sequelize';

/** The product's database when PostgreSQL is embedded. */
const EMBEDDED_DATABASE = 'px';

export interface DatabaseLocation {
  url: string;
  /** Set when this process started the server; stop it on shutdown. */
  embedded: EmbeddedPostgres | null;
}

/**
 * Where the product's data lives: DATABASE_URL when set; otherwise an embedded PostgreSQL kept
 * under `dataDir/postgres`, started now, with the product database created on first boot.
 */
export async function locateDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  embeddedPort?: number;
  logger: Logger;
  /**
   * Use the embedded server when another process (a running `npm start`) already runs it, instead
   * of failing to start a second one on its cluster: the maintenance commands (backup, restore).
   */
  attachToRunning?: boolean;
  /** The caller stops the embedded server on a stop signal (see EmbeddedPostgresOptions). */
  ownSignals?: boolean;
}): Promise<DatabaseLocation> {
  if (options.databaseUrl) return { url: options.databaseUrl, embedded: null };
  const dataDir = path.join(options.dataDir, 'postgres');
  const runningPort = options.attachToRunning ? runningEmbeddedPort(dataDir) : null;
  if (runningPort !== null)
    return { url: withDatabaseName(embeddedAdminUrl(runningPort), EMBEDDED_DATABASE), embedded: null };
  const log = options.logger.child({ component: 'embedded-postgres' });
  const embedded = await startEmbeddedPostgres({
    dataDir,
    persistent: true,
    port: options.embeddedPort,
    ownSignals: options.ownSignals ?? false,
    onLog: (message) => log.debug(message.trim()),
  });
  log.info({ dataDir, port: embedded.port }, 'embedded PostgreSQL started');
  const admin = new Client({ connectionString: embedded.adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      EMBEDDED_DATABASE,
    ]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${EMBEDDED_DATABASE}"`);
  } finally {
    await admin.end();
  }
  return { url: withDatabaseName(embedded.adminUrl, EMBEDDED_DATABASE), embedded };
}

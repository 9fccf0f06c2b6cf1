import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Sequelize } from 'sequelize';
import { createApp } from './app';
import { type DatabaseLocation, locateDatabase } from './db/database';
import { migrateUp } from './db/migrate';
import { initModels } from './db/models';
import { seedDemoData } from './db/seed';
import { createSequelize } from './db/sequelize';
import { type Env, REPO_ROOT } from './env';
import { authenticateToken } from './modules/auth/session.service';

export interface RunningServer {
  /** Base URL on loopback, e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  database: DatabaseLocation;
  sequelize: Sequelize;
  /** Stops accepting requests, closes the pool and stops an embedded PostgreSQL. */
  close(): Promise<void>;
}

/** Where `npm run build` leaves the two apps. */
export const APP_DIST = {
  h5: path.join(REPO_ROOT, 'h5', 'dist'),
  admin: path.join(REPO_ROOT, 'admin', 'dist'),
};

/**
 * Boots the whole product: database (embedded or DATABASE_URL) -> migrations -> demo seed when
 * empty -> HTTP server with the API and the built apps. Used by `npm start`, the browser tests
 * and the benchmarks. Throws when any step fails, after undoing the steps already done.
 */
export async function startServer(env: Env, logger: Logger): Promise<RunningServer> {
  const database = await locateDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    embeddedPort: env.EMBEDDED_PG_PORT,
    logger,
  });
  const sequelize = createSequelize(database.url, { logSql: (sql) => logger.trace({ sql }, 'sql') });
  const undo = async () => {
    await sequelize.close();
    await database.embedded?.stop();
  };
  try {
    initModels(sequelize);
    const applied = await migrateUp(sequelize);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    if (env.SEED_DEMO && (await seedDemoData(sequelize))) logger.info('demo data created');

    const app = createApp({
      sequelize,
      logger,
      authenticate: (token) => authenticateToken(sequelize, token),
      staticApps: env.SERVE_APPS
        ? [
            { prefix: '/admin', distDir: APP_DIST.admin },
            { prefix: '', distDir: APP_DIST.h5 },
          ]
        : [],
      limits: {
        jsonBytes: env.JSON_BODY_LIMIT_KB * 1024,
        formBytes: env.JSON_BODY_LIMIT_KB * 1024,
        fileBytes: env.UPLOAD_FILE_LIMIT_MB * 1024 * 1024,
        files: env.UPLOAD_FILES_PER_REQUEST,
      },
      trustProxy: env.TRUST_PROXY,
    });
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(env.PORT, env.HOST, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      database,
      sequelize,
      async close() {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await undo();
      },
    };
  } catch (error) {
    await undo();
    throw error;
  }
}

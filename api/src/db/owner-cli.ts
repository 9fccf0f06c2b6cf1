import type { Logger } from 'pino';
import type { Sequelize } from 'sequelize';
import { createLogger } from '../core/logger';
import { loadEnv } from '../env';
import { locateDatabase } from './database';
import { createSequelize } from './sequelize';

/**
 * A command-line tool's work on the product's database (DATABASE_URL, or the embedded one started
 * for it) on the owner's connection; the connection and an embedded server are closed after it.
 */
export async function withOwnerDatabase<T>(
  work: (sequelize: Sequelize, logger: Logger) => Promise<T>,
): Promise<T> {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const database = await locateDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    embeddedPort: env.EMBEDDED_PG_PORT,
    logger,
  });
  const sequelize = createSequelize(database.url, { owner: true });
  try {
    return await work(sequelize, logger);
  } finally {
    await sequelize.close();
    await database.embedded?.stop();
  }
}

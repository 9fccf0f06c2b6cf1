import { createLogger } from '../core/logger';
import { loadEnv } from '../env';
import { locateDatabase } from './database';
import { migrateDown, migrateUp } from './migrate';
import { createSequelize } from './sequelize';

/** `npm run migrate` applies pending migrations; `npm run migrate -- down [steps]` reverts. */
async function run(): Promise<void> {
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
    const [command = 'up', steps = '1'] = process.argv.slice(2);
    const log = (line: string) => logger.info(line);
    const names =
      command === 'down' ? await migrateDown(sequelize, Number(steps), log) : await migrateUp(sequelize, log);
    process.stdout.write(
      `${command === 'down' ? 'Reverted' : 'Applied'}: ${names.length ? names.join(', ') : 'nothing'}\n`,
    );
  } finally {
    await sequelize.close();
    await database.embedded?.stop();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`Migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

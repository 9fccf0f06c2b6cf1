import fs from 'node:fs';
import path from 'node:path';
import { createLogger } from '../core/logger';
import { loadEnv } from '../env';
import { backupDatabase, RestoreRefused, restoreDatabase } from './backup';
import { locateDatabase } from './database';

/**
 * `npm run backup [-- <file>]` writes the product's database (DATABASE_URL, or the embedded one,
 * running or not) to `<file>` (default `DATA_DIR/backups/px-<time>.backup.gz`).
 * `npm run restore -- <file> [--replace]` loads one back into a stopped product's database.
 */
async function run(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const replace = rest.includes('--replace');
  const [fileArgument] = rest.filter((argument) => !argument.startsWith('--'));
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL);
  if (command !== 'backup' && command !== 'restore')
    throw new Error('usage: backup-cli backup|restore [file]');
  if (command === 'restore' && !fileArgument)
    throw new RestoreRefused('usage: npm run restore -- <file> [--replace]');
  const database = await locateDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    embeddedPort: env.EMBEDDED_PG_PORT,
    logger,
    attachToRunning: true,
  });
  try {
    if (command === 'backup') {
      const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
      const file = path.resolve(fileArgument ?? path.join(env.DATA_DIR, 'backups', `px-${stamp}.backup.gz`));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const summary = await backupDatabase(database.url, file);
      process.stdout.write(
        `Backup written: ${file} (${summary.tables} tables, ${summary.rows} rows, ${summary.migrations} migrations)\n`,
      );
    } else {
      const file = path.resolve(fileArgument as string);
      const summary = await restoreDatabase(database.url, file, { replace });
      process.stdout.write(
        `Restored ${file}: ${summary.tables} tables, ${summary.rows} rows; start the product to apply newer migrations\n`,
      );
    }
  } finally {
    await database.embedded?.stop();
  }
}

run().catch((error: unknown) => {
  const refused = error instanceof RestoreRefused;
  process.stderr.write(
    `${refused ? 'Refused' : 'Failed'}: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(refused ? 2 : 1);
});

import { migrateDown, migrateUp } from './migrate';
import { withOwnerDatabase } from './owner-cli';

/** `npm run migrate` applies pending migrations; `npm run migrate -- down [steps]` reverts. */
async function run(): Promise<void> {
  await withOwnerDatabase(async (sequelize, logger) => {
    const [command = 'up', steps = '1'] = process.argv.slice(2);
    const log = (line: string) => logger.info(line);
    const names =
      command === 'down' ? await migrateDown(sequelize, Number(steps), log) : await migrateUp(sequelize, log);
    process.stdout.write(
      `${command === 'down' ? 'Reverted' : 'Applied'}: ${names.length ? names.join(', ') : 'nothing'}\n`,
    );
  });
}

run().catch((error: unknown) => {
  process.stderr.write(`Migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

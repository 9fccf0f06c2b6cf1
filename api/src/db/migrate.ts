import type { QueryInterface, Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug } from 'umzug';
import { migrations } from './migrations';

export interface Migration {
  /** Sortable, never renamed once released: `0001-projects`. */
  name: string;
  up(queryInterface: QueryInterface, sequelize: Sequelize): Promise<void>;
  down(queryInterface: QueryInterface, sequelize: Sequelize): Promise<void>;
}

/** The newest migration of this build (the database is at head once it is applied). */
export function headMigration(): string {
  const last = migrations.at(-1);
  if (!last) throw new Error('no migration');
  return last.name;
}

function createUmzug(sequelize: Sequelize, log: (message: string) => void) {
  return new Umzug({
    migrations: migrations.map((migration) => ({
      name: migration.name,
      up: () => migration.up(sequelize.getQueryInterface(), sequelize),
      down: () => migration.down(sequelize.getQueryInterface(), sequelize),
    })),
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: {
      info: (event) => log(JSON.stringify(event)),
      warn: (event) => log(JSON.stringify(event)),
      error: (event) => log(JSON.stringify(event)),
      debug: () => undefined,
    },
  });
}

/**
 * Applies every pending migration in order, under a PostgreSQL advisory lock so that several
 * API instances booting at once migrate only once. Returns the names applied.
 */
export async function migrateUp(sequelize: Sequelize, log: (message: string) => void = () => undefined) {
  const LOCK_KEY = 4_711_001;
  return sequelize.transaction(async (transaction) => {
    await sequelize.query('SELECT pg_advisory_xact_lock(:key)', {
      replacements: { key: LOCK_KEY },
      transaction,
    });
    const applied = await createUmzug(sequelize, log).up();
    return applied.map((migration) => migration.name);
  });
}

/** Reverts the last `steps` migrations (development and the migrate script only). */
export async function migrateDown(
  sequelize: Sequelize,
  steps = 1,
  log: (message: string) => void = () => undefined,
) {
  const reverted = await createUmzug(sequelize, log).down({ step: steps });
  return reverted.map((migration) => migration.name);
}

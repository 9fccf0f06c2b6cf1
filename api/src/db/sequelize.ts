import { Sequelize } from 'sequelize';
import { bypassForAllTenantsQueries, createTenantPg } from './tenant-pg';

export interface ConnectOptions {
  /** Log each SQL statement (debug level) through this function. */
  logSql?: (sql: string) => void;
  /** Largest number of pooled connections of this process. */
  poolMax?: number;
  /**
   * The database owner's connection (migrations, maintenance): plain statements with the tenant
   * bypass on for the whole session (`app.bypass`), so a migration run by an owner that is no
   * superuser still sees every row under the forced row-level security. Default: the
   * application's connection, whose every statement carries the tenant access of the code sending
   * it (`db/tenant-pg.ts`).
   */
  owner?: boolean;
  /**
   * A transaction pooler without named statements stands between (PgBouncer 1.18 in transaction
   * mode): nothing is prepared by name on a connection (the tenant settings statement, the hot
   * paths' statements of `db/prepared.ts`), since the next transaction may run on another server
   * connection.
   */
  transactionPooler?: boolean;
}

/** Sequelize instances whose connections go through a transaction pooler. */
const pooled = new WeakSet<Sequelize>();

/** Whether statements may be prepared by name on `sequelize`'s connections (no transaction pooler). */
export function namedStatements(sequelize: Sequelize): boolean {
  return !pooled.has(sequelize);
}

/**
 * Creates the Sequelize instance for a PostgreSQL URL. Tables are snake_case with created_at and
 * updated_at; timestamps are stored with time zone. The caller closes it with `sequelize.close()`.
 */
export function createSequelize(databaseUrl: string, options: ConnectOptions = {}): Sequelize {
  const sequelize = new Sequelize(databaseUrl, {
    dialect: 'postgres',
    ...(options.owner
      ? { dialectOptions: { options: '-c app.bypass=on' } }
      : { dialectModule: createTenantPg({ preparedSettings: !options.transactionPooler }) }),
    logging: options.logSql ?? false,
    define: { underscored: true, freezeTableName: true },
    pool: { max: options.poolMax ?? 10, min: 0, idle: 10_000, acquire: 30_000 },
    timezone: '+08:00',
  });
  if (!options.owner) bypassForAllTenantsQueries(sequelize as unknown as { dialect: unknown });
  if (options.transactionPooler) pooled.add(sequelize);
  return sequelize;
}

/** Replaces the database name of a PostgreSQL URL. */
export function withDatabaseName(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/**
 * A PostgreSQL URL whose connections show as `name` in `pg_stat_activity` (`application_name`),
 * unless the URL names one already.
 */
export function withApplicationName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  if (!url.searchParams.has('application_name')) url.searchParams.set('application_name', name);
  return url.toString();
}

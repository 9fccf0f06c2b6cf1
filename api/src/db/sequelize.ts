import { Sequelize } from 'sequelize';

export interface ConnectOptions {
  /** Log each SQL statement (debug level) through this function. */
  logSql?: (sql: string) => void;
  /** Largest number of pooled connections of this process. */
  poolMax?: number;
}

/**
 * Creates the Sequelize instance for a PostgreSQL URL. Tables are snake_case with created_at and
 * updated_at; timestamps are stored with time zone. The caller closes it with `sequelize.close()`.
 */
export function createSequelize(databaseUrl: string, options: ConnectOptions = {}): Sequelize {
  return new Sequelize(databaseUrl, {
    dialect: 'postgres',
    logging: options.logSql ?? false,
    define: { underscored: true, freezeTableName: true },
    pool: { max: options.poolMax ?? 10, min: 0, idle: 10_000, acquire: 30_000 },
    timezone: '+08:00',
  });
}

/** Replaces the database name of a PostgreSQL URL. */
export function withDatabaseName(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

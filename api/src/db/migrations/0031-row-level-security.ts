import { QueryTypes } from 'sequelize';
import type { Migration } from '../migrate';
import { APP_ROLE, dropTenantPolicySql, tenantPolicySql } from '../row-security';

/**
 * Tenant isolation enforced by the database (issue 28; docs/architecture.md "Tenant isolation in
 * the database"):
 * - the role `px_app`, which the application connects as: no superuser, no BYPASSRLS, the rights to
 *   read and write the product's tables (and those of later migrations: default privileges), only
 *   to read the migrations' own table; it owns the job queue's schema (pg-boss adds a table per
 *   queue at start);
 * - row-level security, enabled and forced, on every table holding a `project_id`: a transaction
 *   sees and writes the rows of the project it set (`app.project_id`) or, under an explicit bypass
 *   (`app.bypass`), every row; with neither, no row. Rows without a project in the tables where
 *   platform-wide rows live (platform staff's accounts and roles, shared dictionaries, the shared
 *   class-type roots) are readable by every transaction, written only under a bypass.
 * Migrations run as the database's owner with the bypass on (`createSequelize` with `owner: true`).
 * A later migration adding a tenant table calls `tenantPolicySql` for it (the schema test fails
 * otherwise).
 */

/** Tables whose rows without a project are platform-wide and readable from every project. */
const SHARED_NULL_ROWS = new Set(['account', 'role', 'dictionary', 'class_category']);

async function tenantTables(queryInterface: Parameters<Migration['up']>[0]) {
  return queryInterface.sequelize.query<{ table: string }>(
    `SELECT c.table_name AS "table"
       FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND c.column_name = 'project_id' AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name`,
    { type: QueryTypes.SELECT },
  );
}

export const m0031RowLevelSecurity: Migration = {
  name: '0031-row-level-security',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      DO $$ BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
          CREATE ROLE ${APP_ROLE} NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
        END IF;
        -- The owner hands the job queue's tables over below: it must be able to act as the role.
        IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
          EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
        END IF;
        EXECUTE format('GRANT CONNECT, TEMPORARY ON DATABASE %I TO ${APP_ROLE}', current_database());
      END $$`);
    await sql(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`);
    await sql(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`);
    // The migrations' own record: read only. (A restore replays the migrations before it exists; it
    // is made here as umzug's storage makes it.)
    await sql(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name VARCHAR(255) NOT NULL UNIQUE, PRIMARY KEY (name))',
    );
    await sql(`REVOKE INSERT, UPDATE, DELETE ON schema_migrations FROM ${APP_ROLE}`);
    await sql(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`);
    await sql(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`,
    );
    await sql(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${APP_ROLE}`,
    );
    // pg-boss creates a partition of its job table per queue when the workers start (as the app).
    await sql(`
      DO $$ DECLARE item record; BEGIN
        EXECUTE 'ALTER SCHEMA pgboss OWNER TO ${APP_ROLE}';
        FOR item IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE n.nspname = 'pgboss' AND c.relkind IN ('r', 'p') LOOP
          EXECUTE format('ALTER TABLE pgboss.%I OWNER TO ${APP_ROLE}', item.relname);
        END LOOP;
        FOR item IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE n.nspname = 'pgboss' AND c.relkind = 'S'
                       AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')) LOOP
          EXECUTE format('ALTER SEQUENCE pgboss.%I OWNER TO ${APP_ROLE}', item.relname);
        END LOOP;
        FOR item IN SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                     WHERE n.nspname = 'pgboss' LOOP
          EXECUTE format('ALTER ROUTINE %s OWNER TO ${APP_ROLE}', item.signature);
        END LOOP;
        FOR item IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
                     WHERE n.nspname = 'pgboss' AND t.typtype = 'e' LOOP
          EXECUTE format('ALTER TYPE pgboss.%I OWNER TO ${APP_ROLE}', item.typname);
        END LOOP;
      END $$`);
    for (const { table } of await tenantTables(queryInterface))
      for (const statement of tenantPolicySql(table, { sharedNullRows: SHARED_NULL_ROWS.has(table) }))
        await sql(statement);
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    for (const { table } of await tenantTables(queryInterface))
      for (const statement of dropTenantPolicySql(table)) await sql(statement);
    await sql(`
      DO $$ DECLARE item record; BEGIN
        EXECUTE format('ALTER SCHEMA pgboss OWNER TO %I', current_user);
        FOR item IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE n.nspname = 'pgboss' AND c.relkind IN ('r', 'p') LOOP
          EXECUTE format('ALTER TABLE pgboss.%I OWNER TO %I', item.relname, current_user);
        END LOOP;
        FOR item IN SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                     WHERE n.nspname = 'pgboss' LOOP
          EXECUTE format('ALTER ROUTINE %s OWNER TO %I', item.signature, current_user);
        END LOOP;
        FOR item IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
                     WHERE n.nspname = 'pgboss' AND t.typtype = 'e' LOOP
          EXECUTE format('ALTER TYPE pgboss.%I OWNER TO %I', item.typname, current_user);
        END LOOP;
      END $$`);
    await sql(`ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM ${APP_ROLE}`);
    await sql(`ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON SEQUENCES FROM ${APP_ROLE}`);
    await sql(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${APP_ROLE}`);
    await sql(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${APP_ROLE}`);
    await sql(`REVOKE ALL ON SCHEMA public FROM ${APP_ROLE}`);
    // The role stays: it is the cluster's, and other databases of the cluster may use it.
  },
};

/**
 * Row-level security of the tenant tables (migration 0031, docs/architecture.md "Tenant isolation
 * in the database"): the SQL every table holding a `project_id` gets, so a later migration adding
 * such a table adds its policy with one call (`tenantPolicySql`), and the test of every table finds
 * none without it.
 */

/** The role the application connects as: no superuser, no BYPASSRLS, subject to every policy. */
export const APP_ROLE = 'px_app';

/** The project the current transaction works in (`app.project_id`, set by `db/tenant-pg.ts`), or NULL. */
const CURRENT_PROJECT = "NULLIF(current_setting('app.project_id', true), '')::integer";
/** Whether the current transaction is an explicit cross-project bypass (`app.bypass`). */
const BYPASS = "current_setting('app.bypass', true) = 'on'";

/**
 * The statements that put `table` under tenant isolation: row security enabled and forced (the
 * table's owner is subject too, unless a superuser), one policy letting a transaction see and
 * write only the rows of its project (or every row under a bypass), and, where `project_id` may
 * be NULL (platform-wide rows: platform staff's accounts and roles, the shared dictionaries), a
 * second policy letting every transaction read those rows (never write them).
 */
export function tenantPolicySql(table: string, options: { sharedNullRows: boolean }): string[] {
  const mine = `project_id = ${CURRENT_PROJECT} OR ${BYPASS}`;
  return [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    `DROP POLICY IF EXISTS tenant_rows ON ${table}`,
    `CREATE POLICY tenant_rows ON ${table} USING (${mine}) WITH CHECK (${mine})`,
    `DROP POLICY IF EXISTS shared_rows ON ${table}`,
    ...(options.sharedNullRows
      ? [`CREATE POLICY shared_rows ON ${table} FOR SELECT USING (project_id IS NULL)`]
      : []),
  ];
}

/** The statements that take `table` out of tenant isolation again (a migration's down). */
export function dropTenantPolicySql(table: string): string[] {
  return [
    `DROP POLICY IF EXISTS tenant_rows ON ${table}`,
    `DROP POLICY IF EXISTS shared_rows ON ${table}`,
    `ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} DISABLE ROW LEVEL SECURITY`,
  ];
}

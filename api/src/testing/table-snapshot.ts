import { QueryTypes, type Sequelize } from 'sequelize';

/**
 * Tables that record what happened rather than what is: a refused call may legitimately add to
 * them (the audit log, sessions touched by a request, sign-in attempts counted for throttling,
 * captchas handed out, certificate-query misses counted for throttling). The whole-API suites
 * compare every other table of the `public` schema before and after a call.
 */
export const RECORD_TABLES = new Set([
  'audit_log',
  'session',
  'sign_in_attempt',
  'captcha',
  'certificate_query_miss',
  'schema_migrations',
]);

let tableColumns: Map<string, Set<string>> | undefined;

/**
 * A hash of every row of every table but the record tables, by table; with `unitId`, only the rows
 * of that unit (its `unit` row, and rows of tables with a `unit_id` or `from_unit_id`/`to_unit_id`
 * column naming it).
 */
export async function snapshotTables(
  sequelize: Sequelize,
  only: { unitId?: number } = {},
): Promise<Map<string, string>> {
  if (!tableColumns) {
    const rows = await sequelize.query<{ name: string; columns: string }>(
      `SELECT c.table_name AS name, string_agg(c.column_name, ',') AS columns
         FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        GROUP BY c.table_name ORDER BY 1`,
      { type: QueryTypes.SELECT },
    );
    tableColumns = new Map(
      rows
        .filter((row) => !RECORD_TABLES.has(row.name))
        .map((row) => [row.name, new Set(row.columns.split(','))]),
    );
  }
  const selects: string[] = [];
  for (const [name, columns] of tableColumns) {
    let where = '';
    if (only.unitId !== undefined) {
      const unit = Number(only.unitId);
      const unitColumns = ['unit_id', 'from_unit_id', 'to_unit_id'].filter((column) => columns.has(column));
      if (name === 'unit') where = `WHERE r.id = ${unit}`;
      else if (unitColumns.length > 0)
        where = `WHERE ${unitColumns.map((column) => `r.${column} = ${unit}`).join(' OR ')}`;
      else continue;
    }
    selects.push(
      `SELECT '${name}' AS name, count(*)::int AS n, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS h FROM "${name}" r ${where}`,
    );
  }
  const rows = await sequelize.query<{ name: string; n: number; h: string }>(selects.join(' UNION ALL '), {
    type: QueryTypes.SELECT,
  });
  return new Map(rows.map((row) => [row.name, `${row.n}:${row.h}`]));
}

/** The tables whose rows differ between two snapshots. */
export function tablesChanged(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

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

let tableList: string[] | undefined;

/** A hash of every row of every table but the record tables, by table. */
export async function snapshotTables(sequelize: Sequelize): Promise<Map<string, string>> {
  tableList ??= (
    await sequelize.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
      { type: QueryTypes.SELECT },
    )
  )
    .map((row) => row.name)
    .filter((name) => !RECORD_TABLES.has(name));
  const sql = tableList
    .map(
      (name) =>
        `SELECT '${name}' AS name, count(*)::int AS n, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS h FROM "${name}" r`,
    )
    .join(' UNION ALL ');
  const rows = await sequelize.query<{ name: string; n: number; h: string }>(sql, {
    type: QueryTypes.SELECT,
  });
  return new Map(rows.map((row) => [row.name, `${row.n}:${row.h}`]));
}

/** The tables whose rows differ between two snapshots. */
export function tablesChanged(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

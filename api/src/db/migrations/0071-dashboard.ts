import type { Migration } from '../migrate';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

/**
 * The dashboard's rollups (issue 27, docs/product-decisions.md "Dashboard"): figures kept by the
 * `dashboard.rollup` job so the dashboard never scans the raw tables when it is viewed.
 * - `dashboard_day`: one figure per project, China's day, metric and dimension (a class, a unit, a
 *   channel, a region; '' for none), recomputed whole for every day a change touched;
 * - `dashboard_learner_day`: who studied on a day (distinct learners over 7 and 30 days);
 * - `dashboard_now`: figures of the present (work waiting, pushes by state, active learners);
 * - `dashboard_state`: per project, when the rollup last ran and from which change it goes on.
 * Every table goes with its project, under the tenant policy. The account gains its dashboard's
 * refresh interval (`account/modify-dashboard-rate`), and the raw tables the indexes the rollup's
 * look-ups by project and time need.
 */
const TABLES = ['dashboard_day', 'dashboard_learner_day', 'dashboard_now', 'dashboard_state'];

const INDEXES: readonly [name: string, definition: string][] = [
  ['my_class_dashboard_created', 'my_class (project_id, created_at)'],
  ['my_class_dashboard_updated', 'my_class (project_id, updated_at)'],
  ['study_session_dashboard_started', 'study_session (project_id, started_at)'],
  ['study_session_dashboard_beat', 'study_session (project_id, last_beat_at)'],
  ['pay_order_dashboard_updated', 'pay_order (project_id, updated_at)'],
  ['pay_refund_dashboard_updated', 'pay_refund (project_id, updated_at)'],
  ['pay_refund_dashboard_succeeded', 'pay_refund (project_id, succeeded_at)'],
  ['account_dashboard_created', 'account (project_id, created_at) WHERE role_system = 3'],
  ['account_dashboard_updated', 'account (project_id, updated_at) WHERE role_system = 3'],
];

export const m0071Dashboard: Migration = {
  name: '0071-dashboard',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE dashboard_day (
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        day DATE NOT NULL,
        metric VARCHAR(24) NOT NULL,
        dim VARCHAR(24) NOT NULL DEFAULT '',
        value BIGINT NOT NULL,
        PRIMARY KEY (project_id, metric, day, dim)
      )`);
    await sql(`
      CREATE TABLE dashboard_learner_day (
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        day DATE NOT NULL,
        account_id INTEGER NOT NULL,
        PRIMARY KEY (project_id, day, account_id)
      )`);
    await sql(`
      CREATE TABLE dashboard_now (
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        metric VARCHAR(24) NOT NULL,
        dim VARCHAR(24) NOT NULL DEFAULT '',
        value BIGINT NOT NULL,
        PRIMARY KEY (project_id, metric, dim)
      )`);
    await sql(`
      CREATE TABLE dashboard_state (
        project_id INTEGER PRIMARY KEY REFERENCES project (id) ON DELETE CASCADE,
        watermark TIMESTAMPTZ,
        refreshed_at TIMESTAMPTZ NOT NULL,
        last_day DATE,
        duration_ms INTEGER NOT NULL DEFAULT 0
      )`);
    for (const table of TABLES)
      for (const statement of tenantPolicySql(table, { sharedNullRows: false })) await sql(statement);
    await sql(
      'ALTER TABLE account ADD COLUMN dashboard_rate INTEGER NOT NULL DEFAULT 300 CHECK (dashboard_rate = 0 OR dashboard_rate BETWEEN 30 AND 3600)',
    );
    // 刷新看板数据 (an operation grant): the built-in administrators of the platform and of every
    // project holding 数据看板 hold it, as new projects' roles do from builtin-roles.ts.
    await sql(`UPDATE role SET menu = menu || CAST(ARRAY['/dashboard/refresh'] AS VARCHAR(100)[])
       WHERE code IN ('platform-admin', 'project-admin') AND '/dashboard/index' = ANY (menu)
         AND '/dashboard/refresh' <> ALL (menu)`);
    for (const [name, definition] of INDEXES) {
      const [table, rest] = definition.split(/ (.*)/s) as [string, string];
      await sql(`CREATE INDEX ${name} ON ${table} ${rest}`);
    }
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    for (const [name] of INDEXES) await sql(`DROP INDEX ${name}`);
    await sql("UPDATE role SET menu = array_remove(menu, '/dashboard/refresh')");
    await sql('ALTER TABLE account DROP COLUMN dashboard_rate');
    for (const table of [...TABLES].reverse()) {
      for (const statement of dropTenantPolicySql(table)) await sql(statement);
      await sql(`DROP TABLE ${table}`);
    }
  },
};

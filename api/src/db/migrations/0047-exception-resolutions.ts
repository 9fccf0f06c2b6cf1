import type { Migration } from '../migrate';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

/** The exception log's pages, granted to the built-in platform admin roles. */
const PAGES = ['/exception-manage', '/exception-manage/list'];

/**
 * 异常记录 (`/exception-manage/list`, issue 24; docs/product-decisions.md "Exception log"): the
 * failures are read where they are kept (pg-boss's failed jobs, refused pushes, failed invoices,
 * refused payment notifications); `exception_resolution` keeps who marked one handled, when and
 * why, by the failure's key (`JOB:<uuid>`, `PUSH:<id>`, …). A failure of no project (a job without
 * one, a notification matching no order) is resolved by platform staff with a NULL project,
 * readable by every project (`sharedNullRows`) and written only under the platform's bypass.
 * The built-in platform admin roles gain the page (project roles hold it since the first route table).
 */
export const m0047ExceptionResolutions: Migration = {
  name: '0047-exception-resolutions',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE exception_resolution (
        id SERIAL PRIMARY KEY,
        project_id INTEGER REFERENCES project (id) ON DELETE CASCADE,
        source_key VARCHAR(60) NOT NULL UNIQUE,
        note VARCHAR(500) NOT NULL,
        resolved_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        resolved_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX exception_resolution_project ON exception_resolution (project_id)');
    for (const statement of tenantPolicySql('exception_resolution', { sharedNullRows: true }))
      await sql(statement);
    await queryInterface.sequelize.query(
      `UPDATE role SET menu = menu || ARRAY(SELECT url FROM unnest(CAST(ARRAY[:pages] AS VARCHAR(100)[])) AS url
         WHERE url <> ALL (menu))
       WHERE code = 'platform-admin' AND role_system = 1`,
      { replacements: { pages: PAGES } },
    );
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await queryInterface.sequelize.query(
      `UPDATE role SET menu = ARRAY(SELECT url FROM unnest(menu) AS url WHERE url <> ALL (CAST(ARRAY[:pages] AS VARCHAR(100)[])))
       WHERE code = 'platform-admin' AND role_system = 1`,
      { replacements: { pages: PAGES } },
    );
    for (const statement of dropTenantPolicySql('exception_resolution')) await sql(statement);
    await sql('DROP TABLE exception_resolution');
  },
};

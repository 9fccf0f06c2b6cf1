import type { Migration } from '../migrate';
import { tenantPolicySql } from '../row-security';

/** The pages of the shared library (资源管理 → 共享资源库) and who starts with them. */
const PAGES = ['/resource-manage', '/resource-manage/shared-library'];

/**
 * The shared resource library (共享资源库, issue 27, docs/product-decisions.md "Shared resource
 * library"). Its rows are resources without a project (`project_id` NULL): every project reads them
 * (the `shared_rows` policy, as for the platform's dictionaries), only platform staff (a bypass)
 * write them. `source_id` says where a row was copied from: a shared row from the project resource
 * the platform shared, a project's copy from the shared row it used; each is unique per project
 * (and once in the library), which makes sharing and using idempotent. A shared row has no
 * category. The built-in 项目管理员 and 平台管理员 roles gain the page.
 */
export const m0074SharedResources: Migration = {
  name: '0074-shared-resources',
  async up(queryInterface) {
    const sql = (text: string, replacements?: Record<string, unknown>) =>
      queryInterface.sequelize.query(text, replacements ? { replacements } : {});
    await sql('ALTER TABLE resource ALTER COLUMN project_id DROP NOT NULL');
    await sql(
      'ALTER TABLE resource ADD COLUMN source_id INTEGER REFERENCES resource (id) ON DELETE SET NULL',
    );
    await sql(`ALTER TABLE resource ADD CONSTRAINT resource_shared_uncategorized
      CHECK (project_id IS NOT NULL OR category_id IS NULL)`);
    await sql(`CREATE UNIQUE INDEX resource_copy_of ON resource (project_id, source_id)
      WHERE project_id IS NOT NULL AND source_id IS NOT NULL`);
    await sql(`CREATE UNIQUE INDEX resource_shared_from ON resource (source_id)
      WHERE project_id IS NULL AND source_id IS NOT NULL`);
    await sql('CREATE INDEX resource_shared ON resource (created_at DESC) WHERE project_id IS NULL');
    for (const statement of tenantPolicySql('resource', { sharedNullRows: true })) await sql(statement);
    await sql(
      `UPDATE role SET menu = menu || ARRAY(SELECT url FROM unnest(CAST(ARRAY[:pages] AS VARCHAR(100)[])) AS url
         WHERE url <> ALL (menu))
       WHERE (code = 'project-admin' AND role_system = 2) OR (code = 'platform-admin' AND role_system = 1)`,
      { pages: PAGES },
    );
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql("UPDATE role SET menu = array_remove(menu, '/resource-manage/shared-library')");
    await sql(
      "UPDATE role SET menu = array_remove(menu, '/resource-manage') WHERE code = 'platform-admin' AND role_system = 1",
    );
    await sql('DELETE FROM resource WHERE project_id IS NULL');
    await sql('DROP INDEX resource_shared');
    await sql('DROP INDEX resource_shared_from');
    await sql('DROP INDEX resource_copy_of');
    await sql('ALTER TABLE resource DROP CONSTRAINT resource_shared_uncategorized');
    await sql('ALTER TABLE resource DROP COLUMN source_id');
    await sql('ALTER TABLE resource ALTER COLUMN project_id SET NOT NULL');
    for (const statement of tenantPolicySql('resource', { sharedNullRows: false })) await sql(statement);
  },
};

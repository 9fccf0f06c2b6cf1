import type { Migration } from '../migrate';
import { TIMESTAMP_COLUMNS } from '../migration-sql';

/** The vocational tree's page (项目管理 → 职业工种目录), for the platform's built-in role. */
const PAGES = ['/project-manage/vocation'];

/**
 * The vocational resource tree (职业工种目录, docs/product-decisions.md "Vocational resource
 * tree"): the platform's one tree of 职业大类 (level 1) → 职业 (level 2) → 工种 (level 3), coded in
 * the style of the national occupation classification (`6`, `6-31-01-03`, `6-31-01-03-01`). It
 * belongs to no project (no `project_id`, so no row-level policy): platform staff maintain it, every
 * project reads it. Codes are unique and never change; a node is disabled rather than deleted (what
 * names its code keeps it). The platform's built-in role gains the page; down takes it away again.
 */
export const m0073Vocations: Migration = {
  name: '0073-vocations',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE vocation (
        id SERIAL PRIMARY KEY,
        parent_id INTEGER REFERENCES vocation (id) ON DELETE RESTRICT,
        level SMALLINT NOT NULL CHECK (level BETWEEN 1 AND 3),
        code VARCHAR(20) NOT NULL UNIQUE,
        name VARCHAR(50) NOT NULL,
        sort INTEGER NOT NULL DEFAULT 0,
        enabled BOOLEAN NOT NULL DEFAULT true,
        ${TIMESTAMP_COLUMNS},
        CHECK ((level = 1) = (parent_id IS NULL)),
        CHECK (parent_id IS NULL OR parent_id <> id)
      )`);
    await sql('CREATE INDEX vocation_children ON vocation (parent_id, sort)');
    await queryInterface.sequelize.query(
      `UPDATE role SET menu = menu || ARRAY(SELECT url FROM unnest(CAST(ARRAY[:pages] AS VARCHAR(100)[])) AS url
         WHERE url <> ALL (menu))
       WHERE code = 'platform-admin' AND role_system = 1`,
      { replacements: { pages: PAGES } },
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query(
      `UPDATE role SET menu = ARRAY(SELECT url FROM unnest(menu) AS url WHERE url <> ALL (CAST(ARRAY[:pages] AS VARCHAR(100)[])))
       WHERE code = 'platform-admin' AND role_system = 1`,
      { replacements: { pages: PAGES } },
    );
    await queryInterface.sequelize.query('DROP TABLE vocation');
  },
};

import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS, TIMESTAMP_COLUMNS } from '../migration-sql';

/** Shared `industry` dictionary entries (project NULL): the industries of train plans. */
const INDUSTRIES: { code: string; label: string }[] = [
  { code: 'construction', label: '建筑业' },
  { code: 'manufacturing', label: '制造业' },
  { code: 'transport', label: '交通运输' },
  { code: 'healthcare', label: '医疗卫生' },
  { code: 'education', label: '教育' },
  { code: 'agriculture', label: '农林牧渔' },
  { code: 'finance', label: '金融会计' },
  { code: 'it', label: '信息技术' },
  { code: 'safety', label: '安全生产' },
  { code: 'other', label: '其他行业' },
];

/**
 * Train plans and class categories:
 * - `train_plan`: a project's plans per year (status DRAFT -> PUBLISHED -> CLOSED, see
 *   docs/product-decisions.md "Catalogue"); the project cannot be deleted while it has plans;
 * - `class_category`: the three-level class-type tree (base type -> major type -> major child); the
 *   two base types (`public`, `specialized`) are created here for every existing project and with
 *   each new project; they go with their project when it is deleted;
 * - the shared `industry` dictionary entries.
 */
export const m0007TrainPlans: Migration = {
  name: '0007-train-plans',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE train_plan (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        year SMALLINT NOT NULL,
        name VARCHAR(100) NOT NULL,
        industry VARCHAR(40) NOT NULL,
        start_date DATE NOT NULL,
        end_date DATE NOT NULL,
        status VARCHAR(16) NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'PUBLISHED', 'CLOSED')),
        description VARCHAR(2000),
        published_at TIMESTAMPTZ,
        closed_at TIMESTAMPTZ,
        ${TIMESTAMP_COLUMNS},
        CHECK (end_date >= start_date)
      )`);
    await sql('CREATE UNIQUE INDEX train_plan_project_year_name ON train_plan (project_id, year, name)');
    await sql('CREATE INDEX train_plan_project_status ON train_plan (project_id, status)');
    await sql(`
      CREATE TABLE class_category (
        ${TENANT_KEY_COLUMNS},
        parent_id INTEGER REFERENCES class_category (id),
        level SMALLINT NOT NULL CHECK (level BETWEEN 1 AND 3),
        code VARCHAR(32),
        name VARCHAR(50) NOT NULL,
        sort INTEGER NOT NULL DEFAULT 0,
        ${TIMESTAMP_COLUMNS},
        CHECK ((level = 1) = (parent_id IS NULL)),
        CHECK ((level = 1) = (code IS NOT NULL))
      )`);
    await sql(
      'CREATE UNIQUE INDEX class_category_base ON class_category (project_id, code) WHERE code IS NOT NULL',
    );
    await sql(
      'CREATE UNIQUE INDEX class_category_sibling_name ON class_category (project_id, COALESCE(parent_id, 0), name)',
    );
    await sql('CREATE INDEX class_category_parent ON class_category (parent_id)');
    await sql(`
      INSERT INTO class_category (project_id, level, code, name, sort)
      SELECT project.id, 1, base.code, base.name, base.sort
      FROM project CROSS JOIN (VALUES ('public', '公需科目', 1), ('specialized', '专业科目', 2)) AS base (code, name, sort)`);
    await queryInterface.bulkInsert(
      'dictionary',
      INDUSTRIES.map((entry, index) => ({
        ...entry,
        type: 'industry',
        project_id: null,
        parent_code: null,
        sort: index + 1,
      })),
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query(
      "DELETE FROM dictionary WHERE project_id IS NULL AND type = 'industry'",
    );
    await queryInterface.sequelize.query('DROP TABLE class_category');
    await queryInterface.sequelize.query('DROP TABLE train_plan');
  },
};

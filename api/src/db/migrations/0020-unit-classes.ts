import type { Migration } from '../migrate';

/** The unit class pages (docs/product-decisions.md "Unit classes"). */
const UNIT_CLASS_PAGES = [
  '/train-manage',
  '/train-manage/unit-class',
  '/train-manage/unit-class-detail',
  '/train-manage/creat-class',
];

/**
 * Unit classes (docs/product-decisions.md "Unit classes"): a unit's purchase group for one class of
 * its project. The built-in unit-manager and project-admin roles of existing projects get the unit
 * class pages they lack (new projects' roles have them from `builtin-roles.ts`). Down drops the
 * table; the grants stay (the pages existed before, and a role may have held them).
 */
export const m0020UnitClasses: Migration = {
  name: '0020-unit-classes',
  async up(queryInterface) {
    const sql = (text: string, replacements?: Record<string, unknown>) =>
      queryInterface.sequelize.query(text, { replacements });
    await sql(`
      CREATE TABLE unit_class (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        unit_id INTEGER NOT NULL REFERENCES unit (id),
        class_id INTEGER NOT NULL REFERENCES train_class (id),
        name VARCHAR(100) NOT NULL,
        planned_students INTEGER NOT NULL CHECK (planned_students > 0),
        contact_name VARCHAR(50),
        contact_mobile VARCHAR(20),
        remark VARCHAR(500),
        state VARCHAR(16) NOT NULL DEFAULT 'OPEN' CHECK (state IN ('OPEN', 'CLOSED')),
        created_by INTEGER REFERENCES account (id),
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      )`);
    await sql('CREATE INDEX unit_class_project_unit ON unit_class (project_id, unit_id)');
    await sql('CREATE INDEX unit_class_class ON unit_class (class_id)');
    await sql(
      `UPDATE role SET menu = menu || ARRAY(SELECT url FROM unnest(CAST(ARRAY[:pages] AS VARCHAR(100)[])) AS url
         WHERE url <> ALL (menu))
       WHERE (code = 'unit-manager' AND role_system = 4) OR (code = 'project-admin' AND role_system = 2)`,
      { pages: UNIT_CLASS_PAGES },
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('DROP TABLE unit_class');
  },
};

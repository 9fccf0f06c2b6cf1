import type { Migration } from '../migrate';

/**
 * Unit affiliations (docs/product-decisions.md "Unit affiliations"): a unit (the affiliated unit,
 * 挂靠单位) under another unit of its project (its supervising unit, 主管单位). One supervising
 * unit per unit (`unit_id` unique); no unit under itself (checked here too); cycles are refused by
 * the service under a per-project lock. Down drops the table.
 */
export const m0023UnitAffiliations: Migration = {
  name: '0023-unit-affiliations',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE unit_affiliation (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        unit_id INTEGER NOT NULL UNIQUE REFERENCES unit (id),
        supervising_unit_id INTEGER NOT NULL REFERENCES unit (id),
        created_by INTEGER REFERENCES account (id),
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL,
        CHECK (unit_id <> supervising_unit_id)
      )`);
    await sql(
      'CREATE INDEX unit_affiliation_supervising ON unit_affiliation (project_id, supervising_unit_id)',
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('DROP TABLE unit_affiliation');
  },
};

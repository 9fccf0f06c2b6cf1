import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS } from '../migration-sql';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

/**
 * Data corrections of study records (`/customer/study-report`, docs/regulator.md "Data
 * correction"): each correction of an enrolment's credited hours or of a lesson's state, with what
 * it was, what it became, why and by whom. The newest hours correction of an enrolment is the hours
 * reported for it; the original credit stays as study recorded it. Goes with its project.
 */
export const m0043StudyCorrections: Migration = {
  name: '0043-study-corrections',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE study_correction (
        ${TENANT_KEY_COLUMNS},
        my_class_id INTEGER NOT NULL REFERENCES my_class (id),
        account_id INTEGER NOT NULL REFERENCES account (id),
        target VARCHAR(8) NOT NULL CHECK (target IN ('HOURS', 'LESSON')),
        progress_id INTEGER REFERENCES lesson_progress (id) ON DELETE SET NULL,
        lesson_name VARCHAR(100),
        before JSONB NOT NULL,
        after JSONB NOT NULL,
        reason VARCHAR(300) NOT NULL,
        corrected_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        CHECK ((target = 'LESSON') = (lesson_name IS NOT NULL))
      )`);
    await sql('CREATE INDEX study_correction_enrolment ON study_correction (my_class_id, id)');
    await sql('CREATE INDEX study_correction_list ON study_correction (project_id, created_at DESC)');
    for (const statement of tenantPolicySql('study_correction', { sharedNullRows: false }))
      await sql(statement);
  },
  async down(queryInterface) {
    for (const statement of dropTenantPolicySql('study_correction'))
      await queryInterface.sequelize.query(statement);
    await queryInterface.sequelize.query('DROP TABLE study_correction');
  },
};

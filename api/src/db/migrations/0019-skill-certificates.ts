import type { Migration } from '../migrate';

/**
 * Skill certificates (docs/product-decisions.md "Certificates"): a third kind `SKILL` of
 * `certificate`, issued by staff for a passed skill assessment. It snapshots the occupation / skill
 * (`skill_name`), the level (`skill_level`, L5 五级/初级工 .. L1 一级/高级技师), the assessment date
 * and the issuing organisation, which only a skill certificate has (and must have). At most one
 * live VALID skill certificate per student, skill and level.
 */
export const m0019SkillCertificates: Migration = {
  name: '0019-skill-certificates',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      ALTER TABLE certificate
        ADD COLUMN skill_name VARCHAR(50),
        ADD COLUMN skill_level VARCHAR(4) CHECK (skill_level IN ('L5', 'L4', 'L3', 'L2', 'L1')),
        ADD COLUMN assess_date DATE,
        ADD COLUMN issuer VARCHAR(100)`);
    await sql('ALTER TABLE certificate DROP CONSTRAINT certificate_kind_check');
    await sql(
      "ALTER TABLE certificate ADD CONSTRAINT certificate_kind_check CHECK (kind IN ('CLASS', 'YEAR', 'SKILL'))",
    );
    await sql(`
      ALTER TABLE certificate ADD CONSTRAINT certificate_skill_fields CHECK (
        (kind = 'SKILL') = (skill_name IS NOT NULL)
        AND (kind = 'SKILL') = (skill_level IS NOT NULL)
        AND (kind = 'SKILL') = (assess_date IS NOT NULL)
        AND (kind = 'SKILL') = (issuer IS NOT NULL)
      )`);
    await sql(`
      CREATE UNIQUE INDEX certificate_skill_valid ON certificate (project_id, account_id, skill_name, skill_level)
      WHERE kind = 'SKILL' AND status = 'VALID' AND deleted_at IS NULL`);
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    // Skill certificates cannot be kept without their columns: their print logs and rows go.
    await sql(
      "DELETE FROM certificate_print_log WHERE certificate_id IN (SELECT id FROM certificate WHERE kind = 'SKILL')",
    );
    await sql("DELETE FROM certificate WHERE kind = 'SKILL'");
    await sql('DROP INDEX certificate_skill_valid');
    await sql('ALTER TABLE certificate DROP CONSTRAINT certificate_skill_fields');
    await sql('ALTER TABLE certificate DROP CONSTRAINT certificate_kind_check');
    await sql(
      "ALTER TABLE certificate ADD CONSTRAINT certificate_kind_check CHECK (kind IN ('CLASS', 'YEAR'))",
    );
    await sql(
      'ALTER TABLE certificate DROP COLUMN skill_name, DROP COLUMN skill_level, DROP COLUMN assess_date, DROP COLUMN issuer',
    );
  },
};

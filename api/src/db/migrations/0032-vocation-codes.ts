import type { Migration } from '../migrate';

/**
 * Occupations kept by code (docs/product-decisions.md "Vocational resource tree"): a 考务 batch's
 * occupation (`cms_batch.occupation_code`) and a skill certificate's (`certificate.skill_code`)
 * name a node of the vocational resource tree by its code, beside the name printed (kept as before).
 * Rows from before take the code of the one node whose name equals theirs; a name the tree does not
 * hold, or holds twice, keeps no code (null). Codes never change and nodes are never deleted, so
 * the keys hold.
 */
export const m0032VocationCodes: Migration = {
  name: '0032-vocation-codes',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql('ALTER TABLE cms_batch ADD COLUMN occupation_code VARCHAR(20) REFERENCES vocation (code)');
    await sql(`
      ALTER TABLE certificate
        ADD COLUMN skill_code VARCHAR(20) REFERENCES vocation (code),
        ADD CONSTRAINT certificate_skill_code CHECK (skill_code IS NULL OR kind = 'SKILL')`);
    const byName = `(SELECT name, MIN(code) AS code FROM vocation WHERE level > 1 GROUP BY name HAVING COUNT(*) = 1)`;
    await sql(`UPDATE cms_batch b SET occupation_code = v.code FROM ${byName} v WHERE v.name = b.occupation`);
    await sql(
      `UPDATE certificate c SET skill_code = v.code FROM ${byName} v WHERE c.kind = 'SKILL' AND v.name = c.skill_name`,
    );
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql('ALTER TABLE certificate DROP CONSTRAINT certificate_skill_code, DROP COLUMN skill_code');
    await sql('ALTER TABLE cms_batch DROP COLUMN occupation_code');
  },
};

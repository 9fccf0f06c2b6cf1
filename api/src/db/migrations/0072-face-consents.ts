import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS } from '../migration-sql';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

/**
 * A student's consent to the project's face agreement (人脸识别授权协议, issue 27, docs/product-decisions.md
 * "Face agreement"): one row per student, the time they agreed and the text they agreed to (the
 * project's `faceAgreement` setting then), written before the first face photo or capture is taken;
 * the face calls refuse a student without it. Under the tenant policy.
 */
export const m0072FaceConsents: Migration = {
  name: '0072-face-consents',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE face_consent (
        ${TENANT_KEY_COLUMNS},
        account_id INTEGER NOT NULL UNIQUE REFERENCES account (id) ON DELETE CASCADE,
        agreement_text TEXT NOT NULL,
        agreed_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    for (const statement of tenantPolicySql('face_consent', { sharedNullRows: false })) await sql(statement);
  },
  async down(queryInterface) {
    for (const statement of dropTenantPolicySql('face_consent'))
      await queryInterface.sequelize.query(statement);
    await queryInterface.sequelize.query('DROP TABLE face_consent');
  },
};

import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS } from '../migration-sql';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

/**
 * Identity checks (实名核验, issue 27): every check of a name and ID number made through the
 * identity-verification service, whoever asked (registration, staff on a student, CMS
 * registration), with the service's verdict and request id. A student counts as verified while
 * their latest check of their current name and ID number matched; failed checks of one ID number
 * are counted per day to stop guessing. Goes with its project, under the tenant policy.
 */
export const m0075IdentityChecks: Migration = {
  name: '0075-identity-checks',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE identity_check (
        ${TENANT_KEY_COLUMNS},
        account_id INTEGER REFERENCES account (id) ON DELETE CASCADE,
        purpose VARCHAR(16) NOT NULL CHECK (purpose IN ('REGISTER', 'COMPLETE_INFO', 'STAFF', 'CMS')),
        real_name VARCHAR(50) NOT NULL,
        id_card_no VARCHAR(18) NOT NULL,
        result VARCHAR(16) NOT NULL CHECK (result IN
          ('MATCH', 'MISMATCH', 'INVALID_ID', 'INVALID_NAME', 'NOT_FOUND', 'UNAVAILABLE', 'LIMITED', 'ERROR')),
        code VARCHAR(64) NOT NULL,
        description VARCHAR(255) NOT NULL DEFAULT '',
        request_id VARCHAR(64),
        simulated BOOLEAN NOT NULL,
        checked_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql(
      'CREATE INDEX identity_check_person ON identity_check (project_id, id_card_no, created_at DESC)',
    );
    await sql(
      'CREATE INDEX identity_check_account ON identity_check (account_id, created_at DESC) WHERE account_id IS NOT NULL',
    );
    for (const statement of tenantPolicySql('identity_check', { sharedNullRows: false }))
      await sql(statement);
  },
  async down(queryInterface) {
    for (const statement of dropTenantPolicySql('identity_check'))
      await queryInterface.sequelize.query(statement);
    await queryInterface.sequelize.query('DROP TABLE identity_check');
  },
};

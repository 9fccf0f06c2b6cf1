import type { Migration } from '../migrate';
import { TIMESTAMP_COLUMNS } from '../migration-sql';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

/**
 * A project's reporting to the regulator (docs/regulator.md), set by platform staff: on or off, the
 * regulator's endpoint (null: the simulator in simulator mode, REGULATOR_API_BASE in live mode), the
 * app id and secret the regulator handed out (the secret is never answered), the base class types
 * reported, and whether passing reports at once (`AUTO`) or only when staff push (`MANUAL`).
 */
export const m0040RegulatorPushConfig: Migration = {
  name: '0040-regulator-push-config',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE regulator_push_config (
        project_id INTEGER PRIMARY KEY REFERENCES project (id) ON DELETE CASCADE,
        enabled BOOLEAN NOT NULL DEFAULT false,
        endpoint VARCHAR(300),
        app_id VARCHAR(64) NOT NULL,
        app_secret VARCHAR(128) NOT NULL,
        base_types VARCHAR(20)[] NOT NULL DEFAULT '{}',
        push_mode VARCHAR(10) NOT NULL DEFAULT 'AUTO' CHECK (push_mode IN ('AUTO', 'MANUAL')),
        updated_by INTEGER REFERENCES account (id),
        ${TIMESTAMP_COLUMNS}
      )`);
    for (const statement of tenantPolicySql('regulator_push_config', { sharedNullRows: false }))
      await sql(statement);
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    for (const statement of dropTenantPolicySql('regulator_push_config')) await sql(statement);
    await sql('DROP TABLE IF EXISTS regulator_push_config');
  },
};

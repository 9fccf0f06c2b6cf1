import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS, TIMESTAMP_COLUMNS } from '../migration-sql';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

const TABLES = ['partner_notice', 'partner_notice_attempt'];

/**
 * Progress notices to partner apps' callback URLs (docs/partner-api.md "Progress notices"):
 * - `partner_notice`: one per app and event of an enrolment it signed up (lesson finished, class
 *   passed, certificate issued; `event_key` makes each once), its body, where delivery stands
 *   (PENDING while it is tried, DELIVERED, FAILED once the retries ran out), the attempts made;
 * - `partner_notice_attempt`: every delivery attempt (HTTP status or error, how long), replays too.
 */
export const m0052PartnerNotices: Migration = {
  name: '0052-partner-notices',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE partner_notice (
        ${TENANT_KEY_COLUMNS},
        app_id INTEGER NOT NULL REFERENCES partner_app (id) ON DELETE CASCADE,
        my_class_id INTEGER REFERENCES my_class (id) ON DELETE SET NULL,
        event VARCHAR(30) NOT NULL CHECK (event IN ('LESSON_FINISHED', 'CLASS_PASSED', 'CERTIFICATE_ISSUED')),
        event_key VARCHAR(120) NOT NULL,
        payload JSONB NOT NULL,
        status VARCHAR(10) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
        attempts INTEGER NOT NULL DEFAULT 0,
        last_http_status SMALLINT,
        last_error VARCHAR(300),
        delivered_at TIMESTAMPTZ,
        ${TIMESTAMP_COLUMNS},
        UNIQUE (app_id, event_key)
      )`);
    await sql('CREATE INDEX partner_notice_app ON partner_notice (app_id, created_at DESC, id DESC)');
    await sql(`
      CREATE TABLE partner_notice_attempt (
        ${TENANT_KEY_COLUMNS},
        notice_id INTEGER NOT NULL REFERENCES partner_notice (id) ON DELETE CASCADE,
        replay BOOLEAN NOT NULL DEFAULT false,
        http_status SMALLINT,
        outcome VARCHAR(12) NOT NULL CHECK (outcome IN ('DELIVERED', 'REJECTED', 'UNREACHABLE')),
        error VARCHAR(300),
        duration_ms INTEGER NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX partner_notice_attempt_notice ON partner_notice_attempt (notice_id, id)');
    for (const table of TABLES)
      for (const statement of tenantPolicySql(table, { sharedNullRows: false })) await sql(statement);
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    for (const table of [...TABLES].reverse()) {
      for (const statement of dropTenantPolicySql(table)) await sql(statement);
      await sql(`DROP TABLE IF EXISTS ${table}`);
    }
  },
};

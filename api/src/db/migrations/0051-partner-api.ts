import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS } from '../migration-sql';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

const CHANNELS_BEFORE = "'WX_JSAPI', 'WX_NATIVE', 'UNIT_BATCH', 'OFFLINE', 'FREE'";
const SOURCES_BEFORE = "'STUDENT', 'STAFF', 'NOTIFY', 'RECONCILE', 'TIMEOUT', 'SYSTEM'";
const TABLES = [
  'partner_nonce',
  'partner_token',
  'partner_rate_window',
  'partner_account',
  'partner_sign_up',
  'partner_sso_ticket',
];

/**
 * The partner API (docs/partner-api.md):
 * - `partner_nonce`: the nonces of an app's signed requests, each accepted once (kept past the
 *   5-minute window, then swept);
 * - `partner_token`: access tokens of the `jxnc` group (only their SHA-256 is kept), short-lived and
 *   revocable;
 * - `partner_rate_window`: an app's calls per minute, counted across instances;
 * - `partner_account`: a partner's account id bound to our student account (one each way per app);
 * - `partner_sign_up`: each sign-up by the partner's request id (idempotency), with what it made;
 * - `partner_sso_ticket`: one-time single-sign-on tickets of the study page (only their SHA-256),
 *   bound to the app, the student and the enrolment, short-lived, used once.
 * Orders get the channel PARTNER (settled between partner and project) and the log source PARTNER.
 */
export const m0051PartnerApi: Migration = {
  name: '0051-partner-api',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE partner_nonce (
        app_id INTEGER NOT NULL REFERENCES partner_app (id) ON DELETE CASCADE,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        nonce VARCHAR(64) NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        PRIMARY KEY (app_id, nonce)
      )`);
    await sql('CREATE INDEX partner_nonce_created ON partner_nonce (created_at)');
    await sql(`
      CREATE TABLE partner_token (
        ${TENANT_KEY_COLUMNS},
        app_id INTEGER NOT NULL REFERENCES partner_app (id) ON DELETE CASCADE,
        token_hash CHAR(64) NOT NULL UNIQUE,
        expires_at TIMESTAMPTZ NOT NULL,
        revoked_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX partner_token_app ON partner_token (app_id, expires_at)');
    await sql(`
      CREATE TABLE partner_rate_window (
        app_id INTEGER NOT NULL REFERENCES partner_app (id) ON DELETE CASCADE,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        window_start TIMESTAMPTZ NOT NULL,
        calls INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (app_id, window_start)
      )`);
    await sql(`
      CREATE TABLE partner_account (
        ${TENANT_KEY_COLUMNS},
        app_id INTEGER NOT NULL REFERENCES partner_app (id) ON DELETE CASCADE,
        out_account_id VARCHAR(64) NOT NULL,
        account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        UNIQUE (app_id, out_account_id),
        UNIQUE (app_id, account_id)
      )`);
    await sql(`
      CREATE TABLE partner_sign_up (
        ${TENANT_KEY_COLUMNS},
        app_id INTEGER NOT NULL REFERENCES partner_app (id) ON DELETE CASCADE,
        request_id VARCHAR(64) NOT NULL,
        request_hash CHAR(64) NOT NULL,
        out_account_id VARCHAR(64) NOT NULL,
        account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
        class_id INTEGER NOT NULL REFERENCES train_class (id) ON DELETE CASCADE,
        my_class_id INTEGER REFERENCES my_class (id) ON DELETE SET NULL,
        order_id INTEGER REFERENCES pay_order (id) ON DELETE SET NULL,
        answer JSONB NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        UNIQUE (app_id, request_id)
      )`);
    await sql('CREATE INDEX partner_sign_up_my_class ON partner_sign_up (my_class_id)');
    await sql('CREATE INDEX partner_sign_up_account ON partner_sign_up (app_id, account_id, class_id)');
    await sql(`
      CREATE TABLE partner_sso_ticket (
        ${TENANT_KEY_COLUMNS},
        app_id INTEGER NOT NULL REFERENCES partner_app (id) ON DELETE CASCADE,
        ticket_hash CHAR(64) NOT NULL UNIQUE,
        account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
        my_class_id INTEGER NOT NULL REFERENCES my_class (id) ON DELETE CASCADE,
        expires_at TIMESTAMPTZ NOT NULL,
        used_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX partner_sso_ticket_expires ON partner_sso_ticket (expires_at)');
    for (const table of TABLES)
      for (const statement of tenantPolicySql(table, { sharedNullRows: false })) await sql(statement);
    await sql('ALTER TABLE pay_order DROP CONSTRAINT pay_order_channel_check');
    await sql(`ALTER TABLE pay_order ADD CONSTRAINT pay_order_channel_check
      CHECK (channel IN (${CHANNELS_BEFORE}, 'PARTNER'))`);
    await sql('ALTER TABLE pay_order_log DROP CONSTRAINT pay_order_log_source_check');
    await sql(`ALTER TABLE pay_order_log ADD CONSTRAINT pay_order_log_source_check
      CHECK (source IN (${SOURCES_BEFORE}, 'PARTNER'))`);
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql("DELETE FROM pay_order_log WHERE source = 'PARTNER'");
    await sql('ALTER TABLE pay_order_log DROP CONSTRAINT pay_order_log_source_check');
    await sql(
      `ALTER TABLE pay_order_log ADD CONSTRAINT pay_order_log_source_check CHECK (source IN (${SOURCES_BEFORE}))`,
    );
    await sql("UPDATE pay_order SET channel = 'OFFLINE' WHERE channel = 'PARTNER'");
    await sql('ALTER TABLE pay_order DROP CONSTRAINT pay_order_channel_check');
    await sql(
      `ALTER TABLE pay_order ADD CONSTRAINT pay_order_channel_check CHECK (channel IN (${CHANNELS_BEFORE}))`,
    );
    for (const table of [...TABLES].reverse()) {
      for (const statement of dropTenantPolicySql(table)) await sql(statement);
      await sql(`DROP TABLE IF EXISTS ${table}`);
    }
  },
};

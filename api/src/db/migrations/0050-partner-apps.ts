import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS, TIMESTAMP_COLUMNS } from '../migration-sql';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

/** The pages of the partner apps (项目管理 → 合作平台), for the platform's built-in role. */
const PAGES = ['/project-manage/partner-app', '/project-manage/partner-app-detail'];

/**
 * Partner platforms (docs/partner-api.md), registered per project by platform staff:
 * - `partner_app`: name, app key, the secret (and, after a rotation, the previous one until its
 *   overlap ends), the origins that may embed our study page, the callback URL of progress notices,
 *   an optional IP allow-list, the enabled flag and the per-minute rate limit. Secrets are kept as
 *   they are (HMAC needs them; like WeChat and regulator credentials) and answered only when made.
 * - `partner_call_log`: every call of an app (which call, how it authenticated, the result code,
 *   the HTTP status, how long it took, from where, the partner's account id when one was named).
 * The platform's built-in role gains the pages; down takes them away again.
 */
export const m0050PartnerApps: Migration = {
  name: '0050-partner-apps',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE partner_app (
        ${TENANT_KEY_COLUMNS},
        name VARCHAR(50) NOT NULL,
        app_key VARCHAR(48) NOT NULL UNIQUE,
        secret VARCHAR(64) NOT NULL,
        previous_secret VARCHAR(64),
        previous_secret_until TIMESTAMPTZ,
        secret_rotated_at TIMESTAMPTZ,
        allowed_origins VARCHAR(200)[] NOT NULL DEFAULT '{}',
        callback_url VARCHAR(300),
        ip_allow_list VARCHAR(50)[] NOT NULL DEFAULT '{}',
        enabled BOOLEAN NOT NULL DEFAULT true,
        rate_limit_per_minute INTEGER NOT NULL DEFAULT 600
          CHECK (rate_limit_per_minute BETWEEN 1 AND 100000),
        created_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        ${TIMESTAMP_COLUMNS},
        UNIQUE (project_id, name),
        CHECK ((previous_secret IS NULL) = (previous_secret_until IS NULL))
      )`);
    await sql(`
      CREATE TABLE partner_call_log (
        ${TENANT_KEY_COLUMNS},
        app_id INTEGER NOT NULL REFERENCES partner_app (id) ON DELETE CASCADE,
        call VARCHAR(60) NOT NULL,
        auth VARCHAR(10) NOT NULL CHECK (auth IN ('SIGNATURE', 'TOKEN')),
        result_code VARCHAR(32) NOT NULL,
        http_status SMALLINT NOT NULL,
        duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
        ip VARCHAR(64),
        request_id VARCHAR(64) NOT NULL,
        out_account_id VARCHAR(64),
        message VARCHAR(200),
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX partner_call_log_app ON partner_call_log (app_id, created_at DESC, id DESC)');
    await sql('CREATE INDEX partner_call_log_project ON partner_call_log (project_id, created_at DESC)');
    for (const table of ['partner_app', 'partner_call_log'])
      for (const statement of tenantPolicySql(table, { sharedNullRows: false })) await sql(statement);
    await queryInterface.sequelize.query(
      `UPDATE role SET menu = menu || ARRAY(SELECT url FROM unnest(CAST(ARRAY[:pages] AS VARCHAR(100)[])) AS url
         WHERE url <> ALL (menu))
       WHERE code = 'platform-admin' AND role_system = 1`,
      { replacements: { pages: PAGES } },
    );
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await queryInterface.sequelize.query(
      `UPDATE role SET menu = ARRAY(SELECT url FROM unnest(menu) AS url WHERE url <> ALL (CAST(ARRAY[:pages] AS VARCHAR(100)[])))
       WHERE code = 'platform-admin' AND role_system = 1`,
      { replacements: { pages: PAGES } },
    );
    for (const table of ['partner_call_log', 'partner_app'])
      for (const statement of dropTenantPolicySql(table)) await sql(statement);
    await sql('DROP TABLE IF EXISTS partner_call_log');
    await sql('DROP TABLE IF EXISTS partner_app');
  },
};

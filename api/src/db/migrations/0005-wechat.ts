import type { Migration } from '../migrate';
import { TIMESTAMP_COLUMNS } from '../migration-sql';

/**
 * WeChat: the official-account / merchant records of `/wxapp-manage` and the projects each serves,
 * openids bound to accounts, the shared access_token / jsapi_ticket store, OAuth states and binding
 * scenes (single use, short-lived), pushed events (de-duplicated) and the units' registration QR codes.
 */
export const m0005Wechat: Migration = {
  name: '0005-wechat',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE wxapp (
        id SERIAL PRIMARY KEY,
        name VARCHAR(60) NOT NULL,
        app_id VARCHAR(32) NOT NULL,
        app_secret VARCHAR(64) NOT NULL,
        push_token VARCHAR(32) NOT NULL,
        encoding_aes_key VARCHAR(43),
        push_mode VARCHAR(8) NOT NULL DEFAULT 'safe' CHECK (push_mode IN ('plain', 'safe')),
        mch_id VARCHAR(32),
        mch_serial_no VARCHAR(64),
        mch_private_key TEXT,
        api_v3_key VARCHAR(32),
        platform_serial_no VARCHAR(64),
        platform_public_key TEXT,
        status VARCHAR(16) NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
        ${TIMESTAMP_COLUMNS},
        CHECK (push_mode = 'plain' OR encoding_aes_key IS NOT NULL)
      )`);
    await sql('CREATE UNIQUE INDEX wxapp_app_id ON wxapp (app_id)');
    // A project is served by at most one official account; an account may serve many projects.
    await sql(`
      CREATE TABLE wxapp_project (
        project_id INTEGER PRIMARY KEY REFERENCES project (id) ON DELETE CASCADE,
        wxapp_id INTEGER NOT NULL REFERENCES wxapp (id) ON DELETE CASCADE,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX wxapp_project_wxapp ON wxapp_project (wxapp_id)');
    // An openid is per official account. One official account may serve several projects, where the
    // same person may have an account each: an openid is bound at most once per project, and an
    // account has at most one openid per official account.
    await sql(`
      CREATE TABLE wechat_binding (
        id SERIAL PRIMARY KEY,
        wxapp_id INTEGER NOT NULL REFERENCES wxapp (id) ON DELETE CASCADE,
        open_id VARCHAR(64) NOT NULL,
        union_id VARCHAR(64),
        account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        nickname VARCHAR(64),
        avatar_url VARCHAR(512),
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE UNIQUE INDEX wechat_binding_openid ON wechat_binding (wxapp_id, project_id, open_id)');
    await sql('CREATE UNIQUE INDEX wechat_binding_account ON wechat_binding (account_id, wxapp_id)');
    await sql('CREATE INDEX wechat_binding_project ON wechat_binding (project_id)');
    await sql(`
      CREATE TABLE wechat_credential (
        key VARCHAR(100) PRIMARY KEY,
        value TEXT NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql(`
      CREATE TABLE wechat_oauth_state (
        state VARCHAR(64) PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        wxapp_id INTEGER NOT NULL REFERENCES wxapp (id) ON DELETE CASCADE,
        unit_id INTEGER REFERENCES unit (id) ON DELETE SET NULL,
        scope VARCHAR(20) NOT NULL,
        redirect VARCHAR(512) NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL,
        used_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql(`
      CREATE TABLE wechat_bind_scene (
        scene VARCHAR(64) PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        wxapp_id INTEGER NOT NULL REFERENCES wxapp (id) ON DELETE CASCADE,
        open_id VARCHAR(64) NOT NULL,
        union_id VARCHAR(64),
        nickname VARCHAR(64),
        avatar_url VARCHAR(512),
        expires_at TIMESTAMPTZ NOT NULL,
        used_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    // WeChat retries a push it got no answer to: the same FromUserName + CreateTime is the same event.
    await sql(`
      CREATE TABLE wechat_push_event (
        id BIGSERIAL PRIMARY KEY,
        wxapp_id INTEGER NOT NULL REFERENCES wxapp (id) ON DELETE CASCADE,
        from_user VARCHAR(64) NOT NULL,
        create_time BIGINT NOT NULL,
        msg_type VARCHAR(20) NOT NULL,
        event VARCHAR(40),
        event_key VARCHAR(128),
        reply TEXT,
        received_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql(
      'CREATE UNIQUE INDEX wechat_push_event_once ON wechat_push_event (wxapp_id, from_user, create_time)',
    );
    await sql(`
      CREATE TABLE unit_register_qrcode (
        unit_id INTEGER NOT NULL REFERENCES unit (id) ON DELETE CASCADE,
        wxapp_id INTEGER NOT NULL REFERENCES wxapp (id) ON DELETE CASCADE,
        scene VARCHAR(64) NOT NULL,
        ticket VARCHAR(256) NOT NULL,
        url VARCHAR(256) NOT NULL,
        expires_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        PRIMARY KEY (unit_id, wxapp_id)
      )`);
  },
  async down(queryInterface) {
    for (const table of [
      'unit_register_qrcode',
      'wechat_push_event',
      'wechat_bind_scene',
      'wechat_oauth_state',
      'wechat_credential',
      'wechat_binding',
      'wxapp_project',
      'wxapp',
    ]) {
      await queryInterface.sequelize.query(`DROP TABLE ${table}`);
    }
  },
};

import { openLedgers } from '../../modules/study/ledger';
import type { Migration } from '../migrate';
import { APP_ROLE, dropTenantPolicySql, tenantPolicySql } from '../row-security';

/**
 * The study ledger (docs/regulator.md "The study ledger"): per enrolment, an append-only hash chain
 * of what study credited and of every correction, each entry carrying the hash of the one before.
 * The application may insert and read, never update or delete (the grant is taken back from
 * `px_app`); rows go with their project (tenant policy). Enrolments that already had hours or had
 * finished get an OPENING entry with the hours they stand at, so every chain starts somewhere.
 */
export const m0042StudyLedger: Migration = {
  name: '0042-study-ledger',
  async up(queryInterface, sequelize) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE study_ledger (
        id BIGSERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        my_class_id INTEGER NOT NULL REFERENCES my_class (id),
        seq INTEGER NOT NULL CHECK (seq >= 1),
        kind VARCHAR(16) NOT NULL CHECK (kind IN
          ('OPENING', 'LESSON', 'HOURS', 'POPUP', 'FACE', 'PASSED', 'CORRECTION')),
        body JSONB NOT NULL,
        actor_id INTEGER,
        recorded_at TIMESTAMPTZ NOT NULL,
        prev_hash CHAR(64) NOT NULL,
        hash CHAR(64) NOT NULL,
        UNIQUE (my_class_id, seq)
      )`);
    await sql('CREATE INDEX study_ledger_project ON study_ledger (project_id, my_class_id, seq)');
    for (const statement of tenantPolicySql('study_ledger', { sharedNullRows: false })) await sql(statement);
    await sql(`DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
          REVOKE UPDATE, DELETE, TRUNCATE ON study_ledger FROM ${APP_ROLE};
        END IF;
      END $$`);
    // In whatever transaction the migration runs in (a restore runs every migration in its own
    // single transaction, which a transaction of this migration's would commit).
    await openLedgers(sequelize, null, new Date(), undefined);
  },
  async down(queryInterface) {
    for (const statement of dropTenantPolicySql('study_ledger'))
      await queryInterface.sequelize.query(statement);
    await queryInterface.sequelize.query('DROP TABLE study_ledger');
  },
};

import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS, TIMESTAMP_COLUMNS } from '../migration-sql';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

const TABLES = ['regulator_push_log', 'regulator_push', 'regulator_class_filing'] as const;

/**
 * Reporting study records to the regulator (docs/regulator.md "How the platform pushes"):
 * `regulator_push` is the outbox, one row per record to report (written in the transaction that
 * makes an enrolment reportable, or when staff push), its `push_no` the regulator's idempotency key,
 * its `payload` the record as first sent (frozen: a retry sends the same bytes' content);
 * `regulator_push_log` one row per attempt (what was sent in short, the answer's code, how long);
 * `regulator_class_filing` what each class was last filed with (a changed class is filed again).
 * Only one original push per enrolment; corrections are pushes of their own naming the one they
 * correct.
 */
export const m0041RegulatorPushes: Migration = {
  name: '0041-regulator-pushes',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE regulator_push (
        ${TENANT_KEY_COLUMNS},
        push_no VARCHAR(32) NOT NULL UNIQUE,
        my_class_id INTEGER NOT NULL REFERENCES my_class (id),
        account_id INTEGER NOT NULL REFERENCES account (id),
        class_id INTEGER NOT NULL REFERENCES train_class (id),
        kind VARCHAR(12) NOT NULL CHECK (kind IN ('ORIGINAL', 'CORRECTION')),
        corrects_id INTEGER REFERENCES regulator_push (id),
        origin VARCHAR(12) NOT NULL CHECK (origin IN ('AUTO', 'MANUAL', 'CORRECTION')),
        status VARCHAR(12) NOT NULL CHECK (status IN
          ('PENDING', 'SENDING', 'SUCCESS', 'RETRY_WAIT', 'FAILED', 'IGNORED')),
        attempts INTEGER NOT NULL DEFAULT 0,
        failures INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        lease_until TIMESTAMPTZ,
        payload JSONB,
        receipt_no VARCHAR(64),
        accepted_at TIMESTAMPTZ,
        duplicate BOOLEAN NOT NULL DEFAULT false,
        last_code VARCHAR(24),
        last_message VARCHAR(300),
        reject_errors JSONB,
        reject_field VARCHAR(64),
        reject_reason VARCHAR(40),
        handled_at TIMESTAMPTZ,
        handled_by INTEGER REFERENCES account (id),
        handle_note VARCHAR(300),
        created_by INTEGER REFERENCES account (id),
        ${TIMESTAMP_COLUMNS},
        CHECK ((kind = 'CORRECTION') = (corrects_id IS NOT NULL))
      )`);
    await sql(
      "CREATE UNIQUE INDEX regulator_push_one_original ON regulator_push (my_class_id) WHERE kind = 'ORIGINAL'",
    );
    await sql(
      "CREATE INDEX regulator_push_due ON regulator_push (project_id, next_attempt_at, id) WHERE status IN ('PENDING', 'RETRY_WAIT')",
    );
    await sql("CREATE INDEX regulator_push_leased ON regulator_push (lease_until) WHERE status = 'SENDING'");
    await sql('CREATE INDEX regulator_push_list ON regulator_push (project_id, status, created_at DESC)');
    await sql('CREATE INDEX regulator_push_enrolment ON regulator_push (my_class_id, id)');
    await sql(`
      CREATE TABLE regulator_push_log (
        id BIGSERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        push_id INTEGER NOT NULL REFERENCES regulator_push (id),
        attempt INTEGER NOT NULL,
        request JSONB NOT NULL,
        answer_code VARCHAR(24) NOT NULL,
        http_status SMALLINT,
        duration_ms INTEGER NOT NULL,
        message VARCHAR(300),
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX regulator_push_log_push ON regulator_push_log (push_id, id)');
    await sql('CREATE INDEX regulator_push_log_project ON regulator_push_log (project_id, created_at DESC)');
    await sql(`
      CREATE TABLE regulator_class_filing (
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        class_id INTEGER NOT NULL REFERENCES train_class (id),
        code VARCHAR(64) NOT NULL,
        content_hash CHAR(64) NOT NULL,
        filed_at TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (project_id, class_id)
      )`);
    for (const table of TABLES)
      for (const statement of tenantPolicySql(table, { sharedNullRows: false })) await sql(statement);
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    for (const table of TABLES) {
      for (const statement of dropTenantPolicySql(table)) await sql(statement);
      await sql(`DROP TABLE IF EXISTS ${table}`);
    }
  },
};

import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS, TIMESTAMP_COLUMNS } from '../migration-sql';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

/** The tables of the examinations, each under the tenant policy, in the order they refer to each other. */
const CMS_TABLES = [
  'cms_batch',
  'cms_subject',
  'cms_sitting',
  'cms_apply',
  'cms_apply_log',
  'cms_fee_order',
  'cms_score',
  'cms_score_import',
] as const;

/**
 * Examination registration (CMS, issue 26; docs/product-decisions.md "CMS"): batches of an
 * occupation with the levels offered, a fee, a registration window, a capacity and the fields a
 * candidate must fill; their subjects (full and pass marks in tenths); the sittings (a room at a
 * time and place with its seats); the candidates' applications (`SUBMITTED -> APPROVED | REJECTED
 * -> PAID -> SCORED`, `CANCELLED` when withdrawn or refunded) with their log, their fee orders
 * (`pay_order` of kind `CMS`), their seat and admission ticket; scores per application and subject;
 * score imports refused with their errors (the error file is made from them).
 */
export const m0060Cms: Migration = {
  name: '0060-cms',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    // Orders pay for classes (items) or, kind CMS, for an examination's fee (title, no items).
    await sql(`
      ALTER TABLE pay_order
        ADD COLUMN kind VARCHAR(8) NOT NULL DEFAULT 'CLASS' CHECK (kind IN ('CLASS', 'CMS')),
        ADD COLUMN title VARCHAR(100),
        ADD CONSTRAINT pay_order_title CHECK (kind = 'CLASS' OR title IS NOT NULL)`);
    await sql('CREATE INDEX pay_order_kind ON pay_order (project_id, kind, created_at DESC)');
    await sql(`
      CREATE TABLE cms_batch (
        ${TENANT_KEY_COLUMNS},
        name VARCHAR(100) NOT NULL,
        occupation VARCHAR(50) NOT NULL,
        levels VARCHAR(4)[] NOT NULL
          CHECK (cardinality(levels) > 0 AND levels <@ ARRAY['L5', 'L4', 'L3', 'L2', 'L1']::VARCHAR(4)[]),
        fee_fen INTEGER NOT NULL DEFAULT 0 CHECK (fee_fen BETWEEN 0 AND 10000000),
        apply_from DATE NOT NULL,
        apply_to DATE NOT NULL,
        capacity INTEGER NOT NULL CHECK (capacity BETWEEN 1 AND 100000),
        required_fields VARCHAR(16)[] NOT NULL DEFAULT '{}'
          CHECK (required_fields <@ ARRAY['education', 'workYears', 'unit', 'photo']::VARCHAR(16)[]),
        notice VARCHAR(2000),
        status VARCHAR(8) NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
        issue_certificate BOOLEAN NOT NULL DEFAULT false,
        certificate_template_id INTEGER REFERENCES certificate_template (id) ON DELETE SET NULL,
        issuer VARCHAR(100),
        scores_published_at TIMESTAMPTZ,
        created_by INTEGER REFERENCES account (id),
        ${TIMESTAMP_COLUMNS},
        CHECK (apply_to >= apply_from)
      )`);
    await sql('CREATE UNIQUE INDEX cms_batch_name ON cms_batch (project_id, name)');
    await sql('CREATE INDEX cms_batch_list ON cms_batch (project_id, apply_from DESC)');
    await sql(`
      CREATE TABLE cms_subject (
        ${TENANT_KEY_COLUMNS},
        batch_id INTEGER NOT NULL REFERENCES cms_batch (id) ON DELETE CASCADE,
        name VARCHAR(30) NOT NULL,
        full_tenths INTEGER NOT NULL CHECK (full_tenths BETWEEN 1 AND 10000),
        pass_tenths INTEGER NOT NULL CHECK (pass_tenths >= 0 AND pass_tenths <= full_tenths),
        sort SMALLINT NOT NULL DEFAULT 0
      )`);
    await sql('CREATE UNIQUE INDEX cms_subject_name ON cms_subject (batch_id, name)');
    await sql(`
      CREATE TABLE cms_sitting (
        ${TENANT_KEY_COLUMNS},
        batch_id INTEGER NOT NULL REFERENCES cms_batch (id) ON DELETE CASCADE,
        room VARCHAR(50) NOT NULL,
        place VARCHAR(200) NOT NULL,
        starts_at TIMESTAMPTZ NOT NULL,
        ends_at TIMESTAMPTZ NOT NULL,
        capacity INTEGER NOT NULL CHECK (capacity BETWEEN 1 AND 999),
        ${TIMESTAMP_COLUMNS},
        CHECK (ends_at > starts_at)
      )`);
    await sql('CREATE UNIQUE INDEX cms_sitting_room ON cms_sitting (batch_id, starts_at, room)');
    await sql(`
      CREATE TABLE cms_apply (
        ${TENANT_KEY_COLUMNS},
        batch_id INTEGER NOT NULL REFERENCES cms_batch (id) ON DELETE RESTRICT,
        account_id INTEGER NOT NULL REFERENCES account (id),
        skill_level VARCHAR(4) NOT NULL CHECK (skill_level IN ('L5', 'L4', 'L3', 'L2', 'L1')),
        real_name VARCHAR(50) NOT NULL,
        id_card_no VARCHAR(18) NOT NULL,
        mobile VARCHAR(11) NOT NULL,
        education VARCHAR(16)
          CHECK (education IN ('JUNIOR', 'SENIOR', 'COLLEGE', 'BACHELOR', 'POSTGRADUATE')),
        work_years SMALLINT CHECK (work_years BETWEEN 0 AND 60),
        unit_id INTEGER REFERENCES unit (id) ON DELETE SET NULL,
        photo_key VARCHAR(255),
        status VARCHAR(10) NOT NULL
          CHECK (status IN ('SUBMITTED', 'REJECTED', 'APPROVED', 'PAID', 'SCORED', 'CANCELLED')),
        reject_reason VARCHAR(200),
        audited_by INTEGER REFERENCES account (id),
        audited_at TIMESTAMPTZ,
        paid_at TIMESTAMPTZ,
        sitting_id INTEGER REFERENCES cms_sitting (id) ON DELETE RESTRICT,
        seat_no SMALLINT CHECK (seat_no > 0),
        ticket_no VARCHAR(20),
        ticket_issued_at TIMESTAMPTZ,
        certificate_id INTEGER REFERENCES certificate (id) ON DELETE SET NULL,
        cancel_reason VARCHAR(200),
        ${TIMESTAMP_COLUMNS},
        CHECK ((sitting_id IS NULL) = (seat_no IS NULL)),
        CHECK (ticket_no IS NULL OR sitting_id IS NOT NULL),
        CHECK (status <> 'REJECTED' OR reject_reason IS NOT NULL)
      )`);
    // One open application per candidate, batch and level, whatever the number of concurrent submits.
    await sql(`
      CREATE UNIQUE INDEX cms_apply_open ON cms_apply (batch_id, account_id, skill_level)
        WHERE status <> 'CANCELLED'`);
    // A seat holds one candidate; seat numbers stay within the room (checked under the sitting's lock).
    await sql(
      'CREATE UNIQUE INDEX cms_apply_seat ON cms_apply (sitting_id, seat_no) WHERE sitting_id IS NOT NULL',
    );
    await sql(
      'CREATE UNIQUE INDEX cms_apply_ticket ON cms_apply (project_id, ticket_no) WHERE ticket_no IS NOT NULL',
    );
    await sql('CREATE INDEX cms_apply_list ON cms_apply (project_id, batch_id, status, created_at DESC)');
    await sql('CREATE INDEX cms_apply_account ON cms_apply (project_id, account_id)');
    await sql('CREATE INDEX cms_apply_id_card ON cms_apply (project_id, id_card_no)');
    await sql(`
      CREATE TABLE cms_apply_log (
        id BIGSERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        apply_id INTEGER NOT NULL REFERENCES cms_apply (id) ON DELETE CASCADE,
        from_status VARCHAR(10),
        to_status VARCHAR(10) NOT NULL,
        actor_id INTEGER REFERENCES account (id),
        reason VARCHAR(200),
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX cms_apply_log_apply ON cms_apply_log (apply_id, id)');
    // Every fee order of an application (a closed one is followed by a new one).
    await sql(`
      CREATE TABLE cms_fee_order (
        order_id INTEGER PRIMARY KEY REFERENCES pay_order (id) ON DELETE CASCADE,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        apply_id INTEGER NOT NULL REFERENCES cms_apply (id) ON DELETE CASCADE,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX cms_fee_order_apply ON cms_fee_order (apply_id)');
    await sql(`
      CREATE TABLE cms_score (
        ${TENANT_KEY_COLUMNS},
        apply_id INTEGER NOT NULL REFERENCES cms_apply (id) ON DELETE CASCADE,
        subject_id INTEGER NOT NULL REFERENCES cms_subject (id) ON DELETE RESTRICT,
        score_tenths INTEGER CHECK (score_tenths >= 0),
        absent BOOLEAN NOT NULL DEFAULT false,
        updated_by INTEGER REFERENCES account (id),
        ${TIMESTAMP_COLUMNS},
        CHECK (absent = (score_tenths IS NULL))
      )`);
    await sql('CREATE UNIQUE INDEX cms_score_subject ON cms_score (apply_id, subject_id)');
    await sql('CREATE INDEX cms_score_subject_ref ON cms_score (subject_id)');
    await sql(`
      CREATE TABLE cms_score_import (
        ${TENANT_KEY_COLUMNS},
        batch_id INTEGER NOT NULL REFERENCES cms_batch (id) ON DELETE CASCADE,
        file_name VARCHAR(200),
        total INTEGER NOT NULL,
        imported INTEGER NOT NULL,
        headers JSONB NOT NULL DEFAULT '[]',
        errors JSONB NOT NULL DEFAULT '[]',
        refused_rows JSONB NOT NULL DEFAULT '[]',
        created_by INTEGER REFERENCES account (id),
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX cms_score_import_batch ON cms_score_import (project_id, batch_id, id DESC)');
    for (const table of CMS_TABLES)
      for (const statement of tenantPolicySql(table, { sharedNullRows: false })) await sql(statement);
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    for (const table of [...CMS_TABLES].reverse()) {
      for (const statement of dropTenantPolicySql(table)) await sql(statement);
      await sql(`DROP TABLE ${table}`);
    }
    await sql("DELETE FROM pay_order WHERE kind = 'CMS'");
    await sql('DROP INDEX pay_order_kind');
    await sql('ALTER TABLE pay_order DROP CONSTRAINT pay_order_title, DROP COLUMN title, DROP COLUMN kind');
  },
};

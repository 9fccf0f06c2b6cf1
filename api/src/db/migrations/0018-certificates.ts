import type { Migration } from '../migrate';
import { TIMESTAMP_COLUMNS } from '../migration-sql';

/** The back-office page of reprints, newly granted to the built-in 客服 role (项目管理员 holds all of 培训管理). */
const PRINT_PAGE = '/train-manage/second-certificate-print';

/**
 * Certificates (docs/product-decisions.md "Certificates"): `certificate` holds the issued class
 * certificates (one per enrolment, `my_class_id` unique) and year certificates (one per student and
 * year), each a snapshot with a random number and verification code unique across projects, a state
 * and a soft delete; `certificate_print_log` records each reprint; `certificate_query_miss` counts
 * public look-ups by code that found nothing, per address (the rate limit). The built-in 客服 roles
 * get the reprint page. Independent of the exam tables.
 */
export const m0018Certificates: Migration = {
  name: '0018-certificates',
  async up(queryInterface) {
    const sql = (text: string, replacements?: Record<string, unknown>) =>
      queryInterface.sequelize.query(text, { replacements });
    await sql(`
      CREATE TABLE certificate (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        kind VARCHAR(8) NOT NULL CHECK (kind IN ('CLASS', 'YEAR')),
        account_id INTEGER NOT NULL REFERENCES account (id),
        my_class_id INTEGER REFERENCES my_class (id),
        class_id INTEGER REFERENCES train_class (id),
        template_id INTEGER REFERENCES certificate_template (id) ON DELETE SET NULL,
        year SMALLINT NOT NULL,
        certificate_no VARCHAR(32) NOT NULL UNIQUE,
        verify_code VARCHAR(16) NOT NULL UNIQUE,
        student_name VARCHAR(50) NOT NULL,
        id_card_masked VARCHAR(32) NOT NULL,
        class_name VARCHAR(100) NOT NULL,
        public_tenths INTEGER NOT NULL DEFAULT 0,
        specialized_tenths INTEGER NOT NULL DEFAULT 0,
        elective_tenths INTEGER NOT NULL DEFAULT 0,
        score SMALLINT,
        issue_date DATE NOT NULL,
        status VARCHAR(16) NOT NULL DEFAULT 'VALID' CHECK (status IN ('VALID', 'DISABLED')),
        print_count INTEGER NOT NULL DEFAULT 0,
        deleted_at TIMESTAMPTZ,
        ${TIMESTAMP_COLUMNS},
        CHECK ((kind = 'CLASS') = (my_class_id IS NOT NULL))
      )`);
    await sql('CREATE UNIQUE INDEX certificate_enrolment ON certificate (my_class_id)');
    await sql(
      "CREATE UNIQUE INDEX certificate_year ON certificate (project_id, account_id, year) WHERE kind = 'YEAR'",
    );
    await sql('CREATE INDEX certificate_project ON certificate (project_id, created_at DESC)');
    await sql('CREATE INDEX certificate_account ON certificate (project_id, account_id)');
    await sql(`
      CREATE TABLE certificate_print_log (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        certificate_id INTEGER NOT NULL REFERENCES certificate (id),
        actor_id INTEGER REFERENCES account (id),
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql(
      'CREATE INDEX certificate_print_log_certificate ON certificate_print_log (certificate_id, id DESC)',
    );
    await sql(`
      CREATE TABLE certificate_query_miss (
        id SERIAL PRIMARY KEY,
        ip VARCHAR(64) NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX certificate_query_miss_ip ON certificate_query_miss (ip, created_at DESC)');
    await sql(
      `UPDATE role SET menu = menu || CAST(ARRAY[:page] AS VARCHAR(100)[])
       WHERE code = 'customer-service' AND role_system = 2 AND NOT (:page = ANY (menu))`,
      { page: PRINT_PAGE },
    );
  },
  async down(queryInterface) {
    const sql = (text: string, replacements?: Record<string, unknown>) =>
      queryInterface.sequelize.query(text, { replacements });
    await sql(
      `UPDATE role SET menu = array_remove(menu, CAST(:page AS VARCHAR(100)))
       WHERE code = 'customer-service' AND role_system = 2`,
      { page: PRINT_PAGE },
    );
    await sql('DROP TABLE certificate_query_miss');
    await sql('DROP TABLE certificate_print_log');
    await sql('DROP TABLE certificate');
  },
};

import type { Migration } from '../migrate';

/** Pages the unit manager uses for imports and the group-payment order detail. */
const UNIT_MANAGER_PAGES = [
  '/train-manage/import-student',
  '/train-manage/batch-pay-order',
  '/order-manage',
  '/order-manage/detail',
];

/**
 * Student imports into unit classes, batch orders and their payment (docs/product-decisions.md
 * "Unit imports and batch orders"):
 * - `my_class.unit_class_id` links an enrolment to the unit class it was bought through; existing
 *   unit classes take the enrolments the first slice counted (students of the unit in the class).
 * - `batch_order`: one payment for many child orders (`pay_order.batch_order_id`); a payment attempt
 *   belongs to an order or to a batch order.
 * - `unit_import` and `unit_import_row`: an import job and its rows, staged as read from the file;
 *   each row ends DONE or FAILED with its reason, so a job resumes where it stood.
 */
export const m0021UnitImports: Migration = {
  name: '0021-unit-imports',
  async up(queryInterface) {
    const sql = (text: string, replacements?: Record<string, unknown>) =>
      queryInterface.sequelize.query(text, { replacements });
    await sql('ALTER TABLE my_class ADD COLUMN unit_class_id INTEGER REFERENCES unit_class (id)');
    await sql('CREATE INDEX my_class_unit_class ON my_class (unit_class_id) WHERE unit_class_id IS NOT NULL');
    await sql(`
      UPDATE my_class mc SET unit_class_id = (
        SELECT MIN(uc.id) FROM unit_class uc JOIN account a ON a.unit_id = uc.unit_id
         WHERE uc.class_id = mc.class_id AND uc.project_id = mc.project_id AND a.id = mc.account_id)
       WHERE mc.unit_class_id IS NULL`);
    await sql(`
      CREATE TABLE batch_order (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        unit_id INTEGER NOT NULL REFERENCES unit (id),
        unit_class_id INTEGER NOT NULL REFERENCES unit_class (id),
        batch_no VARCHAR(24) NOT NULL UNIQUE,
        status VARCHAR(16) NOT NULL CHECK (status IN ('CREATED', 'PAID', 'CANCELLED')),
        channel VARCHAR(16) CHECK (channel IN ('WX_NATIVE', 'OFFLINE', 'FREE')),
        order_count INTEGER NOT NULL DEFAULT 0,
        total_fen INTEGER NOT NULL DEFAULT 0 CHECK (total_fen >= 0),
        paid_fen INTEGER NOT NULL DEFAULT 0,
        transaction_id VARCHAR(64),
        paid_at TIMESTAMPTZ,
        cancelled_at TIMESTAMPTZ,
        remark VARCHAR(200),
        created_by INTEGER REFERENCES account (id),
        checked_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      )`);
    await sql('CREATE INDEX batch_order_project ON batch_order (project_id, created_at DESC)');
    await sql('CREATE INDEX batch_order_unit_class ON batch_order (unit_class_id)');
    await sql('ALTER TABLE pay_order ADD COLUMN batch_order_id INTEGER REFERENCES batch_order (id)');
    await sql('CREATE INDEX pay_order_batch ON pay_order (batch_order_id) WHERE batch_order_id IS NOT NULL');
    await sql(`
      ALTER TABLE pay_attempt
        ALTER COLUMN order_id DROP NOT NULL,
        ADD COLUMN batch_order_id INTEGER REFERENCES batch_order (id),
        ADD CONSTRAINT pay_attempt_one_owner CHECK ((order_id IS NULL) <> (batch_order_id IS NULL))`);
    await sql(
      'CREATE INDEX pay_attempt_batch ON pay_attempt (batch_order_id) WHERE batch_order_id IS NOT NULL',
    );
    await sql(`
      CREATE TABLE unit_import (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        unit_id INTEGER NOT NULL REFERENCES unit (id),
        unit_class_id INTEGER NOT NULL REFERENCES unit_class (id),
        batch_order_id INTEGER REFERENCES batch_order (id),
        file_name VARCHAR(200) NOT NULL,
        status VARCHAR(16) NOT NULL CHECK (status IN
          ('VALIDATING', 'VALIDATED', 'INVALID', 'IMPORTING', 'DONE', 'PARTIAL', 'FAILED')),
        total INTEGER NOT NULL,
        processed INTEGER NOT NULL DEFAULT 0,
        ok_count INTEGER NOT NULL DEFAULT 0,
        failed_count INTEGER NOT NULL DEFAULT 0,
        message VARCHAR(200),
        created_by INTEGER REFERENCES account (id),
        finished_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      )`);
    await sql('CREATE INDEX unit_import_project ON unit_import (project_id, created_at DESC)');
    await sql(
      "CREATE INDEX unit_import_active ON unit_import (updated_at) WHERE status IN ('VALIDATING', 'VALIDATED', 'IMPORTING')",
    );
    // One running import per unit class (two uploads at once: the second is refused).
    await sql(
      "CREATE UNIQUE INDEX unit_import_one_running ON unit_import (unit_class_id) WHERE status IN ('VALIDATING', 'VALIDATED', 'IMPORTING')",
    );
    await sql(`
      CREATE TABLE unit_import_row (
        id BIGSERIAL PRIMARY KEY,
        import_id INTEGER NOT NULL REFERENCES unit_import (id) ON DELETE CASCADE,
        row_no INTEGER NOT NULL,
        real_name VARCHAR(100) NOT NULL,
        id_card_no VARCHAR(40) NOT NULL,
        mobile VARCHAR(40) NOT NULL,
        id_card_lossy BOOLEAN NOT NULL DEFAULT FALSE,
        status VARCHAR(8) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'VALID', 'DONE', 'FAILED')),
        error VARCHAR(500),
        account_id INTEGER REFERENCES account (id),
        order_id INTEGER REFERENCES pay_order (id),
        UNIQUE (import_id, row_no)
      )`);
    await sql('CREATE INDEX unit_import_row_status ON unit_import_row (import_id, status, row_no)');
    await sql(
      `UPDATE role SET menu = menu || ARRAY(SELECT url FROM unnest(CAST(ARRAY[:pages] AS VARCHAR(100)[])) AS url
         WHERE url <> ALL (menu))
       WHERE code = 'unit-manager' AND role_system = 4`,
      { pages: UNIT_MANAGER_PAGES },
    );
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql('DROP TABLE unit_import_row');
    await sql('DROP TABLE unit_import');
    await sql('DELETE FROM pay_attempt WHERE batch_order_id IS NOT NULL');
    await sql(
      'ALTER TABLE pay_attempt DROP CONSTRAINT pay_attempt_one_owner, DROP COLUMN batch_order_id, ALTER COLUMN order_id SET NOT NULL',
    );
    await sql('ALTER TABLE pay_order DROP COLUMN batch_order_id');
    await sql('DROP TABLE batch_order');
    await sql('ALTER TABLE my_class DROP COLUMN unit_class_id');
  },
};

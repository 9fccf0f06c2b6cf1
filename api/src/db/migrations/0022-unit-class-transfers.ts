import type { Migration } from '../migrate';

/**
 * Transfers of students between unit classes of one class (docs/product-decisions.md "Unit class
 * transfers"):
 * - `unit_class_transfer`: one transfer job (from, to, state, counts), run chunk by chunk;
 * - `unit_class_transfer_record`: one row per student asked for, staged PENDING when the transfer
 *   starts and ending OK or FAILED with its reason: the records the pages list, by unit class in or
 *   out. A student appears once per transfer (unique), so a second run of a chunk adds nothing.
 */
export const m0022UnitClassTransfers: Migration = {
  name: '0022-unit-class-transfers',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE unit_class_transfer (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        class_id INTEGER NOT NULL REFERENCES train_class (id),
        from_unit_class_id INTEGER NOT NULL REFERENCES unit_class (id),
        to_unit_class_id INTEGER NOT NULL REFERENCES unit_class (id),
        from_unit_id INTEGER NOT NULL REFERENCES unit (id),
        to_unit_id INTEGER NOT NULL REFERENCES unit (id),
        status VARCHAR(16) NOT NULL CHECK (status IN ('RUNNING', 'DONE', 'PARTIAL', 'FAILED')),
        total INTEGER NOT NULL,
        processed INTEGER NOT NULL DEFAULT 0,
        ok_count INTEGER NOT NULL DEFAULT 0,
        failed_count INTEGER NOT NULL DEFAULT 0,
        message VARCHAR(200),
        created_by INTEGER REFERENCES account (id),
        finished_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL,
        CHECK (from_unit_class_id <> to_unit_class_id)
      )`);
    await sql('CREATE INDEX unit_class_transfer_from ON unit_class_transfer (from_unit_class_id, status)');
    await sql(
      "CREATE INDEX unit_class_transfer_running ON unit_class_transfer (updated_at) WHERE status = 'RUNNING'",
    );
    await sql(`
      CREATE TABLE unit_class_transfer_record (
        id BIGSERIAL PRIMARY KEY,
        transfer_id INTEGER NOT NULL REFERENCES unit_class_transfer (id) ON DELETE CASCADE,
        project_id INTEGER NOT NULL REFERENCES project (id),
        my_class_id INTEGER NOT NULL,
        account_id INTEGER REFERENCES account (id),
        from_unit_class_id INTEGER NOT NULL REFERENCES unit_class (id),
        to_unit_class_id INTEGER NOT NULL REFERENCES unit_class (id),
        status VARCHAR(8) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'OK', 'FAILED')),
        reason VARCHAR(200),
        created_by INTEGER REFERENCES account (id),
        processed_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL,
        UNIQUE (transfer_id, my_class_id)
      )`);
    await sql(
      'CREATE INDEX unit_class_transfer_record_pending ON unit_class_transfer_record (transfer_id, status, id)',
    );
    await sql(
      'CREATE INDEX unit_class_transfer_record_from ON unit_class_transfer_record (from_unit_class_id, id DESC)',
    );
    await sql(
      'CREATE INDEX unit_class_transfer_record_to ON unit_class_transfer_record (to_unit_class_id, id DESC)',
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('DROP TABLE unit_class_transfer_record');
    await queryInterface.sequelize.query('DROP TABLE unit_class_transfer');
  },
};

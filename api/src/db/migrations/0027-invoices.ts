import type { Migration } from '../migrate';

/**
 * Invoices (docs/product-decisions.md "Invoices"): a project's seller details (`invoice_config`);
 * `invoice` is one invoice application, for one order of a student or for many orders of one unit
 * (collective), issued through the electronic-invoice platform (`request_no` is its idempotency key,
 * `red_request_no` the red reversal's); `invoice_order` ties it to its orders with the amount of
 * each, and its partial unique index keeps one active invoice per order; `invoice_log` records every
 * change of state.
 */
export const m0027Invoices: Migration = {
  name: '0027-invoices',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE invoice_config (
        project_id INTEGER PRIMARY KEY REFERENCES project (id),
        seller_name VARCHAR(100) NOT NULL,
        seller_tax_no VARCHAR(20) NOT NULL,
        seller_address_phone VARCHAR(200) NOT NULL,
        seller_bank_account VARCHAR(200) NOT NULL,
        item_name VARCHAR(60) NOT NULL,
        tax_rate_pct SMALLINT NOT NULL CHECK (tax_rate_pct IN (0, 1, 3, 6, 9, 13)),
        updated_by INTEGER REFERENCES account (id),
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      )`);
    await sql(`
      CREATE TABLE invoice (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        kind VARCHAR(12) NOT NULL CHECK (kind IN ('SINGLE', 'COLLECTIVE')),
        account_id INTEGER REFERENCES account (id),
        unit_id INTEGER REFERENCES unit (id),
        status VARCHAR(12) NOT NULL CHECK (status IN
          ('PENDING', 'ISSUING', 'ISSUED', 'FAILED', 'REJECTED', 'CANCELLED', 'RED_ISSUING', 'REVERSED')),
        title_type VARCHAR(10) NOT NULL CHECK (title_type IN ('PERSONAL', 'COMPANY')),
        title VARCHAR(100) NOT NULL,
        tax_no VARCHAR(20),
        email VARCHAR(100),
        amount_fen INTEGER NOT NULL CHECK (amount_fen > 0),
        item_name VARCHAR(60),
        tax_rate_pct SMALLINT,
        request_no VARCHAR(32) NOT NULL UNIQUE,
        serial_no VARCHAR(64),
        invoice_number VARCHAR(32),
        issued_at TIMESTAMPTZ,
        marked BOOLEAN NOT NULL DEFAULT FALSE,
        pdf_key VARCHAR(200),
        red_request_no VARCHAR(32) UNIQUE,
        red_serial_no VARCHAR(64),
        red_invoice_number VARCHAR(32),
        red_reason VARCHAR(200),
        reversed_at TIMESTAMPTZ,
        red_pdf_key VARCHAR(200),
        failure VARCHAR(200),
        reject_reason VARCHAR(200),
        remark VARCHAR(200),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_by INTEGER REFERENCES account (id),
        checked_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      )`);
    await sql('CREATE INDEX invoice_project_status ON invoice (project_id, status, created_at DESC)');
    await sql('CREATE INDEX invoice_account ON invoice (account_id) WHERE account_id IS NOT NULL');
    await sql('CREATE INDEX invoice_unit ON invoice (project_id, unit_id) WHERE unit_id IS NOT NULL');
    await sql(
      "CREATE INDEX invoice_in_flight ON invoice (updated_at) WHERE status IN ('ISSUING', 'RED_ISSUING')",
    );
    await sql(`
      CREATE TABLE invoice_order (
        id SERIAL PRIMARY KEY,
        invoice_id INTEGER NOT NULL REFERENCES invoice (id),
        project_id INTEGER NOT NULL REFERENCES project (id),
        order_id INTEGER NOT NULL REFERENCES pay_order (id),
        amount_fen INTEGER NOT NULL CHECK (amount_fen > 0),
        active BOOLEAN NOT NULL DEFAULT TRUE
      )`);
    await sql('CREATE UNIQUE INDEX invoice_order_one_active ON invoice_order (order_id) WHERE active');
    await sql('CREATE INDEX invoice_order_invoice ON invoice_order (invoice_id)');
    await sql(`
      CREATE TABLE invoice_log (
        id BIGSERIAL PRIMARY KEY,
        invoice_id INTEGER NOT NULL REFERENCES invoice (id),
        project_id INTEGER NOT NULL REFERENCES project (id),
        from_status VARCHAR(12),
        to_status VARCHAR(12) NOT NULL,
        source VARCHAR(12) NOT NULL,
        actor_id INTEGER REFERENCES account (id),
        reason VARCHAR(200),
        created_at TIMESTAMPTZ NOT NULL
      )`);
    await sql('CREATE INDEX invoice_log_invoice ON invoice_log (invoice_id)');
  },
  async down(queryInterface) {
    for (const table of ['invoice_log', 'invoice_order', 'invoice', 'invoice_config'])
      await queryInterface.sequelize.query(`DROP TABLE ${table}`);
  },
};

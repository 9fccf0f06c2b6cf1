import type { Migration } from '../migrate';

/**
 * Refunds of paid orders (docs/product-decisions.md "Refunds"): `pay_refund` is one refund of one
 * order through WeChat Pay v3 (`out_refund_no` of its own, against the trade that paid the order:
 * the order's own payment, or its batch order's for a unit's child order), or recorded without
 * WeChat for orders paid offline or given free. `pay_order.refunded_fen` keeps what went back.
 */
export const m0024Refunds: Migration = {
  name: '0024-refunds',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE pay_refund (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        order_id INTEGER NOT NULL REFERENCES pay_order (id),
        attempt_id INTEGER REFERENCES pay_attempt (id),
        out_trade_no VARCHAR(32),
        out_refund_no VARCHAR(64) NOT NULL UNIQUE,
        refund_id VARCHAR(64),
        wxapp_id INTEGER,
        amount_fen INTEGER NOT NULL CHECK (amount_fen >= 0),
        trade_total_fen INTEGER,
        status VARCHAR(12) NOT NULL CHECK (status IN ('REFUNDING', 'SUCCESS', 'FAILED')),
        reason VARCHAR(200) NOT NULL,
        failure VARCHAR(200),
        created_by INTEGER REFERENCES account (id),
        succeeded_at TIMESTAMPTZ,
        checked_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      )`);
    await sql('CREATE INDEX pay_refund_order ON pay_refund (order_id)');
    await sql("CREATE INDEX pay_refund_open ON pay_refund (updated_at) WHERE status = 'REFUNDING'");
    await sql(
      'ALTER TABLE pay_order ADD COLUMN refunded_fen INTEGER NOT NULL DEFAULT 0 CHECK (refunded_fen >= 0)',
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('ALTER TABLE pay_order DROP COLUMN refunded_fen');
    await queryInterface.sequelize.query('DROP TABLE pay_refund');
  },
};

import type { Migration } from '../migrate';

/**
 * Students' refund applications and refunds of one order item (docs/product-decisions.md "Refund
 * applications"). `refund_apply` is one application of a student for a paid order (or one item of
 * it): `PENDING -> APPROVED -> REFUNDING -> SUCCESS | FAILED`, or `REJECTED`, `CANCELLED`; at most
 * one open (PENDING, APPROVED, REFUNDING) per order. `pay_refund.order_item_id` names the item a
 * partial refund gives back (null: what is left of the whole order).
 */
export const m0026RefundApplies: Migration = {
  name: '0026-refund-applies',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql('ALTER TABLE pay_refund ADD COLUMN order_item_id INTEGER REFERENCES pay_order_item (id)');
    await sql(`
      CREATE TABLE refund_apply (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        order_id INTEGER NOT NULL REFERENCES pay_order (id),
        order_item_id INTEGER REFERENCES pay_order_item (id),
        account_id INTEGER NOT NULL REFERENCES account (id),
        status VARCHAR(12) NOT NULL CHECK (status IN
          ('PENDING', 'APPROVED', 'REFUNDING', 'SUCCESS', 'FAILED', 'REJECTED', 'CANCELLED')),
        amount_fen INTEGER NOT NULL CHECK (amount_fen >= 0),
        reason VARCHAR(200) NOT NULL,
        reject_reason VARCHAR(200),
        failure VARCHAR(200),
        pay_refund_id INTEGER REFERENCES pay_refund (id),
        audited_by INTEGER REFERENCES account (id),
        audited_at TIMESTAMPTZ,
        finished_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      )`);
    await sql('CREATE INDEX refund_apply_project ON refund_apply (project_id, created_at DESC)');
    await sql('CREATE INDEX refund_apply_order ON refund_apply (order_id)');
    await sql('CREATE UNIQUE INDEX refund_apply_refund ON refund_apply (pay_refund_id)');
    await sql(
      "CREATE UNIQUE INDEX refund_apply_open ON refund_apply (order_id) WHERE status IN ('PENDING', 'APPROVED', 'REFUNDING')",
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('DROP TABLE refund_apply');
    await queryInterface.sequelize.query('ALTER TABLE pay_refund DROP COLUMN order_item_id');
  },
};

import type { Migration } from '../migrate';
import { TIMESTAMP_COLUMNS } from '../migration-sql';

/**
 * Orders and payments (docs/product-decisions.md "Orders and payment"):
 * - `pay_order`: one order per checkout (or per free order of staff); money in integer fen; the
 *   domain states UNPAID -> PAID | CLOSED, PAID -> REFUNDING -> REFUNDED;
 * - `pay_order_item`: the classes of an order with their price and name as they were at creation,
 *   each with the enrolment it holds (PENDING_PAY until paid);
 * - `pay_attempt`: each prepay at WeChat Pay (JSAPI or Native) under an `out_trade_no` of its own, so
 *   switching channel never reuses a number WeChat already knows;
 * - `pay_order_log`: every state change of an order (who or what, from, to, why);
 * - `pay_notification`: every payment notification received, as it was judged.
 * An enrolment is unique per student and class while it counts (the partial unique index).
 */
export const m0013Orders: Migration = {
  name: '0013-orders',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE pay_order (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        order_no VARCHAR(24) NOT NULL UNIQUE,
        account_id INTEGER NOT NULL REFERENCES account (id),
        unit_id INTEGER REFERENCES unit (id) ON DELETE SET NULL,
        status VARCHAR(16) NOT NULL
          CHECK (status IN ('UNPAID', 'PAID', 'CLOSED', 'REFUNDING', 'REFUNDED')),
        channel VARCHAR(16)
          CHECK (channel IN ('WX_JSAPI', 'WX_NATIVE', 'UNIT_BATCH', 'OFFLINE', 'FREE')),
        total_fen INTEGER NOT NULL CHECK (total_fen >= 0),
        paid_fen INTEGER NOT NULL DEFAULT 0 CHECK (paid_fen >= 0),
        transaction_id VARCHAR(64),
        expires_at TIMESTAMPTZ,
        paid_at TIMESTAMPTZ,
        closed_at TIMESTAMPTZ,
        close_reason VARCHAR(16) CHECK (close_reason IN ('TIMEOUT', 'CANCELLED')),
        remark VARCHAR(200),
        created_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        checked_at TIMESTAMPTZ,
        ${TIMESTAMP_COLUMNS},
        CHECK (status <> 'PAID' OR channel IS NOT NULL)
      )`);
    await sql('CREATE INDEX pay_order_project ON pay_order (project_id, created_at DESC, id DESC)');
    await sql('CREATE INDEX pay_order_project_status ON pay_order (project_id, status)');
    await sql('CREATE INDEX pay_order_project_paid ON pay_order (project_id, paid_at)');
    await sql('CREATE INDEX pay_order_account ON pay_order (account_id, created_at DESC)');
    await sql('CREATE INDEX pay_order_unit ON pay_order (unit_id)');
    await sql("CREATE INDEX pay_order_unpaid ON pay_order (expires_at) WHERE status = 'UNPAID'");
    await sql(`
      CREATE TABLE pay_order_item (
        id SERIAL PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES pay_order (id) ON DELETE CASCADE,
        project_id INTEGER NOT NULL REFERENCES project (id),
        class_id INTEGER NOT NULL REFERENCES train_class (id) ON DELETE RESTRICT,
        class_name VARCHAR(100) NOT NULL,
        class_year SMALLINT NOT NULL,
        amount_fen INTEGER NOT NULL CHECK (amount_fen >= 0),
        my_class_id INTEGER REFERENCES my_class (id) ON DELETE SET NULL,
        UNIQUE (order_id, class_id)
      )`);
    await sql('CREATE INDEX pay_order_item_class ON pay_order_item (class_id)');
    await sql(`
      CREATE TABLE pay_attempt (
        id SERIAL PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES pay_order (id) ON DELETE CASCADE,
        project_id INTEGER NOT NULL REFERENCES project (id),
        out_trade_no VARCHAR(32) NOT NULL UNIQUE,
        channel VARCHAR(16) NOT NULL CHECK (channel IN ('WX_JSAPI', 'WX_NATIVE')),
        app_id VARCHAR(32) NOT NULL,
        mch_id VARCHAR(32) NOT NULL,
        wxapp_id INTEGER NOT NULL REFERENCES wxapp (id),
        payer_openid VARCHAR(128),
        prepay_id VARCHAR(64),
        code_url VARCHAR(255),
        total_fen INTEGER NOT NULL CHECK (total_fen > 0),
        status VARCHAR(8) NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'PAID', 'CLOSED')),
        transaction_id VARCHAR(64),
        paid_at TIMESTAMPTZ,
        ${TIMESTAMP_COLUMNS}
      )`);
    await sql('CREATE INDEX pay_attempt_order ON pay_attempt (order_id)');
    await sql(`
      CREATE TABLE pay_order_log (
        id BIGSERIAL PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES pay_order (id) ON DELETE CASCADE,
        project_id INTEGER NOT NULL REFERENCES project (id),
        from_status VARCHAR(16),
        to_status VARCHAR(16) NOT NULL,
        source VARCHAR(16) NOT NULL
          CHECK (source IN ('STUDENT', 'STAFF', 'NOTIFY', 'RECONCILE', 'TIMEOUT', 'SYSTEM')),
        actor_id INTEGER REFERENCES account (id) ON DELETE SET NULL,
        reason VARCHAR(200),
        detail JSONB,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX pay_order_log_order ON pay_order_log (order_id, id)');
    await sql(`
      CREATE TABLE pay_notification (
        id BIGSERIAL PRIMARY KEY,
        wxapp_id INTEGER REFERENCES wxapp (id) ON DELETE SET NULL,
        notification_id VARCHAR(64),
        event_type VARCHAR(32),
        out_trade_no VARCHAR(32),
        outcome VARCHAR(12) NOT NULL CHECK (outcome IN ('APPLIED', 'DUPLICATE', 'REFUSED')),
        reason VARCHAR(200),
        received_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX pay_notification_trade ON pay_notification (out_trade_no)');
    await sql(`
      CREATE UNIQUE INDEX my_class_active ON my_class (account_id, class_id)
        WHERE status IN ('PENDING_PAY', 'STUDYING', 'FINISHED_STUDY', 'PASSED', 'EXPIRED')`);
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql('DROP INDEX my_class_active');
    for (const table of ['pay_notification', 'pay_order_log', 'pay_attempt', 'pay_order_item', 'pay_order'])
      await sql(`DROP TABLE ${table}`);
  },
};

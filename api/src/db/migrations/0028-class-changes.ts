import type { Migration } from '../migrate';

/**
 * Class changes (docs/product-decisions.md "Class changes"): `change_class_apply` is a student's
 * request to move a paid enrolment to another class, audited by the back office. At most one
 * application of an enrolment waits at a time.
 */
export const m0028ClassChanges: Migration = {
  name: '0028-class-changes',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE change_class_apply (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        account_id INTEGER NOT NULL REFERENCES account (id),
        my_class_id INTEGER NOT NULL REFERENCES my_class (id),
        from_class_id INTEGER NOT NULL REFERENCES train_class (id),
        to_class_id INTEGER NOT NULL REFERENCES train_class (id),
        order_id INTEGER NOT NULL REFERENCES pay_order (id),
        paid_fen INTEGER NOT NULL CHECK (paid_fen >= 0),
        to_amount_fen INTEGER NOT NULL CHECK (to_amount_fen >= 0),
        progress_percent SMALLINT NOT NULL CHECK (progress_percent BETWEEN 0 AND 100),
        status VARCHAR(12) NOT NULL CHECK (status IN ('PENDING', 'DONE', 'REJECTED', 'CANCELLED')),
        reason VARCHAR(200) NOT NULL,
        remark VARCHAR(200),
        audited_by INTEGER REFERENCES account (id),
        audited_at TIMESTAMPTZ,
        new_my_class_id INTEGER REFERENCES my_class (id),
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      )`);
    await sql(
      "CREATE UNIQUE INDEX change_class_apply_pending ON change_class_apply (my_class_id) WHERE status = 'PENDING'",
    );
    await sql('CREATE INDEX change_class_apply_project ON change_class_apply (project_id, created_at DESC)');
    await sql('CREATE INDEX change_class_apply_account ON change_class_apply (account_id, created_at DESC)');
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('DROP TABLE change_class_apply');
  },
};

import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS, TIMESTAMP_COLUMNS } from '../migration-sql';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

/**
 * 异常登记 (`/customer/exception-register`, issue 24; docs/product-decisions.md "Exception register"):
 * a student's case registered by customer service (`exception_case`: kind, description, images of
 * `uploaded_image`, state, assignee) and its steps (`exception_case_note`: registration, each
 * assignment and each move of state with who, when and the note). Both go with their project
 * under the tenant policy. The built-in roles hold the page since the route table's first day
 * (`/customer` is a section of 项目管理员 and 客服), so no grant is needed.
 */
export const m0046ExceptionCases: Migration = {
  name: '0046-exception-cases',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE exception_case (
        ${TENANT_KEY_COLUMNS},
        account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
        kind VARCHAR(12) NOT NULL CHECK (kind IN ('HOURS', 'IDENTITY', 'FACE', 'PAYMENT', 'OTHER')),
        description VARCHAR(1000) NOT NULL,
        image_ids UUID[] NOT NULL DEFAULT '{}',
        status VARCHAR(12) NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'RESOLVED')),
        assignee_id INTEGER REFERENCES account (id) ON DELETE SET NULL,
        created_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        ${TIMESTAMP_COLUMNS}
      )`);
    await sql('CREATE INDEX exception_case_list ON exception_case (project_id, status, created_at DESC)');
    await sql('CREATE INDEX exception_case_account ON exception_case (account_id)');
    await sql(
      'CREATE INDEX exception_case_assignee ON exception_case (assignee_id) WHERE assignee_id IS NOT NULL',
    );
    for (const statement of tenantPolicySql('exception_case', { sharedNullRows: false }))
      await sql(statement);
    await sql(`
      CREATE TABLE exception_case_note (
        ${TENANT_KEY_COLUMNS},
        case_id INTEGER NOT NULL REFERENCES exception_case (id) ON DELETE CASCADE,
        action VARCHAR(12) NOT NULL CHECK (action IN ('REGISTER', 'ASSIGN', 'START', 'RESOLVE')),
        from_status VARCHAR(12),
        to_status VARCHAR(12) NOT NULL,
        note VARCHAR(1000) NOT NULL DEFAULT '',
        assignee_id INTEGER REFERENCES account (id) ON DELETE SET NULL,
        created_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX exception_case_note_case ON exception_case_note (case_id, id)');
    for (const statement of tenantPolicySql('exception_case_note', { sharedNullRows: false }))
      await sql(statement);
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    for (const statement of dropTenantPolicySql('exception_case_note')) await sql(statement);
    await sql('DROP TABLE exception_case_note');
    for (const statement of dropTenantPolicySql('exception_case')) await sql(statement);
    await sql('DROP TABLE exception_case');
  },
};

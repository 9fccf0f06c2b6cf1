import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS, TIMESTAMP_COLUMNS } from '../migration-sql';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

/** The page where staff decide enrolment applications (培训管理 → 报名审核). */
const PAGES = ['/train-manage', '/train-manage/class-apply'];

/**
 * The spec's remaining 我的班级 calls (issue 27, docs/product-decisions.md "Enrolment applications,
 * ending a class, study reminders"):
 * - a class may ask for an application before enrolment (`train_class.apply_required`); a student's
 *   application (`class_apply`) waits for staff to approve or reject it, at most one pending or
 *   approved per student and class (a partial unique index); the class centre's cache of a student's
 *   state of a class follows its changes (the change feed of migration 0030);
 * - a student closes a finished class (`my_class.ended_at`): it moves to 已结束;
 * - a study reminder (`study_notice`) is one row per class, student and China day, so reminding a
 *   class twice a day reminds nobody twice; the WeChat template message's outcome is kept on it.
 * The built-in 项目管理员 role of every existing project gains 报名审核.
 */
export const m0076ClassApplies: Migration = {
  name: '0076-class-applies',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql('ALTER TABLE train_class ADD COLUMN apply_required BOOLEAN NOT NULL DEFAULT false');
    await sql('ALTER TABLE my_class ADD COLUMN ended_at TIMESTAMPTZ');
    await sql(`
      CREATE TABLE class_apply (
        ${TENANT_KEY_COLUMNS},
        account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
        class_id INTEGER NOT NULL REFERENCES train_class (id) ON DELETE CASCADE,
        status VARCHAR(12) NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED')),
        reason VARCHAR(200) NOT NULL DEFAULT '',
        remark VARCHAR(200),
        audited_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        audited_at TIMESTAMPTZ,
        ${TIMESTAMP_COLUMNS}
      )`);
    await sql(
      `CREATE UNIQUE INDEX class_apply_open ON class_apply (account_id, class_id)
         WHERE status IN ('PENDING', 'APPROVED')`,
    );
    await sql('CREATE INDEX class_apply_list ON class_apply (project_id, status, created_at DESC)');
    await sql('CREATE INDEX class_apply_class ON class_apply (class_id)');
    for (const statement of tenantPolicySql('class_apply', { sharedNullRows: false })) await sql(statement);
    await sql(
      `CREATE TRIGGER class_apply_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON class_apply
         FOR EACH STATEMENT EXECUTE FUNCTION px_notify_change()`,
    );
    await sql(`
      CREATE TABLE study_notice (
        ${TENANT_KEY_COLUMNS},
        class_id INTEGER NOT NULL REFERENCES train_class (id) ON DELETE CASCADE,
        account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
        day DATE NOT NULL,
        wechat_state VARCHAR(12) NOT NULL CHECK (wechat_state IN ('PENDING', 'SENT', 'SKIPPED', 'FAILED')),
        wechat_detail VARCHAR(200),
        sms_state VARCHAR(12) NOT NULL CHECK (sms_state IN ('SENT', 'SKIPPED')),
        created_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        ${TIMESTAMP_COLUMNS},
        UNIQUE (class_id, account_id, day)
      )`);
    await sql(
      "CREATE INDEX study_notice_pending ON study_notice (class_id, day) WHERE wechat_state = 'PENDING'",
    );
    for (const statement of tenantPolicySql('study_notice', { sharedNullRows: false })) await sql(statement);
    await queryInterface.sequelize.query(
      `UPDATE role SET menu = menu || ARRAY(SELECT url FROM unnest(CAST(ARRAY[:pages] AS VARCHAR(100)[])) AS url
         WHERE url <> ALL (menu))
       WHERE code = 'project-admin' AND role_system = 2`,
      { replacements: { pages: PAGES } },
    );
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(
      `UPDATE role SET menu = array_remove(menu, '/train-manage/class-apply')
       WHERE code = 'project-admin' AND role_system = 2`,
    );
    for (const statement of dropTenantPolicySql('study_notice')) await sql(statement);
    await sql('DROP TABLE study_notice');
    for (const statement of dropTenantPolicySql('class_apply')) await sql(statement);
    await sql('DROP TABLE class_apply');
    await sql('ALTER TABLE my_class DROP COLUMN ended_at');
    await sql('ALTER TABLE train_class DROP COLUMN apply_required');
  },
};

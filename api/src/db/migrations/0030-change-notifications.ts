import type { Migration } from '../migrate';

/**
 * Change notifications (docs/product-decisions.md "Caches across API instances"): a write to a
 * table that the request path caches (sessions, the accounts, roles and units they depend on,
 * projects with their settings and domains, the offered classes of the H5 class centre) sends `NOTIFY px_change, '<table>'` when its
 * transaction commits. Every API instance listens on one connection and drops the caches the
 * table feeds (core/change-feed.ts). Statement-level triggers: one notification per statement,
 * and PostgreSQL folds equal ones of a transaction into one. An account's sign-in stamp
 * (`last_login_at`), password and other columns no cache reads do not notify.
 */
const WATCHED: { table: string; events: string }[] = [
  { table: 'session', events: 'UPDATE OR DELETE OR TRUNCATE' },
  {
    table: 'account',
    // The columns a session's principal reads (session.service.ts `readSession`) and the account
    // info shows (auth/login.service.ts `getAccountInfo`).
    events:
      'UPDATE OF status, deleted_at, role_id, unit_id, project_id, role_system, real_name, account_name, image_path OR DELETE OR TRUNCATE',
  },
  { table: 'role', events: 'UPDATE OR DELETE OR TRUNCATE' },
  { table: 'unit', events: 'UPDATE OR DELETE OR TRUNCATE' },
  { table: 'project', events: 'INSERT OR UPDATE OR DELETE OR TRUNCATE' },
  // A student's cart count (modules/cart/cart.service.ts `countCart`), and whether a class is in
  // their cart or enrolled (class-center.service.ts `studentState`: an enrolment's status).
  { table: 'shop_cart_item', events: 'INSERT OR UPDATE OR DELETE OR TRUNCATE' },
  {
    table: 'my_class',
    events: 'INSERT OR UPDATE OF status, class_id, account_id, project_id OR DELETE OR TRUNCATE',
  },
  // What the H5 class centre answers (modules/class-center/class-center.cache.ts).
  ...[
    'class_category',
    'train_plan',
    'train_class',
    'train_class_course',
    'course',
    'course_lesson',
    'resource',
    'class_evaluation',
  ].map((table) => ({ table, events: 'INSERT OR UPDATE OR DELETE OR TRUNCATE' })),
];

export const m0030ChangeNotifications: Migration = {
  name: '0030-change-notifications',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE FUNCTION px_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('px_change', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    for (const { table, events } of WATCHED)
      await sql(
        `CREATE TRIGGER ${table}_notify_change AFTER ${events} ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION px_notify_change()`,
      );
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    for (const { table } of WATCHED) await sql(`DROP TRIGGER ${table}_notify_change ON ${table}`);
    await sql('DROP FUNCTION px_notify_change()');
  },
};

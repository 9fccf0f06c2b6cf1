import type { Migration } from '../migrate';

/**
 * Change notifications that name their accounts (issue 29, "Background work never slows
 * students"). Migration 0030 notified a table's name for every statement that might have changed
 * it, so a unit import committing a chunk of enrolments (and an `UPDATE account` that matched no
 * row) dropped every cached session, account and enrolment state on every instance, and every
 * studying student's next heartbeat read its session again. For the tables whose rows belong to
 * an account, the notification now says which accounts changed (`my_class:12,57`), from the rows
 * the statement really changed (its transition tables), and sends nothing when it changed none:
 * inserted accounts (nobody is signed in as them yet) and inserted sessions (a sign-in) still
 * notify nothing, an update of one account drops only that account's sessions. Everything else
 * stays as 0030 made it: a truncate, a statement changing more accounts than a payload can list,
 * and the other tables still notify the table alone (every cached entry of it dropped).
 */

/** How many accounts a payload lists at most (PostgreSQL's payload limit is 8,000 bytes). */
const MAX_ACCOUNTS = 600;

/**
 * The tables whose rows belong to an account: the column naming it, the events that notify (as
 * 0030 and 0076 had them) and, for an update, the columns whose change matters (none listed: any
 * updated row).
 */
const KEYED: { table: string; account: string; insert: boolean; compared: string[] }[] = [
  { table: 'session', account: 'account_id', insert: false, compared: [] },
  {
    table: 'account',
    account: 'id',
    insert: false,
    compared: [
      'status',
      'deleted_at',
      'role_id',
      'unit_id',
      'project_id',
      'role_system',
      'real_name',
      'account_name',
      'image_path',
    ],
  },
  { table: 'shop_cart_item', account: 'account_id', insert: true, compared: [] },
  {
    table: 'my_class',
    account: 'account_id',
    insert: true,
    compared: ['status', 'class_id', 'account_id', 'project_id'],
  },
  { table: 'class_apply', account: 'account_id', insert: true, compared: [] },
];

/** The statement-level triggers 0030 and 0076 made on the same tables (restored by `down`). */
const BEFORE: Record<string, string> = {
  session: 'UPDATE OR DELETE OR TRUNCATE',
  account:
    'UPDATE OF status, deleted_at, role_id, unit_id, project_id, role_system, real_name, account_name, image_path OR DELETE OR TRUNCATE',
  shop_cart_item: 'INSERT OR UPDATE OR DELETE OR TRUNCATE',
  my_class: 'INSERT OR UPDATE OF status, class_id, account_id, project_id OR DELETE OR TRUNCATE',
  class_apply: 'INSERT OR UPDATE OR DELETE OR TRUNCATE',
};

export const m0091ChangeNotificationAccounts: Migration = {
  name: '0091-change-notification-accounts',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    // TG_ARGV[0] names the account column, the rest the compared columns of an update. The rows
    // changed: those inserted, those deleted, and of an update those whose compared columns moved
    // (each with its account before and after).
    await sql(`
      CREATE FUNCTION px_notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        account_column text := TG_ARGV[0];
        compared text[] := TG_ARGV[1:];
        changed_rows text;
        accounts_changed bigint;
        with_account bigint;
        accounts text;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          changed_rows := format('SELECT %I AS account FROM new_rows', account_column);
        ELSIF TG_OP = 'DELETE' THEN
          changed_rows := format('SELECT %I AS account FROM old_rows', account_column);
        ELSIF cardinality(compared) = 0 THEN
          changed_rows := format('SELECT %1$I AS account FROM old_rows UNION ALL SELECT %1$I FROM new_rows',
                                 account_column);
        ELSE
          changed_rows := format(
            'SELECT v.account FROM old_rows o JOIN new_rows n ON n.id = o.id,
                    LATERAL (VALUES (o.%1$I), (n.%1$I)) AS v(account)
              WHERE ROW(%2$s) IS DISTINCT FROM ROW(%3$s)',
            account_column,
            (SELECT string_agg('o.' || quote_ident(c), ', ') FROM unnest(compared) AS c),
            (SELECT string_agg('n.' || quote_ident(c), ', ') FROM unnest(compared) AS c));
        END IF;
        EXECUTE format(
          'SELECT count(*), count(account), string_agg(account::text, '','')
             FROM (SELECT DISTINCT account FROM (%s) AS changed LIMIT ${MAX_ACCOUNTS + 1}) AS distinct_accounts',
          changed_rows) INTO accounts_changed, with_account, accounts;
        IF accounts_changed = 0 THEN
          RETURN NULL;
        ELSIF accounts_changed > ${MAX_ACCOUNTS} OR with_account < accounts_changed THEN
          PERFORM pg_notify('px_change', TG_TABLE_NAME);
        ELSE
          PERFORM pg_notify('px_change', TG_TABLE_NAME || ':' || accounts);
        END IF;
        RETURN NULL;
      END $$`);
    for (const { table, account, insert, compared } of KEYED) {
      const args = [account, ...compared].map((name) => `'${name}'`).join(', ');
      const trigger = (event: string, referencing: string) =>
        sql(
          `CREATE TRIGGER ${table}_notify_${event.toLowerCase()} AFTER ${event} ON ${table}
             REFERENCING ${referencing}
             FOR EACH STATEMENT EXECUTE FUNCTION px_notify_account_change(${args})`,
        );
      await sql(`DROP TRIGGER ${table}_notify_change ON ${table}`);
      if (insert) await trigger('INSERT', 'NEW TABLE AS new_rows');
      await trigger('UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows');
      await trigger('DELETE', 'OLD TABLE AS old_rows');
      await sql(
        `CREATE TRIGGER ${table}_notify_truncate AFTER TRUNCATE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION px_notify_change()`,
      );
    }
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    for (const { table, insert } of KEYED) {
      for (const event of [...(insert ? ['insert'] : []), 'update', 'delete', 'truncate'])
        await sql(`DROP TRIGGER ${table}_notify_${event} ON ${table}`);
      await sql(
        `CREATE TRIGGER ${table}_notify_change AFTER ${BEFORE[table]} ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION px_notify_change()`,
      );
    }
    await sql('DROP FUNCTION px_notify_account_change()');
  },
};

import { ROLE_SYSTEM } from '@px/config';
import { Client } from 'pg';
import { QueryTypes, Transaction } from 'sequelize';
import { Unit } from '../modules/unit/unit.model';
import { createTestApp, type TestApp } from '../testing/app';
import { testAppUrl } from '../testing/database';
import { buildAccount, buildProject, buildUnit } from '../testing/factories';
import { runPrepared } from './prepared';
import { APP_ROLE } from './row-security';
import { DEMO, seedDemoData } from './seed';
import { createSequelize } from './sequelize';
import { withBypass, withoutTenant, withProject } from './tenant-access';
import { TenantMismatchError } from './tenant-guard';

/*
 * Issue 28: tenant isolation that the database enforces. The demo project (A) fills most tables;
 * a second project (B) has a unit and a student. The application's role reads every tenant table
 * by raw SQL with one project set, and with none; the driver (`tenant-pg.ts`) is checked to carry
 * the access of the code in every way a statement is sent.
 */

let app: TestApp;
let a: number;
let b: number;
let tables: { table: string; nullable: boolean }[];

/** The tables whose rows without a project every transaction may read (migrations 0031, 0074). */
const SHARED = new Set(['account', 'role', 'dictionary', 'class_category', 'resource']);

async function asApp<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testAppUrl(app.databaseUrl) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Counts of `table` seen by the application role with `project` set ('' for none). */
async function seenBy(client: Client, table: string, project: string) {
  await client.query('BEGIN');
  try {
    await client.query(`SELECT set_config('app.project_id', $1, true)`, [project]);
    const { rows } = await client.query<{ total: string; other: string; shared: string }>(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE project_id IS DISTINCT FROM NULLIF($1, '')::integer AND project_id IS NOT NULL) AS other,
              count(*) FILTER (WHERE project_id IS NULL) AS shared
         FROM ${table}`,
      [project],
    );
    const row = rows[0] as { total: string; other: string; shared: string };
    return { total: Number(row.total), other: Number(row.other), shared: Number(row.shared) };
  } finally {
    await client.query('COMMIT');
  }
}

beforeAll(async () => {
  app = await createTestApp();
  await seedDemoData(app.sequelize);
  const [demo] = await app.sequelize.query<{ id: number }>('SELECT id FROM project WHERE code = :code', {
    replacements: { code: DEMO.projectCode },
    type: QueryTypes.SELECT,
  });
  a = (demo as { id: number }).id;
  b = (await buildProject()).id;
  await buildUnit(b, { name: 'B 的单位' });
  await buildAccount({ projectId: b, roleSystem: ROLE_SYSTEM.STUDENT });
  tables = await app.sequelize.query<{ table: string; nullable: boolean }>(
    `SELECT table_name AS "table", is_nullable = 'YES' AS nullable
       FROM information_schema.columns JOIN information_schema.tables USING (table_schema, table_name)
      WHERE table_schema = 'public' AND column_name = 'project_id' AND table_type = 'BASE TABLE'
      ORDER BY table_name`,
    { type: QueryTypes.SELECT },
  );
}, 120_000);

afterAll(() => app.close());

test('every table holding a project_id is under forced row-level security with the tenant policy', async () => {
  expect(tables.length).toBeGreaterThan(50);
  const guarded = await app.sequelize.query<{
    table: string;
    enabled: boolean;
    forced: boolean;
    policy: string | null;
  }>(
    `SELECT c.relname AS "table", c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
            (SELECT p.qual FROM pg_policies p WHERE p.tablename = c.relname AND p.policyname = 'tenant_rows') AS policy
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname IN (:tables)`,
    { replacements: { tables: tables.map((entry) => entry.table) }, type: QueryTypes.SELECT },
  );
  const unguarded = guarded.filter(
    (entry) => !entry.enabled || !entry.forced || !entry.policy?.includes("current_setting('app.project_id'"),
  );
  expect(unguarded).toEqual([]);
  expect(guarded).toHaveLength(tables.length);
});

test('the application role is no superuser and does not bypass row-level security', async () => {
  const role = await asApp(async (client) => {
    const { rows } = await client.query(
      'SELECT current_user AS name, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user',
    );
    return rows[0] as { name: string; rolsuper: boolean; rolbypassrls: boolean };
  });
  expect(role).toEqual({ name: APP_ROLE, rolsuper: false, rolbypassrls: false });
});

test('by raw SQL as the application role, a project sees only its own rows of every tenant table, and no project sees none', async () => {
  const owner = new Map<string, number>();
  for (const { table } of tables) {
    const [row] = await app.sequelize.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${table} WHERE project_id = :a`,
      {
        replacements: { a },
        type: QueryTypes.SELECT,
      },
    );
    owner.set(table, Number((row as { n: string }).n));
  }
  // The demo data makes the check worth something: most tenant tables hold rows of A.
  expect([...owner.values()].filter((n) => n > 0).length).toBeGreaterThan(30);

  await asApp(async (client) => {
    for (const { table, nullable } of tables) {
      const shared = nullable && SHARED.has(table);
      const ofA = await seenBy(client, table, String(a));
      expect({ table, other: ofA.other, own: ofA.total - ofA.shared }).toEqual({
        table,
        other: 0,
        own: owner.get(table),
      });
      if (!shared) expect({ table, shared: ofA.shared }).toEqual({ table, shared: 0 });
      const ofB = await seenBy(client, table, String(b));
      expect({ table, other: ofB.other }).toEqual({ table, other: 0 });
      const none = await seenBy(client, table, '');
      expect({ table, seen: none.total - none.shared }).toEqual({ table, seen: 0 });
      if (!shared) expect({ table, shared: none.shared }).toEqual({ table, shared: 0 });
    }
  });
}, 120_000);

test('the database refuses to write rows of another project, and to change them', async () => {
  await asApp(async (client) => {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('app.project_id', $1, true)`, [String(a)]);
    await expect(
      client.query('INSERT INTO unit (project_id, name) VALUES ($1, $2)', [b, '越界单位']),
    ).rejects.toThrow(/row-level security/);
    await client.query('ROLLBACK');
    await client.query('BEGIN');
    await client.query(`SELECT set_config('app.project_id', $1, true)`, [String(a)]);
    const updated = await client.query("UPDATE unit SET name = name || '!' WHERE project_id = $1", [b]);
    const deleted = await client.query('DELETE FROM unit WHERE project_id = $1', [b]);
    // Moving a row of A into B is refused too.
    await expect(
      client.query('UPDATE unit SET project_id = $1 WHERE project_id = $2', [b, a]),
    ).rejects.toThrow(/row-level security/);
    await client.query('ROLLBACK');
    expect([updated.rowCount, deleted.rowCount]).toEqual([0, 0]);
  });
});

describe('the driver sends each statement with the access of the code running it', () => {
  const count = (project: number, transaction?: Transaction) =>
    app.sequelize
      .query<{ n: string }>('SELECT count(*) AS n FROM unit WHERE project_id = $1', {
        bind: [project],
        type: QueryTypes.SELECT,
        transaction,
      })
      .then((rows) => Number(rows[0]?.n));
  const countInline = (project: number, transaction?: Transaction) =>
    app.sequelize
      .query<{ n: string }>(`SELECT count(*) AS n FROM unit WHERE project_id = ${project}`, {
        type: QueryTypes.SELECT,
        transaction,
      })
      .then((rows) => Number(rows[0]?.n));

  test('outside transactions: the simple and the extended protocol, named statements', async () => {
    const ofA = await withBypass('test', () => count(a));
    expect(ofA).toBeGreaterThan(0);
    expect(await withProject(a, () => count(a))).toBe(ofA);
    expect(await withProject(a, () => countInline(a))).toBe(ofA);
    expect(await withProject(b, () => count(a))).toBe(0);
    expect(await withProject(b, () => countInline(a))).toBe(0);
    expect(await withoutTenant(() => count(a))).toBe(0);
    expect(await withoutTenant(() => countInline(b))).toBe(0);
    const statement = {
      name: 'row_security_test_units',
      text: 'SELECT count(*) AS n FROM unit WHERE project_id = $1',
    };
    const prepared = (project: number) =>
      runPrepared<{ n: string }>(app.sequelize, statement, [project]).then((rows) => Number(rows[0]?.n));
    expect(await withProject(a, () => prepared(a))).toBe(ofA);
    expect(await withProject(b, () => prepared(a))).toBe(0);
    expect(await withProject(a, () => prepared(a))).toBe(ofA);
    // Nothing stays on a connection: the pool's connections, used by each access in turn, hold none.
    const leftOver = await withoutTenant(() =>
      Promise.all(
        Array.from({ length: 5 }, () =>
          app.sequelize.query<{ project: string | null; bypass: string | null }>(
            "SELECT current_setting('app.project_id', true) AS project, current_setting('app.bypass', true) AS bypass",
            { type: QueryTypes.SELECT },
          ),
        ),
      ),
    );
    for (const [row] of leftOver) expect([row?.project ?? '', row?.bypass ?? '']).toEqual(['', '']);
  });

  test('inside transactions: set once, changed when the code changes access, again after a rollback to a savepoint', async () => {
    const ofA = await withBypass('test', () => count(a));
    await withProject(a, () =>
      app.sequelize.transaction(
        { isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ },
        async (transaction) => {
          // The transaction's first statement sets the project; SET TRANSACTION still came first.
          expect(await count(a, transaction)).toBe(ofA);
          expect(await withProject(b, () => count(a, transaction))).toBe(0);
          expect(await count(a, transaction)).toBe(ofA);
          expect(await withoutTenant(() => count(a, transaction))).toBe(0);
          expect(await countInline(a, transaction)).toBe(ofA);
          // A savepoint (a nested transaction) and back.
          await app.sequelize.transaction({ transaction }, async (nested) => {
            expect(await withProject(b, () => countInline(a, nested))).toBe(0);
          });
          expect(await countInline(a, transaction)).toBe(ofA);
        },
      ),
    );
    // A savepoint rolled back undoes what was set after it: the next statement sets it again.
    const transaction = await withProject(a, () => app.sequelize.transaction());
    try {
      await withProject(a, async () => {
        await app.sequelize.query('SAVEPOINT probe', { transaction });
        expect(
          await withProject(b, () =>
            app.sequelize.query(`SELECT 1 FROM unit WHERE project_id = ${a}`, {
              transaction,
              type: QueryTypes.SELECT,
            }),
          ),
        ).toEqual([]);
        await app.sequelize.query('ROLLBACK TO SAVEPOINT probe', { transaction });
        const rows = await app.sequelize.query(`SELECT 1 FROM unit WHERE project_id = ${a}`, {
          transaction,
          type: QueryTypes.SELECT,
        });
        expect(rows).toHaveLength(ofA);
      });
    } finally {
      await transaction.rollback();
    }
  });

  test('settings sent unprepared (behind a transaction pooler) and prepared again after DEALLOCATE', async () => {
    const ofA = await withBypass('test', () => count(a));
    const unprepared = createSequelize(testAppUrl(app.databaseUrl), { transactionPooler: true, poolMax: 2 });
    try {
      const units = (project: number) =>
        unprepared
          .query<{ n: string }>('SELECT count(*) AS n FROM unit WHERE project_id = $1', {
            bind: [project],
            type: QueryTypes.SELECT,
          })
          .then((rows) => Number(rows[0]?.n));
      expect(await withProject(a, () => units(a))).toBe(ofA);
      expect(await withProject(b, () => units(a))).toBe(0);
      expect(await withProject(a, () => unprepared.transaction(() => units(a)))).toBe(ofA);
    } finally {
      await unprepared.close();
    }
    await withProject(a, () =>
      app.sequelize.transaction(async (transaction) => {
        await app.sequelize.query('DEALLOCATE ALL', { transaction });
        expect(await count(a, transaction)).toBe(ofA);
        expect(await withProject(b, () => count(a, transaction))).toBe(0);
      }),
    );
    expect(await withProject(a, () => count(a))).toBe(ofA);
  });

  test("a model query marked allTenants runs under a bypass; a filter naming another project than the code's is refused", async () => {
    const all = await withProject(b, () => Unit.count({ allTenants: true }));
    expect(all).toBe(await withBypass('test', () => Unit.count({ allTenants: true })));
    expect(await withProject(b, () => Unit.count({ where: { projectId: b } }))).toBe(1);
    await expect(withProject(b, () => Unit.count({ where: { projectId: a } }))).rejects.toThrow(
      TenantMismatchError,
    );
  });
});

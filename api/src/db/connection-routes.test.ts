import { QueryTypes, type Sequelize } from 'sequelize';
import { cursorBatches } from '../core/export-cursor';
import { createTestDatabase, type TestDatabase, testAppUrl } from '../testing/database';
import { asBackgroundWork, awaitReplica, onReplica, routeConnections } from './connection-routes';
import { createSequelize } from './sequelize';
import { setTenantFallback, withProject } from './tenant-access';

// The connection routes of db/connection-routes.ts on one test database, each "server" told apart by
// its connections' application_name: the primary pool by default, the jobs' pool in background work,
// the replica's pool for reads in onReplica (test/e2e/read-replica.test.ts runs a real replica).

let database: TestDatabase;
let primary: Sequelize;
const fallbacks: unknown[] = [];

const named = (name: string) => {
  const url = new URL(testAppUrl(database.url));
  url.searchParams.set('application_name', name);
  return url.toString();
};

beforeAll(async () => {
  setTenantFallback({ kind: 'bypass', reason: 'test arrangement' });
  database = await createTestDatabase();
  primary = createSequelize(named('px_primary'), { poolMax: 3 });
  routeConnections(primary, {
    replica: createSequelize(named('px_replica'), { poolMax: 2 }),
    jobs: createSequelize(named('px_jobs'), { poolMax: 1 }),
    onFallback: (error) => fallbacks.push(error),
  });
});

afterAll(async () => {
  await primary?.close();
  await database?.drop();
});

const whoReads = async (options: { transaction?: never } = {}) =>
  (
    await primary.query<{ name: string }>("SELECT current_setting('application_name') AS name", {
      type: QueryTypes.SELECT,
      ...options,
    })
  )[0]?.name;

test('reads go to the primary unless in onReplica, and to the jobs pool in background work', async () => {
  expect(await whoReads()).toBe('px_primary');
  expect(await onReplica(() => whoReads())).toBe('px_replica');
  expect(await asBackgroundWork(() => whoReads())).toBe('px_jobs');
  // A job's export reads from the replica too.
  expect(await asBackgroundWork(() => onReplica(() => whoReads()))).toBe('px_replica');
});

test('in onReplica only reads go to the replica: writes and read-write transactions stay on the primary', async () => {
  await onReplica(async () => {
    const [rows] = await primary.query("SELECT current_setting('application_name') AS name");
    expect((rows as { name: string }[])[0]?.name).toBe('px_primary');
    await primary.transaction(async (transaction) => {
      expect(await whoReads({ transaction } as never)).toBe('px_primary');
    });
    await primary.transaction({ readOnly: true }, async (transaction) => {
      expect(await whoReads({ transaction } as never)).toBe('px_replica');
    });
  });
});

test('the replica gets the tenant settings of the code reading, as the primary does', async () => {
  const setting = () =>
    primary.query<{ project: string; name: string }>(
      "SELECT current_setting('app.project_id', true) AS project, current_setting('application_name') AS name",
      { type: QueryTypes.SELECT },
    );
  await expect(withProject(42, () => onReplica(setting))).resolves.toEqual([
    { project: '42', name: 'px_replica' },
  ]);
});

test('exports read through the replica; the primary when they must see writes just made', async () => {
  const sql = { sql: "SELECT current_setting('application_name') AS name" };
  const names = async (batches: AsyncGenerator<{ name: string }[]>) => {
    const all: string[] = [];
    for await (const batch of batches) all.push(...batch.map((row) => row.name));
    return all;
  };
  await expect(names(cursorBatches(primary, sql, (rows: { name: string }[]) => rows))).resolves.toEqual([
    'px_replica',
  ]);
  await expect(
    names(cursorBatches(primary, sql, (rows: { name: string }[]) => rows, { primary: true })),
  ).resolves.toEqual(['px_primary']);
});

test('the jobs pool is their own: a job holding its only connection leaves the calls their pool', async () => {
  let release: () => void = () => undefined;
  const held = asBackgroundWork(() =>
    primary.transaction(() => new Promise<void>((resolve) => (release = resolve))),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  // The calls' pool answers at once though the jobs' pool is exhausted.
  await expect(Promise.all([whoReads(), whoReads(), whoReads()])).resolves.toEqual([
    'px_primary',
    'px_primary',
    'px_primary',
  ]);
  release();
  await held;
});

test('an unreachable replica: the read goes to the primary and the fallback hears why', async () => {
  const other = createSequelize(named('px_primary_2'), { poolMax: 2 });
  const dead = new URL(named('px_dead'));
  dead.port = '1';
  routeConnections(other, {
    replica: createSequelize(dead.toString(), { poolMax: 1 }),
    onFallback: (e) => fallbacks.push(e),
  });
  try {
    const before = fallbacks.length;
    const [row] = await onReplica(() =>
      other.query<{ name: string }>("SELECT current_setting('application_name') AS name", {
        type: QueryTypes.SELECT,
      }),
    );
    expect(row?.name).toBe('px_primary_2');
    expect(fallbacks.length).toBe(before + 1);
  } finally {
    await other.close();
  }
});

test('awaitReplica answers at once when the replica is no standby (nothing to wait for)', async () => {
  await expect(awaitReplica(primary, 100)).resolves.toBe(true);
});

test('closing within a deadline ends the connections still lent then: their statements fail, every pool closes', async () => {
  const own = createSequelize(named('px_closing'), { poolMax: 2 });
  const routes = routeConnections(own, { jobs: createSequelize(named('px_closing_jobs'), { poolMax: 1 }) });
  // A job whose statement outlives the deadline (a shutdown's grace).
  const job = asBackgroundWork(() => own.query('SELECT pg_sleep(5)')).then(
    () => null,
    (error: unknown) => error,
  );
  const running = () =>
    primary.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'px_closing_jobs' AND state = 'active'",
      { type: QueryTypes.SELECT },
    );
  for (let tries = 0; tries < 50 && (await running())[0]?.n !== 1; tries++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await running())[0]?.n).toBe(1);
  const began = Date.now();
  await expect(routes.close(200)).resolves.toBe(1);
  expect(Date.now() - began).toBeLessThan(2_000);
  expect(await job).toBeInstanceOf(Error);
  // Closed: nothing is lent any more, and a new statement is refused.
  await expect(asBackgroundWork(() => own.query('SELECT 1'))).rejects.toThrow(/closed/);
  await expect(own.query('SELECT 1')).rejects.toThrow(/closed/);
});

test('closing within a deadline waits for nothing when nothing is lent', async () => {
  const own = createSequelize(named('px_closing_idle'), { poolMax: 1 });
  const routes = routeConnections(own, {
    jobs: createSequelize(named('px_closing_idle_jobs'), { poolMax: 1 }),
  });
  await own.query('SELECT 1');
  await asBackgroundWork(() => own.query('SELECT 1'));
  await expect(routes.close(5_000)).resolves.toBe(0);
});

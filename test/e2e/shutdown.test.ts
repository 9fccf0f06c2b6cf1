import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO } from '@px/api';
import { createTestDatabase, type TestDatabase } from '@px/api/testing';
import { Client } from 'pg';
import { signIn } from '../bench/api-client';
import { callProduct, queryProduct } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';

// Issue 17, SIGTERM and backups: `npm start` stopped by its operator stops its embedded PostgreSQL
// cleanly (no postmaster.pid left, so no crash recovery at the next start), exits 0, and the next
// start on the same data directory finds what was written. `npm run backup` taken while the product
// runs (attached to its embedded server) and `npm run restore -- --replace` once it is stopped bring
// the data back to the backup's moment.

let dataDir: string;
let database: TestDatabase | null = null;
let product: ProductServer | null = null;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-shutdown-'));
  // With DATABASE_URL set the product uses that server, and a database of the test's own stands
  // for the data that outlives the process.
  if (process.env.DATABASE_URL) database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await product?.stop();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startProductServer({ dataDir, ...(database ? { databaseUrl: database.url } : {}) });

/**
 * `npm run backup|restore -- …` on the product's data (its DATA_DIR, or the test's database). Run
 * without blocking the test's event loop (never spawnSync): the HTTP client's kept-alive connection
 * to the product must hear the product close it while idle, or the next call goes out on a closed
 * socket ("other side closed") once a backup outlasts the server's keep-alive timeout.
 */
async function maintenance(args: string[]): Promise<string> {
  const root = path.resolve(__dirname, '..', '..');
  const child = spawn('npm', ['run', '--silent', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'warn' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
  expect([status, stderr]).toEqual([0, '']);
  return stdout;
}

const categoryNames = async (server: ProductServer) =>
  (
    await queryProduct<{ name: string }>(
      server,
      "SELECT name FROM class_category WHERE name LIKE '停机%' ORDER BY name",
      [],
    )
  ).map((row) => row.name);

test('SIGTERM stops cleanly and the next start finds the data; a backup taken while running restores', async () => {
  product = await start();
  const token = await signIn(product.url, DEMO.accounts.projectAdmin);
  const [base] = await queryProduct<{ id: number }>(
    product,
    `SELECT c.id FROM class_category c JOIN account a ON a.project_id = c.project_id
      WHERE a.account_name = $1 AND c.parent_id IS NULL ORDER BY c.id LIMIT 1`,
    [DEMO.accounts.projectAdmin.account],
  );
  const save = (name: string) =>
    callProduct((product as ProductServer).url, token, 'class/category-save', {
      parentId: base?.id ?? 0,
      name,
    });
  await save('停机前保存的分类');
  const backup = path.join(dataDir, 'before.backup.gz');
  expect(await maintenance(['backup', '--', backup])).toContain('Backup written');
  await save('停机前备份后的分类');

  await product.stop();
  expect(product.exitCode()).toBe(0);
  if (!database) {
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }

  product = await start();
  expect(await categoryNames(product)).toEqual(['停机前保存的分类', '停机前备份后的分类']);
  // The session written before the stop still signs the administrator in.
  const info = await callProduct(product.url, token, 'login/get-account-info', {});
  expect(info).toMatchObject({ userName: DEMO.accounts.projectAdmin.name });
  await product.stop();

  expect(await maintenance(['restore', '--', backup, '--replace'])).toContain('Restored');
  product = await start();
  expect(await categoryNames(product)).toEqual(['停机前保存的分类']);
}, 300_000);

/**
 * SIGTERM while work is provably in flight (the exit code once seen as 143 under load while the
 * dashboard's rollup ran): the test holds the rollup's lock of the demo project, so the rollup the
 * server runs at start (the `dashboard.rollup` job) and a 刷新看板数据 call wait on it when the signal
 * comes. The server gives them SHUTDOWN_GRACE_SECONDS (3 s here) and then closes its pools and exits
 * 0 either way: what finished within the grace is done, what did not is cut, its transaction rolled
 * back and its job put back for a retry, which a later start runs.
 */
describe('SIGTERM with a dashboard rollup in flight', () => {
  let db: TestDatabase;
  let server: ProductServer | null = null;
  let projectId = 0;
  const holders: Client[] = [];

  const startOn = () =>
    startProductServer({
      databaseUrl: db.url,
      apps: false,
      env: { SHUTDOWN_GRACE_SECONDS: '3', DRAIN_SECONDS: '0' },
    });
  const query = async <T extends object>(text: string, values: unknown[] = []) =>
    queryProduct<T>({ databaseUrl: db.url }, text, values);

  /** Takes the rollup's lock of the demo project in a transaction of the test's; COMMIT frees it. */
  async function holdRollupLock(): Promise<Client> {
    const client = new Client({ connectionString: db.url });
    holders.push(client);
    await client.connect();
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('dashboard.rollup'), $1)", [projectId]);
    return client;
  }
  /** How many sessions wait for that lock now. */
  const lockWaiters = async () =>
    (
      await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
          WHERE l.locktype = 'advisory' AND NOT l.granted AND d.datname = current_database()`,
      )
    )[0]?.n ?? 0;
  const activeRollups = async () =>
    (
      await query<{ id: string }>(
        "SELECT id FROM pgboss.job WHERE name = 'dashboard.rollup' AND state = 'active' ORDER BY id",
      )
    ).map((row) => row.id);
  /**
   * The rollup jobs running now (the one the start sent; a scheduled one besides if the clock
   * passed a five-minute mark), once each of them waits on the lock.
   */
  const rollupJobsInFlight = async () => {
    const active = await activeRollups();
    return active.length > 0 && (await lockWaiters()) >= active.length ? active : null;
  };
  const jobStates = async (ids: readonly string[]) =>
    (
      await query<{ state: string }>(
        'SELECT state::text AS state FROM pgboss.job WHERE id = ANY($1::uuid[]) ORDER BY id',
        [ids],
      )
    ).map((row) => row.state);

  beforeAll(async () => {
    db = await createTestDatabase();
    // The first start seeds the demo project; its rollup at start runs freely.
    server = await startOn();
    const [project] = await query<{ project_id: number }>(
      'SELECT project_id FROM account WHERE account_name = $1',
      [DEMO.accounts.projectAdmin.account],
    );
    projectId = project?.project_id ?? 0;
    await until('the first start’s rollup is done', async () => {
      const rows = await query<{ state: string }>(
        "SELECT state::text AS state FROM pgboss.job WHERE name = 'dashboard.rollup'",
      );
      return rows.length > 0 && rows.every((row) => row.state === 'completed');
    });
    await server.stop();
    expect(server.exitCode()).toBe(0);
    server = null;
  }, 180_000);
  afterAll(async () => {
    for (const client of holders) await client.end().catch(() => undefined);
    await server?.stop();
    await db?.drop();
  });

  test('a call and the job waiting on the lock finish within the grace; the process exits 0', async () => {
    const lock = await holdRollupLock();
    server = await startOn();
    const live = server;
    const jobs = await until('the start’s rollup job waits on the lock', rollupJobsInFlight);
    const token = await signIn(live.url, DEMO.accounts.projectAdmin);
    const refreshed = callProduct(live.url, token, 'dashboard/delete-cache-key', {});
    await until(
      'the call waits on the lock too',
      async () => (await lockWaiters()) > (await activeRollups()).length,
    );

    const refreshedAt = async () =>
      (
        await query<{ refreshed_at: Date }>(
          'SELECT refreshed_at FROM dashboard_state WHERE project_id = $1',
          [projectId],
        )
      )[0]?.refreshed_at.getTime() ?? 0;
    const before = await refreshedAt();
    const signalled = Date.now();
    const exited = live.terminate();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await lock.query('COMMIT');

    // The call in flight is answered, the job completes, and the process ends well within its bound.
    expect(await refreshed).toMatchObject({ projectId });
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(12_000);
    expect(await jobStates(jobs)).toEqual(jobs.map(() => 'completed'));
    expect(await refreshedAt()).toBeGreaterThan(before);
    server = null;
  }, 180_000);

  test('past the grace the job is cut and put back, the process exits 0, and the next start runs it', async () => {
    const lock = await holdRollupLock();
    server = await startOn();
    const live = server;
    const jobs = await until('the start’s rollup job waits on the lock', rollupJobsInFlight);

    // The lock stays held: the rollup cannot finish within the 3 s grace.
    const signalled = Date.now();
    expect(await live.terminate()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(12_000);
    server = null;
    // Failed for a retry (its retry limit is not spent), not left active until its expiry.
    expect(await jobStates(jobs)).toEqual(jobs.map(() => 'retry'));
    await lock.query('COMMIT');

    // The retry is made due at once (not after its 30 s delay), and the next start runs it.
    await query("UPDATE pgboss.job SET start_after = now() WHERE id = ANY($1::uuid[]) AND state = 'retry'", [
      jobs,
    ]);
    server = await startOn();
    await until('the put back job completes', async () =>
      (await jobStates(jobs)).every((state) => state === 'completed'),
    );
    await server.stop();
    expect(server.exitCode()).toBe(0);
    server = null;
  }, 180_000);
});

/** Polls `check` every 200 ms until it answers a value (not null, undefined or false); at most 60 s. */
async function until<T>(what: string, check: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

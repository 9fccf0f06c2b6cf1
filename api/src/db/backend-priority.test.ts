import fs from 'node:fs';
import { Client } from 'pg';
import { QueryTypes, type Sequelize } from 'sequelize';
import { cursorBatches } from '../core/export-cursor';
import { createTestDatabase, type TestDatabase, testAppUrl } from '../testing/database';
import { localBackendPid, lowerBackendPriority } from './backend-priority';
import { asBackgroundWork, routeConnections } from './connection-routes';
import { createSequelize } from './sequelize';
import { setTenantFallback } from './tenant-access';

// Background work's PostgreSQL backends at nice 19 on the tests' embedded cluster (this host), the
// calls' at the server's own priority (db/backend-priority.ts, db/connection-routes.ts).

const onLinux = process.platform === 'linux' ? describe : describe.skip;

/** A process's nice value from its `/proc/<pid>/stat` (the 19th field); undefined when it is gone. */
function niceOf(pid: number): number | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The parent process of `pid` (a backend's: the postmaster). */
function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

const backendPid = async (sequelize: Sequelize, options: { transaction?: never } = {}) => {
  const [row] = await sequelize.query<{ pid: number }>('SELECT pg_backend_pid() AS pid', {
    type: QueryTypes.SELECT,
    ...options,
  });
  if (!row) throw new Error('no backend pid');
  return row.pid;
};

onLinux('background priority of the database backends', () => {
  let database: TestDatabase;
  let routed: Sequelize;
  let unlowered: Sequelize;
  /** The server's own priority: what its postmaster runs at, and so every backend it starts. */
  let serverNice: number | undefined;

  beforeAll(async () => {
    setTenantFallback({ kind: 'bypass', reason: 'test arrangement' });
    database = await createTestDatabase();
    const url = testAppUrl(database.url);
    routed = createSequelize(url, { poolMax: 2 });
    routeConnections(routed, { jobs: createSequelize(url, { poolMax: 1 }), backgroundNice: 19 });
    unlowered = createSequelize(url, { poolMax: 1 });
    routeConnections(unlowered, { jobs: createSequelize(url, { poolMax: 1 }), backgroundNice: 0 });
    serverNice = niceOf(parentOf(await backendPid(routed)));
  });

  afterAll(async () => {
    await routed?.close();
    await unlowered?.close();
    await database?.drop();
  });

  test("a jobs' pool backend runs at nice 19, a calls' backend at the server's priority", async () => {
    expect(serverNice).toBeDefined();
    expect(serverNice).not.toBe(19);
    const job = await asBackgroundWork(() => backendPid(routed));
    const call = await backendPid(routed);
    expect(job).not.toBe(call);
    expect(niceOf(job)).toBe(19);
    expect(niceOf(call)).toBe(serverNice);
  });

  test("an export's cursor reads at nice 19, and its connection is closed after, not lent to a call", async () => {
    const seen: { pid: number; nice: number | undefined }[] = [];
    const batches = cursorBatches(
      routed,
      { sql: 'SELECT pg_backend_pid() AS pid FROM generate_series(1, 3)' },
      (rows: { pid: number }[]) => rows.map((row) => ({ pid: row.pid, nice: niceOf(row.pid) })),
      { batchSize: 2, primary: true },
    );
    for await (const batch of batches) seen.push(...batch);
    expect(seen).toHaveLength(3);
    const exportPid = seen[0]?.pid ?? 0;
    expect(seen.every((row) => row.pid === exportPid && row.nice === 19)).toBe(true);
    // The lowered backend ends with its connection; the calls' next backends are at full priority.
    for (let waited = 0; niceOf(exportPid) !== undefined && waited < 3_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(niceOf(exportPid)).toBeUndefined();
    const calls = await Promise.all([backendPid(routed), backendPid(routed)]);
    for (const pid of calls) expect(niceOf(pid)).toBe(serverNice);
  });

  test('BACKGROUND_DB_NICE=0 (backgroundNice 0) leaves every backend at the server priority', async () => {
    const job = await asBackgroundWork(() => backendPid(unlowered));
    expect(niceOf(job)).toBe(serverNice);
    const seen: number[] = [];
    for await (const batch of cursorBatches(
      unlowered,
      { sql: 'SELECT pg_backend_pid() AS pid' },
      (rows: { pid: number }[]) => rows.map((row) => niceOf(row.pid) ?? -1),
      { primary: true },
    ))
      seen.push(...batch);
    expect(seen).toEqual([serverNice]);
  });

  test('only the process holding the server end of this very connection is taken for its backend', async () => {
    const client = new Client({ connectionString: testAppUrl(database.url) });
    const other = new Client({ connectionString: testAppUrl(database.url) });
    await client.connect();
    await other.connect();
    try {
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      const otherPid = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      const internals = client as unknown as { processID: number; connection: { stream: object } };
      expect(internals.processID).toBe(pid);
      expect(localBackendPid(internals)).toBe(pid);
      // Another backend of the same server (as a pooler's or another host's process id could name).
      expect(localBackendPid({ ...internals, processID: otherPid ?? 0 })).toBeNull();
      // A process that is no postgres (this one).
      expect(localBackendPid({ ...internals, processID: process.pid })).toBeNull();
      // Not connected over TCP.
      expect(localBackendPid({ processID: pid ?? 0, connection: {} })).toBeNull();
      // Nothing was touched by those refusals.
      expect(niceOf(otherPid ?? 0)).toBe(serverNice);
      expect(lowerBackendPriority({ ...internals, processID: otherPid ?? 0 })).toBe(false);
      expect(niceOf(otherPid ?? 0)).toBe(serverNice);
    } finally {
      await client.end();
      await other.end();
    }
  });
});

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO } from '@px/api';
import { Client } from 'pg';
import { signIn } from '../bench/api-client';
import { auditStudy, prepareStudy, studyInRounds } from '../bench/study-load';
import {
  type DebianPostgres,
  giveToServerUser,
  runAsServerUser,
  serverDir,
  startDebianPostgres,
} from '../support/debian-postgres';
import { callProduct } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { waitUntil } from '../support/wait';

// Issue 29, "The database past one server": the product on Debian's PostgreSQL 15 (what it runs on
// in production), beside the embedded PostgreSQL 18 every other test uses, as docs/operations.md
// "The database" and "Backups" set it up. One cluster of the test's own (never the machine's
// service) serves the cases, in order: the migrations to head as an owner who is no superuser; the
// API on it (sign-in, the class centre, a study session credited); pg_dump / pg_restore to a fresh
// database on a new cluster, which the API then serves; and the restore drill of continuous
// archiving: a base backup and the archived WAL restored to a point in time on a new cluster.

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, '..', '..');
/** The database's owner: migrations run as it; it may create roles (the application's `px_app`). */
const OWNER = { user: 'px_owner', password: 'px_owner_local' };
const STUDENT = { account: DEMO.accounts.student.mobile, password: DEMO.accounts.student.password };

let server: DebianPostgres;
let archiveDir = '';
const products: ProductServer[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  // Continuous archiving from the start, as docs/operations.md configures the production server.
  archiveDir = serverDir('px-pg15-wal-');
  server = await startDebianPostgres({
    settings: {
      archive_mode: 'on',
      archive_command: `test ! -f ${archiveDir}/%f && cp %p ${archiveDir}/%f`,
    },
  });
  await server.query('postgres', `CREATE ROLE ${OWNER.user} LOGIN CREATEROLE PASSWORD '${OWNER.password}'`);
  await server.query('postgres', `CREATE DATABASE px OWNER ${OWNER.user}`);
});

afterAll(async () => {
  for (const product of products.reverse()) await product.stop();
  for (const cleanup of cleanups.reverse()) await cleanup();
  await server?.stop();
  if (archiveDir) fs.rmSync(archiveDir, { recursive: true, force: true });
});

/** `npm run migrate` (the migrations' command-line tool) against `databaseUrl`; answers its output. */
function migrate(databaseUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(ROOT, 'api', 'src', 'db', 'migrate-cli.ts')],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' } },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
  });
}

/** `GET /readyz`'s answer. */
async function readiness(product: ProductServer): Promise<unknown> {
  const answer = await fetch(`${product.url}/readyz`);
  return { status: answer.status, ...((await answer.json()) as object) };
}

test('the migrations reach head on PostgreSQL 15 as an owner who is no superuser', async () => {
  const [settings] = await server.query<{ version: string }>(
    'px',
    "SELECT current_setting('server_version_num') AS version",
  );
  expect(Number(settings?.version)).toBeGreaterThanOrEqual(150000);
  expect(Number(settings?.version)).toBeLessThan(160000);

  const applied = await migrate(server.url('px', OWNER));
  const names = /^Applied: (.+)$/m.exec(applied)?.[1]?.split(', ') ?? [];
  expect(names.length).toBeGreaterThan(40);
  const recorded = await server.query<{ name: string }>('px', 'SELECT name FROM schema_migrations');
  expect(recorded.map((row) => row.name).sort()).toEqual([...names].sort());
});

test('the API on PostgreSQL 15: ready, sign-in, the class centre, a study session credited', async () => {
  // As production runs it: DATABASE_URL is the owner's; the boot lets `px_app` sign in and the API
  // connects as it, under the tenant policies. (The seed gives the demo project.)
  const product = await startProductServer({ databaseUrl: server.url('px', OWNER), apps: false });
  products.push(product);
  await expect(readiness(product)).resolves.toEqual({
    status: 200,
    ready: true,
    draining: false,
    checks: { database: 'ok', migrations: 'ok', jobs: 'ok', changeFeed: 'ok' },
  });
  const roles = await server.query<{ usename: string }>(
    'px',
    "SELECT DISTINCT usename::text FROM pg_stat_activity WHERE datname = 'px'",
  );
  expect(roles.map((row) => row.usename)).toContain('px_app');

  const token = await signIn(product.url, STUDENT, 3);
  await expect(callProduct(product.url, token, 'login/get-account-info', {})).resolves.toMatchObject({
    userName: DEMO.accounts.student.name,
  });
  const centre = await callProduct(product.url, token, 'class/center-page', { pageNum: 1, pageSize: 10 });
  expect(centre.list.length).toBeGreaterThan(0);
  await expect(
    callProduct(product.url, token, 'class/find-detail', { id: centre.list[0]?.id as number }),
  ).resolves.toMatchObject({ id: centre.list[0]?.id });

  // Three students study (`study/start`, then a beat a second): every beat answered and credited
  // once, as the bench's audit checks it. (The bench's helpers set up as the superuser: the owner
  // is under the tenant policies too.)
  const db = new Client({ connectionString: server.url('px') });
  await db.connect();
  try {
    const bench = await prepareStudy(product.url, db, 3);
    const tally = await studyInRounds(product.url, bench, db, 'on postgresql 15');
    expect(tally).toMatchObject({ answered: 12, failed: 0, firstFailure: null, refused: 0 });
    expect(tally.creditedSeconds).toBeGreaterThan(6);
    await expect(auditStudy(bench, db)).resolves.toMatchObject({
      sessions: 3,
      beatsAnswered: 12,
      beatsDropped: 0,
      mismatches: [],
    });
  } finally {
    await db.end();
  }
  // Stopped, so what the next cases copy stays still.
  await product.stop();
  products.splice(products.indexOf(product), 1);
});

/** Every table's row count in `database` (as the superuser: the tenant policies do not hide rows). */
async function rowCounts(database: string, cluster = server): Promise<Record<string, number>> {
  const tables = await cluster.query<{ name: string }>(
    database,
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
      WHERE schemaname IN ('public', 'pgboss') ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await cluster.query<{ n: string }>(database, `SELECT count(*) AS n FROM ${name}`);
    counts[name] = Number(row?.n);
  }
  return counts;
}

test('pg_dump -Fc and pg_restore to a fresh database on a new server, which the API then serves', async () => {
  const dumpDir = serverDir('px-pg15-dump-');
  cleanups.push(() => fs.rmSync(dumpDir, { recursive: true, force: true }));
  const dump = path.join(dumpDir, 'px.dump');
  const roles = path.join(dumpDir, 'roles.sql');
  // The commands of docs/operations.md "Backups", as the superuser (the owner cannot read the
  // tenant tables past their policies, so a dump as the owner fails rather than leave rows out).
  await runAsServerUser('pg_dump', [...server.connectArgs(), '--format=custom', `--file=${dump}`, 'px']);
  await runAsServerUser('pg_dumpall', [...server.connectArgs(), '--roles-only', `--file=${roles}`]);

  // A new cluster: the roles first (the superuser's own line fails as it exists, and psql goes on),
  // then a fresh database and the dump.
  const fresh = await startDebianPostgres();
  cleanups.push(() => fresh.stop());
  await runAsServerUser('psql', [...fresh.connectArgs(), '--quiet', `--file=${roles}`, 'postgres']);
  await runAsServerUser('createdb', [...fresh.connectArgs(), '--owner', OWNER.user, 'px_restored']);
  await runAsServerUser('pg_restore', [
    ...fresh.connectArgs(),
    '--exit-on-error',
    '--dbname=px_restored',
    dump,
  ]);

  const original = await rowCounts('px');
  expect(original['public.account']).toBeGreaterThan(3);
  expect(original['public.study_session']).toBeGreaterThanOrEqual(3);
  await expect(rowCounts('px_restored', fresh)).resolves.toEqual(original);

  // The restored database is the product's: the API serves it as before, signing in with the
  // roles' passwords as they were (its readiness checks the migrations are at head).
  const product = await startProductServer({
    databaseUrl: fresh.url('px_restored', OWNER),
    apps: false,
    env: { SEED_DEMO: 'false' },
  });
  products.push(product);
  expect(await readiness(product)).toMatchObject({ status: 200, ready: true, checks: { migrations: 'ok' } });
  const token = await signIn(product.url, STUDENT, 3);
  await expect(callProduct(product.url, token, 'login/get-account-info', {})).resolves.toMatchObject({
    userName: DEMO.accounts.student.name,
  });
  await product.stop();
  products.splice(products.indexOf(product), 1);
});

test('continuous archiving: a base backup and the archived WAL restore to a point in time', async () => {
  const backupDir = serverDir('px-pg15-base-');
  const restoredDir = serverDir('px-pg15-restored-');
  cleanups.push(() => {
    fs.rmSync(backupDir, { recursive: true, force: true });
    fs.rmSync(restoredDir, { recursive: true, force: true });
  });
  const db = new Client({ connectionString: server.url('px') });
  await db.connect();
  cleanups.push(() => db.end());
  await db.query('CREATE TABLE restore_drill (step text PRIMARY KEY)');
  await db.query("INSERT INTO restore_drill VALUES ('before the base backup')");

  // The base backup (docs/operations.md "Continuous archiving"): compressed tar, with the WAL it needs.
  const base = path.join(backupDir, 'base');
  await runAsServerUser('pg_basebackup', [
    ...server.connectArgs(),
    `--pgdata=${base}`,
    '--format=tar',
    '--gzip',
    '--checkpoint=fast',
  ]);
  expect(fs.readdirSync(base).sort()).toEqual(['backup_manifest', 'base.tar.gz', 'pg_wal.tar.gz']);

  // Work after the backup, then the moment to go back to, then a mistake.
  await db.query("INSERT INTO restore_drill VALUES ('after the base backup')");
  const renamed = `${DEMO.accounts.student.name}（备份后改名）`;
  await db.query('UPDATE account SET real_name = $2 WHERE mobile = $1', [
    DEMO.accounts.student.mobile,
    renamed,
  ]);
  const { rows: marks } = await db.query<{ target: string }>('SELECT clock_timestamp()::text AS target');
  const target = marks[0]?.target as string;
  await db.query('DELETE FROM restore_drill');
  await db.query("UPDATE account SET real_name = '误改' WHERE mobile = $1", [DEMO.accounts.student.mobile]);
  // The segment holding the mistake is complete and archived (archive_timeout does this in production).
  const { rows: switched } = await db.query<{ segment: string }>(
    'SELECT pg_walfile_name(pg_current_wal_lsn()) AS segment, pg_switch_wal()',
  );
  const segment = switched[0]?.segment as string;
  await waitUntil(() => fs.existsSync(path.join(archiveDir, segment)), {
    timeoutMs: 30_000,
    what: `WAL segment ${segment} to be archived`,
  });
  const original = await rowCounts('px');

  // The restore, on a new cluster: the base backup unpacked, the archive's WAL replayed up to the
  // target, then promoted.
  await runAsServerUser('tar', ['-xzf', path.join(base, 'base.tar.gz'), '-C', restoredDir]);
  await runAsServerUser('tar', [
    '-xzf',
    path.join(base, 'pg_wal.tar.gz'),
    '-C',
    path.join(restoredDir, 'pg_wal'),
  ]);
  fs.appendFileSync(
    path.join(restoredDir, 'postgresql.auto.conf'),
    [
      `restore_command = 'cp ${archiveDir}/%f %p'`,
      `recovery_target_time = '${target}'`,
      "recovery_target_action = 'promote'",
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(restoredDir, 'recovery.signal'), '');
  giveToServerUser(path.join(restoredDir, 'recovery.signal'));
  const restored = await startDebianPostgres({ dataDir: restoredDir });
  cleanups.push(() => restored.stop());
  await waitUntil(
    async () =>
      (
        await restored.query<{ recovering: boolean }>('postgres', 'SELECT pg_is_in_recovery() AS recovering')
      )[0]?.recovering === false,
    { timeoutMs: 60_000, what: 'the restored cluster to reach its target and be promoted' },
  );

  // What was written after the base backup is there; the mistake after the target is not.
  const steps = await restored.query<{ step: string }>('px', 'SELECT step FROM restore_drill ORDER BY step');
  expect(steps.map((row) => row.step)).toEqual(['after the base backup', 'before the base backup']);
  const [student] = await restored.query<{ real_name: string }>(
    'px',
    'SELECT real_name FROM account WHERE mobile = $1',
    [DEMO.accounts.student.mobile],
  );
  expect(student?.real_name).toBe(renamed);
  // Everything else is as it was: every table's rows (the drill's own emptied by the mistake).
  await expect(rowCounts('px', restored)).resolves.toEqual({ ...original, 'public.restore_drill': 2 });
  // A new timeline began at the promotion: the restored cluster takes writes.
  await restored.query('px', "INSERT INTO restore_drill VALUES ('after the restore')");
});

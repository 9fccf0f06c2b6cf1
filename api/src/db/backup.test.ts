import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Client } from 'pg';
import { REPO_ROOT } from '../env';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { backupDatabase, RestoreRefused, restoreDatabase } from './backup';
import { initModels } from './models';
import { seedDemoData } from './seed';
import { createSequelize } from './sequelize';

// Issue 17, backups: a backup of the demo database restored into another database gives the same
// rows in every table and the same sequence positions; broken files, busy and non-empty databases
// are refused without changing anything; `npm run backup` / `npm run restore` do the same.

let source: TestDatabase;
let target: TestDatabase;
let dir: string;
const TRICKY = '换行\n制表\t反斜杠\\ 结束';

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Every public table's rows (as one digest each) and every sequence's position. */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const tables = await query<{ name: string }>(
    url,
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const print: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await query<{ digest: string | null; n: number }>(
      url,
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*)::int AS n FROM "${name}" t`,
    );
    print[name] = `${row?.n}:${row?.digest}`;
  }
  for (const row of await query<{ name: string; value: string | null }>(
    url,
    `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'`,
  ))
    print[`seq:${row.name}`] = String(row.value);
  return print;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-backup-'));
  source = await createTestDatabase();
  target = await createTestDatabase();
  const sequelize = createSequelize(source.url, { owner: true });
  initModels(sequelize);
  await seedDemoData(sequelize);
  await sequelize.close();
  const [base] = await query<{ id: number; project_id: number }>(
    source.url,
    'SELECT id, project_id FROM class_category WHERE parent_id IS NULL ORDER BY id LIMIT 1',
  );
  // Text COPY must escape, and a deleted row leaves its sequence ahead of the largest id.
  await query(
    source.url,
    `INSERT INTO class_category (project_id, parent_id, level, name, sort, created_at, updated_at)
     SELECT project_id, id, level + 1, $2, 99, NOW(), NOW() FROM class_category WHERE id = $1`,
    [base?.id, TRICKY],
  );
  const [extra] = await query<{ id: number }>(
    source.url,
    `INSERT INTO class_category (project_id, parent_id, level, name, sort, created_at, updated_at)
     SELECT project_id, id, level + 1, '将被删除', 100, NOW(), NOW() FROM class_category WHERE id = $1 RETURNING id`,
    [base?.id],
  );
  await query(source.url, 'DELETE FROM class_category WHERE id = $1', [extra?.id]);
}, 60_000);
afterAll(async () => {
  await source.drop();
  await target.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a backup restored into another database holds the same rows and sequence positions', async () => {
  const file = path.join(dir, 'demo.backup.gz');
  const made = await backupDatabase(source.url, file);
  expect(made.rows).toBeGreaterThan(100);
  expect(fs.existsSync(`${file}.partial`)).toBe(false);

  await expect(restoreDatabase(target.url, file)).rejects.toThrow(RestoreRefused);
  const restored = await restoreDatabase(target.url, file, { replace: true });
  expect(restored).toEqual(made);
  expect(await fingerprint(target.url)).toEqual(await fingerprint(source.url));
  expect(await query(target.url, 'SELECT name FROM class_category WHERE name = $1', [TRICKY])).toEqual([
    { name: TRICKY },
  ]);
}, 120_000);

test('a truncated backup, a busy database and a foreign file are refused and change nothing', async () => {
  const file = path.join(dir, 'whole.backup.gz');
  await backupDatabase(source.url, file);
  const cut = path.join(dir, 'cut.backup.gz');
  const bytes = fs.readFileSync(file);
  fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
  const foreign = path.join(dir, 'foreign.gz');
  fs.writeFileSync(foreign, zlib.gzipSync('SELECT 1;\n'));

  await restoreDatabase(target.url, file, { replace: true });
  await query(
    target.url,
    `INSERT INTO class_category (project_id, parent_id, level, name, sort, created_at, updated_at)
     SELECT project_id, id, level + 1, '恢复失败后仍在', 101, NOW(), NOW() FROM class_category
      WHERE parent_id IS NULL ORDER BY id LIMIT 1`,
  );
  const before = await fingerprint(target.url);

  await expect(restoreDatabase(target.url, cut, { replace: true })).rejects.toThrow();
  await expect(restoreDatabase(target.url, foreign, { replace: true })).rejects.toThrow(RestoreRefused);
  const busy = new Client({ connectionString: target.url });
  await busy.connect();
  try {
    await expect(restoreDatabase(target.url, file, { replace: true })).rejects.toThrow(/in use/);
  } finally {
    await busy.end();
  }
  expect(await fingerprint(target.url)).toEqual(before);
}, 120_000);

test('npm run backup and npm run restore make the same round trip', () => {
  const file = path.join(dir, 'cli.backup.gz');
  const cli = (args: string[], databaseUrl: string) =>
    spawnSync(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(REPO_ROOT, 'api', 'src', 'db', 'backup-cli.ts'), ...args],
      { encoding: 'utf8', env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' } },
    );
  const backup = cli(['backup', file], source.url);
  expect(backup.stdout).toContain(`Backup written: ${file}`);
  expect(backup.status).toBe(0);
  const refused = cli(['restore', file], target.url);
  expect([refused.status, refused.stderr]).toEqual([2, expect.stringContaining('--replace')]);
  const restore = cli(['restore', file, '--replace'], target.url);
  expect([restore.status, restore.stdout]).toEqual([0, expect.stringContaining('Restored')]);
}, 120_000);

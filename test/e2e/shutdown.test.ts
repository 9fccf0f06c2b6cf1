import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO } from '@px/api';
import { createTestDatabase, type TestDatabase } from '@px/api/testing';
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

/** `npm run backup|restore -- …` on the product's data (its DATA_DIR, or the test's database). */
function maintenance(args: string[]) {
  const root = path.resolve(__dirname, '..', '..');
  const done = spawnSync('npm', ['run', '--silent', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'warn' },
  });
  expect([done.status, done.stderr]).toEqual([0, '']);
  return done.stdout;
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
  expect(maintenance(['backup', '--', backup])).toContain('Backup written');
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

  expect(maintenance(['restore', '--', backup, '--replace'])).toContain('Restored');
  product = await start();
  expect(await categoryNames(product)).toEqual(['停机前保存的分类']);
}, 300_000);

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO } from '@px/api';
import { findFreePort } from '@px/api/testing';
import { Client } from 'pg';
import { signIn } from '../bench/api-client';
import { type PostgresProcess, startPostgresProcess } from '../support/postgres';
import { queryProduct } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';

// Issue 17, database faults: PostgreSQL restarts while the API is under load. Every call answers
// either its result or the clean 503 envelope (never a 500, never a dropped connection), the API
// serves again on its own once the database is back (no restart of the API), and every write the
// API confirmed is in the database afterwards.

const UNAVAILABLE = { respCode: -1, respDesc: '服务暂不可用，请稍后重试', attribute: null };

let dataDir: string;
let postgres: PostgresProcess | null = null;
let product: ProductServer | null = null;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-restart-'));
});
afterAll(async () => {
  await product?.stop();
  await postgres?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Outcome = { kind: 'ok'; name?: string } | { kind: 'unavailable' } | { kind: 'other'; detail: string };

async function call(url: string, key: string, body: object, token = ''): Promise<Outcome> {
  let status = 0;
  let text = '';
  try {
    const response = await fetch(`${url}/api/${key}.action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify(body),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    return { kind: 'other', detail: `${key}: no answer (${String(error)})` };
  }
  const envelope = JSON.parse(text) as { respCode: number };
  if (status === 200 && envelope.respCode === 200) return { kind: 'ok' };
  if (status === 503 && JSON.stringify(envelope) === JSON.stringify(UNAVAILABLE))
    return { kind: 'unavailable' };
  return { kind: 'other', detail: `${key}: HTTP ${status} ${text}` };
}

test('a PostgreSQL restart under load: clean 503s, recovery without an API restart, no confirmed write lost', async () => {
  const port = await findFreePort();
  const pgDir = path.join(dataDir, 'pg');
  postgres = await startPostgresProcess(pgDir, port);
  const admin = new Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE px');
  await admin.end();
  const databaseUrl = postgres.adminUrl.replace(/\/postgres$/, '/px');
  product = await startProductServer({ databaseUrl, dataDir: path.join(dataDir, 'app') });
  const url = product.url;
  const token = await signIn(url, DEMO.accounts.projectAdmin);
  const [base] = await queryProduct<{ id: number }>(
    product,
    `SELECT c.id FROM class_category c JOIN account a ON a.project_id = c.project_id
      WHERE a.account_name = $1 AND c.parent_id IS NULL ORDER BY c.id LIMIT 1`,
    [DEMO.accounts.projectAdmin.account],
  );

  const confirmed: string[] = [];
  const others: string[] = [];
  let unavailable = 0;
  let okAfterRestart = 0;
  let restarted = false;
  let running = true;
  const worker = async (w: number) => {
    for (let i = 0; running; i++) {
      const name = `重启测试-${w}-${i}`;
      const outcomes = await Promise.all([
        call(url, 'class/category-save', { parentId: base?.id ?? 0, name }, token),
        call(url, 'project/system-info', {}),
        call(url, 'login/get-account-info', {}, token),
      ]);
      outcomes.forEach((outcome, index) => {
        if (outcome.kind === 'other') others.push(outcome.detail);
        else if (outcome.kind === 'unavailable') unavailable++;
        else {
          if (index === 0) confirmed.push(name);
          if (restarted) okAfterRestart++;
        }
      });
      if (outcomes.some((outcome) => outcome.kind === 'unavailable'))
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const workers = [1, 2, 3, 4].map(worker);

  await new Promise((resolve) => setTimeout(resolve, 1500));
  const beforeOutage = confirmed.length;
  await postgres.stop();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  postgres = await startPostgresProcess(pgDir, port);
  restarted = true;
  const deadline = Date.now() + 60_000;
  while (okAfterRestart < 30 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  running = false;
  await Promise.all(workers);

  expect(others).toEqual([]);
  expect(beforeOutage).toBeGreaterThan(0);
  expect(unavailable).toBeGreaterThan(0);
  expect(okAfterRestart).toBeGreaterThanOrEqual(30);
  const stored = await queryProduct<{ name: string }>(
    product,
    "SELECT name FROM class_category WHERE name LIKE '重启测试-%'",
    [],
  );
  const storedNames = new Set(stored.map((row) => row.name));
  expect(confirmed.filter((name) => !storedNames.has(name))).toEqual([]);
}, 240_000);

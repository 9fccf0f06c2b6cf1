import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO } from '@px/api';
import { Client } from 'pg';
import { signIn } from '../bench/api-client';
import { auditStudy, prepareStudy, studyInRounds } from '../bench/study-load';
import { type PgBouncer, startPgBouncer } from '../support/pgbouncer';
import { callProduct } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { waitUntil } from '../support/wait';

// Issue 29, "The database past one server": the API through PgBouncer 1.18 (Debian's) in
// transaction pooling, as docs/operations.md "PgBouncer" sets it up: the application's connection
// goes through the pooler (DATABASE_POOLER=transaction: nothing prepared by name, the tenant
// settings sent with each transaction), the change feed listens on DATABASE_DIRECT_URL, migrations
// run on DATABASE_URL. The heartbeat (its statements are functions, migration 0090), the signed-in
// hot reads and a sign-out seen through the change feed all work, and PgBouncer carried them.

jest.setTimeout(300_000);

const products: ProductServer[] = [];
let bouncer: PgBouncer | null = null;
let db: Client | null = null;
let dataDir = '';

afterAll(async () => {
  await db?.end();
  for (const product of [...products].reverse()) await product.stop();
  await bouncer?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the API through PgBouncer in transaction mode: heartbeats credited, hot reads, change feed', async () => {
  // The first instance starts the embedded PostgreSQL, migrates and seeds, and lets px_app sign in.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-pgbouncer-data-'));
  const first = await startProductServer({ dataDir, apps: false });
  products.push(first);
  const direct = new URL(first.databaseUrl);
  direct.username = 'px_app';
  direct.password = 'px_app_local';
  bouncer = await startPgBouncer(direct.toString());

  const pooled = await startProductServer({
    databaseUrl: first.databaseUrl,
    apps: false,
    env: {
      DATABASE_APP_URL: bouncer.url,
      DATABASE_POOLER: 'transaction',
      DATABASE_DIRECT_URL: direct.toString(),
    },
  });
  products.push(pooled);
  const carried = async () =>
    Number(
      (await bouncer?.show('STATS'))?.find((row) => row.database === direct.pathname.slice(1))
        ?.total_xact_count ?? 0,
    );
  const before = await carried();

  // Hot reads, signed in.
  const student = { account: DEMO.accounts.student.mobile, password: DEMO.accounts.student.password };
  const token = await signIn(pooled.url, student, 3);
  for (let n = 0; n < 5; n += 1) {
    await expect(callProduct(pooled.url, token, 'login/get-account-info', {})).resolves.toMatchObject({
      userName: DEMO.accounts.student.name,
    });
    await expect(callProduct(pooled.url, token, 'shop-cart/count', {})).resolves.toBeDefined();
  }

  // Students study: every beat answered, credited once, as the bench's audit checks it.
  db = new Client({ connectionString: first.databaseUrl });
  await db.connect();
  const bench = await prepareStudy(pooled.url, db, 3);
  const tally = await studyInRounds(pooled.url, bench, db, 'through pgbouncer');
  expect(tally).toMatchObject({ answered: 12, failed: 0, firstFailure: null, refused: 0 });
  expect(tally.creditedSeconds).toBeGreaterThan(6);
  const audit = await auditStudy(bench, db);
  expect(audit).toMatchObject({ sessions: 3, beatsAnswered: 12, beatsDropped: 0, mismatches: [] });

  // The change feed (on the direct connection) still reaches this instance: a sign-out through the
  // other instance drops its cached session.
  await callProduct(first.url, token, 'login/login-out', {});
  await waitUntil(
    async () =>
      (
        await fetch(`${pooled.url}/api/login/get-account-info.action`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token },
          body: '{}',
        }).then((answer) => answer.json() as Promise<{ respCode: number }>)
      ).respCode !== 200,
    { timeoutMs: 5_000, what: 'the pooled instance to drop the signed-out session' },
  );

  // PgBouncer carried the application's transactions.
  expect((await carried()) - before).toBeGreaterThan(30);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO } from '@px/api';
import ExcelJS from 'exceljs';
import { signIn } from '../bench/api-client';
import { callProduct, queryProduct } from '../support/product';
import { type Replica, startReplica } from '../support/replica';
import { type ProductServer, startProductServer } from '../support/server';

// Issue 29, "The database past one server": a streaming read replica of the embedded cluster
// (test/support/replica.ts, as docs/operations.md "Read replica" sets one up) and an instance with
// DATABASE_READ_URL. Replay on the replica is paused and a class renamed on the primary: the class
// list (a read that must see writes, on the primary) shows the new name at once, the export (on the
// replica) still the old one — the file was read from the replica. Once replay resumes, the export
// has the new name. The replica applies the same tenant policies: the export holds exactly the
// project's classes.

jest.setTimeout(300_000);

const products: ProductServer[] = [];
let replica: Replica | null = null;
let dataDir = '';

afterAll(async () => {
  await replica?.stop();
  for (const product of [...products].reverse()) await product.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The class names of `class/export` as the signed-in admin, read from the downloaded workbook. */
async function exportedNames(url: string, token: string): Promise<string[]> {
  const answer = await fetch(`${url}/api/class/export.action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: '{}',
  });
  if (answer.status !== 200)
    throw new Error(`class/export answered ${answer.status}: ${await answer.text()}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await answer.arrayBuffer()) as never);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  const header = (sheet.getRow(1).values as unknown[]).indexOf('班级名称');
  const names: string[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) names.push(String(row.getCell(header).value));
  });
  return names;
}

test('an export is served from the read replica; reads that must see writes stay on the primary', async () => {
  // The first instance starts the embedded PostgreSQL (the primary), migrates and seeds.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-replica-data-'));
  const first = await startProductServer({ dataDir, apps: false });
  products.push(first);
  replica = await startReplica(first.databaseUrl, path.join(dataDir, 'postgres'));
  const [standby] = await replica.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
  expect(standby?.standby).toBe(true);

  const reading = await startProductServer({
    databaseUrl: first.databaseUrl,
    apps: false,
    env: { DATABASE_READ_URL: replica.urlAs('px_app', 'px_app_local') },
  });
  products.push(reading);
  const token = await signIn(reading.url, DEMO.accounts.projectAdmin, 1);
  const page = await callProduct(reading.url, token, 'class/page', { pageNum: 1, pageSize: 100 });
  const target = page.list[0];
  if (!target) throw new Error('the demo project has no class');
  const before = await exportedNames(reading.url, token);
  // The same rows as the list (the replica's tenant policies give the project's classes, no more).
  expect(before.sort()).toEqual(page.list.map((row) => row.name).sort());

  // The replica stops replaying; the primary renames the class.
  await replica.query('SELECT pg_wal_replay_pause()');
  const renamed = `${target.name}（副本测试）`;
  await queryProduct(first, 'UPDATE train_class SET name = $1 WHERE id = $2', [renamed, target.id]);

  // The list reads the primary: the new name at once. The export reads the replica: the old one.
  const list = await callProduct(reading.url, token, 'class/page', { pageNum: 1, pageSize: 100 });
  expect(list.list.map((row) => row.name)).toContain(renamed);
  const during = await exportedNames(reading.url, token);
  expect(during).toContain(target.name);
  // Only the paused replica still holds the old name (the primary committed the new one), so the
  // export read the replica. Its cursor's connection is not left open to count: an export's
  // backend runs at a lowered priority and is closed when the export ends (db/backend-priority.ts).
  expect(during).not.toContain(renamed);

  // Replay resumes: the export has the new name.
  await replica.query('SELECT pg_wal_replay_resume()');
  await replica.caughtUp();
  const after = await exportedNames(reading.url, token);
  expect(after).toContain(renamed);
  expect(after).not.toContain(target.name);

  // The primary streams to the replica.
  const streaming = await queryProduct<{ state: string }>(
    first,
    "SELECT state FROM pg_stat_replication WHERE application_name = 'px_replica'",
    [],
  );
  expect(streaming.map((row) => row.state)).toEqual(['streaming']);
});

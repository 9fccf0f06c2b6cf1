import { DEMO } from '@px/api';
import type { UnitImportView } from '@px/api/contract';
import { createTestDatabase, staffRows, staffWorkbook, type TestDatabase } from '@px/api/testing';
import { signIn } from '../bench/api-client';
import { callProduct, queryProduct } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';

// Issue 14's resumable import: the API is killed with SIGKILL in the middle of an import of 6,000
// staff; a new API process on the same database carries the import on from where it stood, and in
// the end every student is there exactly once, with one enrolment and one child order each.

const ROWS = 6_000;
let database: TestDatabase;
let product: ProductServer | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await product?.stop();
  await database?.drop();
});

async function upload(url: string, token: string, unitClassId: number): Promise<UnitImportView> {
  const form = new FormData();
  form.set('unitClassId', String(unitClassId));
  form.set('file', new Blob([new Uint8Array(await staffWorkbook(staffRows(ROWS, 9)))]), '职工名单.xlsx');
  const res = await fetch(`${url}/api/batch-import-order/import.action`, {
    method: 'POST',
    headers: { token },
    body: form,
  });
  const body = (await res.json()) as { respCode: number; respDesc: string; attribute: UnitImportView };
  if (body.respCode !== 200) throw new Error(body.respDesc);
  return body.attribute;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`not reached in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

test('an import killed half-way goes on after a restart, without duplicates', async () => {
  product = await startProductServer({ databaseUrl: database.url });
  const token = await signIn(product.url, DEMO.accounts.unitManager, 1);
  const unitClasses = await callProduct(product.url, token, 'unit-class/page', {
    pageNum: 1,
    pageSize: 10,
    name: DEMO.unitClass,
  });
  const unitClassId = unitClasses.list[0]?.id ?? 0;
  const started = await upload(product.url, token, unitClassId);
  const progress = (url: string) => () =>
    callProduct(url, token, 'batch-import-order/progress', { id: started.id });
  const midway = await until(
    progress(product.url),
    (view) => view.status === 'IMPORTING' && view.processed > 0,
    120_000,
  );
  await product.kill();
  expect(midway.processed).toBeLessThan(ROWS);

  product = await startProductServer({ databaseUrl: database.url });
  const end = await until(progress(product.url), (view) => view.finished, 180_000);
  expect(end).toMatchObject({ status: 'DONE', total: ROWS, processed: ROWS, okCount: ROWS, failedCount: 0 });

  const [counts] = await queryProduct<Record<string, string>>(
    product,
    `SELECT
         (SELECT COUNT(*) FROM unit_import_row WHERE import_id = $1 AND status = 'DONE') AS rows_done,
         (SELECT COUNT(*) FROM account WHERE id_card_no IN (SELECT id_card_no FROM unit_import_row WHERE import_id = $1)) AS accounts,
         (SELECT COUNT(*) FROM my_class WHERE unit_class_id = $2
            AND account_id IN (SELECT account_id FROM unit_import_row WHERE import_id = $1)) AS enrolments,
         (SELECT COUNT(DISTINCT account_id) FROM my_class WHERE unit_class_id = $2
            AND account_id IN (SELECT account_id FROM unit_import_row WHERE import_id = $1)) AS enrolled_people,
         (SELECT COUNT(*) FROM pay_order WHERE batch_order_id = $3) AS child_orders,
         (SELECT COUNT(*) FROM pay_order_item WHERE order_id IN (SELECT id FROM pay_order WHERE batch_order_id = $3)) AS items,
         (SELECT order_count FROM batch_order WHERE id = $3) AS batch_count`,
    [started.id, unitClassId, end.batchOrderId],
  );
  expect(counts).toEqual({
    rows_done: String(ROWS),
    accounts: String(ROWS),
    enrolments: String(ROWS),
    enrolled_people: String(ROWS),
    child_orders: String(ROWS),
    items: String(ROWS),
    batch_count: ROWS,
  });
}, 420_000);

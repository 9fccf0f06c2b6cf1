import { createTestApp, type TestApp } from '../testing/app';
import { createHealth } from './health';

/**
 * `/healthz` answers whenever the process does; `/readyz` only while the database answers at this
 * build's migrations, the job workers poll and the change feed listens, and never while draining.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ caches: true });
});
afterAll(async () => {
  await app?.close();
});

test('healthz answers without the database; readyz waits for the job workers', async () => {
  const live = await app.http.get('/healthz');
  expect(live.status).toBe(200);
  expect(live.body).toEqual({ status: 'ok', draining: false });
  expect(live.headers['cache-control']).toBe('no-store');

  const before = await app.http.get('/readyz');
  expect(before.status).toBe(503);
  expect(before.body).toMatchObject({
    ready: false,
    checks: { database: 'ok', migrations: 'ok', jobs: 'stopped', changeFeed: 'ok' },
  });

  await app.jobs.work();
  const ready = await app.http.get('/readyz');
  expect(ready.status).toBe(200);
  expect(ready.body).toEqual({
    ready: true,
    draining: false,
    checks: { database: 'ok', migrations: 'ok', jobs: 'ok', changeFeed: 'ok' },
  });
  // A HEAD poll is answered too; another method is not this route's.
  expect((await app.http.head('/readyz')).status).toBe(200);
  expect((await app.http.post('/readyz')).status).not.toBe(200);
});

test('readyz answers 503 while draining, and healthz still 200', async () => {
  await app.jobs.work();
  app.health.draining = true;
  try {
    const draining = await app.http.get('/readyz');
    expect(draining.status).toBe(503);
    expect(draining.body).toMatchObject({ ready: false, draining: true, checks: { jobs: 'ok' } });
    expect((await app.http.get('/healthz')).body).toEqual({ status: 'ok', draining: true });
    // Calls are still served while draining.
    const call = await app.http.post('/api/project/system-info.action').send({});
    expect(call.body.respCode).not.toBe(500);
  } finally {
    app.health.draining = false;
  }
  expect((await app.http.get('/readyz')).status).toBe(200);
});

test('readyz names a database behind this build, and one that does not answer', async () => {
  const behind = createHealth({ sequelize: app.sequelize, headMigration: '9999-from-the-future' });
  expect(await behind.readiness()).toMatchObject({
    ready: false,
    checks: { database: 'ok', migrations: 'behind: 9999-from-the-future not applied' },
  });

  const queries: string[] = [];
  const counting = {
    query: async (sql: string) => {
      queries.push(sql);
      throw new Error('connect ECONNREFUSED');
    },
  } as unknown as TestApp['sequelize'];
  const down = createHealth({ sequelize: counting, headMigration: '0001-projects' });
  const first = await down.readiness();
  expect(first).toMatchObject({
    ready: false,
    checks: { database: 'unreachable: connect ECONNREFUSED', migrations: 'unknown' },
  });
  // Polled again within the second: the database is asked once.
  await down.readiness();
  expect(queries).toHaveLength(1);
});

test('readyz answers 503 while the change feed is disconnected', async () => {
  await app.jobs.work();
  await app.changeFeed?.close();
  const deaf = await app.http.get('/readyz');
  expect(deaf.status).toBe(503);
  expect(deaf.body.checks).toMatchObject({ changeFeed: 'disconnected', jobs: 'ok' });
});

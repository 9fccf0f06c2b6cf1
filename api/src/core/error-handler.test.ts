import Koa from 'koa';
import { ConnectionRefusedError, DatabaseError } from 'sequelize';
import supertest from 'supertest';
import { errorHandler, isDatabaseUnavailable } from './error-handler';
import type { RequestState } from './request-context';

/** An app whose every request fails with `fail()`, logging into `lines`. */
function failingApp(fail: () => unknown, clock: () => number) {
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const log = (level: string) => (fields: Record<string, unknown>, msg: string) =>
    lines.push({ level, msg, fields });
  const app = new Koa<RequestState>();
  app.use(async (ctx, next) => {
    ctx.state.log = { error: log('error'), debug: log('debug') } as unknown as RequestState['log'];
    await next();
  });
  app.use(errorHandler(clock));
  app.use(() => {
    throw fail();
  });
  return { http: supertest(app.callback()), lines };
}

const refused = () =>
  new ConnectionRefusedError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {}));

test('a database outage answers 503 in the envelope and is logged once per burst, without a stack', async () => {
  let now = 0;
  const { http, lines } = failingApp(refused, () => now);
  for (let i = 0; i < 5; i += 1) {
    now += 1000;
    const answer = await http.post('/api/x.action');
    expect([answer.status, answer.body]).toEqual([
      503,
      { respCode: -1, respDesc: '服务暂不可用，请稍后重试', attribute: null },
    ]);
  }
  expect(lines).toEqual([
    {
      level: 'error',
      msg: 'database unavailable',
      fields: { cause: expect.any(String), previousBurstRefused: 0 },
    },
  ]);
  now += 61_000;
  await http.post('/api/x.action');
  expect(lines.map((line) => line.fields.previousBurstRefused)).toEqual([0, 5]);
  expect(JSON.stringify(lines)).not.toMatch(/\n\s+at /);
});

test('a PostgreSQL "cannot connect now" or a lost connection counts as an outage; a wrong query does not', () => {
  const pgError = (code: string) => new DatabaseError(Object.assign(new Error('x'), { code, sql: '' }));
  expect(isDatabaseUnavailable(pgError('57P03'))).toBe(true);
  expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
  expect(isDatabaseUnavailable(pgError('42P01'))).toBe(false);
  expect(isDatabaseUnavailable(pgError('ECONNRESET'))).toBe(true);
  const lost = new DatabaseError(Object.assign(new Error('Connection terminated unexpectedly'), { sql: '' }));
  expect(isDatabaseUnavailable(lost)).toBe(true);
  for (const words of [
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
  ])
    expect(isDatabaseUnavailable(new DatabaseError(Object.assign(new Error(words), { sql: '' })))).toBe(true);
  expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(false);
  expect(isDatabaseUnavailable(refused())).toBe(true);
});

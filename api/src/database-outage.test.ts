import { Writable } from 'node:stream';
import supertest from 'supertest';
import { createApp } from './app';
import type { JobQueue } from './core/jobs';
import { createLogger } from './core/logger';
import { initModels } from './db/models';
import { createSequelize } from './db/sequelize';
import { loadEnv } from './env';
import { authenticateToken } from './modules/session/session.service';
import { createProviders } from './providers';

// Issue 18: with the database unreachable, every call answers 503 in the envelope (not 500, not a
// 401 that would sign people out) and the log holds one line for the outage, not a stack per request.
// The app runs against a port nothing listens on; this file's models are bound to it alone.

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
    done();
  },
});
const sequelize = createSequelize('postgres://px:px@127.0.0.1:1/unreachable', { poolMax: 2 });
initModels(sequelize);
const jobs: JobQueue = { send: async () => null, retry: async () => false };
const app = createApp({
  sequelize,
  logger: createLogger('debug', sink),
  providers: createProviders(loadEnv()),
  jobs,
  authenticate: (token) => authenticateToken(sequelize, token),
});
const http = supertest(app.callback());
afterAll(() => sequelize.close());

test('public and signed-in calls answer 503 服务暂不可用, logged once for the burst', async () => {
  const calls = [
    { path: '/api/project/system-info.action', token: '' },
    { path: '/api/class/page.action', token: 'a'.repeat(40) },
    { path: '/api/captcha/get.action', token: '' },
    { path: '/api/project/system-info.action', token: '' },
  ];
  for (const { path, token } of calls) {
    const answer = await http.post(path).set('token', token).send({});
    expect([path, answer.status, answer.body]).toEqual([
      path,
      503,
      { respCode: -1, respDesc: '服务暂不可用，请稍后重试', attribute: null },
    ]);
  }
  const errors = lines.filter((line) => (line.level as number) >= 50);
  expect(errors).toEqual([expect.objectContaining({ msg: 'database unavailable', previousBurstRefused: 0 })]);
  expect(JSON.stringify(errors)).not.toContain('"stack"');
});

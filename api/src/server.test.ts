import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { createRegulatorClient } from '@px/regulator';
import { DEMO_REGULATOR_APP } from '@px/regulator/sim';
import { QueryTypes } from 'sequelize';
import { createLogger } from './core/logger';
import { asBackgroundWork } from './db/connection-routes';
import { loadEnv } from './env';
import { type RunningServer, startServer } from './server';
import { createTestDatabase, type TestDatabase } from './testing/database';

let database: TestDatabase;
let server: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = loadEnv({
    DATABASE_URL: database.url,
    HOST: '127.0.0.1',
    PORT: '0',
    SERVE_APPS: 'false',
    LOG_LEVEL: 'silent',
  });
  server = await startServer(env, createLogger('silent'));
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

test('boots on DATABASE_URL: migrates, seeds the demo project and answers over a real port', async () => {
  expect(server.database.embedded).toBeNull();
  const res = await fetch(`${server.url}/api/project/system-info.action`, { method: 'POST' });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ respCode: 200, attribute: { projectName: '演示项目', projectArea: 370000 } });
});

test('a second boot on the same database migrates and seeds nothing again', async () => {
  const env = loadEnv({ DATABASE_URL: database.url, HOST: '127.0.0.1', PORT: '0', SERVE_APPS: 'false' });
  const second = await startServer(env, createLogger('silent'));
  try {
    const [rows] = await second.sequelize.query('SELECT count(*)::int AS n FROM project');
    expect(rows).toEqual([{ n: 1 }]);
  } finally {
    await second.close();
  }
});

test('simulator mode starts the regulator simulator beside the server, keeping what it receives in the database', async () => {
  const simUrl = server.regulatorSimulatorUrl;
  if (!simUrl) throw new Error('no regulator simulator');
  const client = createRegulatorClient({
    baseUrl: simUrl,
    appId: DEMO_REGULATOR_APP.appId,
    secret: DEMO_REGULATOR_APP.secret,
  });
  const filed = await client.fileClass({
    code: 'SERVER-TEST',
    name: '启动测试班',
    hours: 8,
    startOn: '2026-01-01',
    endOn: '2026-12-31',
  });
  expect(filed.kind).toBe('accepted');
  const [rows] = await server.sequelize
    .query("SELECT count(*)::int AS n FROM regulator_sim.filed_class WHERE code = 'SERVER-TEST'")
    .catch(() => [[{ n: 'not readable by the app role' }]]);
  // The app's role has no business in the regulator's schema; its owner holds the class.
  expect(rows).toEqual([{ n: 'not readable by the app role' }]);
  const page = await (await fetch(`${simUrl}/apps/${DEMO_REGULATOR_APP.appId}`)).text();
  expect(page).toContain('SERVER-TEST');
});

/** Sends the headers and the first half of a JSON body to `url`, holding the rest back. */
function halfSentCall(url: string, body: object) {
  const bytes = Buffer.from(JSON.stringify(body));
  const { hostname, port } = new URL(url);
  const request = http.request({
    hostname,
    port,
    method: 'POST',
    path: '/api/project/system-info.action',
    headers: { 'content-type': 'application/json', 'content-length': bytes.length },
    agent: new http.Agent({ keepAlive: true }),
  });
  const answer = new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    request.once('response', (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }),
      );
    });
    request.once('error', reject);
  });
  request.write(bytes.subarray(0, bytes.length >> 1));
  return { answer, finish: () => request.end(bytes.subarray(bytes.length >> 1)) };
}

/** Whether a new TCP connection to `url` is refused. */
function refusesConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

async function bootAnother(): Promise<RunningServer> {
  const env = loadEnv({ DATABASE_URL: database.url, HOST: '127.0.0.1', PORT: '0', SERVE_APPS: 'false' });
  return startServer(env, createLogger('silent'));
}

describe('graceful shutdown (issue 17)', () => {
  test('close() takes no new connections but lets a call in flight finish, answered with Connection: close', async () => {
    const another = await bootAnother();
    const call = halfSentCall(another.url, {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    let closed = false;
    const closing = another.close().then(() => {
      closed = true;
    });
    while (!(await refusesConnections(another.url))) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).toBe(false);
    call.finish();
    const answer = await call.answer;
    expect(answer).toMatchObject({ status: 200, connection: 'close' });
    expect(JSON.parse(answer.body)).toMatchObject({ respCode: 200 });
    await closing;
    expect(closed).toBe(true);
  });

  test('close(grace) cuts a call that does not finish within the grace period', async () => {
    const another = await bootAnother();
    const call = halfSentCall(another.url, {});
    const outcome = call.answer.then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await another.close(300);
    expect(await outcome).toBe('cut');
  });
});

test('JOB_WORKERS=false: the instance sends jobs but works no queue, and is ready without workers', async () => {
  const own = await createTestDatabase();
  const boot = (workers: string) =>
    startServer(
      loadEnv({
        DATABASE_URL: own.url,
        HOST: '127.0.0.1',
        PORT: '0',
        SERVE_APPS: 'false',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        JOB_WORKERS: workers,
      }),
      createLogger('silent'),
    );
  const callsOnly = await boot('false');
  try {
    const ready = await fetch(`${callsOnly.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, checks: { jobs: 'ok' } });
    // The workers schedule the sweeps as they start: none did on this database yet.
    const scheduled = async () =>
      (
        await callsOnly.sequelize.query<{ n: number }>('SELECT count(*)::int AS n FROM pgboss.schedule', {
          type: QueryTypes.SELECT,
        })
      )[0]?.n;
    expect(await scheduled()).toBe(0);
    const jobInstance = await boot('true');
    try {
      expect(await scheduled()).toBeGreaterThan(0);
    } finally {
      await jobInstance.close();
    }
  } finally {
    await callsOnly.close();
    await own.drop();
  }
}, 120_000);

const onLinux = process.platform === 'linux' ? test : test.skip;

onLinux(
  "the jobs' pool backends run at nice 19 on this host's database (BACKGROUND_DB_NICE), the calls' do not",
  async () => {
    const niceOf = async (sql: Promise<{ pid: number }[]>) => {
      const pid = (await sql)[0]?.pid;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    const backend = () =>
      server.sequelize.query<{ pid: number }>('SELECT pg_backend_pid() AS pid', { type: QueryTypes.SELECT });
    expect(await asBackgroundWork(() => niceOf(backend()))).toBe(19);
    expect(await niceOf(backend())).not.toBe(19);
  },
);

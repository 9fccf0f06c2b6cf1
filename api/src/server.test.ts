import { createLogger } from './core/logger';
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

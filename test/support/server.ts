import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, loadEnv, type RunningServer, startServer } from '@px/api';
import { createTestDatabase, type TestDatabase } from '@px/api/testing';
import { ensureBuilds } from '../../scripts/ensure-builds';

export interface ProductServer {
  url: string;
  server: RunningServer;
  stop(): Promise<void>;
}

/**
 * The whole product as `npm start` runs it, for browser tests: current builds of both apps, a free
 * port, and a database of its own (an embedded PostgreSQL in a temp folder; with DATABASE_URL set,
 * a fresh database on that server), seeded with the demo data.
 */
export async function startProductServer(): Promise<ProductServer> {
  ensureBuilds({ log: () => undefined });
  let dataDir: string | null = null;
  let database: TestDatabase | null = null;
  if (process.env.DATABASE_URL) {
    database = await createTestDatabase();
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-e2e-'));
  }
  const env = loadEnv({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir ?? undefined }),
  });
  const server = await startServer(
    env,
    createLogger(process.env.E2E_LOG_LEVEL === 'debug' ? 'debug' : 'silent'),
  );
  return {
    url: server.url,
    server,
    async stop() {
      await server.close();
      await database?.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, loadEnv, startServer } from '@px/api';

/**
 * The real product API on an embedded PostgreSQL of its own (or DATABASE_URL), seeded with the demo
 * data, access log off (as a load test would drown in it). With `--apps` it also serves the built
 * apps (page-speed runs). Prints its URL and its database's URL (the upsert baseline and the study
 * scenarios use it) on stdout.
 */
async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-bench-'));
  // In the process environment too: the demo seed reads its file storage from it (demo videos and
  // their HLS segments would otherwise go to the repository's data folder, not this API's).
  process.env.DATA_DIR = dataDir;
  const env = loadEnv({
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SERVE_APPS: process.argv.includes('--apps') ? 'true' : 'false',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    DRAIN_SECONDS: '0',
  });
  const server = await startServer(env, createLogger(env.LOG_LEVEL));
  process.stdout.write(`LISTENING ${server.url} DATABASE ${server.database.url}\n`);
  process.on('SIGTERM', async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});

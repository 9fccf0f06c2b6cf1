import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildApi } from '../../scripts/build-api';
import { treeNodeRssMb } from './process-cpu';

const ROOT = path.resolve(__dirname, '..', '..');
const RUNS = 3;

export interface StartupRow {
  name: string;
  /** Median over the runs: from spawn to `/readyz` answering 200. */
  readyMs: number;
  /** Median resident memory of the Node processes once ready, and after 20 calls. */
  rssReadyMb: number | null;
  rssAfterCallsMb: number | null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** One start of `command`: spawn, wait for the banner, poll `/readyz`, make 20 calls, SIGTERM. */
async function startOnce(command: string, args: string[], databaseUrl: string) {
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      DATABASE_APP_PASSWORD: 'px_app_local',
      SEED_DEMO: 'false',
      SERVE_APPS: 'false',
      WECHAT_MODE: 'simulator',
      EINVOICE_MODE: 'simulator',
      PUBLIC_URL: '',
      LOG_LEVEL: 'warn',
      DRAIN_SECONDS: '0',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Student H5\s+(http:\/\/\S+?)\/\s/.exec(output);
        if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
      });
      child.once('exit', (code) => reject(new Error(`${command} exited with ${code}: ${output}`)));
    });
    for (;;) {
      const ready = await fetch(`${url}/readyz`).catch(() => null);
      if (ready?.status === 200) break;
      if (Date.now() - started > 120_000) throw new Error(`${command} not ready within 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const readyMs = Date.now() - started;
    const rssReady = treeNodeRssMb(child.pid);
    for (let i = 0; i < 20; i++)
      await fetch(`${url}/api/project/system-info.action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    return { readyMs, rssReady, rssAfterCalls: treeNodeRssMb(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Issue 29: how fast and how heavy the compiled server (`node api/dist/main.js`) starts against the
 * development way (`tsx api/src/main.ts`), on the bench's database (migrated and seeded already, so
 * both measure a restart): median of three starts each, to `/readyz` answering 200.
 */
export async function benchStartup(databaseUrl: string): Promise<StartupRow[]> {
  await buildApi({ log: () => undefined });
  const variants: [string, string, string[]][] = [
    ['node api/dist/main.js', process.execPath, [path.join(ROOT, 'api', 'dist', 'main.js')]],
    [
      'tsx api/src/main.ts',
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(ROOT, 'api', 'src', 'main.ts')],
    ],
  ];
  const rows: StartupRow[] = [];
  for (const [name, command, args] of variants) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await startOnce(command, args, databaseUrl));
    const mb = (values: (number | null)[]) =>
      values.every((value) => value !== null) ? Math.round(median(values as number[])) : null;
    rows.push({
      name,
      readyMs: median(runs.map((run) => run.readyMs)),
      rssReadyMb: mb(runs.map((run) => run.rssReady)),
      rssAfterCallsMb: mb(runs.map((run) => run.rssAfterCalls)),
    });
  }
  return rows;
}

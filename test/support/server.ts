import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@px/api/testing';
import { ensureBuilds } from '../../scripts/ensure-builds';

const ROOT = path.resolve(__dirname, '..', '..');

export interface ProductServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The product database, for tests that check what was stored. */
  databaseUrl: string;
  /** The WeChat simulator the product talks to (its person pages and `/__sim/` hooks). */
  wechatUrl: string;
  /** `GET /metrics` when started with METRICS_PORT, else null. */
  metricsUrl: string | null;
  /** The demo partner site (合作平台 (demo), started with the demo data), else null. */
  partnerUrl: string | null;
  /** The regulator simulator the product reports to (its pages and `/sim/faults`), else null. */
  regulatorUrl: string | null;
  /** The Tencent Cloud VOD simulator (云点播 (sim): its page and the media it serves), else null. */
  vodUrl: string | null;
  /** SIGTERM (as an operator stops `npm start`), then waits for the process to end. */
  stop(): Promise<void>;
  /** Sends SIGTERM and answers at once with the process's exit code to come (the drain runs meanwhile). */
  terminate(): Promise<number | null>;
  /** The API process's exit code once it ended (0 after a clean shutdown), else null. */
  exitCode(): number | null;
  /** Kills the API process at once (SIGKILL): no request finishes, nothing is closed. */
  kill(): Promise<void>;
}

export interface ProductServerOptions {
  /**
   * A database of the caller's (left in place on stop): a second server started on it finds what
   * the first one left, as a restarted `npm start` would.
   */
  databaseUrl?: string;
  /** Environment variables added to the server's. */
  env?: Record<string, string>;
  /**
   * DATA_DIR of the caller's (left in place on stop): with the embedded PostgreSQL, a second server
   * on it finds the first one's cluster and data, as `npm start` again would.
   */
  dataDir?: string;
  /**
   * `bundle`: the compiled server as production runs it, `node api/dist/main.js` (built by the
   * caller: `buildApi()` of scripts/build-api.ts); default `source`, `node --import tsx api/src/main.ts`
   * (what `npm start` runs).
   */
  run?: 'source' | 'bundle';
  /** false: neither build nor serve the H5 and back office (SERVE_APPS=false), for API-only tests. */
  apps?: boolean;
}

/**
 * The whole product as `npm start` runs it, for browser tests: current builds of both apps, then
 * `api/src/main.ts` as a process of its own on a free port with a database of its own (an embedded
 * PostgreSQL in a temp folder; with DATABASE_URL set, a fresh database on that server), seeded with
 * the demo data. Throws with the process output when it does not come up.
 */
export async function startProductServer(options: ProductServerOptions = {}): Promise<ProductServer> {
  const apps = options.apps ?? true;
  if (apps) ensureBuilds({ log: () => undefined });
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'px-e2e-'));
  const removeDataDir = () => {
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const database: TestDatabase | null =
    !options.databaseUrl && process.env.DATABASE_URL ? await createTestDatabase() : null;
  // One process either way, so SIGTERM reaches the server itself. (The tsx command runs it as a
  // child and relays signals, killing it with SIGKILL and exiting 143 when the child has not
  // acknowledged one within 30 ms: a loaded machine's exit code, not the server's.)
  const main =
    options.run === 'bundle'
      ? [path.join(ROOT, 'api', 'dist', 'main.js')]
      : ['--import', 'tsx', path.join(ROOT, 'api', 'src', 'main.ts')];
  const child = spawn(process.execPath, main, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? database?.url ?? '',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      SEED_DEMO: 'true',
      PUBLIC_URL: '',
      WECHAT_MODE: 'simulator',
      WECHAT_SIM_PORT: '0',
      // Chromium's fake camera shows no face: face checks go through the simulator.
      FACE_PROVIDER: 'simulator',
      // Jobs' backends at the server's own priority: the browser tests wait for jobs (imports,
      // transfers) while the other tests fill both cores, where nice 19 starves them past their
      // waits. What the priority does is tested in api/src/db/backend-priority.test.ts and measured
      // by the bench.
      BACKGROUND_DB_NICE: '0',
      ...(apps ? {} : { SERVE_APPS: 'false' }),
      ...options.env,
    },
  });
  // E2E_LOG_FILE keeps the server's whole output (with E2E_LOG_LEVEL) for a failing test's story.
  if (process.env.E2E_LOG_FILE) {
    const log = fs.createWriteStream(process.env.E2E_LOG_FILE, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  try {
    const { url, databaseUrl, wechatUrl, metricsUrl, partnerUrl, regulatorUrl, vodUrl } =
      await waitForBanner(child);
    return {
      url,
      wechatUrl,
      metricsUrl,
      partnerUrl,
      regulatorUrl,
      vodUrl,
      databaseUrl: options.databaseUrl ?? database?.url ?? databaseUrl,
      async stop() {
        await stopChild(child);
        await database?.drop();
        removeDataDir();
      },
      terminate() {
        if (child.exitCode !== null) return Promise.resolve(child.exitCode);
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        child.kill('SIGTERM');
        return exited;
      },
      exitCode: () => child.exitCode,
      async kill() {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          // The server and whatever it runs (simulators, ffmpeg) but its PostgreSQL.
          for (const pid of nodeTree(child.pid ?? 0)) process.kill(pid, 'SIGKILL');
          await exited;
        }
        removeDataDir();
      },
    };
  } catch (error) {
    await stopChild(child);
    removeDataDir();
    throw error;
  }
}

/** Reads main's start banner: the H5 URL, the database URL and the WeChat simulator's URL. */
function waitForBanner(child: ChildProcess): Promise<{
  url: string;
  databaseUrl: string;
  wechatUrl: string;
  metricsUrl: string | null;
  partnerUrl: string | null;
  regulatorUrl: string | null;
  vodUrl: string | null;
}> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`server did not start within 120 s:\n${output}`)),
      120_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const h5 = /Student H5\s+(http:\/\/\S+?)\/\s/.exec(output);
      const db = /Database\s+(\S+)/.exec(output);
      const wechat = /WeChat \(sim\)\s+(http:\/\/\S+?)\/\s/.exec(output);
      const metrics = /Metrics\s+(http:\/\/\S+)/.exec(output);
      const partner = /合作平台 \(demo\)\s+(http:\/\/\S+?)\/\s/.exec(output);
      const regulator = /监管平台 \(sim\)\s+(http:\/\/\S+?)\/\s/.exec(output);
      const vod = /云点播 \(sim\)\s+(http:\/\/\S+?)\/\s/.exec(output);
      if (h5?.[1] && db?.[1] && wechat?.[1]) {
        clearTimeout(timer);
        resolve({
          url: h5[1].replace('localhost', '127.0.0.1'),
          databaseUrl: db[1],
          wechatUrl: wechat[1],
          metricsUrl: metrics?.[1] ?? null,
          partnerUrl: partner?.[1] ?? null,
          regulatorUrl: regulator?.[1] ?? null,
          vodUrl: vod?.[1] ?? null,
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** The process `root` and its descendants, leaves first, PostgreSQL's left out (Linux /proc). */
function nodeTree(root: number): number[] {
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while the folder was read.
    }
  }
  const walk = (pid: number): number[] => [...(children.get(pid) ?? []).flatMap(walk), pid];
  return walk(root).filter((pid) => !/^postgres/.test(names.get(pid) ?? ''));
}

/** SIGTERM lets main close the HTTP server and stop its embedded PostgreSQL; SIGKILL after 20 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

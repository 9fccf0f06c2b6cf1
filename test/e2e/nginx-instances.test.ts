import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEMO } from '@px/api';
import { API_DIST, buildApi } from '../../scripts/build-api';
import { nginxConfig, type ReadinessWatcher, upstreamLines, watchReadiness } from '../../scripts/nginx';
import { signIn } from '../bench/api-client';
import { freePort } from '../support/ports';
import { callProduct, queryProduct } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';
import { waitUntil } from '../support/wait';

// Issue 29, several instances behind a real load balancer: Debian's nginx (installed by .ci/run,
// started here) in front of three API instances on one database, configured by scripts/nginx.ts
// (the configuration operations.md ships), with its readiness watcher taking a draining instance
// out of the upstream. Under a steady load of calls through nginx:
// - SIGTERM on one instance loses no call (its /readyz answers 503 while it still serves, the
//   watcher takes it out, nginx finishes what it sent there, then the instance stops);
// - SIGKILL on another fails at most the calls it held at that moment;
// - caches stay coherent between instances (a sign-out on one is seen by the others at once);
// - scheduled jobs run once a minute for the whole cluster, not once per instance.

jest.setTimeout(420_000);

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-nginx-'));
const instances: ProductServer[] = [];
let nginx: ChildProcess | null = null;
let watcher: ReadinessWatcher | null = null;
let dataDir = '';

afterAll(async () => {
  await watcher?.stop();
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx?.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  // The first instance holds the embedded PostgreSQL: it stops last.
  for (const instance of [...instances].reverse()) await instance.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts nginx in the foreground on a free port with the shipped configuration; answers its URL. */
async function startNginx(upstreamsFile: string): Promise<string> {
  const port = await freePort();
  const configFile = path.join(dir, 'nginx.conf');
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(dir, temp), { recursive: true });
  fs.writeFileSync(
    configFile,
    nginxConfig({
      root: path.resolve(__dirname, '..', '..'),
      upstreamsFile,
      listen: `127.0.0.1:${port}`,
      standaloneDir: dir,
    }),
  );
  nginx = spawn(NGINX, ['-c', configFile, '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  nginx.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    async () => {
      if (nginx?.exitCode !== null) throw new Error(`nginx exited: ${output}`);
      const answer = await send(`${url}/api/project/system-info.action`, { method: 'POST' }).catch(
        () => null,
      );
      return answer?.status === 200;
    },
    { timeoutMs: 20_000, what: 'nginx answering' },
  );
  watcherReload = async () => {
    await new Promise<void>((resolve, reject) => {
      const reload = spawn(NGINX, ['-c', configFile, '-p', dir, '-s', 'reload'], { stdio: 'ignore' });
      reload.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`nginx -s reload: ${code}`))));
    });
  };
  return url;
}
let watcherReload: () => Promise<void> = async () => undefined;

/**
 * One request on a connection of its own (`Connection: close`), as every request through nginx here
 * is sent: a reload of nginx closes its idle kept-alive client connections, which browsers retry
 * and a bare client reports as failures; what this test measures is the instances' side.
 */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', agent: false, headers: options.headers ?? {} },
      (answer) => {
        let body = '';
        answer.setEncoding('latin1');
        answer.on('data', (chunk: string) => {
          body += chunk;
        });
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
        answer.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

const accountInfo = (url: string, token: string) =>
  send(`${url}/api/login/get-account-info.action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: '{}',
  });

/** Calls made by `workers` loops one after another through `url` until stopped; counts the outcomes. */
function steadyLoad(url: string, token: string, workers: number) {
  const outcomes = { ok: 0, failed: 0, failures: [] as string[] };
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      try {
        const { status, body } = await accountInfo(url, token);
        if (status === 200 && (JSON.parse(body) as { respCode: number }).respCode === 200) outcomes.ok += 1;
        else {
          outcomes.failed += 1;
          outcomes.failures.push(`${status} ${body.slice(0, 120)}`);
        }
      } catch (error) {
        outcomes.failed += 1;
        outcomes.failures.push((error as Error).message);
      }
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

test('the shipped configuration (deploy/nginx/px.conf) is what scripts/nginx.ts writes, so operations.md stays true', () => {
  const shipped = fs.readFileSync(path.join(__dirname, '..', '..', 'deploy', 'nginx', 'px.conf'), 'utf8');
  expect(shipped).toBe(
    nginxConfig({
      root: '/srv/px',
      listen: '443',
      tls: { certificate: '/etc/ssl/px/fullchain.pem', key: '/etc/ssl/px/privkey.pem' },
      upstreamsFile: '/etc/nginx/px-upstreams.conf',
    }),
  );
});

test('three instances behind nginx: a drained one loses no call, a killed one only its own, caches and jobs stay one', async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-nginx-data-'));
  const env = { TRUST_PROXY: 'true', DRAIN_SECONDS: '3', SHUTDOWN_GRACE_SECONDS: '10' };
  // The compiled server, as production runs it (under tsx a stop signal is relayed, not drained).
  await buildApi({ log: () => undefined });
  expect(fs.existsSync(`${API_DIST}/main.js`)).toBe(true);
  // The first instance starts the embedded PostgreSQL and seeds; the others join its database.
  const first = await startProductServer({ dataDir, env, run: 'bundle' });
  instances.push(first);
  for (let n = 0; n < 2; n += 1)
    instances.push(await startProductServer({ databaseUrl: first.databaseUrl, env, run: 'bundle' }));
  const [, draining, killed] = instances as [ProductServer, ProductServer, ProductServer];

  const upstreamsFile = path.join(dir, 'upstreams.conf');
  const instanceUrls = instances.map((instance) => instance.url);
  // nginx needs a server in its upstream to start; the watcher rewrites the file from readiness.
  fs.writeFileSync(upstreamsFile, upstreamLines(instanceUrls, [true, true, true]));
  const url = await startNginx(upstreamsFile);
  watcher = await watchReadiness({
    instances: instanceUrls,
    upstreamsFile,
    reload: () => watcherReload(),
    intervalMs: 500,
  });
  await waitUntil(() => watcher?.ready().every(Boolean), { timeoutMs: 20_000, what: 'every instance ready' });

  // The apps' hashed files come from disk, precompressed; pages and calls from the instances.
  const html = await send(`${url}/`);
  expect(html.status).toBe(200);
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html.body)?.[1];
  expect(script).toBeDefined();
  const asset = await send(`${url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(asset.status).toBe(200);
  expect(asset.headers.server).toMatch(/^nginx/);
  expect(asset.headers['content-encoding']).toBe('gzip');
  expect(asset.headers['cache-control']).toContain('immutable');
  expect(fs.existsSync(path.join(__dirname, '..', '..', 'h5', 'dist', `${script}.gz`))).toBe(true);
  // Health answers are each instance's own, not the cluster's.
  expect((await send(`${url}/readyz`)).status).toBe(404);

  // Sessions live in the database: signed in on one instance, a token works on every one.
  const token = await signIn(first.url, DEMO.accounts.projectAdmin);
  // Every instance answers through nginx (round robin).
  const seen = new Set<string>();
  for (let n = 0; n < 12; n += 1) {
    const answer = await accountInfo(url, token);
    expect(answer.status).toBe(200);
  }
  // nginx's access log names the instance of each call.
  for (const line of fs.readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n'))
    if (line.includes('get-account-info')) seen.add(line.split(' ').pop() ?? '');
  expect([...seen].sort()).toEqual(instanceUrls.map((instance) => new URL(instance).host).sort());

  // SIGTERM under load: not one call fails.
  const load = steadyLoad(url, token, 6);
  await waitUntil(() => load.outcomes.ok > 50, { timeoutMs: 30_000, what: 'the load to run' });
  const drainedExit = draining.terminate();
  await waitUntil(() => watcher?.ready()[1] === false, {
    timeoutMs: 10_000,
    what: 'the watcher to see the drain',
  });
  expect(await drainedExit).toBe(0);
  const beforeKill = load.outcomes.ok;
  await waitUntil(() => load.outcomes.ok > beforeKill + 50, {
    timeoutMs: 30_000,
    what: 'calls after the drain',
  });
  expect(load.outcomes.failures).toEqual([]);

  // SIGKILL under load: at most the calls that instance held fail (6 loops: at most 6 in flight).
  await killed.kill();
  await waitUntil(() => watcher?.ready()[2] === false, {
    timeoutMs: 10_000,
    what: 'the watcher to see the kill',
  });
  const afterKill = load.outcomes.ok;
  await waitUntil(() => load.outcomes.ok > afterKill + 50, {
    timeoutMs: 30_000,
    what: 'calls after the kill',
  });
  const outcomes = await load.stop();
  expect(outcomes.failed).toBeLessThanOrEqual(6);
  expect(outcomes.ok).toBeGreaterThan(150);

  // Caches stay coherent: a sign-out through one instance is seen at once by another.
  const second = await signIn(first.url, DEMO.accounts.projectAdmin);
  const third = await startProductServer({ databaseUrl: first.databaseUrl, apps: false, env, run: 'bundle' });
  instances.push(third);
  await expect(callProduct(third.url, second, 'login/get-account-info', {})).resolves.toMatchObject({
    userName: DEMO.accounts.projectAdmin.name,
  });
  await callProduct(first.url, second, 'login/login-out', {});
  await waitUntil(
    async () =>
      (JSON.parse((await accountInfo(third.url, second)).body) as { respCode: number }).respCode !== 200,
    { timeoutMs: 5_000, what: 'the other instance to drop the signed-out session' },
  );

  // Scheduled jobs: one per minute for the whole cluster although every instance schedules them
  // (the order sweep runs every minute and is sent by nothing else).
  const sweepMinutes = () =>
    queryProduct<{ minute: string; jobs: string }>(
      first,
      `SELECT date_trunc('minute', created_on)::text AS minute, count(*)::text AS jobs
         FROM pgboss.job WHERE name = 'order.sweep' GROUP BY 1 ORDER BY 1`,
      [],
    );
  await waitUntil(async () => (await sweepMinutes()).length >= 2, {
    timeoutMs: 150_000,
    what: 'two minutes of order sweeps',
  });
  const sweeps = await sweepMinutes();
  for (const sweep of sweeps) expect(sweep).toEqual({ minute: sweep.minute, jobs: '1' });
});

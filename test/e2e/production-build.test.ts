import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEMO } from '@px/api';
import { API_DIST, buildApi } from '../../scripts/build-api';
import { signIn } from '../bench/api-client';
import { callProduct } from '../support/product';
import { type ProductServer, startProductServer } from '../support/server';

// Issue 29, build and run: `npm run build` compiles the API to api/dist/main.js, and production runs
// it with plain `node` (no tsx): it migrates, seeds (demo media, WeChat fixtures, invoice PDF fonts
// found from the repository root), serves calls, answers /healthz and /readyz, serves /metrics on
// its own port, and on SIGTERM answers 503 on /readyz while it keeps serving for DRAIN_SECONDS,
// then exits 0.

let product: ProductServer | null = null;
afterAll(async () => {
  await product?.stop();
});

test('the compiled server runs with plain node: health, readiness, metrics, drain on SIGTERM', async () => {
  const files = await buildApi({ log: () => undefined });
  expect(files.map((file) => path.relative(API_DIST, file)).sort()).toEqual([
    'face-api.worker.js',
    'face-api.worker.js.map',
    'main.js',
    'main.js.map',
  ]);
  // The workspaces' TypeScript is compiled in; installed packages stay imports.
  const bundle = fs.readFileSync(path.join(API_DIST, 'main.js'), 'utf8');
  expect(bundle).not.toMatch(/require\("@px\//);
  expect(bundle).toContain('require("pg-boss")');
  // Every record policy is in it: a policy registers itself when its file loads, and a file that is
  // only imported for that (\`import './x.policy'\`) must not be dropped as free of side effects
  // (api/package.json "sideEffects"), or its verbs fail in production only.
  const policies = fs
    .readdirSync(path.join(__dirname, '..', '..', 'api', 'src', 'modules'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.policy.ts'))
    .flatMap((file) =>
      [
        ...fs
          .readFileSync(path.join(__dirname, '..', '..', 'api', 'src', 'modules', file), 'utf8')
          .matchAll(/export const (\w+) = definePolicy\(/g),
      ].map((match) => match[1]),
    );
  expect(policies.length).toBeGreaterThan(10);
  expect(policies.filter((name) => !bundle.includes(`${name} = definePolicy(`))).toEqual([]);
  // The face-recognition worker (a file of its own) loads under plain node and answers.
  const worker = new Worker(path.join(API_DIST, 'face-api.worker.js'));
  try {
    const reply = new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    worker.postMessage({
      id: 1,
      bytes: new Uint8Array([1, 2, 3]),
      info: { format: 'jpeg', width: 4, height: 4 },
    });
    expect(await reply).toMatchObject({ id: 1, ok: true, description: { kind: 'unreadable' } });
  } finally {
    await worker.terminate();
  }

  product = await startProductServer({
    run: 'bundle',
    apps: false,
    env: { DRAIN_SECONDS: '3', METRICS_PORT: '0' },
  });
  const live = await fetch(`${product.url}/healthz`);
  expect([live.status, await live.json()]).toEqual([200, { status: 'ok', draining: false }]);
  const ready = await fetch(`${product.url}/readyz`);
  expect([ready.status, await ready.json()]).toEqual([
    200,
    {
      ready: true,
      draining: false,
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok', changeFeed: 'ok' },
    },
  ]);

  // The demo data the seed made from the repository's files answers.
  const token = await signIn(product.url, DEMO.accounts.projectAdmin);
  const info = await callProduct(product.url, token, 'login/get-account-info', {});
  expect(info).toMatchObject({ userName: DEMO.accounts.projectAdmin.name });

  expect(product.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
  const metrics = await (await fetch(product.metricsUrl ?? '')).text();
  expect(metrics).toMatch(
    /^px_call_duration_seconds_count\{call="login\/get-account-info",respCode="200"\} 1$/m,
  );
  expect(metrics).toMatch(/^px_change_feed_connected 1$/m);
  expect(metrics).toMatch(/^process_resident_memory_bytes \d+/m);
  // The metrics are not on the API's port.
  expect((await fetch(`${product.url}/metrics`)).headers.get('content-type')).not.toContain(
    'text/plain; version',
  );

  const exited = product.terminate();
  const startedDrain = Date.now();
  let draining: Response | null = null;
  while (Date.now() - startedDrain < 2000) {
    draining = await fetch(`${product.url}/readyz`);
    if (draining.status === 503) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(draining?.status).toBe(503);
  expect(await draining?.json()).toMatchObject({ ready: false, draining: true });
  // While draining, every call is still served.
  expect((await fetch(`${product.url}/healthz`)).status).toBe(200);
  expect(await callProduct(product.url, token, 'login/get-account-info', {})).toMatchObject({
    userName: DEMO.accounts.projectAdmin.name,
  });
  expect(await exited).toBe(0);
  expect(Date.now() - startedDrain).toBeGreaterThanOrEqual(2500);
}, 240_000);

import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuilds } from '../../scripts/ensure-builds';
import { MOBILE_THROTTLING, measurePageSpeed } from './page-speed';
import { SCENARIOS, type Scenario } from './scenarios';

/**
 * `npm run bench`: starts the real API (embedded PostgreSQL) and a bare Koa server in child
 * processes, loads each scenario with autocannon in turn, prints throughput and p99 latency with
 * their ratio to the bare Koa baseline, and writes the run to bench/results/<time>.json.
 * BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 50) tune the load.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function startChild(script: string, args: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(__dirname, script), ...args],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+)/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { respCode: number; respDesc: string; attribute: T };
  if (answer.respCode !== 200) throw new Error(`${url}: ${answer.respDesc}`);
  return answer.attribute;
}

/** Signs in through the real two-step login, encrypting as the apps do; returns the token. */
async function signIn(url: string, who: { account: string; password: string }): Promise<string> {
  const { loginPublicKey } = await post<{ loginPublicKey: string }>(
    `${url}/api/project/system-info.action`,
    {},
  );
  const encrypt = (value: string) =>
    publicEncrypt(
      { key: loginPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(value),
    ).toString('base64');
  const account = encrypt(who.account);
  await post(`${url}/api/login/check-account-before-login.action`, { account, roleType: 1 });
  const { tokenCode } = await post<{ tokenCode: string }>(`${url}/api/login/login.action`, {
    account,
    password: encrypt(who.password),
    roleType: 1,
  });
  return tokenCode;
}

async function check(url: string, scenario: Scenario): Promise<void> {
  const res = await fetch(url + scenario.path, {
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
  });
  const body = (await res.json()) as { respCode?: number };
  if (body.respCode !== scenario.expectRespCode) {
    throw new Error(
      `${scenario.name}: expected respCode ${scenario.expectRespCode}, got ${JSON.stringify(body).slice(0, 200)}`,
    );
  }
}

interface Measured {
  name: string;
  requestsPerSecond: number;
  latencyP99Ms: number;
  latencyP50Ms: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, scenario: Scenario, duration: number): Promise<Measured> {
  const result = await autocannon({
    url: url + scenario.path,
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
    connections: CONNECTIONS,
    duration,
  });
  return {
    name: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP99Ms: result.latency.p99,
    latencyP50Ms: result.latency.p50,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  ensureBuilds({ log: () => undefined });
  const servers = {
    api: await startChild('serve-api.ts', ['--apps']),
    hello: await startChild('serve-hello.ts'),
  };
  try {
    const results: Measured[] = [];
    for (const scenario of SCENARIOS) {
      const { url } = servers[scenario.server];
      if (scenario.signedInAs)
        scenario.headers = { ...scenario.headers, token: await signIn(url, scenario.signedInAs) };
      await check(url, scenario);
      await load(url, scenario, 2); // warm-up (JIT, connection pool); not recorded
      results.push(await load(url, scenario, DURATION));
    }
    const baseline = results[0];
    if (!baseline) throw new Error('no scenarios');
    const rows = results.map((row) => ({
      ...row,
      throughputVsHello: Number((row.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)),
      p99VsHello: Number((row.latencyP99Ms / Math.max(baseline.latencyP99Ms, 1)).toFixed(2)),
    }));
    console.table(rows);
    // Page speed after the load runs, so the two never share the CPU.
    const pages = [await measurePageSpeed(servers.api.url, '/login')];
    console.table(pages.map(({ fcpSamplesMs: _samples, ...page }) => ({ ...page, throttling: 'mobile' })));
    const run = {
      at: new Date().toISOString(),
      commit: execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', node: process.version },
      load: { durationSeconds: DURATION, connections: CONNECTIONS },
      results: rows,
      pageSpeed: { throttling: MOBILE_THROTTLING, pages },
    };
    const dir = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${run.at.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
    process.stdout.write(`Written ${path.relative(ROOT, file)}\n`);
  } finally {
    for (const { child } of Object.values(servers)) child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { Client } from 'pg';
import { apiBundleOptions } from '../../scripts/build-api';
import { ensureBuilds } from '../../scripts/ensure-builds';
import { signIn } from './api-client';
import { type BackgroundBench, backgroundTargetLines, benchBackground } from './background';
import { benchDashboard, type DashboardBench, dashboardTargetLines } from './dashboard';
import { benchExport, type ExportBench, exportTargetLine } from './export';
import { benchFirstPaint, type FirstPaintRow, firstPaintTargetLines } from './first-paint';
import { benchHlsKeys, type HlsKeysBench, hlsKeysTargetLine } from './hls-keys';
import { type HotRounds, hotRounds, roundLines, schedule, sizedRounds } from './hot-rounds';
import { benchInstances, type InstancesBench, instancesTargetLines } from './instances';
import { type PacedResult, pacedLoad } from './paced';
import { DESKTOP_THROTTLING, MOBILE_THROTTLING, measurePages } from './page-speed';
import { dropInFlight, nextBeat, type Play, type Player, playerRequests, progressRowPlayer } from './players';
import { cpuSince, treeCpu } from './process-cpu';
import { benchRegulatorPush, type RegulatorBench, regulatorTargetLine } from './regulator-push';
import {
  BASELINES,
  type BenchServer,
  HEARTBEAT_TARGETS,
  HOT_TARGETS,
  ROW_SECURITY_TARGETS,
  SCENARIOS,
  type Scenario,
} from './scenarios';
import { benchStartup, type StartupRow } from './startup';
import {
  auditStudy,
  beginStudyRun,
  prepareStudy,
  type StudyBench,
  type StudyTally,
  settleStudyRun,
} from './study-load';
import { benchUnitImport, IMPORT_TARGET_SECONDS, type ImportBench } from './unit-import';
import { benchVideoPackaging, type PackagingBench, packagingTargetLine } from './video-packaging';
import { benchVideoServing, type VideoServingBench, videoServingTargetLines } from './video-serving';

/**
 * `npm run bench`: starts the real API (embedded PostgreSQL), a bare Koa server, Koa plus one raw
 * `pg` upsert and Koa plus one raw `pg` SELECT on the API's database in child processes (and, for
 * the two-instance scenarios, a second API instance on the same database behind a round-robin
 * proxy), loads each scenario with autocannon in turn, prints throughput and p99 latency with
 * their ratio to the baselines (the hot calls against the SELECT baseline, two instances against
 * one; the hot reads in BENCH_ROUNDS rounds (default 3) of A B B A passes beside the SELECT
 * baseline's, judged on the median round: `hot-rounds.ts`), audits the study heartbeat's credits against the database, and writes the run to
 * bench/results/<time>.json.
 * Each signed-in hot read and the heartbeat runs twice in a row: as the product runs (the
 * application's role, the tenant policies forced) and on a second instance connecting as the
 * database's owner (row-level security bypassed), and the ratio is printed (issue 28: within 5%).
 * BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 50) tune the load;
 * BENCH_ONLY (scenario names, comma-separated; `unit-import` for the 10,000-student import,
 * `export` for the 1,000,000-row class export, `dashboard` for the dashboard's calls and rollup over
 * 1,000,000 enrolments, 10,000,000 beats and 300,000 orders (BENCH_DASHBOARD_SCALE shrinks it),
 * `page-speed` for the first paint of the H5 and
 * back-office pages, `startup` for the start time and memory of `node api/dist/main.js` against
 * `tsx api/src/main.ts`, `regulator-push` for 10,000 passed enrolments reported to the regulator
 * simulator under its 200/s with a 2-minute outage in the middle: BENCH_REGULATOR_COUNT and
 * BENCH_REGULATOR_OUTAGE_SECONDS shorten it, `first-paint` for issue 29's FCP and LCP of /classSelectCenter
 * and /login on a phone from the API and through nginx over HTTP/2, `background` for the hot reads
 * and the heartbeat while a 10,000-row unit import and a 1,000,000-row export run:
 * BENCH_BACKGROUND_IMPORT_ROWS and BENCH_BACKGROUND_EXPORT_ROWS shrink them, `video-packaging` for a
 * generated 10-minute 720p video packaged as encrypted HLS: BENCH_VIDEO_SECONDS shortens it,
 * `instances` for the class centre's list through nginx in front of 1, 2 and 3 API instances on one
 * database with the CPU a request costs, `video-serving` for the API's CPU per 1,000 HLS segment
 * requests served by the API and by object storage: BENCH_SEGMENT_REQUESTS changes the count,
 * `hls-keys` for HLS segment keys fetched by students with a live study session at BENCH_CONNECTIONS
 * connections, with the API's and PostgreSQL's CPU per 1,000 key requests) runs a subset;
 * BENCH_CPU_PROF (a directory) runs the API under `node --cpu-prof` and leaves its profile there.
 * The API runs compiled, as in production (`node` on a bundle made like api/dist); BENCH_API=tsx runs
 * it from its sources.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARM_UP_SECONDS = 2;
/** How many times the hot calls run against pg-select in A B B A order (`hot-rounds.ts`). */
const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 3)) || 1);
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
/** Whether this run measures the pages (every run but a subset leaving `page-speed` out). */
const PAGES = !ONLY || ONLY.includes('page-speed');
/** Whether this run measures issue 29's first paint from the API and through nginx (`first-paint.ts`). */
const FIRST_PAINT = !ONLY || ONLY.includes('first-paint');
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;

interface StartedServer {
  child: ChildProcess;
  url: string;
  /** The database the server uses (the API only). */
  databaseUrl: string | null;
}

/**
 * How the bench runs the API (`serve-api.ts`): compiled by default, as production runs it (plain
 * `node` on an esbuild bundle made as `npm run build` makes api/dist, scripts/build-api.ts);
 * BENCH_API=tsx runs it from the TypeScript sources as the runs before 2026-12-07 15:42 did (a CPU
 * profile then names our source files rather than the one bundle). tsx loads every module on its
 * own and reads each imported name through a getter, which the bundle does not. The baselines and
 * helpers always run under tsx (they run almost no code of ours).
 */
const API_RUNTIME: 'compiled' | 'tsx' = process.env.BENCH_API === 'tsx' ? 'tsx' : 'compiled';
let serveApiBundle: Promise<string> | null = null;

/** `serve-api.ts` compiled like api/dist (once a run, removed at exit); answers the bundle's path. */
function compiledServeApi(): Promise<string> {
  serveApiBundle ??= (async () => {
    // Two folders below the root, as api/dist: the bundle finds the repository from there.
    const outdir = path.join(ROOT, 'api', `.dist-bench-${process.pid}`);
    process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
    await build(apiBundleOptions(outdir, { 'serve-api': path.join('test', 'bench', 'serve-api.ts') }));
    return path.join(outdir, 'serve-api.js');
  })();
  return serveApiBundle;
}

async function startChild(
  script: string,
  args: string[] = [],
  nodeFlags: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Promise<StartedServer> {
  const compiled = script === 'serve-api.ts' && API_RUNTIME === 'compiled';
  const child = spawn(
    compiled ? process.execPath : path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [...nodeFlags, compiled ? await compiledServeApi() : path.join(__dirname, script), ...args],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+)(?: DATABASE (\S+))?\n/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1], databaseUrl: match[2] ?? null });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
}

/** Sends one request of the scenario (a player's first beat when it plays) and checks its answer. */
async function check(url: string, scenario: Scenario, player: Player<Play> | null): Promise<void> {
  let request = { headers: scenario.headers, body: scenario.body };
  const play = player?.plays[0];
  const beat = play ? nextBeat(play) : null;
  if (player && play && beat) request = player.request(play, beat);
  const res = await fetch(url + scenario.path, { method: scenario.method, ...request });
  const text = await res.text();
  if (player && play && beat) player.answered(play, beat, res.status, text);
  const body = JSON.parse(text) as { respCode?: number };
  if (body.respCode !== scenario.expectRespCode) {
    throw new Error(
      `${scenario.name}: expected respCode ${scenario.expectRespCode}, got ${text.slice(0, 200)}`,
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
  /** The rate limit, when the scenario has one. */
  overallRate?: number;
  /** A paced load's slow beats and its load generator's own stalls (`paced.ts`). */
  slow?: PacedResult['slow'];
  /** CPU per answered request: the server's Node process, and PostgreSQL (null without /proc). */
  nodeCpuMsPerRequest: number | null;
  postgresCpuMsPerRequest: number | null;
  /** Requests per second of each pass, when the scenario ran more than once (`inPairPasses`, the hot rounds). */
  passes?: number[];
}

/** The processes whose CPU a load is charged with: the loaded server's, and the API's (PostgreSQL). */
interface CpuTrees {
  server: number | undefined;
  api: number | undefined;
}

async function load(
  url: string,
  scenario: Scenario,
  duration: number,
  player: Player<Play> | null,
  trees: CpuTrees,
): Promise<Measured> {
  const serverBefore = treeCpu(trees.server);
  const apiBefore = treeCpu(trees.api);
  const result = scenario.overallRate
    ? await pacedLoad(url + scenario.path, requirePlayer(scenario, player), {
        rate: scenario.overallRate,
        durationSeconds: duration,
        plays: CONNECTIONS,
        slowMs: HEARTBEAT_TARGETS.p99Ms,
      })
    : await closedLoad(url, scenario, duration, player);
  if (player) dropInFlight(player);
  const server = cpuSince(serverBefore, treeCpu(trees.server));
  const api = cpuSince(apiBefore, treeCpu(trees.api));
  const perRequest = (ms: number | undefined) =>
    ms === undefined ? null : Number((ms / Math.max(result.requests, 1)).toFixed(3));
  return {
    name: scenario.name,
    requestsPerSecond: result.requestsPerSecond,
    latencyP99Ms: result.latencyP99Ms,
    latencyP50Ms: result.latencyP50Ms,
    errors: result.errors,
    non2xx: result.non2xx,
    ...(scenario.overallRate ? { overallRate: scenario.overallRate } : {}),
    ...(result.slow ? { slow: result.slow } : {}),
    nodeCpuMsPerRequest: perRequest(server?.nodeMs),
    postgresCpuMsPerRequest: perRequest(api?.postgresMs),
  };
}

function requirePlayer(scenario: Scenario, player: Player<Play> | null): Player<Play> {
  if (!player) throw new Error(`${scenario.name}: a paced scenario needs plays`);
  return player;
}

/** autocannon's closed loop: CONNECTIONS connections, each sending its next request on the answer. */
async function closedLoad(
  url: string,
  scenario: Scenario,
  duration: number,
  player: Player<Play> | null,
): Promise<PacedResult> {
  const result = await autocannon({
    url: url + scenario.path,
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
    connections: CONNECTIONS,
    duration,
    ...(player ? { requests: playerRequests(player, scenario.path) } : {}),
  });
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const ratio = (value: number, base: number | undefined, digits: number) =>
  base === undefined ? null : Number((value / Math.max(base, 1)).toFixed(digits));

/**
 * The baseline's CPU per request (Node and PostgreSQL) over the row's: the throughput ratio the
 * CPU alone allows. On a machine shared with other work this moves far less than throughput.
 */
function cpuRatio(base: Measured | undefined, row: Measured): number | null {
  const cost = (measured: Measured) =>
    measured.nodeCpuMsPerRequest === null || measured.postgresCpuMsPerRequest === null
      ? null
      : measured.nodeCpuMsPerRequest + measured.postgresCpuMsPerRequest;
  const baseCost = base && cost(base);
  const rowCost = cost(row);
  return baseCost && rowCost ? Number((baseCost / rowCost).toFixed(2)) : null;
}

/**
 * Each row-security pair run twice, the second time the other way round (A B B A): whichever of a
 * pair runs first is measured on a fresher server and database, and on this machine that alone moved
 * the heartbeat's share by a quarter (0.90x with the policies first, 1.25x with them second).
 */
function inPairPasses(scenarios: readonly Scenario[]): Scenario[] {
  const paired = (scenario: Scenario) =>
    scenarios.find(
      (other) => other.withoutRowSecurityOf === scenario.name || scenario.withoutRowSecurityOf === other.name,
    );
  const ordered: Scenario[] = [];
  for (const scenario of scenarios) {
    ordered.push(scenario);
    const first = paired(scenario);
    // The pair's second: again, then its first again.
    if (first && scenarios.indexOf(first) < scenarios.indexOf(scenario)) ordered.push(scenario, first);
  }
  return ordered;
}

/** A scenario measured in several passes as one row: the mean of each number, the worst p99. */
function mergePasses(results: readonly Measured[]): Measured[] {
  const mean = (values: (number | null)[]) =>
    values.some((value) => value === null)
      ? null
      : Number(((values as number[]).reduce((sum, value) => sum + value, 0) / values.length).toFixed(3));
  const names = [...new Set(results.map((row) => row.name))];
  return names.map((name) => {
    const passes = results.filter((row) => row.name === name);
    const [first] = passes;
    if (!first || passes.length === 1) return first as Measured;
    return {
      ...first,
      requestsPerSecond: Math.round(mean(passes.map((row) => row.requestsPerSecond)) ?? 0),
      latencyP50Ms: mean(passes.map((row) => row.latencyP50Ms)) ?? first.latencyP50Ms,
      latencyP99Ms: Math.max(...passes.map((row) => row.latencyP99Ms)),
      errors: passes.reduce((sum, row) => sum + row.errors, 0),
      non2xx: passes.reduce((sum, row) => sum + row.non2xx, 0),
      nodeCpuMsPerRequest: mean(passes.map((row) => row.nodeCpuMsPerRequest)),
      postgresCpuMsPerRequest: mean(passes.map((row) => row.postgresCpuMsPerRequest)),
      passes: passes.map((row) => row.requestsPerSecond),
    };
  });
}

/**
 * Each result with its ratios to the baselines and, for two instances, to one (null when that did
 * not run). A call measured in rounds against pg-select (`rounds`) takes its ratios to pg-select
 * from them (the medians of its rounds) and carries the rounds (`selectRounds`).
 */
function compare(results: readonly Measured[], rounds: ReadonlyMap<string, HotRounds>) {
  const named = (name: string | undefined) => results.find((row) => row.name === name);
  const hello = named(BASELINES.hello);
  const upsert = named(BASELINES.upsert);
  const select = named(BASELINES.select);
  return results.map((row) => ({
    ...row,
    throughputVsHello: ratio(row.requestsPerSecond, hello?.requestsPerSecond, 3),
    p99VsHello: ratio(row.latencyP99Ms, hello?.latencyP99Ms, 2),
    throughputVsUpsert: ratio(row.requestsPerSecond, upsert?.requestsPerSecond, 3),
    p99VsUpsert: ratio(row.latencyP99Ms, upsert?.latencyP99Ms, 2),
    ...selectRatios(row, select, rounds.get(row.name)),
    ...sizedFloorRatios(row, results, rounds),
    throughputVsOneInstance: ratio(
      row.requestsPerSecond,
      named(SCENARIOS.find((scenario) => scenario.name === row.name)?.oneInstance)?.requestsPerSecond,
      3,
    ),
  }));
}

/**
 * A row against pg-select: from its rounds when it ran in them (the medians; `roundP99Ms` the median
 * of the rounds' p99, each the mean of a round's two passes), else from the whole run's passes.
 */
function selectRatios(row: Measured, select: Measured | undefined, rounds: HotRounds | undefined) {
  if (rounds)
    return {
      throughputVsSelect: rounds.throughputVsSelect,
      p99VsSelect: rounds.p99VsSelect,
      cpuVsSelect: rounds.cpuVsSelect,
      roundP99Ms: rounds.latencyP99Ms,
      selectRounds: rounds.rounds,
    };
  return {
    throughputVsSelect: ratio(row.requestsPerSecond, select?.requestsPerSecond, 3),
    p99VsSelect: ratio(row.latencyP99Ms, select?.latencyP99Ms, 2),
    cpuVsSelect: cpuRatio(select, row),
  };
}

/**
 * A hot call's throughput and p99 against the pg-select floor answering as many bytes
 * (`pg-select-sized`), when that floor ran (round by round when both ran in rounds); nothing
 * otherwise.
 */
function sizedFloorRatios(
  row: Measured,
  results: readonly Measured[],
  rounds: ReadonlyMap<string, HotRounds>,
) {
  const floor = SCENARIOS.find((scenario) => scenario.sizedLike === row.name);
  const sized = floor && results.find((other) => other.name === floor.name);
  if (!floor || !sized) return {};
  const callRounds = rounds.get(row.name);
  const sizedRounded = rounds.get(floor.name);
  const byRound = callRounds && sizedRounded && sizedRounds(callRounds, sizedRounded);
  if (byRound) return byRound;
  return {
    throughputVsSizedSelect: ratio(row.requestsPerSecond, sized.requestsPerSecond, 3),
    p99VsSizedSelect: ratio(row.latencyP99Ms, sized.latencyP99Ms, 2),
  };
}

/** The targets (heartbeat, hot calls, two instances) against what was measured, in words. */
function targetLines(rows: ReturnType<typeof compare>): string[] {
  const lines: string[] = [];
  const named = (name: string | undefined) => rows.find((row) => row.name === name);
  for (const row of rows) {
    const scenario = SCENARIOS.find((candidate) => candidate.name === row.name);
    if (scenario?.hot && row.throughputVsSelect != null) {
      const fast = row.throughputVsSelect >= HOT_TARGETS.throughputVsSelect;
      const rounded = 'selectRounds' in row && row.selectRounds;
      const p99 = 'roundP99Ms' in row && row.roundP99Ms !== undefined ? row.roundP99Ms : row.latencyP99Ms;
      const quick = p99 < HOT_TARGETS.p99Ms;
      lines.push(
        `${row.name}: ${row.throughputVsSelect}x the pg-select baseline` +
          (rounded ? ` (median of ${rounded.length} A B B A rounds)` : '') +
          ` (CPU per request allows ${row.cpuVsSelect}x; ` +
          `target >= ${HOT_TARGETS.throughputVsSelect}x): ` +
          `${fast ? 'met' : 'BELOW TARGET'}; p99 ${p99} ms (target < ${HOT_TARGETS.p99Ms} ms): ${quick ? 'met' : 'ABOVE TARGET'}; ` +
          `p99 ${row.p99VsSelect}x the baseline's (target <= ${HOT_TARGETS.p99VsSelect}x): ` +
          `${row.p99VsSelect != null && row.p99VsSelect <= HOT_TARGETS.p99VsSelect ? 'met' : 'ABOVE TARGET'}` +
          ('throughputVsSizedSelect' in row
            ? `; against pg-select answering as many bytes (pg-select-sized, printed only): ` +
              `${row.throughputVsSizedSelect}x, p99 ${row.p99VsSizedSelect}x`
            : ''),
      );
    }
    const withPolicies = named(scenario?.withoutRowSecurityOf);
    if (withPolicies) {
      const share = Number((withPolicies.requestsPerSecond / Math.max(row.requestsPerSecond, 1)).toFixed(3));
      const met = share >= ROW_SECURITY_TARGETS.throughputVsOwner;
      lines.push(
        `${withPolicies.name}: with row-level security ${withPolicies.requestsPerSecond} req/s, p99 ${withPolicies.latencyP99Ms} ms; ` +
          `as the owner without it ${row.requestsPerSecond} req/s, p99 ${row.latencyP99Ms} ms: ${share}x ` +
          `(target >= ${ROW_SECURITY_TARGETS.throughputVsOwner}x): ${met ? 'met' : 'BELOW TARGET'}`,
      );
    }
    if (scenario?.oneInstance && row.throughputVsOneInstance != null)
      lines.push(
        `${row.name}: ${row.requestsPerSecond} req/s combined through the proxy, ` +
          `${row.throughputVsOneInstance}x one instance (${scenario.oneInstance})`,
      );
  }
  const free = rows.find((row) => row.name === HEARTBEAT_TARGETS.scenario);
  if (free?.throughputVsUpsert != null) {
    const met = free.throughputVsUpsert >= HEARTBEAT_TARGETS.throughputVsUpsert;
    lines.push(
      `heartbeat throughput ${free.throughputVsUpsert}x the upsert baseline ` +
        `(target >= ${HEARTBEAT_TARGETS.throughputVsUpsert}x): ${met ? 'met' : 'BELOW TARGET'}`,
    );
  }
  const limited = rows.find((row) => row.name === HEARTBEAT_TARGETS.rateLimited);
  if (limited) {
    const met = limited.latencyP99Ms < HEARTBEAT_TARGETS.p99Ms;
    lines.push(
      `heartbeat p99 ${limited.latencyP99Ms} ms at ${limited.requestsPerSecond} beats/s ` +
        `(paced at ${limited.overallRate}/s; target < ${HEARTBEAT_TARGETS.p99Ms} ms): ${met ? 'met' : 'ABOVE TARGET'}`,
    );
    const slow = limited.slow;
    if (slow)
      lines.push(
        `  ${slow.beats} beats over ${slow.slowMs} ms` +
          (slow.beats ? `, due ${slow.firstDueMs}-${slow.lastDueMs} ms into the run` : '') +
          `; the load generator's longest event-loop delay ${slow.generatorMaxLoopDelayMs} ms, ` +
          `longest GC ${slow.generatorLongestGcMs} ms` +
          (slow.generatorLongestGcAtMs === null ? '' : ` at ${slow.generatorLongestGcAtMs} ms`) +
          `, its CPU ${slow.generatorCpuMsPerBeat} ms a beat`,
      );
  }
  return lines;
}

function requireScenario(name: string | undefined): Scenario {
  const scenario = SCENARIOS.find((candidate) => candidate.name === name);
  if (!scenario) throw new Error(`no scenario ${name}`);
  return scenario;
}

/** The length in bytes of the body `scenario`'s requests are answered with (signed in, its body built, as loaded). */
async function answerBytes(url: string, scenario: Scenario): Promise<number> {
  const who = scenario.signedInAs;
  const token = who ? await signIn(url, who, who.roleType) : undefined;
  const body = scenario.bodyFrom ? await scenario.bodyFrom(url, token) : scenario.body;
  const res = await fetch(url + scenario.path, {
    method: scenario.method,
    headers: { ...scenario.headers, ...(token ? { token } : {}) },
    body,
  });
  return (await res.arrayBuffer()).byteLength;
}

/** A port free now (the regulator's, told to the API before the regulator starts). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** SIGTERM to API instances on the first one's database, waiting (at most 5 s each) until they exit. */
async function stopAll(servers: readonly StartedServer[]): Promise<void> {
  await Promise.all(
    servers.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise((resolve) => {
        timer = setTimeout(resolve, 5000);
      });
      await Promise.race([stopped, late]);
      clearTimeout(timer);
    }),
  );
}

const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)));

async function main(): Promise<void> {
  // The built apps are only needed by the page speed.
  if (PAGES || FIRST_PAINT) ensureBuilds({ log: () => undefined });
  const loadBefore = loadAverage();
  process.stdout.write(`uptime: ${execSync('uptime').toString().trim()}\n`);
  // BENCH_ONLY's scenarios run in the order named (e.g. a pair the other way round, to see what the
  // order alone does to them).
  const scenarios = inPairPasses(
    ONLY ? ONLY.flatMap((name) => SCENARIOS.filter((scenario) => scenario.name === name)) : SCENARIOS,
  );
  // The hot reads in rounds around pg-select (A B B A, `hot-rounds.ts`), the rest in their order.
  const passes = schedule(scenarios, BASELINES.select, ROUNDS);
  if (CPU_PROFILE_DIR) fs.mkdirSync(CPU_PROFILE_DIR, { recursive: true });
  // The push bench's regulator runs in a process of its own (`serve-regulator.ts`), as a real one
  // does elsewhere: in the API's process its work shared the sender's event loop.
  const regulatorPort = !ONLY || ONLY.includes('regulator-push') ? await freePort() : null;
  const api = await startChild(
    'serve-api.ts',
    PAGES || FIRST_PAINT ? ['--apps'] : [],
    CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : [],
    regulatorPort
      ? { ...process.env, REGULATOR_MODE: 'live', REGULATOR_API_BASE: `http://127.0.0.1:${regulatorPort}` }
      : process.env,
  );
  let regulator: StartedServer | null = null;
  const servers: Partial<Record<BenchServer, StartedServer>> = { api };
  let second: StartedServer | null = null;
  /** The second and third instances of the instances bench. */
  const extra: StartedServer[] = [];
  let db: Client | null = null;
  try {
    if (!api.databaseUrl) throw new Error('serve-api.ts did not print its database');
    // The baselines only serve the load scenarios.
    if (scenarios.length) {
      servers.hello = await startChild('serve-hello.ts');
      servers.upsert = await startChild('serve-upsert.ts', [api.databaseUrl]);
      servers.select = await startChild('serve-select.ts', [api.databaseUrl]);
    }
    const sizedFloor = scenarios.find((scenario) => scenario.server === 'select-sized');
    if (sizedFloor) {
      const bytes = await answerBytes(api.url, requireScenario(sizedFloor.sizedLike));
      process.stdout.write(`${sizedFloor.name}: answers ${bytes} bytes, as ${sizedFloor.sizedLike} does\n`);
      servers['select-sized'] = await startChild('serve-select.ts', [
        api.databaseUrl,
        `--answer-bytes=${bytes}`,
      ]);
    }
    if (scenarios.some((scenario) => scenario.server === 'api-pair' || scenario.server === 'api-proxied')) {
      // A second instance on the same database, and the one address in front of one or both.
      second = await startChild('serve-api.ts', [], [], { ...process.env, DATABASE_URL: api.databaseUrl });
      servers['api-proxied'] = await startChild('serve-proxy.ts', [api.url]);
      servers['api-pair'] = await startChild('serve-proxy.ts', [api.url, second.url]);
    }
    if (scenarios.some((scenario) => scenario.server === 'api-app')) {
      // The policies' side of issue 28's pair: an instance started as the owner's is, under the
      // application's role (the first API also holds the database, the simulators and the seed).
      servers['api-app'] = await startChild('serve-api.ts', [], [], {
        ...process.env,
        DATABASE_URL: api.databaseUrl,
      });
    }
    if (scenarios.some((scenario) => scenario.server === 'api-owner')) {
      // The same product on the same database, connecting as the owner: the policies do not bind it.
      servers['api-owner'] = await startChild('serve-api.ts', [], [], {
        ...process.env,
        DATABASE_URL: api.databaseUrl,
        DATABASE_APP_URL: api.databaseUrl,
      });
    }
    db = new Client({ connectionString: api.databaseUrl });
    await db.connect();
    const owner = await db.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      'SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user',
    );
    process.stdout.write(
      `owner role (api-owner connects as it): superuser ${owner.rows[0]?.rolsuper}, BYPASSRLS ${owner.rows[0]?.rolbypassrls}\n`,
    );

    const rowPlayer = progressRowPlayer(CONNECTIONS);
    let study: StudyBench | null = null;
    const results: Measured[] = [];
    for (const [index, { scenario, round }] of passes.entries()) {
      if (round !== null)
        process.stdout.write(`pass ${index + 1}/${passes.length}: ${scenario.name}, round ${round}\n`);
      const server = servers[scenario.server];
      if (!server) throw new Error(`${scenario.server} is not running`);
      const { url } = server;
      const token = scenario.signedInAs
        ? await signIn(url, scenario.signedInAs, scenario.signedInAs.roleType)
        : undefined;
      if (token) scenario.headers = { ...scenario.headers, token };
      if (scenario.bodyFrom) scenario.body = await scenario.bodyFrom(url, token);
      if (scenario.plays === 'study-session') study ??= await prepareStudy(url, db, CONNECTIONS);
      const studied = scenario.plays === 'study-session' ? study : null;
      const player: Player<Play> | null =
        studied?.player ?? (scenario.plays === 'progress-row' ? rowPlayer : null);
      if (studied) beginStudyRun(studied, `${scenario.name} (check and warm-up)`);
      const trees = { server: server.child.pid, api: api.child.pid };
      await check(url, scenario, player);
      await load(url, scenario, WARM_UP_SECONDS, player, trees); // warm-up (JIT, connection pool); not recorded
      if (studied) {
        await settleStudyRun(studied, db);
        beginStudyRun(studied, scenario.name);
      }
      results.push(await load(url, scenario, DURATION, player, trees));
      if (studied) await settleStudyRun(studied, db);
    }
    const rounds = hotRounds(passes, results);
    const rows = compare(mergePasses(results), rounds);
    if (rows.length)
      console.table(rows, [
        'name',
        'requestsPerSecond',
        'latencyP50Ms',
        'latencyP99Ms',
        'errors',
        'non2xx',
        'throughputVsHello',
        'throughputVsUpsert',
        'throughputVsSelect',
        'throughputVsSizedSelect',
        'cpuVsSelect',
        'throughputVsOneInstance',
        'nodeCpuMsPerRequest',
        'postgresCpuMsPerRequest',
      ]);
    for (const line of roundLines(rounds)) process.stdout.write(`${line}\n`);
    const audit = study ? await auditStudy(study, db) : null;
    if (study) {
      console.table(
        study.runs.map(({ refusedBy, firstFailure: _first, ...run }: StudyTally) => ({
          ...run,
          creditedSeconds: Number(run.creditedSeconds.toFixed(1)),
          droppedCreditedSeconds: Number(run.droppedCreditedSeconds.toFixed(2)),
          refusedBy: JSON.stringify(refusedBy),
        })),
      );
      const failure = study.runs.find((run) => run.firstFailure)?.firstFailure;
      if (failure) process.stdout.write(`first failed beat: ${failure}\n`);
    }
    if (audit) {
      process.stdout.write(
        `study audit: ${audit.beatsCredited} beats credited, ${audit.beatsRefused} refused, ` +
          `${audit.beatsDropped} dropped with their connection; database ${audit.creditedSecondsInDatabase.toFixed(3)} s = ` +
          `answered ${audit.creditedSecondsAnswered.toFixed(3)} s + dropped beats ${audit.creditedSecondsOfDroppedBeats.toFixed(3)} s; ` +
          `${audit.refusalRowsInDatabase} refusal rows; ` +
          `${audit.mismatches.length ? `${audit.mismatches.length} MISMATCHES` : 'no beat lost or credited twice'}\n`,
      );
      for (const mismatch of audit.mismatches.slice(0, 20)) process.stdout.write(`  ${mismatch}\n`);
    }
    const targets = targetLines(rows);
    // The unit import after the load, so it has the machine to itself.
    let unitImport: ImportBench | null = null;
    if (!ONLY || ONLY.includes('unit-import')) {
      unitImport = await benchUnitImport(api.url, api.child.pid);
      targets.push(
        `unit import: ${unitImport.rows} students ${unitImport.status} in ${unitImport.seconds} s ` +
          `(${unitImport.rowsPerSecond}/s; target < ${IMPORT_TARGET_SECONDS} s: ${unitImport.seconds < IMPORT_TARGET_SECONDS ? 'met' : 'NOT MET'}), ` +
          `API RSS ${unitImport.apiRssBeforeMb} MB before, peak ${unitImport.peakApiRssMb} MB`,
      );
    }
    // The export after the import: it generates (and then deletes) a million classes in the database.
    let classExport: ExportBench | null = null;
    if (!ONLY || ONLY.includes('export')) {
      classExport = await benchExport(api.url, api.child.pid, api.databaseUrl);
      targets.push(exportTargetLine(classExport));
    }
    // The dashboard after the export (whose classes are gone again): it generates a year of activity.
    let dashboard: DashboardBench | null = null;
    if (!ONLY || ONLY.includes('dashboard')) {
      dashboard = await benchDashboard(api.url, api.databaseUrl);
      console.table(dashboard.calls);
      targets.push(...dashboardTargetLines(dashboard));
    }
    // Reporting to the regulator: 10,000 records under its rate limit, an outage in the middle.
    let regulatorPush: RegulatorBench | null = null;
    if (regulatorPort) {
      regulator = await startChild('serve-regulator.ts', [api.databaseUrl, String(regulatorPort)]);
      regulatorPush = await benchRegulatorPush(api.url, api.databaseUrl, regulator.url);
      console.table([regulatorPush]);
      targets.push(regulatorTargetLine(regulatorPush));
    }
    // The hot reads and the heartbeat while an import and an export run (background work).
    let background: BackgroundBench | null = null;
    if (!ONLY || ONLY.includes('background')) {
      background = await benchBackground(api.url, api.databaseUrl, {
        seconds: DURATION,
        connections: CONNECTIONS,
        apiPid: api.child.pid,
      });
      console.table(background.rows);
      targets.push(...backgroundTargetLines(background));
    }
    // 1, 2 and 3 instances on one database behind nginx, and the CPU a request costs (issue 29).
    let instances: InstancesBench | null = null;
    if (!ONLY || ONLY.includes('instances')) {
      const env = { ...process.env, DATABASE_URL: api.databaseUrl, TRUST_PROXY: 'true' };
      extra.push(await startChild('serve-api.ts', [], [], env));
      extra.push(await startChild('serve-api.ts', [], [], env));
      instances = await benchInstances(
        [api, ...extra].map((server) => ({ url: server.url, pid: server.child.pid })),
        { seconds: DURATION, connections: CONNECTIONS, cpus: os.cpus().length },
      );
      console.table(instances.rows);
      targets.push(...instancesTargetLines(instances));
      await stopAll(extra.splice(0));
    }
    // Packaging a 10-minute 720p video as encrypted HLS (issue 32; ffmpeg has the machine).
    let videoPackaging: PackagingBench | null = null;
    if (!ONLY || ONLY.includes('video-packaging')) {
      videoPackaging = await benchVideoPackaging();
      targets.push(packagingTargetLine(videoPackaging));
    }
    // HLS segments served by the API (this one, local storage) and by object storage (issue 32).
    let videoServing: VideoServingBench | null = null;
    if (!ONLY || ONLY.includes('video-serving')) {
      videoServing = await benchVideoServing({ url: api.url, pid: api.child.pid });
      console.table(videoServing.rows);
      targets.push(...videoServingTargetLines(videoServing));
    }
    // HLS segment keys asked by studying students (issue 32: one key request per 4-second segment).
    let hlsKeys: HlsKeysBench | null = null;
    if (!ONLY || ONLY.includes('hls-keys')) {
      hlsKeys = await benchHlsKeys({ url: api.url, pid: api.child.pid }, db, {
        seconds: DURATION,
        connections: CONNECTIONS,
      });
      targets.push(hlsKeysTargetLine(hlsKeys));
    }
    // Start time and memory of the compiled server against tsx, on this database (a restart).
    let startup: StartupRow[] = [];
    if (!ONLY || ONLY.includes('startup')) {
      startup = await benchStartup(api.databaseUrl);
      console.table(startup);
    }
    for (const line of targets) process.stdout.write(`${line}\n`);
    // Page speed after the load runs, so the two never share the CPU.
    const pages = PAGES ? await measurePages(api.url) : [];
    if (pages.length) console.table(pages.map(({ fcpSamplesMs: _fcp, lcpSamplesMs: _lcp, ...page }) => page));
    const firstPaint: FirstPaintRow[] = FIRST_PAINT ? await benchFirstPaint(api.url) : [];
    for (const line of firstPaintTargetLines(firstPaint)) process.stdout.write(`${line}\n`);
    const loadAfter = loadAverage();
    process.stdout.write(`load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')}\n`);
    const run = {
      at: new Date().toISOString(),
      commit: execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? '',
        node: process.version,
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAfter,
      },
      load: {
        durationSeconds: DURATION,
        connections: CONNECTIONS,
        scenarios: ONLY ?? 'all',
        // How the API ran: compiled (`node`, as production) or from its sources (`tsx`).
        api: API_RUNTIME,
        // The hot calls' A B B A rounds against pg-select (each row's `selectRounds`), when they ran.
        ...(rounds.size ? { rounds: ROUNDS } : {}),
      },
      results: rows,
      targets,
      study: study && { runs: study.runs, audit },
      unitImport,
      classExport,
      dashboard,
      regulatorPush,
      background,
      instances,
      videoPackaging,
      videoServing,
      hlsKeys,
      startup,
      pageSpeed: { throttling: { mobile: MOBILE_THROTTLING, desktop: DESKTOP_THROTTLING }, pages },
      firstPaint: { throttling: MOBILE_THROTTLING, rows: firstPaint },
    };
    const dir = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${run.at.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
    process.stdout.write(`Written ${path.relative(ROOT, file)}\n`);
  } finally {
    await db?.end();
    // The API last: it stops the PostgreSQL the baselines and the second instance use.
    // Each gone before the API stops their database (a baseline's pool would fail on it).
    await stopAll(
      (['api-pair', 'api-proxied', 'select-sized', 'select', 'upsert', 'hello'] as const).flatMap((name) => {
        const server = servers[name];
        return server ? [server] : [];
      }),
    );
    regulator?.child.kill('SIGTERM');
    for (const name of ['api-app', 'api-owner'] as const) {
      const instance = servers[name];
      if (!instance) continue;
      const stopped = new Promise((resolve) => instance.child.once('exit', resolve));
      instance.child.kill('SIGTERM');
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    await stopAll([...(second ? [second] : []), ...extra]);
    servers.api?.child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

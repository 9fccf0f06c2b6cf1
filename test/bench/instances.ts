import { DEMO } from '@px/api';
import autocannon from 'autocannon';
import { startNginx } from '../support/nginx';
import { signIn } from './api-client';
import { cpuSince, type TreeCpu, treeCpu } from './process-cpu';

/**
 * Issue 29's row "throughput of 1, 2 and 3 instances behind nginx on this machine and CPU per
 * request": Debian's nginx with the shipped configuration (scripts/nginx.ts, plain HTTP/1.1) in front
 * of the first 1, 2, then 3 API instances on one database, each loaded in turn with the H5 class
 * centre's list as a signed-in student reads it (closed loop). The CPU of the API instances (Node),
 * of PostgreSQL and of nginx is read from /proc around each load and divided by the requests
 * answered: on a 2-core machine shared by all of them throughput cannot grow with instances, while
 * the CPU a request costs tells what a machine with more cores would serve.
 */

/** A started API instance: its URL and the process whose tree holds it (the first: and PostgreSQL). */
export interface BenchInstance {
  url: string;
  pid: number | undefined;
}

export interface InstancesRow {
  instances: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  throughputVsOne: number | null;
  /** CPU milliseconds per answered request: the loaded instances' Node processes, PostgreSQL, nginx. */
  apiCpuMs: number | null;
  postgresCpuMs: number | null;
  nginxCpuMs: number | null;
  /** Their sum: a request's whole cost on the server side. */
  cpuMs: number | null;
  /** The load generator's own (this process, on the same cores). */
  loadGeneratorCpuMs: number;
}

export interface InstancesBench {
  call: string;
  connections: number;
  durationSeconds: number;
  cpus: number;
  rows: InstancesRow[];
}

const CALL = '/api/class/center-page.action';
const WARM_UP_SECONDS = 2;

/** Loads `url` with the class centre's list for `seconds` at `connections`. */
function classCentre(url: string, token: string, seconds: number, connections: number) {
  return autocannon({
    url: `${url}${CALL}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ pageNum: 1, pageSize: 10 }),
    connections,
    duration: seconds,
  });
}

/** The CPU so far of each tree, added up (null without /proc). */
function cpuOf(pids: readonly (number | undefined)[]): TreeCpu | null {
  const trees = pids.map((pid) => treeCpu(pid));
  if (trees.some((tree) => tree === null)) return null;
  return trees.reduce<TreeCpu>(
    (sum, tree) => ({
      nodeMs: sum.nodeMs + (tree?.nodeMs ?? 0),
      postgresMs: sum.postgresMs + (tree?.postgresMs ?? 0),
    }),
    { nodeMs: 0, postgresMs: 0 },
  );
}

/**
 * Runs the three rows over `instances` (three API instances on one database, the first holding
 * the embedded PostgreSQL). Throws when nginx does not start or a call fails.
 */
export async function benchInstances(
  instances: readonly BenchInstance[],
  options: { seconds: number; connections: number; cpus: number },
): Promise<InstancesBench> {
  const first = instances[0];
  if (!first || instances.length < 3) throw new Error('the instances bench needs three instances');
  const student = DEMO.accounts.student;
  const token = await signIn(first.url, { account: student.mobile, password: student.password }, 3);
  const rows: InstancesRow[] = [];
  for (const count of [1, 2, 3]) {
    const loaded = instances.slice(0, count);
    const nginx = await startNginx(loaded.map((instance) => instance.url));
    try {
      await classCentre(nginx.url, token, WARM_UP_SECONDS, options.connections); // JIT, pools, keep-alive
      // PostgreSQL runs in the first instance's tree: its CPU is read there whatever the count.
      const pids = [...new Set([first.pid, ...loaded.map((instance) => instance.pid)])];
      const before = { api: cpuOf(pids), nginx: treeCpu(nginx.pid), generator: process.cpuUsage() };
      const result = await classCentre(nginx.url, token, options.seconds, options.connections);
      const api = cpuSince(before.api, cpuOf(pids));
      const proxy = cpuSince(before.nginx, treeCpu(nginx.pid));
      const generator = process.cpuUsage(before.generator);
      const answered = Math.max(result.requests.total - result.non2xx - result.errors, 1);
      const perRequest = (ms: number | undefined) =>
        ms === undefined ? null : Number((ms / answered).toFixed(3));
      const apiCpuMs = perRequest(api?.nodeMs);
      const postgresCpuMs = perRequest(api?.postgresMs);
      const nginxCpuMs = perRequest(proxy?.nodeMs);
      const requestsPerSecond = Math.round(result.requests.average);
      rows.push({
        instances: count,
        requestsPerSecond,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        throughputVsOne: rows[0]
          ? Number((requestsPerSecond / Math.max(rows[0].requestsPerSecond, 1)).toFixed(2))
          : null,
        apiCpuMs,
        postgresCpuMs,
        nginxCpuMs,
        cpuMs:
          apiCpuMs === null || postgresCpuMs === null || nginxCpuMs === null
            ? null
            : Number((apiCpuMs + postgresCpuMs + nginxCpuMs).toFixed(3)),
        loadGeneratorCpuMs: Number(((generator.user + generator.system) / 1000 / answered).toFixed(3)),
      });
    } finally {
      await nginx.stop();
    }
  }
  return {
    call: 'class/center-page',
    connections: options.connections,
    durationSeconds: options.seconds,
    cpus: options.cpus,
    rows,
  };
}

/** The rows in words: throughput by instances, and what the CPU per request allows per core. */
export function instancesTargetLines(bench: InstancesBench): string[] {
  return bench.rows.map((row) => {
    const cost =
      row.cpuMs === null
        ? 'CPU per request unknown (no /proc)'
        : `CPU ${row.cpuMs} ms a request (API ${row.apiCpuMs}, PostgreSQL ${row.postgresCpuMs}, nginx ${row.nginxCpuMs}): ` +
          `about ${Math.round(1000 / Math.max(row.cpuMs, 0.001))} req/s per core`;
    return (
      `${row.instances} instance${row.instances > 1 ? 's' : ''} behind nginx (${bench.call}): ` +
      `${row.requestsPerSecond} req/s` +
      (row.throughputVsOne === null ? '' : ` (${row.throughputVsOne}x one)`) +
      `, p99 ${row.latencyP99Ms} ms, ${row.errors} errors on ${bench.cpus} cores; ${cost}`
    );
  });
}

import fs from 'node:fs';
import type { Client } from 'pg';

/**
 * CPU time by component of the API and its PostgreSQL (Linux /proc), for the background scenario:
 * where an import's and an export's CPU goes, in CPU-seconds, which move much less with the
 * machine's load than latencies do.
 *
 * - the API's threads: its main thread (the calls, and whatever background work runs there), the
 *   threads at nice 19 (the export writer's worker), and the rest: V8's GC and compiler helpers
 *   and libuv's pool (the export's zip deflates there, at the process's priority). Node 20 names
 *   every thread `node`, so the pool is told apart only where Node names it (`libuv-worker`);
 * - PostgreSQL's processes by what they serve, from `pg_stat_activity` at each sample: the backend
 *   reading an export's cursor (its last statement names `export_rows`), the jobs' pool
 *   (`application_name` `px_jobs`), the other client backends (the calls' pool, pg-boss), and the
 *   server's own processes (WAL writer, checkpointer, autovacuum...).
 *
 * Each sample charges the ticks a thread or process used since the previous one to what it was
 * seen serving then. Reading /proc here costs the bench's own process about a millisecond a sample.
 */

/** Clock ticks per second of /proc's stat files (USER_HZ). */
const TICKS_PER_SECOND = 100;

interface TaskStat {
  comm: string;
  ppid: number;
  nice: number;
  ticks: number;
}

function readStat(file: string): TaskStat | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  const number = (index: number) => Number(fields[index] ?? 0);
  return {
    comm: text.slice(text.indexOf('(') + 1, close),
    ppid: number(1),
    nice: number(16),
    ticks: number(11) + number(12),
  };
}

function numericEntries(dir: string): number[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

/** The node processes of the tree under `rootPid` (the API's: tsx's wrapper and the server itself). */
function nodeProcesses(rootPid: number): number[] {
  const stats = numericEntries('/proc').map((pid) => ({ pid, stat: readStat(`/proc/${pid}/stat`) }));
  const children = new Map<number, number[]>();
  for (const { pid, stat } of stats)
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  const found: number[] = [];
  const visit = (pid: number) => {
    const stat = stats.find((entry) => entry.pid === pid)?.stat;
    if (stat && stat.comm !== 'postgres') found.push(pid);
    if (stat?.comm === 'postgres') return;
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return found;
}

/** The component of an API thread. */
function threadComponent(pid: number, tid: number, stat: TaskStat): string {
  if (tid === pid) return 'api main thread';
  if (stat.nice === 19) return 'api nice-19 threads (export writer)';
  if (stat.comm.startsWith('libuv-worker')) return 'api libuv pool (zlib, fs)';
  return 'api other threads (V8 helpers, libuv pool: zip deflate)';
}

/** The component of a PostgreSQL process, from what pg_stat_activity says it serves. */
function backendComponent(row: ActivityRow | undefined): string {
  if (row?.backend_type !== 'client backend') return 'postgres own processes (WAL, vacuum...)';
  if (/export_rows/.test(row.query ?? '')) return 'postgres export cursor backend';
  if (row.application_name === 'px_jobs') return "postgres jobs' pool backends (import)";
  return "postgres calls' pool and other backends";
}

interface ActivityRow {
  pid: number;
  backend_type: string | null;
  application_name: string | null;
  query: string | null;
}

export interface ComponentCpu {
  /** CPU-seconds by component since the sampler started. */
  seconds: Record<string, number>;
  /** The backends that ran at nice 19 at some sample, by component. */
  niced: Record<string, number>;
}

/**
 * Samples the API tree `apiPid` and the PostgreSQL server `db` is connected to (a local one) every
 * `everyMs` until `stop()`, which answers the CPU-seconds by component.
 */
export async function sampleComponentCpu(apiPid: number, db: Client, everyMs = 500) {
  const postmaster = readStat(
    `/proc/${(await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid}/stat`,
  )?.ppid;
  const apiProcesses = nodeProcesses(apiPid);
  const last = new Map<string, number>();
  const seconds: Record<string, number> = {};
  const niced: Record<string, Set<number>> = {};
  const charge = (key: string, component: string, ticks: number) => {
    const before = last.get(key);
    last.set(key, ticks);
    // A thread or process first seen now is charged from its start (a writer started meanwhile).
    const delta = before === undefined ? (started ? ticks : 0) : ticks - before;
    if (delta > 0) seconds[component] = (seconds[component] ?? 0) + delta / TICKS_PER_SECOND;
  };
  let started = false;
  let busy = false;
  const sample = async () => {
    if (busy) return;
    busy = true;
    try {
      const activity = postmaster
        ? (
            await db.query<ActivityRow>(
              'SELECT pid, backend_type, application_name, query FROM pg_stat_activity',
            )
          ).rows
        : [];
      const byPid = new Map(activity.map((row) => [row.pid, row]));
      for (const pid of apiProcesses)
        for (const tid of numericEntries(`/proc/${pid}/task`)) {
          const stat = readStat(`/proc/${pid}/task/${tid}/stat`);
          if (stat) charge(`t${tid}`, threadComponent(pid, tid, stat), stat.ticks);
        }
      if (postmaster)
        for (const pid of numericEntries('/proc')) {
          const stat = readStat(`/proc/${pid}/stat`);
          if (!stat || stat.ppid !== postmaster) continue;
          const component = backendComponent(byPid.get(pid));
          if (stat.nice === 19) {
            const pids = niced[component] ?? new Set<number>();
            pids.add(pid);
            niced[component] = pids;
          }
          charge(`p${pid}`, component, stat.ticks);
        }
      started = true;
    } finally {
      busy = false;
    }
  };
  await sample();
  const timer = setInterval(() => void sample().catch(() => undefined), everyMs);
  return {
    async stop(): Promise<ComponentCpu> {
      clearInterval(timer);
      while (busy) await new Promise((resolve) => setTimeout(resolve, 10));
      await sample();
      const round = (value: number) => Number(value.toFixed(2));
      return {
        seconds: Object.fromEntries(
          Object.entries(seconds)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([component, value]) => [component, round(value)]),
        ),
        niced: Object.fromEntries(Object.entries(niced).map(([component, pids]) => [component, pids.size])),
      };
    },
  };
}

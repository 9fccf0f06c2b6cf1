import fs from 'node:fs';

/**
 * CPU time spent by the servers' process trees, read from /proc (Linux). On a machine shared with
 * other work, throughput and latency move with the load, while the CPU a request costs moves much
 * less: it tells where the time goes (the server's Node process, or PostgreSQL).
 */

/** CPU milliseconds of a process tree: its PostgreSQL processes and everything else (Node). */
export interface TreeCpu {
  nodeMs: number;
  postgresMs: number;
}

interface ProcessStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime + cutime + cstime: the reaped children's time stays in the tree. */
  ticks: number;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function readStat(pid: number): ProcessStat | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // gone meanwhile
  }
  // pid (comm) state ppid ... utime(14) stime(15) cutime(16) cstime(17); comm may hold spaces.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  const number = (index: number) => Number(fields[index] ?? 0);
  return { pid, ppid: number(1), comm, ticks: number(11) + number(12) + number(13) + number(14) };
}

/** The process `rootPid` and its descendants, or null without /proc or when it is gone. */
function processTree(rootPid: number | undefined): ProcessStat[] | null {
  if (rootPid === undefined || !fs.existsSync('/proc/self/stat')) return null;
  const stats = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcessStat => stat !== null);
  const children = new Map<number, ProcessStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const root = stats.find((stat) => stat.pid === rootPid);
  if (!root) return null;
  const tree: ProcessStat[] = [];
  const visit = (stat: ProcessStat) => {
    tree.push(stat);
    for (const child of children.get(stat.pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

/** The CPU used so far by the process `rootPid` and its descendants, or null without /proc. */
export function treeCpu(rootPid: number | undefined): TreeCpu | null {
  const tree = processTree(rootPid);
  if (!tree) return null;
  const cpu: TreeCpu = { nodeMs: 0, postgresMs: 0 };
  for (const stat of tree) {
    const ms = (stat.ticks * 1000) / TICKS_PER_SECOND;
    if (stat.comm === 'postgres') cpu.postgresMs += ms;
    else cpu.nodeMs += ms;
  }
  return cpu;
}

/** The resident memory (MB) of the Node processes of the tree `rootPid` (PostgreSQL left out), or null. */
export function treeNodeRssMb(rootPid: number | undefined): number | null {
  const tree = processTree(rootPid);
  if (!tree) return null;
  let kb = 0;
  for (const stat of tree) {
    if (stat.comm === 'postgres') continue;
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${stat.pid}/status`, 'utf8'));
      kb += Number(match?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

/**
 * Samples the memory of the Node processes of the tree `pid` every 100 ms until stopped: answers
 * the first reading and the peak, in whole MB (null without /proc).
 */
export function sampleRss(pid: number | undefined) {
  const before = treeNodeRssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    const rss = treeNodeRssMb(pid);
    if (rss !== null && (peak === null || rss > peak)) peak = rss;
  }, 100);
  const round = (mb: number | null) => (mb === null ? null : Math.round(mb));
  return {
    stop: () => {
      clearInterval(timer);
      return { rssBeforeMb: round(before), peakRssMb: round(peak) };
    },
  };
}

/** The CPU used between two readings. */
export function cpuSince(before: TreeCpu | null, after: TreeCpu | null): TreeCpu | null {
  if (!before || !after) return null;
  return { nodeMs: after.nodeMs - before.nodeMs, postgresMs: after.postgresMs - before.postgresMs };
}

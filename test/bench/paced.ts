import net from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { nextBeat, type Play, type Player } from './players';

/**
 * An open-loop load at a steady rate, for the heartbeat's latency target (p99 < 50 ms at 1,000
 * beats/s): each of `plays` beats every `plays / rate` seconds, the plays staggered so the beats
 * arrive evenly (one per millisecond at 1,000/s), a beat waiting for its session's previous answer
 * (a player beats in order). Latency is counted from when the beat was due, so a server that falls
 * behind is charged for the wait. autocannon's rate limit is not used for this: it sends each
 * connection's quota of a second back to back at the start of every second, so all of the second's
 * beats arrive in a burst and the latency measured is the burst's.
 */
export interface PacedResult {
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
  /**
   * Where the slow beats (over `slowMs`) came from, to tell a server's stall from the load
   * generator's own: how many, when the first and last of them were due (ms into the run), the
   * longest the generator's event loop was held up and its longest garbage-collection pause (a stall
   * here delays sending and is charged to the beats, as latency counts from when a beat was due).
   */
  slow?: {
    slowMs: number;
    beats: number;
    firstDueMs: number | null;
    lastDueMs: number | null;
    generatorMaxLoopDelayMs: number;
    generatorLongestGcMs: number;
    generatorLongestGcAtMs: number | null;
    /** The load generator's own CPU per beat sent (it shares the machine with the API). */
    generatorCpuMsPerBeat: number;
  };
}

/**
 * One keep-alive HTTP/1.1 connection that sends a request and reads its answer with as little work
 * as the protocol allows (the request written as one string, the answer framed by its
 * Content-Length), as autocannon does: the load generator shares the machine's cores with the API
 * and PostgreSQL, and Node's `http` client cost about half as much CPU per beat as the API's
 * own, which showed up as the generator's event loop falling behind. An answer without a
 * Content-Length (chunked) is refused as an error: the API's JSON answers always carry one.
 */
class Connection {
  private readonly socket: net.Socket;
  private received: Buffer[] = [];
  private receivedBytes = 0;
  private waiting: {
    resolve: (answer: { status: number; body: string }) => void;
    reject: (error: Error) => void;
  } | null = null;
  closed = false;

  constructor(private readonly url: URL) {
    this.socket = net.connect(Number(url.port), url.hostname);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    const fail = (error: Error) => {
      this.closed = true;
      this.waiting?.reject(error);
      this.waiting = null;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('connection closed')));
  }

  send(request: {
    headers: Record<string, string>;
    body: string;
  }): Promise<{ status: number; body: string }> {
    if (this.closed) return Promise.reject(new Error('connection closed'));
    let head = `POST ${this.url.pathname}${this.url.search} HTTP/1.1\r\nHost: ${this.url.host}\r\n`;
    for (const [name, value] of Object.entries(request.headers)) head += `${name}: ${value}\r\n`;
    head += `Content-Length: ${Buffer.byteLength(request.body)}\r\n\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(head + request.body);
    });
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.received.push(chunk);
    this.receivedBytes += chunk.length;
    const all = this.received.length === 1 ? chunk : Buffer.concat(this.received, this.receivedBytes);
    const headEnd = all.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = all.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    const waiting = this.waiting;
    if (length === undefined) {
      this.waiting = null;
      waiting?.reject(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      this.close();
      return;
    }
    const bodyEnd = headEnd + 4 + Number(length);
    if (all.length < bodyEnd) {
      this.received = [all];
      return;
    }
    this.received = all.length > bodyEnd ? [all.subarray(bodyEnd)] : [];
    this.receivedBytes = all.length - bodyEnd;
    this.waiting = null;
    waiting?.resolve({ status: Number(head.slice(9, 12)), body: all.toString('utf8', headEnd + 4, bodyEnd) });
  }
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : 0;

/** Loads `url` with the player's plays at `rate` beats per second overall for `durationSeconds`. */
export async function pacedLoad<P extends Play>(
  url: string,
  player: Player<P>,
  {
    rate,
    durationSeconds,
    plays,
    slowMs,
  }: { rate: number; durationSeconds: number; plays: number; slowMs: number },
): Promise<PacedResult> {
  const target = new URL(url);
  const intervalMs = (plays * 1000) / rate;
  const start = performance.now() + 50;
  const end = start + durationSeconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const slowDue: number[] = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  let longestGc = { ms: 0, at: null as number | null };
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration > longestGc.ms) longestGc = { ms: entry.duration, at: entry.startTime - start };
    }
  });
  const connections: Connection[] = [];
  const playLoop = async (play: P, index: number) => {
    let connection = new Connection(target);
    connections.push(connection);
    for (let due = start + (index * intervalMs) / plays; due < end; due += intervalMs) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const beat = nextBeat(play);
      play.inFlight = beat;
      if (connection.closed) {
        connection = new Connection(target);
        connections.push(connection);
      }
      try {
        const { status, body } = await connection.send(player.request(play, beat));
        const latency = performance.now() - due;
        latencies.push(latency);
        if (latency > slowMs) slowDue.push(due - start);
        if (status < 200 || status >= 300) non2xx += 1;
        play.inFlight = null;
        player.answered(play, beat, status, body);
      } catch {
        errors += 1;
        play.inFlight = null;
        player.dropped(play, beat);
      }
    }
  };
  const used = player.plays.slice(0, plays);
  if (used.length < plays)
    throw new Error(`more plays wanted (${plays}) than the player has (${used.length})`);
  loopDelay.enable();
  gcObserver.observe({ entryTypes: ['gc'] });
  const cpuBefore = process.cpuUsage();
  await Promise.all(used.map(playLoop));
  const cpu = process.cpuUsage(cpuBefore);
  loopDelay.disable();
  gcObserver.disconnect();
  for (const connection of connections) connection.close();
  slowDue.sort((a, b) => a - b);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / durationSeconds),
    latencyP50Ms: Math.round(percentile(sorted, 50)),
    latencyP99Ms: Math.round(percentile(sorted, 99)),
    errors,
    non2xx,
    slow: {
      slowMs,
      beats: slowDue.length,
      firstDueMs: slowDue.length ? Math.round(slowDue[0] ?? 0) : null,
      lastDueMs: slowDue.length ? Math.round(slowDue[slowDue.length - 1] ?? 0) : null,
      generatorMaxLoopDelayMs: Math.round(loopDelay.max / 1e6),
      generatorLongestGcMs: Math.round(longestGc.ms),
      generatorLongestGcAtMs: longestGc.at === null ? null : Math.round(longestGc.at),
      generatorCpuMsPerBeat: Number(
        ((cpu.user + cpu.system) / 1000 / Math.max(latencies.length, 1)).toFixed(3),
      ),
    },
  };
}

import http from 'node:http';
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
}

/** One beat of `play` sent to `url` (keep-alive `agent`); resolves with its status and body, rejects on a socket error. */
function send(
  url: URL,
  agent: http.Agent,
  request: { headers: Record<string, string>; body: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...request.headers, 'Content-Length': Buffer.byteLength(request.body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : 0;

/** Loads `url` with the player's plays at `rate` beats per second overall for `durationSeconds`. */
export async function pacedLoad<P extends Play>(
  url: string,
  player: Player<P>,
  { rate, durationSeconds, plays }: { rate: number; durationSeconds: number; plays: number },
): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: plays });
  const target = new URL(url);
  const intervalMs = (plays * 1000) / rate;
  const start = performance.now() + 50;
  const end = start + durationSeconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const playLoop = async (play: P, index: number) => {
    for (let due = start + (index * intervalMs) / plays; due < end; due += intervalMs) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const beat = nextBeat(play);
      play.inFlight = beat;
      try {
        const { status, body } = await send(target, agent, player.request(play, beat));
        latencies.push(performance.now() - due);
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
  await Promise.all(used.map(playLoop));
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / durationSeconds),
    latencyP50Ms: Math.round(percentile(sorted, 50)),
    latencyP99Ms: Math.round(percentile(sorted, 99)),
    errors,
    non2xx,
  };
}

import autocannon from 'autocannon';
import type { Client } from 'pg';
import { cpuSince, treeCpu } from './process-cpu';
import { prepareStudy } from './study-load';
import type { ServedApi } from './video-serving';

/**
 * HLS key requests at scale (issue 32, docs/video.md "Keys at scale"): a player asks the API for
 * the AES-128 key of every 4-second segment, so 50,000 learners are about 12,500 key requests a
 * second. Students made for the bench (`prepareStudy`: signed in, each with a live study session
 * of a packaged demo lesson) fetch their own session's segment keys, one student per connection,
 * each going through the SD segments' keys in turn; the API's CPU (its Node process and its
 * PostgreSQL apart) is read across the run.
 */

const WARM_UP_SECONDS = 2;

export interface HlsKeysBench {
  connections: number;
  seconds: number;
  /** SD segments (and so keys) of the played video. */
  segments: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
  /** The API's Node process, and its PostgreSQL, per 1,000 key requests (null without /proc). */
  nodeCpuMsPer1000Keys: number | null;
  postgresCpuMsPer1000Keys: number | null;
}

/** The folder of a play URL (`/api/media/hls/<token>/master.m3u8`): where its keys are. */
const folderOf = (playUrl: string) => playUrl.slice(0, playUrl.lastIndexOf('/') + 1);

/**
 * autocannon's `requests`: each connection (autocannon deep-clones the request for each, so its
 * `connection` holder is its own) takes the next student's folder and asks its keys in turn.
 */
function keyRequests(folders: readonly string[], segments: number): autocannon.Request[] {
  interface ConnectionRequest extends autocannon.Request {
    connection: { folder?: string; next: number };
  }
  let handedOut = 0;
  const request: ConnectionRequest = {
    method: 'GET',
    connection: { next: 0 },
    setupRequest: (req) => {
      const connection = (req as ConnectionRequest).connection;
      if (!connection.folder) {
        const folder = folders[handedOut];
        if (!folder) throw new Error(`more connections than students (${folders.length})`);
        handedOut += 1;
        connection.folder = folder;
      }
      const path = `${connection.folder}sd/${connection.next % segments}.key`;
      connection.next += 1;
      return { ...req, path };
    },
  };
  return [request];
}

/** Loads the key route for `seconds` at `connections` connections; what it answered and cost. */
async function loadKeys(
  api: ServedApi,
  folders: readonly string[],
  segments: number,
  options: { seconds: number; connections: number },
) {
  const before = treeCpu(api.pid);
  const result = await autocannon({
    url: api.url,
    connections: options.connections,
    duration: options.seconds,
    requests: keyRequests(folders, segments),
  });
  const used = cpuSince(before, treeCpu(api.pid));
  const requests = result.requests.total;
  const per1000 = (ms: number | undefined) =>
    ms === undefined ? null : Math.round((ms * 1000) / Math.max(requests, 1));
  return {
    requests,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    nodeCpuMsPer1000Keys: per1000(used?.nodeMs),
    postgresCpuMsPer1000Keys: per1000(used?.postgresMs),
  };
}

/**
 * Prepares `connections` students with a live study session each (on the API's database `db`),
 * checks that every session's first key is served, then measures the key route (after a warm-up).
 * Throws when the demo lesson is not packaged as HLS or a key is refused before the load.
 */
export async function benchHlsKeys(
  api: ServedApi,
  db: Client,
  options: { seconds: number; connections: number },
): Promise<HlsKeysBench> {
  const study = await prepareStudy(api.url, db, options.connections, { packaged: true });
  const folders = study.player.plays.map((play) => folderOf(play.playUrl));
  const [first] = folders;
  if (!first?.startsWith('/api/media/hls/')) throw new Error(`the demo lesson is not HLS: ${first}`);
  const playlist = await (await fetch(`${api.url}${first}sd.m3u8`)).text();
  const segments = playlist
    .split('\n')
    .filter((line) => /^sd\/\d+\.key/.test(line.split('"')[1] ?? '')).length;
  if (segments === 0) throw new Error(`no segment keys in the SD playlist: ${playlist.slice(0, 300)}`);
  for (const folder of folders) {
    const res = await fetch(`${api.url}${folder}sd/0.key`);
    const key = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || key.length !== 16) throw new Error(`${folder}sd/0.key: HTTP ${res.status}`);
  }
  await loadKeys(api, folders, segments, { ...options, seconds: WARM_UP_SECONDS });
  const measured = await loadKeys(api, folders, segments, options);
  return { connections: options.connections, seconds: options.seconds, segments, ...measured };
}

/** The line the bench prints. */
export function hlsKeysTargetLine(bench: HlsKeysBench): string {
  return (
    `HLS keys: ${bench.requestsPerSecond} req/s at ${bench.connections} connections ` +
    `(students with a live study session, ${bench.segments} keys each), p99 ${bench.latencyP99Ms} ms, ` +
    `${bench.non2xx} refused; per 1,000 key requests API CPU ${bench.nodeCpuMsPer1000Keys} ms, ` +
    `PostgreSQL CPU ${bench.postgresCpuMsPer1000Keys} ms`
  );
}

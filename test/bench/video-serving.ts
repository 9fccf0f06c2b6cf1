import { spawn } from 'node:child_process';
import path from 'node:path';
import { DEMO } from '@px/api';
import type { ResourcePage, ResourcePlayAnswer } from '@px/api/contract';
import { s3EnvOf, startTestS3 } from '../support/s3';
import { post, signIn } from './api-client';
import { cpuSince, treeCpu } from './process-cpu';

const ROOT = path.resolve(__dirname, '..', '..');
/** Segment requests per measurement (BENCH_SEGMENT_REQUESTS, default 1,000). */
const SEGMENT_REQUESTS = Number(process.env.BENCH_SEGMENT_REQUESTS ?? 1000);
/** Rendition playlists fetched to measure what one costs (BENCH_PLAYLIST_REQUESTS, default 200). */
const PLAYLIST_REQUESTS = Number(process.env.BENCH_PLAYLIST_REQUESTS ?? 200);
/** Requests in flight at once (a few players). */
const CONCURRENCY = 10;

/** A running API: its address and the process whose tree's CPU is read. */
export interface ServedApi {
  url: string;
  pid: number | undefined;
}

/** One way of serving segments, measured on its own API. */
export interface VideoServingRow {
  servedBy: 'api' | 'storage';
  /** Segments the measured rendition playlist names. */
  playlistSegments: number;
  segmentRequests: number;
  /** The API's CPU (its Node process and its PostgreSQL) per 1,000 segment requests. */
  apiCpuMsPer1000Segments: number | null;
  /** The API's CPU over as many seconds of no requests (its jobs polling): the floor of the above. */
  idleCpuMsSameSeconds: number | null;
  segmentSeconds: number;
  /** The API's CPU per rendition playlist (with object storage it presigns every segment). */
  apiCpuMsPerPlaylist: number | null;
}

export interface VideoServingBench {
  rows: VideoServingRow[];
}

const round = (value: number) => Math.round(value * 10) / 10;
const cpuMs = (before: ReturnType<typeof treeCpu>, after: ReturnType<typeof treeCpu>) => {
  const used = cpuSince(before, after);
  return used && used.nodeMs + used.postgresMs;
};

/** Runs `count` requests `CONCURRENCY` at a time; throws at the first answer that is not 200. */
async function inFlight(count: number, request: (index: number) => Promise<Response>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      const res = await request(index);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${res.url}: HTTP ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/**
 * Measures one API: signs in as the demo project admin, takes its longest packaged demo video's
 * preview, then reads the API's CPU across PLAYLIST_REQUESTS fetches of its SD playlist and across
 * SEGMENT_REQUESTS fetches of the segments that playlist names (in turn, each read whole): from
 * the API itself with the local storage, from storage (presigned URLs) with object storage.
 */
async function measure(api: ServedApi, servedBy: VideoServingRow['servedBy']): Promise<VideoServingRow> {
  const token = await signIn(api.url, DEMO.accounts.projectAdmin, 1);
  const page = await post<ResourcePage>(
    `${api.url}/api/resource/query.action`,
    { pageNum: 1, pageSize: 50 },
    token,
  );
  const [longest] = page.list
    .filter((item) => item.status === 'READY')
    .sort((a, b) => b.durationSeconds - a.durationSeconds);
  if (!longest) throw new Error('no playable demo video');
  const play = await post<ResourcePlayAnswer>(
    `${api.url}/api/resource/play-url.action`,
    { id: longest.id },
    token,
  );
  if (!play.url?.endsWith('.m3u8')) throw new Error(`the demo video is not HLS: ${play.url}`);
  const playlistUrl = new URL('sd.m3u8', `${api.url}${play.url}`).toString();

  let playlist = '';
  const playlistsBefore = treeCpu(api.pid);
  await inFlight(PLAYLIST_REQUESTS, async () => {
    const res = await fetch(playlistUrl);
    playlist = await res.clone().text();
    return res;
  });
  const playlistCpu = cpuMs(playlistsBefore, treeCpu(api.pid));
  const segments = playlist
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => new URL(line, playlistUrl).toString());
  const apiOrigin = new URL(api.url).origin;
  const fromStorage = segments.every((url) => new URL(url).origin !== apiOrigin);
  if (fromStorage !== (servedBy === 'storage')) throw new Error(`segments not served by the ${servedBy}`);
  const key = await fetch(new URL('sd/0.key', playlistUrl));
  if (key.status !== 200) throw new Error(`the key answered HTTP ${key.status}`);

  const started = Date.now();
  const segmentsBefore = treeCpu(api.pid);
  await inFlight(SEGMENT_REQUESTS, (index) => fetch(segments[index % segments.length] as string));
  const segmentCpu = cpuMs(segmentsBefore, treeCpu(api.pid));
  const seconds = (Date.now() - started) / 1000;
  const idleBefore = treeCpu(api.pid);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const idleCpu = cpuMs(idleBefore, treeCpu(api.pid));
  return {
    servedBy,
    playlistSegments: segments.length,
    segmentRequests: SEGMENT_REQUESTS,
    apiCpuMsPer1000Segments: segmentCpu === null ? null : round((segmentCpu * 1000) / SEGMENT_REQUESTS),
    idleCpuMsSameSeconds: idleCpu === null ? null : round((idleCpu * 1000) / SEGMENT_REQUESTS),
    segmentSeconds: round(seconds),
    apiCpuMsPerPlaylist: playlistCpu === null ? null : round(playlistCpu / PLAYLIST_REQUESTS),
  };
}

/** Starts the API (serve-api.ts: its own embedded PostgreSQL, demo data packaged) with `env`. */
async function startApi(env: NodeJS.ProcessEnv) {
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(__dirname, 'serve-api.ts')],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`serve-api.ts exited with ${code}`)));
  });
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  };
  return { api: { url, pid: child.pid }, stop };
}

/**
 * The API's CPU per 1,000 HLS segment requests (issue 32) when the API serves the segments (the
 * local storage: `local`, the running bench API when given) and when object storage does (a second
 * API with STORAGE_PROVIDER=s3 against s3rver in this process, so the storage's own CPU is not the
 * API's): the playlists name presigned storage URLs and the API serves only playlists and keys.
 */
export async function benchVideoServing(local?: ServedApi): Promise<VideoServingBench> {
  const rows: VideoServingRow[] = [];
  const started = local ? null : await startApi(process.env);
  try {
    rows.push(await measure(local ?? (started as Awaited<ReturnType<typeof startApi>>).api, 'api'));
  } finally {
    await started?.stop();
  }
  const sim = await startTestS3();
  try {
    const withStorage = await startApi({ ...process.env, ...s3EnvOf(sim) });
    try {
      rows.push(await measure(withStorage.api, 'storage'));
    } finally {
      await withStorage.stop();
    }
  } finally {
    await sim.close();
  }
  return { rows };
}

/** The lines the bench prints. */
export function videoServingTargetLines(bench: VideoServingBench): string[] {
  return bench.rows.map(
    (row) =>
      `video serving by the ${row.servedBy}: API CPU ${row.apiCpuMsPer1000Segments} ms per 1,000 segment requests ` +
      `(idle over the same ${row.segmentSeconds} s: ${row.idleCpuMsSameSeconds} ms), ` +
      `${row.apiCpuMsPerPlaylist} ms per playlist of ${row.playlistSegments} segments`,
  );
}

if (require.main === module) {
  benchVideoServing().then(
    (bench) => {
      console.table(bench.rows);
      for (const line of videoServingTargetLines(bench)) process.stdout.write(`${line}\n`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

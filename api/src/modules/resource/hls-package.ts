import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../storage/storage';
import {
  HLS_RENDITIONS,
  type HlsPackage,
  type HlsRendition,
  type HlsRenditionName,
  hlsSegmentKey,
} from './hls';

/** Seconds per segment (every segment starts on a key frame forced at these times). */
export const HLS_SEGMENT_SECONDS = 4;

/** Each rendition's tallest picture and its bit rate ceiling (a source is never scaled up). */
const RENDITION_SPECS: Record<HlsRenditionName, { height: number; maxrate: number; audio: number }> = {
  sd: { height: 480, maxrate: 800_000, audio: 64_000 },
  hd: { height: 720, maxrate: 2_000_000, audio: 128_000 },
};

/** The longest a packaging may run before ffmpeg is stopped. */
const FFMPEG_TIMEOUT_MS = 50 * 60 * 1000;

/** Packaging failed: `message` is the reason shown with 失败 (zh-CN). */
export class PackagingError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PackagingError';
  }
}

let ffmpegPath: string | null = null;

/**
 * The ffmpeg binary shipped by the `@ffmpeg-installer/<platform>` registry package (nothing is
 * downloaded at install or run time). Loaded on first use, so a platform without one fails only
 * the packaging (with a reason), not the API's start.
 */
export function ffmpegBinary(): string {
  if (!ffmpegPath) {
    try {
      const installer = createRequire(__filename)('@ffmpeg-installer/ffmpeg') as { path: string };
      ffmpegPath = installer.path;
    } catch (error) {
      throw new PackagingError('服务器缺少转码程序（ffmpeg）', { cause: error });
    }
  }
  return ffmpegPath;
}

/** Runs ffmpeg with `args`; rejects with PackagingError carrying the last lines of its errors. */
export function runFfmpeg(args: string[], timeoutMs = FFMPEG_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegBinary(), ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new PackagingError('转码程序无法启动', { cause: error }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve();
      const last = errors.trim().split('\n').slice(-2).join(' ').slice(0, 200);
      reject(new PackagingError(signal ? '转码超时' : `转码失败：${last || `ffmpeg 退出码 ${code}`}`));
    });
  });
}

/** The durations and files of a media playlist ffmpeg wrote. */
function readPlaylist(text: string): { duration: number; file: string }[] {
  const segments: { duration: number; file: string }[] = [];
  let duration: number | null = null;
  for (const line of text.split('\n').map((one) => one.trim())) {
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#') && duration !== null) {
      segments.push({ duration: Math.round(duration * 1000) / 1000, file: line });
      duration = null;
    }
  }
  return segments;
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** What packaging needs of a video: where it is, its picture size. */
export interface PackagedVideo {
  id: number;
  projectId: number | null;
  storageKey: string;
  width: number | null;
  height: number | null;
}

/** A finished package: its manifest (for `resource.hls`), its key and every stored segment key. */
export interface PackageResult {
  pkg: HlsPackage;
  key: Buffer;
  segmentKeys: string[];
}

/**
 * Packages a stored MP4 as encrypted HLS: SD and HD renditions (H.264 + AAC, no taller than the
 * source), segments of HLS_SEGMENT_SECONDS encrypted with AES-128 under a new random key and IV
 * (ffmpeg's `-hls_key_info_file`), each stored in the file storage under a new package folder. The
 * original is read from the storage into a temporary folder, removed afterwards. Throws
 * PackagingError (the reason) when ffmpeg cannot read or encode the file.
 */
export async function packageVideo(
  storage: FileStorage,
  video: PackagedVideo,
  options: { threads?: number } = {},
): Promise<PackageResult> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'px-hls-'));
  const segmentKeys: string[] = [];
  try {
    const source = path.join(work, 'source.mp4');
    await pipeline(await storage.get(video.storageKey), fs.createWriteStream(source));
    const key = randomBytes(16);
    const iv = randomBytes(16).toString('hex');
    const keyFile = path.join(work, 'key.bin');
    await fs.promises.writeFile(keyFile, key, { mode: 0o600 });
    const keyInfo = path.join(work, 'key.info');
    // Line 1 is the key URI ffmpeg writes into its playlist: unused, the API writes its own.
    await fs.promises.writeFile(keyInfo, `key\n${keyFile}\n${iv}\n`);

    const pkg: HlsPackage = { id: randomUUID().replace(/-/g, '').slice(0, 16), iv, renditions: [] };
    const sourceHeight = video.height ?? RENDITION_SPECS.hd.height;
    const sourceWidth = video.width ?? Math.round((sourceHeight * 16) / 9);
    for (const name of HLS_RENDITIONS) {
      const spec = RENDITION_SPECS[name];
      const height = even(Math.min(spec.height, sourceHeight));
      const width = even((sourceWidth * height) / sourceHeight);
      const folder = path.join(work, name);
      await fs.promises.mkdir(folder);
      await runFfmpeg([
        '-y',
        '-i',
        source,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-vf',
        `scale=${width}:${height}`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-profile:v',
        'main',
        '-pix_fmt',
        'yuv420p',
        '-crf',
        '23',
        '-maxrate',
        String(spec.maxrate),
        '-bufsize',
        String(spec.maxrate * 2),
        '-force_key_frames',
        `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`,
        '-sc_threshold',
        '0',
        ...(options.threads ? ['-threads', String(options.threads)] : []),
        '-c:a',
        'aac',
        '-b:a',
        String(spec.audio),
        '-ac',
        '2',
        '-f',
        'hls',
        '-hls_time',
        String(HLS_SEGMENT_SECONDS),
        '-hls_playlist_type',
        'vod',
        '-hls_key_info_file',
        keyInfo,
        '-hls_segment_filename',
        path.join(folder, '%d.ts'),
        path.join(folder, 'index.m3u8'),
      ]);
      const written = readPlaylist(await fs.promises.readFile(path.join(folder, 'index.m3u8'), 'utf8'));
      if (!written.length) throw new PackagingError('转码失败：没有生成任何分片');
      const rendition: HlsRendition = { name, width, height, bandwidth: 0, segments: [] };
      for (const [index, segment] of written.entries()) {
        const file = path.join(folder, path.basename(segment.file));
        const storageKey = hlsSegmentKey(video, pkg, name, index);
        const stored = await storage.put(storageKey, fs.createReadStream(file));
        segmentKeys.push(storageKey);
        rendition.segments.push(segment.duration);
        const bits = (stored.size * 8) / Math.max(segment.duration, 0.5);
        rendition.bandwidth = Math.max(rendition.bandwidth, Math.ceil(bits));
      }
      pkg.renditions.push(rendition);
    }
    return { pkg, key, segmentKeys };
  } catch (error) {
    await deleteKeys(storage, segmentKeys);
    throw error;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** The storage keys of every segment of a package. */
export function packageSegmentKeys(
  video: { projectId: number | null; id: number },
  pkg: HlsPackage,
): string[] {
  return pkg.renditions.flatMap((rendition) =>
    rendition.segments.map((_, index) => hlsSegmentKey(video, pkg, rendition.name, index)),
  );
}

/** Deletes stored objects, ignoring those already gone. */
export async function deleteKeys(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) await storage.delete(key).catch(() => undefined);
}

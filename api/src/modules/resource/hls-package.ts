import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { audioLanguageTag } from '@px/config';
import type { FileStorage } from '../storage/storage';
import {
  encryptSegment,
  HLS_AUDIO_MAX,
  HLS_RENDITIONS,
  type HlsAudioRendition,
  type HlsPackage,
  type HlsRenditionName,
  hlsSegmentKey,
  segmentCipherKey,
} from './hls';

/**
 * The version of this packaging, recorded with every package (`resource.packager_version`). Bump it
 * whenever a change here makes the packages built before it worth building again: at the next start
 * the stale-package sweep (`resource.repackage-stale`) queues each older package for re-packaging in
 * the background, once per version (docs/video.md, "Re-packaging").
 * - 1: packages built before versioning (migration 0057 marks them so), among them those whose
 *   audio renditions led the picture;
 * - 2: every rendition written on one clock (`-output_ts_offset`, HLS_TIMESTAMP_OFFSET_SECONDS);
 * - 3: each segment under a key of its own (`keyPerSegment`), so a trial holds only its segments' keys.
 */
export const PACKAGER_VERSION = 3;

/** Seconds per segment (every segment starts on a key frame forced at these times). */
export const HLS_SEGMENT_SECONDS = 4;

/** Each rendition's tallest picture and its bit rate ceiling (a source is never scaled up). */
const RENDITION_SPECS: Record<HlsRenditionName, { height: number; maxrate: number; audio: number }> = {
  sd: { height: 480, maxrate: 800_000, audio: 64_000 },
  hd: { height: 720, maxrate: 2_000_000, audio: 128_000 },
};

/** The bit rate of an audio rendition (one language's track, when the file has several). */
const AUDIO_RENDITION_BITRATE = 96_000;

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

/** How an ffmpeg run ended: its exit code (or the signal that stopped it) and its last errors. */
interface FfmpegExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** nice(1) of Debian's coreutils (and of every Linux distribution). */
const NICE_BINARY = '/usr/bin/nice';

/**
 * The command that runs ffmpeg with `args`; `background`: on Linux through nice(1) at the lowest
 * CPU priority (19), so the packaging job (an upload's, a retry's, the stale-package sweep's: work
 * using every core) yields the CPU to students' calls and runs at full speed on idle cores; nice(1)
 * sets it before ffmpeg starts, so every thread ffmpeg makes inherits it. The demo seed, which
 * `npm start` waits for, packages at the normal priority.
 */
export function ffmpegCommand(args: string[], background = false): { command: string; args: string[] } {
  const ffmpegArgs = ['-hide_banner', '-nostdin', ...args];
  if (background && process.platform === 'linux' && fs.existsSync(NICE_BINARY))
    return { command: NICE_BINARY, args: ['-n', '19', ffmpegBinary(), ...ffmpegArgs] };
  return { command: ffmpegBinary(), args: ffmpegArgs };
}

/** Runs ffmpeg with `args`, keeping the last `keepChars` of what it writes to stderr. */
function spawnFfmpeg(
  args: string[],
  timeoutMs: number,
  keepChars: number,
  background = false,
): Promise<FfmpegExit> {
  return new Promise((resolve, reject) => {
    const { command, args: commandArgs } = ffmpegCommand(args, background);
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-keepChars);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new PackagingError('转码程序无法启动', { cause: error }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr });
    });
  });
}

/** Runs ffmpeg with `args`; rejects with PackagingError carrying the last lines of its errors. */
export async function runFfmpeg(
  args: string[],
  timeoutMs = FFMPEG_TIMEOUT_MS,
  background = false,
): Promise<void> {
  const { code, signal, stderr } = await spawnFfmpeg(
    ['-loglevel', 'error', ...args],
    timeoutMs,
    4000,
    background,
  );
  if (code === 0) return;
  const last = stderr.trim().split('\n').slice(-2).join(' ').slice(0, 200);
  throw new PackagingError(signal ? '转码超时' : `转码失败：${last || `ffmpeg 退出码 ${code}`}`);
}

/** An audio stream of a file: its place among the file's audio streams, its language code, whether it is the default. */
export interface AudioStream {
  /** 0 for the first audio stream (ffmpeg's `0:a:<index>`). */
  index: number;
  /** The stream's language code as the file tags it (`chi`, `eng`, `und`), null when untagged. */
  code: string | null;
  isDefault: boolean;
}

/** `Stream #0:1(chi): Audio: aac …` (newer ffmpeg adds the stream id: `Stream #0:1[0x2](chi): Audio:`). */
const AUDIO_STREAM_LINE = /^\s*Stream #0:\d+(?:\[[^\]]*\])?(?:\(([^)]*)\))?: Audio:(.*)$/;

/** The audio streams ffmpeg lists for its input (the `Stream #0:n(lang): Audio: …` lines of `-i`). */
export function parseAudioStreams(listing: string): AudioStream[] {
  const streams: AudioStream[] = [];
  for (const line of listing.split('\n')) {
    const match = AUDIO_STREAM_LINE.exec(line.trimEnd());
    if (!match) continue;
    streams.push({
      index: streams.length,
      code: match[1] ? match[1] : null,
      isDefault: /\(default\)/.test(match[2] ?? ''),
    });
  }
  return streams;
}

/** What ffmpeg lists of a media file given as its only input (`Duration: …, start: …`, `Stream #0:n …`). */
export async function readInputListing(file: string): Promise<string> {
  // Without an output ffmpeg lists its input and exits with 1: the listing is what is wanted.
  const { stderr } = await spawnFfmpeg(['-i', file], 60_000, 64_000);
  return stderr;
}

/** The audio streams of a media file, read from ffmpeg's listing of its input. */
export async function probeAudioStreams(file: string): Promise<AudioStream[]> {
  return parseAudioStreams(await readInputListing(file));
}

/** One language's audio to package: the stream (`0:a:<index>`) and the language's tag. */
export interface LanguageTrack {
  index: number;
  language: string;
}

/**
 * The languages of a file's audio (their tags, @px/config audio-language.ts), the default one first
 * (the first stream marked default, else the first tagged), and the tracks to package as audio
 * renditions: the first stream of each language, when there are at least two languages (else
 * none: the sound stays in the video renditions, as for a file of one language or none). Streams
 * without a language (`und`) are not counted; at most HLS_AUDIO_MAX languages.
 */
export function languageTracks(streams: readonly AudioStream[]): {
  languages: string[];
  tracks: LanguageTrack[];
} {
  const byLanguage = new Map<string, LanguageTrack>();
  let defaultLanguage: string | null = null;
  for (const stream of streams) {
    const language = audioLanguageTag(stream.code);
    if (!language) continue;
    if (!byLanguage.has(language)) byLanguage.set(language, { index: stream.index, language });
    if (stream.isDefault && defaultLanguage === null) defaultLanguage = language;
  }
  const found = [...byLanguage.values()];
  const first = found.find((track) => track.language === defaultLanguage) ?? found[0];
  const ordered = first ? [first, ...found.filter((track) => track !== first)] : [];
  const tracks = ordered.slice(0, HLS_AUDIO_MAX);
  return { languages: tracks.map((track) => track.language), tracks: tracks.length >= 2 ? tracks : [] };
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

/**
 * A finished package: its manifest (for `resource.hls`), its key, every stored segment key and the
 * languages of the file's audio (for `resource.audio_languages`, the default first).
 */
export interface PackageResult {
  pkg: HlsPackage;
  key: Buffer;
  segmentKeys: string[];
  audioLanguages: string[];
}

/**
 * Seconds added to every rendition's timestamps (before the MPEG-TS muxer's own 1.4 s), the same
 * for the video and the audio renditions so that their segments share the source's clock. Without
 * it each ffmpeg run shifts its own output to start at zero from its first packet's lead: the video
 * by the encoder's B-frame delay (2 frames: 133 ms at 15 fps, 80 ms at 25 fps), the audio by AAC's
 * priming (1024 samples, 21–23 ms), and an audio rendition packaged in a run of its own played
 * ahead of the picture by the difference. Larger than any such lead, so no run shifts.
 */
const HLS_TIMESTAMP_OFFSET_SECONDS = 10;

/** The HLS output of one rendition: segments of HLS_SEGMENT_SECONDS into `folder` (encrypted afterwards). */
const hlsOutput = (folder: string) => [
  '-output_ts_offset',
  String(HLS_TIMESTAMP_OFFSET_SECONDS),
  '-f',
  'hls',
  '-hls_time',
  String(HLS_SEGMENT_SECONDS),
  '-hls_playlist_type',
  'vod',
  '-hls_segment_filename',
  path.join(folder, '%d.ts'),
  path.join(folder, 'index.m3u8'),
];

/**
 * Packages a stored MP4 as encrypted HLS: SD and HD renditions (H.264 + AAC, no taller than the
 * source), segments of HLS_SEGMENT_SECONDS each encrypted with AES-128 under a key of its own
 * (`segmentCipherKey`, derived from a new random package secret) and a new random IV, each stored
 * in the file storage under a new package folder. A file with audio in several languages
 * (`languageTracks`) gets one AAC audio rendition per language (`a0`, the default, `a1`, …), and
 * its video renditions no sound;
 * every rendition's timestamps start HLS_TIMESTAMP_OFFSET_SECONDS late, so sound and picture line up. The
 * original is read from the storage into a temporary folder, removed afterwards. Throws
 * PackagingError (the reason) when ffmpeg cannot read or encode the file. `background` (the
 * packaging job) runs ffmpeg at the lowest CPU priority (`ffmpegCommand`).
 */
export async function packageVideo(
  storage: FileStorage,
  video: PackagedVideo,
  options: { threads?: number; background?: boolean } = {},
): Promise<PackageResult> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'px-hls-'));
  const segmentKeys: string[] = [];
  const threads = options.threads ? ['-threads', String(options.threads)] : [];
  try {
    const source = path.join(work, 'source.mp4');
    await pipeline(await storage.get(video.storageKey), fs.createWriteStream(source));
    const key = randomBytes(16);
    const iv = randomBytes(16).toString('hex');
    const { languages, tracks } = languageTracks(await probeAudioStreams(source));

    const pkg: HlsPackage = {
      id: randomUUID().replace(/-/g, '').slice(0, 16),
      iv,
      renditions: [],
      keyPerSegment: true,
    };
    /**
     * Runs ffmpeg into a new folder `name` and stores its segments, each encrypted under its own
     * key (ffmpeg's own encryption has one key for a run): their durations and peak bit rate.
     */
    const encode = async (name: string, args: string[]) => {
      const folder = path.join(work, name);
      await fs.promises.mkdir(folder);
      await runFfmpeg(
        ['-y', '-i', source, ...args, ...threads, ...hlsOutput(folder)],
        FFMPEG_TIMEOUT_MS,
        options.background,
      );
      const written = readPlaylist(await fs.promises.readFile(path.join(folder, 'index.m3u8'), 'utf8'));
      if (!written.length) throw new PackagingError('转码失败：没有生成任何分片');
      const result = { segments: [] as number[], bandwidth: 0 };
      for (const [index, segment] of written.entries()) {
        const file = path.join(folder, path.basename(segment.file));
        const storageKey = hlsSegmentKey(video, pkg, name, index);
        const encrypted = encryptSegment(
          await fs.promises.readFile(file),
          segmentCipherKey(key, name, index),
          iv,
        );
        const stored = await storage.put(storageKey, encrypted);
        segmentKeys.push(storageKey);
        result.segments.push(segment.duration);
        const bits = (stored.size * 8) / Math.max(segment.duration, 0.5);
        result.bandwidth = Math.max(result.bandwidth, Math.ceil(bits));
      }
      return result;
    };

    const sourceHeight = video.height ?? RENDITION_SPECS.hd.height;
    const sourceWidth = video.width ?? Math.round((sourceHeight * 16) / 9);
    for (const name of HLS_RENDITIONS) {
      const spec = RENDITION_SPECS[name];
      const height = even(Math.min(spec.height, sourceHeight));
      const width = even((sourceWidth * height) / sourceHeight);
      // With audio per language the sound is in the audio renditions; else the first audio stream, if any.
      const sound = tracks.length
        ? ['-an']
        : ['-map', '0:a:0?', '-c:a', 'aac', '-b:a', String(spec.audio), '-ac', '2'];
      const encoded = await encode(name, [
        '-map',
        '0:v:0',
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
        ...sound,
      ]);
      pkg.renditions.push({ name, width, height, ...encoded });
    }
    if (tracks.length) {
      const audio: HlsAudioRendition[] = [];
      for (const [position, track] of tracks.entries()) {
        const name = `a${position}`;
        const encoded = await encode(name, [
          '-map',
          `0:a:${track.index}`,
          '-vn',
          '-c:a',
          'aac',
          '-b:a',
          String(AUDIO_RENDITION_BITRATE),
          '-ac',
          '2',
        ]);
        audio.push({ name, language: track.language, ...encoded });
      }
      pkg.audio = audio;
    }
    return { pkg, key, segmentKeys, audioLanguages: languages };
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
  return [...pkg.renditions, ...(pkg.audio ?? [])].flatMap((rendition) =>
    rendition.segments.map((_, index) => hlsSegmentKey(video, pkg, rendition.name, index)),
  );
}

/** Deletes stored objects, ignoring those already gone. */
export async function deleteKeys(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) await storage.delete(key).catch(() => undefined);
}

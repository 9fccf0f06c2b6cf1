import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageVideo, runFfmpeg } from '../../api/src/modules/resource/hls-package';
import { createLocalStorage } from '../../api/src/modules/storage/local-storage';
import { sampleRss } from './process-cpu';

/** The video packaged: BENCH_VIDEO_SECONDS long (10 minutes by default), 1280x720 at 25 fps. */
const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 600);

export interface PackagingBench {
  videoSeconds: number;
  sourceMb: number;
  /** Seconds to package SD and HD (encrypted HLS), and that against the video's length. */
  seconds: number;
  realtimeFactor: number;
  segments: number;
  /** Peak resident memory of this process and its ffmpeg children. */
  peakRssMb: number | null;
}

/**
 * Packages a generated 720p video (test picture and tone, made by the same ffmpeg first) as the
 * upload's job does (`packageVideo`: SD and HD, AES-128 segments stored in a local file storage)
 * and times it, sampling the memory of the process tree.
 */
export async function benchVideoPackaging(seconds = SECONDS): Promise<PackagingBench> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'px-bench-hls-'));
  try {
    const storage = createLocalStorage(path.join(dir, 'storage'));
    const source = path.join(dir, 'source.mp4');
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      `testsrc2=duration=${seconds}:size=1280x720:rate=25`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-b:v',
      '2M',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      source,
    ]);
    const bytes = (await fs.promises.stat(source)).size;
    await storage.put('videos/1/bench.mp4', fs.createReadStream(source));
    const memory = sampleRss(process.pid);
    const started = Date.now();
    const result = await packageVideo(storage, {
      id: 1,
      projectId: 1,
      storageKey: 'videos/1/bench.mp4',
      width: 1280,
      height: 720,
    });
    const elapsed = (Date.now() - started) / 1000;
    const { peakRssMb } = memory.stop();
    return {
      videoSeconds: seconds,
      sourceMb: Math.round(bytes / 1024 / 1024),
      seconds: Math.round(elapsed * 10) / 10,
      realtimeFactor: Math.round((seconds / elapsed) * 10) / 10,
      segments: result.segmentKeys.length,
      peakRssMb,
    };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** The line the bench prints. */
export const packagingTargetLine = (bench: PackagingBench) =>
  `video packaging: ${bench.videoSeconds} s of 720p (${bench.sourceMb} MB) as SD+HD encrypted HLS in ` +
  `${bench.seconds} s (${bench.realtimeFactor}x real time, ${bench.segments} segments), peak RSS ${bench.peakRssMb} MB`;

if (require.main === module) {
  benchVideoPackaging().then(
    (bench) => process.stdout.write(`${packagingTargetLine(bench)}\n`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

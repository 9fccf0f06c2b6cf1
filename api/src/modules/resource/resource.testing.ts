import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Providers } from '../../core/action';
import type { TestApp } from '../../testing/app';
import { createLocalStorage } from '../storage/local-storage';
import { storedKeys } from '../storage/test-storage';
import { runFfmpeg } from './hls-package';
import { Resource } from './resource.model';
import { UPLOAD_TTL_SECONDS, type VideoLimits } from './resource.settings';
import { createLocalVideoProvider, type LocalVideoOptions } from './video-provider';

/** The menu of project staff on the video screen. */
export const VIDEO_MENU = ['/home', '/resource-manage', '/resource-manage/video'];
/** Chunks of the API tests: small, so the demo videos travel in several. */
export const TEST_CHUNK_BYTES = 16 * 1024;

/** The video limits of the API tests: small chunks, 1 MB videos, two-hour play URLs. */
export const TEST_VIDEO_LIMITS: VideoLimits = {
  videoLimitBytes: 1024 * 1024,
  chunkBytes: TEST_CHUNK_BYTES,
  uploadTtlSeconds: UPLOAD_TTL_SECONDS,
  playUrlTtlSeconds: 7200,
};

/** A test file's storage of resources: the providers to give the test app, and what the storage holds. */
export interface TestResourceStorage {
  /** The storage folder. */
  dir: () => string;
  /** Every file the storage holds, as keys, sorted. */
  files: () => string[];
  /**
   * The file storage and a local video provider with TEST_VIDEO_LIMITS (and the overrides):
   * `createTestApp({ providers: storage.providers() })`.
   */
  providers: (overrides?: Partial<LocalVideoOptions>) => Pick<Providers, 'storage' | 'video'>;
}

/**
 * Gives the test file a storage folder of its own (made now, removed after its last test) and the
 * providers over it with small chunks (`providers()`, for `createTestApp`). The folder is also the
 * test file's STORAGE_DIR, so a test app built from the environment and the demo seeds use it too.
 */
export function useTestStorage(limits: Partial<VideoLimits> = {}): TestResourceStorage {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-resource-test-'));
  const previous = process.env.STORAGE_DIR;
  process.env.STORAGE_DIR = dir;
  afterAll(() => {
    if (previous === undefined) delete process.env.STORAGE_DIR;
    else process.env.STORAGE_DIR = previous;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const storage = createLocalStorage(dir);
  return {
    dir: () => dir,
    files: () => storedKeys(dir),
    providers: (overrides = {}) => ({
      storage,
      video: createLocalVideoProvider({
        signingSecret: null,
        ...overrides,
        limits: { ...TEST_VIDEO_LIMITS, ...limits, ...overrides.limits },
      }),
    }),
  };
}

/** Uploads a file through upload-init, upload-chunk (every chunk) and upload-complete. */
export async function uploadThroughApi(
  t: TestApp,
  token: string,
  bytes: Buffer,
  fields: { name?: string; fileName?: string; categoryId?: number; sha256?: string } = {},
) {
  const init = await t.http
    .post('/api/resource/upload-init.action')
    .set('token', token)
    .send({
      name: fields.name ?? '测试视频',
      fileName: fields.fileName ?? 'video.mp4',
      fileSize: bytes.length,
      ...(fields.categoryId ? { categoryId: fields.categoryId } : {}),
    });
  if (init.body.respCode !== 200) return init;
  const { uploadId, chunkSize, chunkCount } = init.body.attribute;
  for (let index = 0; index < chunkCount; index += 1) {
    const chunk = await sendChunk(
      t,
      token,
      uploadId,
      index,
      bytes.subarray(index * chunkSize, (index + 1) * chunkSize),
    );
    if (chunk.body.respCode !== 200) return chunk;
  }
  return t.http
    .post('/api/resource/upload-complete.action')
    .set('token', token)
    .send({ uploadId, ...(fields.sha256 ? { sha256: fields.sha256 } : {}) });
}

/** Sends one chunk as multipart (`uploadId`, `index`, file field `file`). */
export function sendChunk(t: TestApp, token: string, uploadId: string, index: number, bytes: Buffer) {
  return t.http
    .post('/api/resource/upload-chunk.action')
    .set('token', token)
    .field('uploadId', uploadId)
    .field('index', String(index))
    .attach('file', bytes, { filename: `chunk-${index}.bin`, contentType: 'application/octet-stream' });
}

/** A resource row with a file in the storage, made directly (not through the upload calls). */
export function buildResource(
  projectId: number,
  overrides: Partial<Parameters<typeof Resource.create>[0]> = {},
) {
  const id = Math.random().toString(36).slice(2);
  return Resource.create({
    projectId,
    categoryId: null,
    type: 'video',
    name: `视频${id}`,
    fileName: `${id}.mp4`,
    storageKey: `videos/${projectId}/${id}.mp4`,
    contentType: 'video/mp4',
    size: 1000,
    sha256: '0'.repeat(64),
    durationSeconds: 10,
    width: 320,
    height: 180,
    createdBy: null,
    ...overrides,
  });
}

/** An audio stream of a generated video: its tone, its language tag, whether it is the default. */
export interface GeneratedAudio {
  frequency: number;
  language?: string;
  isDefault?: boolean;
}

/**
 * A test picture (10 s of 640x360 by default) with a tone per audio stream (one by default), made
 * by ffmpeg: the source a packaging test uploads.
 */
export async function generatedVideo(
  audio: GeneratedAudio[] = [{ frequency: 440 }],
  { seconds = 10, size = '640x360' }: { seconds?: number; size?: string } = {},
): Promise<Buffer> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'px-hls-source-'));
  try {
    const file = path.join(dir, 'source.mp4');
    const tagged = audio.some((one) => one.language || one.isDefault);
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=${size}:rate=15`,
      ...audio.flatMap((one) => ['-f', 'lavfi', '-i', `sine=frequency=${one.frequency}:duration=${seconds}`]),
      '-map',
      '0:v',
      ...audio.flatMap((_, index) => ['-map', `${index + 1}:a`]),
      ...audio.flatMap((one, index) =>
        one.language ? [`-metadata:s:a:${index}`, `language=${one.language}`] : [],
      ),
      ...(tagged
        ? audio.flatMap((one, index) => [`-disposition:a:${index}`, one.isDefault ? 'default' : '0'])
        : []),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '35',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '32k',
      '-movflags',
      '+faststart',
      '-shortest',
      file,
    ]);
    return await fs.promises.readFile(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

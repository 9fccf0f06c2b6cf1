import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestApp } from '../../testing/app';
import { createLocalStorage } from '../storage/local-storage';
import { Resource } from './resource.model';
import { configureResources, type ResourceSettings } from './resource.settings';

/** The menu of project staff on the video screen. */
export const VIDEO_MENU = ['/home', '/resource-manage', '/resource-manage/video'];
/** Chunks of the API tests: small, so the demo videos travel in several. */
export const TEST_CHUNK_BYTES = 16 * 1024;

/**
 * Gives the test file a storage folder of its own and small chunks (configured before each test
 * file's first test, removed after its last). `files()` lists what the storage holds.
 */
export function useTestStorage(overrides: Partial<ResourceSettings> = {}): {
  dir: () => string;
  files: () => string[];
} {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-resource-test-'));
    configureResources({
      storage: createLocalStorage(dir),
      chunkBytes: TEST_CHUNK_BYTES,
      videoLimitBytes: 1024 * 1024,
      ...overrides,
    });
  });
  afterAll(() => {
    configureResources(null);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir: () => dir,
    files: () =>
      fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .sort(),
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

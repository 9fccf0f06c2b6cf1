import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { useTestS3 } from '../storage/s3.testing';
import { readStored } from '../storage/storage';
import { DEMO_VIDEO_DIR } from './resource.demo';
import { Resource, ResourceUpload } from './resource.model';
import {
  sendChunk,
  TEST_CHUNK_BYTES,
  TEST_VIDEO_LIMITS,
  uploadThroughApi,
  VIDEO_MENU,
} from './resource.testing';
import { createLocalVideoProvider } from './video-provider';

// The chunked upload and playback with object storage (STORAGE_PROVIDER=s3) against s3rver: each
// chunk is a part of the final object's multipart upload, nothing is assembled in the API.
let t: TestApp;
let token: string;
let projectId: number;

const s3 = useTestS3();
const SAFETY = fs.readFileSync(path.join(DEMO_VIDEO_DIR, 'safety-intro.mp4'));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const post = (name: string, body: object = {}) =>
  t.http.post(`/api/resource/${name}.action`).set('token', token).send(body);
/** What the S3 server keeps, as object keys (`videos/1/x.mp4`) and unfinished uploads (`(parts) <id>`). */
const held = () =>
  s3
    .simulator()
    .files()
    .flatMap((file) => {
      const object = /^px-files\/(.+)\._S3rver_object$/.exec(file);
      if (object) return [object[1] as string];
      const part = /^px-files\/\._S3rver_uploads\/([^/]+)\/key$/.exec(file);
      return part ? [`(parts) ${part[1]}`] : [];
    })
    .sort();

beforeAll(async () => {
  t = await createTestApp({
    providers: {
      storage: s3.storage(),
      video: createLocalVideoProvider({ signingSecret: null, limits: TEST_VIDEO_LIMITS }),
    },
  });
  projectId = (await buildProject()).id;
  token = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account,
  );
});
afterAll(() => t.close());

describe('the chunked upload into object storage', () => {
  test('chunks are parts: any order, resent, resumed after a refused completion; the object is the file', async () => {
    const before = held();
    const started = await post('upload-init', {
      name: '对象存储',
      fileName: 'a.mp4',
      fileSize: SAFETY.length,
    });
    const { uploadId, chunkCount } = started.body.attribute;
    expect(chunkCount).toBeGreaterThan(3);
    const row = await ResourceUpload.findByPk(uploadId, { allTenants: true });
    expect(row?.storageUploadId).toEqual(expect.any(String));
    const chunk = (index: number) =>
      SAFETY.subarray(index * TEST_CHUNK_BYTES, (index + 1) * TEST_CHUNK_BYTES);
    // All but chunk 1, backwards, chunk 2 twice.
    for (const index of [...Array(chunkCount).keys()].reverse().filter((index) => index !== 1))
      expect((await sendChunk(t, token, uploadId, index, chunk(index))).body.respCode).toBe(200);
    await sendChunk(t, token, uploadId, 2, chunk(2));
    // Nothing is visible under the final key, and no chunk is an object of its own.
    expect(held()).toEqual([...before, `(parts) ${row?.storageUploadId}`].sort());
    const status = await post('upload-status', { uploadId });
    expect(status.body.attribute.received).toEqual(
      [...Array(chunkCount).keys()].filter((index) => index !== 1),
    );
    const early = await post('upload-complete', { uploadId });
    expect(early.body).toMatchObject({ respCode: -1, attribute: { missing: [1] } });
    // Resuming: the missing chunk, then completion.
    await sendChunk(t, token, uploadId, 1, chunk(1));
    const done = await post('upload-complete', { uploadId, sha256: sha256(SAFETY) });
    expect(done.body).toMatchObject({
      respCode: 200,
      // 转码中: the HLS packaging job takes it from here (docs/video.md).
      attribute: { size: SAFETY.length, durationSeconds: 12, width: 320, status: 'PROCESSING' },
    });
    const resource = await Resource.findByPk(done.body.attribute.id, { allTenants: true });
    expect(resource).toMatchObject({
      sha256: sha256(SAFETY),
      storageKey: `videos/${projectId}/${uploadId}.mp4`,
    });
    expect((await readStored(s3.storage(), resource?.storageKey as string)).equals(SAFETY)).toBe(true);
    expect(held()).toEqual([...before, `videos/${projectId}/${uploadId}.mp4`].sort());
  });

  test('the video plays through /api/media with range requests, read from the bucket', async () => {
    const uploaded = await uploadThroughApi(t, token, SAFETY, { name: '播放' });
    // A video that was never packaged (uploaded before HLS packaging existed) plays as its MP4:
    // the bytes come from the bucket by range.
    await Resource.update(
      { status: 'READY' },
      { where: { id: uploaded.body.attribute.id }, allTenants: true },
    );
    const url = (await post('play-url', { id: uploaded.body.attribute.id })).body.attribute.url;
    const get = (headers: Record<string, string> = {}) =>
      t.http
        .get(url)
        .set(headers)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (piece: Buffer) => chunks.push(piece));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
    const whole = await get();
    expect(whole.status).toBe(200);
    expect((whole.body as Buffer).equals(SAFETY)).toBe(true);
    const ranged = await get({ range: 'bytes=1000-1999' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 1000-1999/${SAFETY.length}`);
    expect((ranged.body as Buffer).equals(SAFETY.subarray(1000, 2000))).toBe(true);
    const tail = await get({ range: `bytes=${SAFETY.length - 10}-` });
    expect((tail.body as Buffer).equals(SAFETY.subarray(SAFETY.length - 10))).toBe(true);
    expect((await get({ range: `bytes=${SAFETY.length}-` })).status).toBe(416);
  });

  test('a cancelled upload, a refused first chunk and a wrong digest leave nothing in the bucket', async () => {
    const before = held();
    const started = await post('upload-init', { name: '取消', fileName: 'b.mp4', fileSize: SAFETY.length });
    const { uploadId } = started.body.attribute;
    await sendChunk(t, token, uploadId, 1, SAFETY.subarray(TEST_CHUNK_BYTES, 2 * TEST_CHUNK_BYTES));
    expect((await post('upload-abort', { uploadId })).body.respCode).toBe(200);
    expect(held()).toEqual(before);
    expect((await sendChunk(t, token, uploadId, 2, SAFETY.subarray(0, TEST_CHUNK_BYTES))).body.respDesc).toBe(
      '上传不存在或已过期，请重新上传',
    );

    const html = Buffer.from('<!doctype html><title>not a video</title>'.repeat(1000));
    const refused = await post('upload-init', { name: '网页', fileName: 'c.mp4', fileSize: html.length });
    const first = await sendChunk(
      t,
      token,
      refused.body.attribute.uploadId,
      0,
      html.subarray(0, TEST_CHUNK_BYTES),
    );
    expect(first.body.respDesc).toBe('文件内容不是 MP4 视频，已取消上传');
    expect(held()).toEqual(before);

    const wrong = await uploadThroughApi(t, token, SAFETY, { sha256: sha256(Buffer.from('other')) });
    expect(wrong.body.respDesc).toBe('文件校验失败（SHA-256 不一致），请重新上传');
    expect(held()).toEqual(before);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { buildMp4, trak } from './mp4.testing';
import { DEMO_VIDEO_DIR } from './resource.demo';
import { ResourceCategory, ResourceUpload } from './resource.model';
import {
  sendChunk,
  TEST_CHUNK_BYTES,
  uploadThroughApi,
  useTestStorage,
  VIDEO_MENU,
} from './resource.testing';
import { sweepExpiredUploads } from './upload.service';
import { ResourceUploadError } from './upload-error.model';

let t: TestApp;
let projectId: number;
let token: string;
let otherToken: string;
let staffId: number;
let staffName: string;

const storage = useTestStorage();
const FIRE = fs.readFileSync(path.join(DEMO_VIDEO_DIR, 'fire-drill.mp4'));
const HTML = Buffer.from('<!doctype html><title>not a video</title>'.repeat(1000));

const post = (name: string, body: object = {}, as = token) =>
  t.http.post(`/api/resource/${name}.action`).set('token', as).send(body);
const errors = (query: object = {}, as = token) => post('error-import-video', query, as);
const init = (fileName: string, fileSize: number, extra: object = {}) =>
  post('upload-init', { name: '上传测试', fileName, fileSize, ...extra });
const check = (bytes: Buffer, fields: Record<string, string>) => {
  let request = t.http.post('/api/resource/check-upload.action').set('token', token).field('type', 'video');
  for (const [key, value] of Object.entries(fields)) request = request.field(key, value);
  return request.attach('file', bytes, { filename: 'head.bin', contentType: 'application/octet-stream' });
};

beforeAll(async () => {
  t = await createTestApp({ providers: storage.providers() });
  projectId = (await buildProject()).id;
  const otherProjectId = (await buildProject()).id;
  const staff = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU });
  staffId = staff.account.id;
  staffName = staff.account.realName;
  token = await signIn(staff.account);
  otherToken = await signIn(
    (await buildAccount({ projectId: otherProjectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU }))
      .account,
  );
});
afterAll(() => t.close());

/** The file names of the log as `resource/error-import-video` answers it (newest first). */
async function loggedFiles(query: object = {}): Promise<string[]> {
  const res = await errors({ pageSize: 100, ...query });
  expect(res.body.respCode).toBe(200);
  return res.body.attribute.list.map((row: { fileName: string }) => row.fileName);
}

describe('the upload error log', () => {
  test('records every failed upload once, with what was announced, who and why; completed ones are not recorded', async () => {
    const category = await ResourceCategory.create({ projectId, parentId: null, name: '失败分类' });
    const child = await ResourceCategory.create({ projectId, parentId: category.id, name: '子类' });
    const before = storage.files();

    // Refused by size at init, by content at the first chunk and at completion, by digest.
    expect((await init('huge.mp4', 1024 * 1024 + 1, { categoryId: child.id })).status).toBe(400);
    const html = (await init('page.mp4', HTML.length, { name: '网页' })).body.attribute;
    await sendChunk(t, token, html.uploadId, 0, HTML.subarray(0, TEST_CHUNK_BYTES));
    const audio = buildMp4({ majorBrand: 'M4A ', compatible: ['M4A ', 'isom'], tracks: [trak('soun')] });
    await uploadThroughApi(t, token, audio, { fileName: 'sound.mp4', name: '录音' });
    await uploadThroughApi(t, token, FIRE, { fileName: 'digest.mp4', sha256: 'a'.repeat(64) });
    // Cancelled, and abandoned (swept).
    const cancelled = (await init('cancel.mp4', FIRE.length)).body.attribute.uploadId;
    expect((await post('upload-abort', { uploadId: cancelled })).body.respCode).toBe(200);
    const abandoned = (await init('abandoned.mp4', FIRE.length, { categoryId: category.id })).body.attribute;
    await ResourceUpload.update(
      { expiresAt: new Date(Date.now() - 1000) },
      { where: { id: abandoned.uploadId, projectId } },
    );
    expect(await sweepExpiredUploads(t.scope())).toBe(1);
    // A refusal after the sweep is not recorded again.
    expect((await post('upload-abort', { uploadId: abandoned.uploadId })).body.respCode).toBe(-1);
    // One that makes it.
    expect((await uploadThroughApi(t, token, FIRE, { fileName: 'good.mp4' })).body.respCode).toBe(200);
    expect(storage.files().filter((file) => file.startsWith('uploads/'))).toEqual(
      before.filter((file) => file.startsWith('uploads/')),
    );

    const res = await errors();
    expect(res.body.attribute).toMatchObject({ total: 6, pageNum: 1, pageSize: 10 });
    const rows = res.body.attribute.list;
    expect(rows.map((row: { fileName: string }) => row.fileName)).toEqual([
      'abandoned.mp4',
      'cancel.mp4',
      'digest.mp4',
      'sound.mp4',
      'page.mp4',
      'huge.mp4',
    ]);
    expect(rows[5]).toEqual({
      id: expect.any(Number),
      type: 'video',
      name: '上传测试',
      fileName: 'huge.mp4',
      size: 1024 * 1024 + 1,
      categoryId: child.id,
      categoryName: '失败分类 / 子类',
      kind: 'REFUSED',
      reason: '视频不能超过 1 MB',
      accountId: staffId,
      accountName: staffName,
      createdAt: expect.any(String),
    });
    const byFile = new Map(rows.map((row: { fileName: string }) => [row.fileName, row]));
    expect(byFile.get('page.mp4')).toMatchObject({
      name: '网页',
      size: HTML.length,
      kind: 'REFUSED',
      reason: '文件内容不是 MP4 视频，已取消上传',
    });
    expect(byFile.get('sound.mp4')).toMatchObject({ reason: '文件中没有视频画面（可能是音频文件）' });
    expect(byFile.get('digest.mp4')).toMatchObject({ reason: '文件校验失败（SHA-256 不一致），请重新上传' });
    expect(byFile.get('cancel.mp4')).toMatchObject({ kind: 'ABORTED', reason: '上传已取消' });
    expect(byFile.get('abandoned.mp4')).toMatchObject({
      kind: 'EXPIRED',
      reason: '上传长时间未完成，已过期清除',
      categoryName: '失败分类',
    });
  });

  test('a file refused at its check is recorded when the check names it', async () => {
    const before = await ResourceUploadError.count({ allTenants: true });
    expect((await check(HTML, {})).body.respDesc).toBe('文件内容不是 MP4 视频');
    expect(await ResourceUploadError.count({ allTenants: true })).toBe(before);
    expect((await check(HTML, { fileName: 'fake.mp4', name: '假视频' })).body.respCode).toBe(-1);
    const over = await check(FIRE.subarray(0, 4096), {
      fileName: 'big.mp4',
      fileSize: String(2 * 1024 * 1024),
    });
    expect(over.body.attribute.errors[0]).toMatchObject({ field: 'fileSize', message: '视频不能超过 1 MB' });
    expect((await check(FIRE, { fileName: 'fine.mp4' })).body.respCode).toBe(200);
    const rows = (await errors({ pageSize: 2 })).body.attribute.list;
    expect(rows).toMatchObject([
      {
        fileName: 'big.mp4',
        name: null,
        size: 2 * 1024 * 1024,
        reason: '视频不能超过 1 MB',
        categoryId: null,
      },
      { fileName: 'fake.mp4', name: '假视频', size: HTML.length, reason: '文件内容不是 MP4 视频' },
    ]);
  });

  test('filters by part of the file or video name and by China days; pages', async () => {
    const base = { projectId, accountId: null, type: 'video' as const, size: 10, categoryId: null };
    const at = async (fileName: string, name: string | null, createdAt: string) => {
      const row = await ResourceUploadError.create({
        ...base,
        fileName,
        name,
        kind: 'REFUSED',
        reason: '测试',
      });
      // created_at is written by the database; set it to the instant under test.
      await ResourceUploadError.update(
        { createdAt: new Date(createdAt) },
        { where: { id: row.id, projectId } },
      );
    };
    await at('day-a.mp4', '安全课', '2024-03-01T15:59:59.000Z'); // 2024-03-01 23:59:59 in China
    await at('day-b.mp4', null, '2024-03-01T16:00:00.000Z'); // 2024-03-02 00:00 in China
    await at('day-c.mp4', '消防课', '2024-03-02T15:59:59.000Z'); // 2024-03-02 23:59:59 in China
    expect(await loggedFiles({ startDate: '2024-03-02', endDate: '2024-03-02' })).toEqual([
      'day-c.mp4',
      'day-b.mp4',
    ]);
    expect(await loggedFiles({ endDate: '2024-03-01' })).toEqual(['day-a.mp4']);
    expect(await loggedFiles({ name: 'DAY-', startDate: '2024-03-01', endDate: '2024-03-31' })).toHaveLength(
      3,
    );
    expect(await loggedFiles({ name: '消防', endDate: '2024-12-31' })).toEqual(['day-c.mp4']);
    const second = await errors({ startDate: '2024-03-01', endDate: '2024-03-02', pageNum: 2, pageSize: 2 });
    expect(second.body.attribute).toMatchObject({ total: 3, pageNum: 2, list: [{ fileName: 'day-a.mp4' }] });

    const backwards = await errors({ startDate: '2024-03-02', endDate: '2024-03-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.attribute.errors[0]).toMatchObject({
      field: 'endDate',
      message: '结束日期不能早于开始日期',
    });
    expect((await errors({ startDate: '2024-02-30' })).body.attribute.errors[0].field).toBe('startDate');
  });

  test('each project sees its own log; staff without the video screen are refused', async () => {
    expect((await errors({}, otherToken)).body.attribute).toMatchObject({ total: 0, list: [] });
    const courseStaff = await signIn(
      (
        await buildAccount({
          projectId,
          roleSystem: ROLE_SYSTEM.PROJECT,
          menu: ['/home', '/resource-manage', '/resource-manage/course'],
        })
      ).account,
    );
    expect((await errors({}, courseStaff)).status).toBe(403);
    expect((await t.http.post('/api/resource/error-import-video.action').send({})).status).toBe(401);
  });
});

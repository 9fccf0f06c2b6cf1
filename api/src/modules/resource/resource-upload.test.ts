import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROLE_SYSTEM } from '@px/config';
import { loadEnv } from '../../env';
import { createProviders } from '../../providers';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { readStored } from '../storage/storage';
import { getMediaSecret } from './media-token';
import { buildMp4, trak } from './mp4.testing';
import { DEMO_RESOURCES, DEMO_VIDEO_DIR, seedResourceDemo } from './resource.demo';
import { Resource, ResourceCategory, ResourceUpload } from './resource.model';
import { videoLimitsFromEnv } from './resource.settings';
import {
  buildResource,
  sendChunk,
  TEST_CHUNK_BYTES,
  uploadThroughApi,
  useTestStorage,
  VIDEO_MENU,
} from './resource.testing';
import { sweepExpiredUploads } from './upload.service';
import { isLocalVideoProvider } from './video-provider';

let t: TestApp;
let projectId: number;
let otherProjectId: number;
let token: string;
let otherToken: string;
let staffId: number;

const storage = useTestStorage();
const demo = (file: string) => fs.readFileSync(path.join(DEMO_VIDEO_DIR, file));
const SAFETY = demo('safety-intro.mp4');
const FIRE = demo('fire-drill.mp4');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const post = (name: string, body: object = {}, as = token) =>
  t.http.post(`/api/resource/${name}.action`).set('token', as).send(body);

beforeAll(async () => {
  t = await createTestApp({ providers: storage.providers() });
  projectId = (await buildProject()).id;
  otherProjectId = (await buildProject()).id;
  const staff = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU });
  staffId = staff.account.id;
  token = await signIn(staff.account);
  otherToken = await signIn(
    (await buildAccount({ projectId: otherProjectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU }))
      .account,
  );
});
afterAll(() => t.close());

const uploadRows = () => ResourceUpload.count({ allTenants: true });

async function init(fileSize: number, extra: object = {}, as = token) {
  return post('upload-init', { name: '上传测试', fileName: 'clip.mp4', fileSize, ...extra }, as);
}

describe('the chunked upload', () => {
  test('assembles the chunks into a resource: duration, size and digest read from the file; chunks removed; audited', async () => {
    const category = await ResourceCategory.create({ projectId, parentId: null, name: '上传分类' });
    const started = await init(SAFETY.length, {
      categoryId: category.id,
      name: '安全生产概述',
      fileName: '概述.MP4',
    });
    expect(started.body.attribute).toMatchObject({
      uploadId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      chunkSize: TEST_CHUNK_BYTES,
      chunkCount: Math.ceil(SAFETY.length / TEST_CHUNK_BYTES),
      received: [],
    });
    const { uploadId, chunkCount } = started.body.attribute;
    expect(chunkCount).toBeGreaterThan(2);
    // Chunks may arrive in any order, and one sent twice replaces itself.
    for (const index of [...Array(chunkCount).keys()].reverse()) {
      const chunk = SAFETY.subarray(index * TEST_CHUNK_BYTES, (index + 1) * TEST_CHUNK_BYTES);
      const res = await sendChunk(t, token, uploadId, index, chunk);
      expect(res.body).toMatchObject({ respCode: 200, attribute: { uploadId, index, size: chunk.length } });
    }
    await sendChunk(t, token, uploadId, 1, SAFETY.subarray(TEST_CHUNK_BYTES, 2 * TEST_CHUNK_BYTES));
    const status = await post('upload-status', { uploadId });
    expect(status.body.attribute.received).toEqual([...Array(chunkCount).keys()]);

    const done = await post('upload-complete', { uploadId, sha256: sha256(SAFETY).toUpperCase() });
    expect(done.body.respCode).toBe(200);
    expect(done.body.attribute).toMatchObject({
      type: 'video',
      name: '安全生产概述',
      fileName: '概述.MP4',
      categoryId: category.id,
      categoryName: '上传分类',
      contentType: 'video/mp4',
      size: SAFETY.length,
      durationSeconds: 12,
      width: 320,
      height: 180,
      // Packaged as HLS by the resource.package-video job it queued (hls.test.ts).
      status: 'PROCESSING',
    });
    expect(JSON.stringify(done.body)).not.toContain('videos/');
    const row = await Resource.findByPk(done.body.attribute.id, { allTenants: true });
    expect(row).toMatchObject({
      projectId,
      sha256: sha256(SAFETY),
      createdBy: staffId,
      storageKey: `videos/${projectId}/${uploadId}.mp4`,
    });
    expect(await readStored(t.scope().providers.storage, row?.storageKey as string)).toEqual(SAFETY);
    expect(storage.files().filter((file) => file.startsWith('uploads/'))).toEqual([]);
    expect(await ResourceUpload.count({ where: { id: uploadId }, allTenants: true })).toBe(0);
    expect(
      await AuditLog.findOne({
        where: { action: 'resource.create', targetId: String(row?.id) },
        allTenants: true,
      }),
    ).toMatchObject({
      projectId,
      actorId: staffId,
      detail: { durationSeconds: 12, size: SAFETY.length },
    });
    // Completing again: the upload is gone.
    expect((await post('upload-complete', { uploadId })).body.respDesc).toBe(
      '上传不存在或已过期，请重新上传',
    );
  });

  test('a file that is not an MP4 but named .mp4 is refused at its first chunk, leaving nothing', async () => {
    const before = { resources: await Resource.count({ allTenants: true }), files: storage.files() };
    const html = Buffer.from('<!doctype html><title>not a video</title>'.repeat(1000));
    const started = await init(html.length, { fileName: 'lesson.mp4' });
    const { uploadId } = started.body.attribute;
    // A later chunk may arrive first; it waits until the first one is checked.
    expect(
      (await sendChunk(t, token, uploadId, 1, html.subarray(TEST_CHUNK_BYTES, 2 * TEST_CHUNK_BYTES))).body
        .respCode,
    ).toBe(200);
    const first = await sendChunk(t, token, uploadId, 0, html.subarray(0, TEST_CHUNK_BYTES));
    expect(first.body).toMatchObject({ respCode: -1, respDesc: '文件内容不是 MP4 视频，已取消上传' });
    expect(await ResourceUpload.count({ where: { id: uploadId }, allTenants: true })).toBe(0);
    expect(storage.files()).toEqual(before.files);
    expect(await Resource.count({ allTenants: true })).toBe(before.resources);
    expect((await sendChunk(t, token, uploadId, 2, html.subarray(0, TEST_CHUNK_BYTES))).body.respDesc).toBe(
      '上传不存在或已过期，请重新上传',
    );
  });

  test('an MP4 head over other content, audio only, or no duration is refused at completion, leaving nothing', async () => {
    const fake = Buffer.concat([buildMp4().subarray(0, 32), Buffer.alloc(40_000, 0x41)]);
    const audio = buildMp4({
      majorBrand: 'M4A ',
      compatible: ['M4A ', 'isom'],
      tracks: [trak('soun')],
      mdatBytes: 20_000,
    });
    const noDuration = buildMp4({ duration: 0, mdatBytes: 20_000 });
    const before = {
      resources: await Resource.count({ allTenants: true }),
      files: storage.files(),
      uploads: await uploadRows(),
    };
    for (const [bytes, message] of [
      [fake, '视频文件已损坏或不完整'],
      [audio, '文件中没有视频画面（可能是音频文件）'],
      [noDuration, '无法读取视频时长'],
    ] as const) {
      const res = await uploadThroughApi(t, token, bytes);
      expect(res.body).toMatchObject({ respCode: -1, respDesc: message });
    }
    expect(storage.files()).toEqual(before.files);
    expect(await Resource.count({ allTenants: true })).toBe(before.resources);
    expect(await uploadRows()).toBe(before.uploads);
  });

  test('a digest that does not match is refused, leaving nothing', async () => {
    const before = storage.files();
    const res = await uploadThroughApi(t, token, FIRE, { sha256: sha256(SAFETY) });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '文件校验失败（SHA-256 不一致），请重新上传' });
    expect(storage.files()).toEqual(before);
    expect(
      (await post('upload-complete', { uploadId: '00000000-0000-4000-8000-000000000000', sha256: 'xyz' }))
        .body.attribute.errors[0].field,
    ).toBe('sha256');
  });

  test('a file over the limit is refused before anything is sent, naming fileSize', async () => {
    const before = await uploadRows();
    const res = await init(1024 * 1024 + 1);
    expect(res.status).toBe(400);
    expect(res.body.attribute.errors[0]).toMatchObject({
      field: 'fileSize',
      rule: 'max',
      message: '视频不能超过 1 MB',
    });
    expect((await init(0)).body.attribute.errors[0].field).toBe('fileSize');
    expect((await init(100, { name: '' })).body.attribute.errors[0].field).toBe('name');
    expect((await init(100, { type: 'pdf' })).body.attribute.errors[0].field).toBe('type');
    expect(await uploadRows()).toBe(before);
  });

  test('chunks must have their exact size and index, and a file', async () => {
    const { uploadId, chunkCount } = (await init(FIRE.length)).body.attribute;
    const short = await sendChunk(t, token, uploadId, 0, FIRE.subarray(0, 100));
    expect(short.body.attribute.errors[0]).toMatchObject({
      field: 'file',
      message: `分片大小应为 ${TEST_CHUNK_BYTES} 字节`,
    });
    const past = await sendChunk(t, token, uploadId, chunkCount, FIRE.subarray(0, 100));
    expect(past.body.attribute.errors[0]).toMatchObject({
      field: 'index',
      message: `分片序号应小于 ${chunkCount}`,
    });
    const lastSize = FIRE.length - TEST_CHUNK_BYTES * (chunkCount - 1);
    const wrongLast = await sendChunk(t, token, uploadId, chunkCount - 1, FIRE.subarray(0, lastSize + 1));
    expect(wrongLast.body.attribute.errors[0].message).toBe(`分片大小应为 ${lastSize} 字节`);
    const noFile = await t.http
      .post('/api/resource/upload-chunk.action')
      .set('token', token)
      .field('uploadId', uploadId)
      .field('index', '0');
    expect(noFile.body.attribute.errors[0].field).toBe('file');
    expect(storage.files().filter((file) => file.startsWith(`uploads/${uploadId}`))).toEqual([]);
    await post('upload-abort', { uploadId });
  });

  test('a missing chunk refuses completion naming it; the upload stays open, resumes and completes', async () => {
    const { uploadId, chunkCount } = (await init(SAFETY.length, { name: '续传视频' })).body.attribute;
    const chunk = (index: number) =>
      SAFETY.subarray(index * TEST_CHUNK_BYTES, (index + 1) * TEST_CHUNK_BYTES);
    for (let index = 0; index < chunkCount; index += 1)
      if (index !== 1) await sendChunk(t, token, uploadId, index, chunk(index));
    const refused = await post('upload-complete', { uploadId });
    expect(refused.body).toMatchObject({
      respCode: -1,
      respDesc: '还有 1 个分片未上传（序号 1），请继续上传后再完成',
      attribute: { missing: [1] },
    });
    expect(await Resource.count({ where: { name: '续传视频' }, allTenants: true })).toBe(0);
    expect(storage.files().filter((file) => file.startsWith('videos/') && file.includes(uploadId))).toEqual(
      [],
    );
    const status = (await post('upload-status', { uploadId })).body.attribute;
    expect(status.received).toEqual([...Array(chunkCount).keys()].filter((index) => index !== 1));
    await sendChunk(t, token, uploadId, 1, chunk(1));
    const done = await post('upload-complete', { uploadId });
    expect(done.body.attribute).toMatchObject({ name: '续传视频', durationSeconds: 12, size: SAFETY.length });
  });

  test('abort drops the upload and its chunks', async () => {
    const before = storage.files();
    const { uploadId } = (await init(FIRE.length)).body.attribute;
    await sendChunk(t, token, uploadId, 0, FIRE.subarray(0, TEST_CHUNK_BYTES));
    expect(storage.files()).toContain(`uploads/${uploadId}/0`);
    expect((await post('upload-abort', { uploadId })).body.respCode).toBe(200);
    expect(storage.files()).toEqual(before);
    expect(await ResourceUpload.count({ where: { id: uploadId }, allTenants: true })).toBe(0);
  });

  test('an upload belongs to its account and project: others cannot see, feed, complete or abort it', async () => {
    const { uploadId } = (await init(FIRE.length)).body.attribute;
    const colleague = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account,
    );
    for (const as of [otherToken, colleague]) {
      expect((await post('upload-status', { uploadId }, as)).body.respDesc).toBe(
        '上传不存在或已过期，请重新上传',
      );
      expect((await sendChunk(t, as, uploadId, 0, FIRE.subarray(0, TEST_CHUNK_BYTES))).body.respDesc).toBe(
        '上传不存在或已过期，请重新上传',
      );
      expect((await post('upload-complete', { uploadId }, as)).body.respCode).toBe(-1);
      expect((await post('upload-abort', { uploadId }, as)).body.respCode).toBe(-1);
    }
    expect(await ResourceUpload.count({ where: { id: uploadId }, allTenants: true })).toBe(1);
    expect(storage.files().filter((file) => file.startsWith(`uploads/${uploadId}`))).toEqual([]);
    await post('upload-abort', { uploadId });
  });

  test('another project’s category is refused naming categoryId', async () => {
    const foreign = await ResourceCategory.create({
      projectId: otherProjectId,
      parentId: null,
      name: '外项目上传分类',
    });
    const res = await init(FIRE.length, { categoryId: foreign.id });
    expect(res.body.attribute.errors[0]).toMatchObject({ field: 'categoryId', message: '资源分类不存在' });
  });

  test('expired uploads are swept with their chunks by the resource.sweep-uploads job, not when the next upload starts', async () => {
    const { uploadId } = (await init(FIRE.length)).body.attribute;
    await sendChunk(t, token, uploadId, 0, FIRE.subarray(0, TEST_CHUNK_BYTES));
    await ResourceUpload.update(
      { expiresAt: new Date(Date.now() - 1000) },
      { where: { id: uploadId, projectId } },
    );
    expect((await post('upload-status', { uploadId })).body.respDesc).toBe('上传不存在或已过期，请重新上传');
    expect(storage.files()).toContain(`uploads/${uploadId}/0`);
    const next = await init(FIRE.length);
    expect(next.body.respCode).toBe(200);
    expect(await ResourceUpload.count({ where: { id: uploadId }, allTenants: true })).toBe(1);
    await t.jobs.queue.send('resource.sweep-uploads', {});
    // The sweep, and the packaging of the videos uploaded earlier in this file.
    expect(await t.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect(await ResourceUpload.count({ where: { id: uploadId }, allTenants: true })).toBe(0);
    expect(storage.files().filter((file) => file.startsWith(`uploads/${uploadId}`))).toEqual([]);

    const second = (await init(FIRE.length)).body.attribute.uploadId;
    await ResourceUpload.update(
      { expiresAt: new Date(Date.now() - 1000) },
      { where: { id: [second, next.body.attribute.uploadId], projectId } },
    );
    expect(await sweepExpiredUploads(t.scope())).toBe(2);
    expect(await sweepExpiredUploads(t.scope())).toBe(0);
  });
});

describe('resource/check-upload', () => {
  const check = (bytes: Buffer, fields: Record<string, string> = {}, name = 'a.mp4', as = token) => {
    let request = t.http.post('/api/resource/check-upload.action').set('token', as).field('type', 'video');
    for (const [key, value] of Object.entries(fields)) request = request.field(key, value);
    return request.attach('file', bytes, { filename: name, contentType: 'video/mp4' });
  };

  test('reads a whole file’s type and duration, or a head’s type with the whole size; stores nothing', async () => {
    const before = storage.files();
    expect((await check(FIRE)).body.attribute).toEqual({
      type: 'video',
      contentType: 'video/mp4',
      size: FIRE.length,
      durationSeconds: 8,
      width: 320,
      height: 180,
    });
    const head = await check(FIRE.subarray(0, 4096), { fileSize: String(FIRE.length) });
    expect(head.body.attribute).toMatchObject({ size: FIRE.length, durationSeconds: null });
    expect(storage.files()).toEqual(before);
  });

  test('refuses other content whatever its name or declared type, and sizes over the limit', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2000),
    ]);
    expect((await check(png)).body).toMatchObject({ respCode: -1, respDesc: '文件内容不是 MP4 视频' });
    const over = await check(FIRE.subarray(0, 4096), { fileSize: String(1024 * 1024 + 1) });
    expect(over.body.attribute.errors[0]).toMatchObject({ field: 'fileSize', message: '视频不能超过 1 MB' });
    const smaller = await check(FIRE, { fileSize: '10' });
    expect(smaller.body.attribute.errors[0].field).toBe('fileSize');
    const noFile = await t.http
      .post('/api/resource/check-upload.action')
      .set('token', token)
      .send({ type: 'video' });
    expect(noFile.body.attribute.errors[0].field).toBe('file');
    const badType = await check(FIRE, {}, 'a.mp4').field('type', 'doc');
    expect(badType.status).toBe(400);
  });
});

describe('resource/query, get, save and delete', () => {
  test('lists the project’s videos newest first, by name and by category with everything below it', async () => {
    const project = (await buildProject()).id;
    const as = await signIn(
      (await buildAccount({ projectId: project, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account,
    );
    const parent = await ResourceCategory.create({ projectId: project, parentId: null, name: '父类' });
    const child = await ResourceCategory.create({ projectId: project, parentId: parent.id, name: '子类' });
    const a = await buildResource(project, {
      name: '消防演练',
      categoryId: parent.id,
      createdAt: new Date('2024-01-01'),
    });
    const b = await buildResource(project, {
      name: '急救要点',
      categoryId: child.id,
      createdAt: new Date('2024-02-01'),
    });
    const c = await buildResource(project, { name: '未分类的消防课', createdAt: new Date('2024-03-01') });
    await buildResource(otherProjectId, { name: '外项目消防' });
    const ids = async (body: object) =>
      ((await post('query', body, as)).body.attribute.list as { id: number }[]).map((item) => item.id);

    const all = (await post('query', {}, as)).body.attribute;
    expect(all).toMatchObject({ total: 3, pageNum: 1, pageSize: 10 });
    expect(all.list.map((item: { id: number }) => item.id)).toEqual([c.id, b.id, a.id]);
    expect(all.list[1]).toMatchObject({ categoryName: '父类 / 子类', durationSeconds: 10 });
    expect(all.list[1]).not.toHaveProperty('storageKey');
    expect(await ids({ name: '消防' })).toEqual([c.id, a.id]);
    expect(await ids({ categoryId: parent.id })).toEqual([b.id, a.id]);
    expect(await ids({ categoryId: child.id })).toEqual([b.id]);
    expect(await ids({ pageSize: 2, pageNum: 2 })).toEqual([a.id]);
    const foreignCategory = await ResourceCategory.create({
      projectId: otherProjectId,
      parentId: null,
      name: '外类',
    });
    expect(await ids({ categoryId: foreignCategory.id })).toEqual([]);
    expect((await post('query', { pageSize: 101 }, as)).body.attribute.errors[0].field).toBe('pageSize');
  });

  test('get, save (rename and move) and delete; another project’s resource answers like a missing one', async () => {
    const category = await ResourceCategory.create({ projectId, parentId: null, name: '移动目标' });
    const uploaded = (await uploadThroughApi(t, token, FIRE, { name: '待改名' })).body.attribute;
    expect((await post('get', { id: uploaded.id })).body.attribute).toMatchObject({
      id: uploaded.id,
      name: '待改名',
    });

    const saved = await post('save', { id: uploaded.id, name: ' 已改名 ', categoryId: category.id });
    expect(saved.body.attribute).toMatchObject({
      name: '已改名',
      categoryId: category.id,
      categoryName: '移动目标',
    });
    const cleared = await post('save', { id: uploaded.id, name: '已改名', categoryId: null });
    expect(cleared.body.attribute).toMatchObject({ categoryId: null, categoryName: null });
    expect(
      await AuditLog.count({
        where: { action: 'resource.update', targetId: String(uploaded.id) },
        allTenants: true,
      }),
    ).toBe(2);

    const foreignCategory = await ResourceCategory.create({
      projectId: otherProjectId,
      parentId: null,
      name: '外项目目标',
    });
    const refused = await post('save', { id: uploaded.id, name: '再改', categoryId: foreignCategory.id });
    expect(refused.body.attribute.errors[0]).toMatchObject({
      field: 'categoryId',
      message: '资源分类不存在',
    });
    expect((await post('save', { id: uploaded.id, name: '' })).body.attribute.errors[0].field).toBe('name');
    expect((await Resource.findByPk(uploaded.id, { allTenants: true }))?.name).toBe('已改名');

    for (const as of [otherToken]) {
      const missing = await post('get', { id: 99_999_999 }, as);
      expect(missing.body).toMatchObject({ respCode: -1, respDesc: '视频不存在' });
      expect((await post('get', { id: uploaded.id }, as)).body).toEqual(missing.body);
      expect((await post('save', { id: uploaded.id, name: '抢改' }, as)).body).toEqual(missing.body);
      expect((await post('delete', { id: uploaded.id }, as)).body).toEqual(missing.body);
    }
    const key = (await Resource.findByPk(uploaded.id, { allTenants: true }))?.storageKey as string;
    expect(storage.files()).toContain(key);

    expect((await post('delete', { id: uploaded.id })).body.respCode).toBe(200);
    expect(await Resource.count({ where: { id: uploaded.id }, allTenants: true })).toBe(0);
    expect(storage.files()).not.toContain(key);
    expect(
      await AuditLog.findOne({
        where: { action: 'resource.delete', targetId: String(uploaded.id) },
        allTenants: true,
      }),
    ).toMatchObject({
      projectId,
    });
  });

  test('staff without the video screen are refused (403); the course screen may only read', async () => {
    const noScreen = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/home'] })).account,
    );
    for (const name of [
      'query',
      'get',
      'save',
      'delete',
      'play-url',
      'check-upload',
      'upload-init',
      'upload-chunk',
      'upload-status',
      'upload-complete',
      'upload-abort',
    ])
      expect((await post(name, { id: 1 }, noScreen)).status).toBe(403);
    const reader = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/resource-manage/course'] }))
        .account,
    );
    expect((await post('query', {}, reader)).body.respCode).toBe(200);
    for (const name of ['save', 'delete', 'upload-init'])
      expect((await post(name, { id: 1 }, reader)).status).toBe(403);
    const student = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, menu: VIDEO_MENU })).account,
    );
    expect((await post('query', {}, student)).status).toBe(403);
  });
});

describe('the demo seed', () => {
  test('files the demo videos through the storage with the durations read from them', async () => {
    const project = (await buildProject()).id;
    await t.sequelize.transaction((transaction) =>
      seedResourceDemo(project, transaction, t.scope().providers.storage),
    );
    const resources = await Resource.findAll({ where: { projectId: project }, order: [['id', 'ASC']] });
    expect(
      resources.map((resource) => [resource.name, resource.durationSeconds, resource.width, resource.height]),
    ).toEqual([
      ['安全生产概述', 12, 320, 180],
      ['消防演练示范', 8, 320, 180],
      ['现场急救要点', 5, 320, 180],
      ['岗前安全须知（双语）', 8, 320, 180],
    ]);
    // Packaged as the upload's job would; the bilingual one with an audio rendition per language.
    expect(resources.map((resource) => [resource.hls?.renditions.length, resource.audioLanguages])).toEqual([
      [2, []],
      [2, []],
      [2, []],
      [2, ['zh', 'en']],
    ]);
    expect(resources[3]?.hls?.audio?.map((track) => track.language)).toEqual(['zh', 'en']);
    for (const [index, resource] of resources.entries()) {
      const bytes = demo(DEMO_RESOURCES[index]?.file as string);
      expect(resource.size).toBe(bytes.length);
      expect(resource.sha256).toBe(sha256(bytes));
      expect(await readStored(t.scope().providers.storage, resource.storageKey)).toEqual(bytes);
    }
    const as = await signIn(
      (await buildAccount({ projectId: project, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account,
    );
    const tree = (await post('category-tree', {}, as)).body.attribute;
    expect(
      tree.map((node: { name: string; resourceCount: number }) => [node.name, node.resourceCount]),
    ).toEqual([
      ['安全生产', 3],
      ['职业技能', 1],
    ]);
    expect((await post('query', { name: '急救' }, as)).body.attribute.list[0].categoryName).toBe(
      '职业技能 / 应急救护',
    );
  });
});

describe('settings from the environment', () => {
  test('storage under DATA_DIR/files (a temp folder in tests), limits, chunk size, URL lifetime and secret', async () => {
    const env = loadEnv({ DATA_DIR: '/srv/px' });
    expect(env.STORAGE_DIR).toBe(path.join('/srv/px', 'files'));
    expect(loadEnv({ STORAGE_DIR: '/mnt/files' }).STORAGE_DIR).toBe('/mnt/files');
    expect(loadEnv({ NODE_ENV: 'test' }).STORAGE_DIR).not.toContain(path.join('data', 'files'));
    expect(videoLimitsFromEnv(env)).toMatchObject({
      videoLimitBytes: 2048 * 1024 * 1024,
      chunkBytes: 5 * 1024 * 1024,
      playUrlTtlSeconds: 7200,
    });
    const built = createProviders({ ...env, STORAGE_DIR: storage.dir() });
    expect(built.video.limits).toEqual(videoLimitsFromEnv(env));
    if (!isLocalVideoProvider(built.video)) throw new Error('not the local video provider');
    // No MEDIA_SIGNING_SECRET: the secret kept in the database.
    expect(await built.video.mediaSecret(t.sequelize)).toEqual(await getMediaSecret(t.sequelize));
    await built.storage.put('env/probe.txt', Buffer.from('probe'));
    expect(storage.files()).toContain('env/probe.txt');
    await built.storage.delete('env/probe.txt');

    const small = createProviders(
      loadEnv({
        VIDEO_UPLOAD_LIMIT_MB: '10',
        UPLOAD_FILE_LIMIT_MB: '2',
        MEDIA_URL_TTL_MINUTES: '5',
        MEDIA_SIGNING_SECRET: 's'.repeat(32),
      }),
    );
    expect(small.video.limits).toMatchObject({
      videoLimitBytes: 10 * 1024 * 1024,
      chunkBytes: 2 * 1024 * 1024,
      playUrlTtlSeconds: 300,
    });
    if (!isLocalVideoProvider(small.video)) throw new Error('not the local video provider');
    expect(await small.video.mediaSecret(t.sequelize)).toEqual(Buffer.from('s'.repeat(32)));
    expect(() => loadEnv({ MEDIA_SIGNING_SECRET: 'short' })).toThrow(/MEDIA_SIGNING_SECRET/);
    expect(() => loadEnv({ VIDEO_UPLOAD_LIMIT_MB: '0' })).toThrow(/VIDEO_UPLOAD_LIMIT_MB/);
  });
});

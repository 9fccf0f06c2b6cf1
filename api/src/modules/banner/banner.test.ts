import fs from 'node:fs';
import path from 'node:path';
import { ROLE_SYSTEM } from '@px/config';
import { decode as decodeJpeg } from 'jpeg-js';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { probeImage } from '../storage/image';
import { encodePng } from '../storage/png';
import { useTestFileStorage } from '../storage/test-storage';
import { DEMO_BANNERS, seedBannerDemo } from './banner.demo';
import { Banner, BannerImage } from './banner.model';
import { sweepUnusedBannerImages, UNUSED_IMAGE_TTL_MS } from './banner.service';

const MENU = ['/home', '/account-manage', '/account-manage/banner-list'];

let t: TestApp;
let projectId: number;
let otherProjectId: number;
let unitId: number;
let otherUnitId: number;
let token: string;
let otherToken: string;

const storage = useTestFileStorage('banner');
const stored = storage.files;

const post = (name: string, body: object = {}, as = token) =>
  t.http.post(`/api/banner/${name}.action`).set('token', as).send(body);
const upload = (bytes: Buffer, fileName: string, as = token) =>
  t.http.post('/api/banner/upload-image.action').set('token', as).attach('file', bytes, fileName);
const fieldsOf = (body: { attribute: { errors: { field: string }[] } }) =>
  body.attribute.errors.map((error) => error.field);

const png = (width: number, height: number) => encodePng(width, height, (x, y) => [x % 256, y % 256, 128]);

/** A minimal baseline JPEG header: SOI, APP0 (JFIF), SOF0 of `width` x `height`, EOI. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A WebP header with a VP8X chunk (extended format) of `width` x `height`. */
function webp(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(22, 4);
  bytes.write('WEBPVP8X', 8, 'latin1');
  bytes.writeUInt32LE(10, 16);
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return bytes;
}

async function uploadImage(bytes = png(750, 300), as = token): Promise<{ id: string; url: string }> {
  const answer = await upload(bytes, 'banner.png', as);
  expect(answer.body.respCode).toBe(200);
  return answer.body.attribute;
}

async function createBanner(overrides: object = {}, as = token) {
  const image = await uploadImage(undefined, as);
  const answer = await post(
    'save',
    { title: '招生简章', imageId: image.id, link: '/detail-public?id=1', ...overrides },
    as,
  );
  expect(answer.body.respCode).toBe(200);
  return answer.body.attribute as { id: number; sort: number; image: { id: string; url: string } };
}

beforeAll(async () => {
  t = await createTestApp({ providers: { storage: storage.storage } });
  projectId = (await buildProject()).id;
  otherProjectId = (await buildProject()).id;
  unitId = (await buildUnit(projectId)).id;
  otherUnitId = (await buildUnit(otherProjectId)).id;
  token = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: MENU })).account,
  );
  otherToken = await signIn(
    (await buildAccount({ projectId: otherProjectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: MENU })).account,
  );
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await Banner.destroy({ where: {}, allTenants: true });
  await BannerImage.destroy({ where: {}, allTenants: true });
  storage.clear();
});

describe('permissions', () => {
  const CALLS = ['page', 'save', 'status', 'delete', 'sort', 'upload-image'];

  test('staff without the banner screen, unit managers and students are refused (403); anonymous 401', async () => {
    const tokens = [
      await signIn(
        (
          await buildAccount({
            projectId,
            roleSystem: ROLE_SYSTEM.PROJECT,
            menu: ['/home', '/account-manage/role'],
          })
        ).account,
      ),
      await signIn(
        (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.UNIT, unitId, menu: MENU })).account,
      ),
      await signIn((await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, menu: MENU })).account),
    ];
    for (const as of tokens)
      for (const name of CALLS) expect((await post(name, { id: 1 }, as)).status).toBe(403);
    for (const name of CALLS) expect((await t.http.post(`/api/banner/${name}.action`)).status).toBe(401);
    expect((await upload(png(10, 10), 'a.png', tokens[0])).status).toBe(403);
    expect(stored()).toEqual([]);
  });
});

describe('image upload', () => {
  test('reads kind and size from the content, stores the file and serves it publicly with caching headers', async () => {
    const bytes = png(750, 300);
    const answer = await upload(bytes, 'whatever.jpg');
    expect(answer.body.attribute).toMatchObject({
      contentType: 'image/png',
      width: 750,
      height: 300,
      size: bytes.length,
      url: expect.stringMatching(/^\/api\/banner-image\/[0-9a-f-]{36}\.png$/),
    });
    const { id, url } = answer.body.attribute;
    expect(stored()).toEqual([`banners/${projectId}/${id}.png`]);

    const served = await t.http.get(url).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(served.headers['content-length'])).toBe(bytes.length);
    expect(Buffer.from(served.body)).toEqual(bytes);
    const again = await t.http.get(url).set('If-None-Match', served.headers.etag as string);
    expect(again.status).toBe(304);
    expect((await t.http.head(url)).status).toBe(200);
    expect((await t.http.get(url.replace('.png', '.jpg'))).status).toBe(404);
    expect((await t.http.get('/api/banner-image/00000000-0000-4000-8000-000000000000.png')).status).toBe(404);
    expect((await t.http.get('/api/banner-image/../../etc/passwd')).status).toBe(404);
  });

  test('JPEG and WebP dimensions are read from their headers', async () => {
    expect((await upload(jpeg(1280, 480), 'a.jpg')).body.attribute).toMatchObject({
      contentType: 'image/jpeg',
      width: 1280,
      height: 480,
      url: expect.stringMatching(/\.jpg$/),
    });
    expect((await upload(webp(640, 256), 'a.webp')).body.attribute).toMatchObject({
      contentType: 'image/webp',
      width: 640,
      height: 256,
    });
  });

  // Issue 17: the demo banners were gradients with white bars, read as a page still loading.
  test.each(DEMO_BANNERS.map((demo) => [demo.file]))(
    'the demo banner %s is a 750×320 JPEG with artwork and words, not a bare gradient',
    (file) => {
      const bytes = fs.readFileSync(path.join(__dirname, 'demo-images', file));
      expect(probeImage(bytes)).toEqual({
        format: 'jpeg',
        contentType: 'image/jpeg',
        width: 750,
        height: 320,
      });
      expect(bytes.length).toBeLessThan(80 * 1024);
      // Lettering and drawings make sharp light/dark steps all over the picture; a gradient with a few
      // bars has almost none (the old demo images: 0.07% of neighbouring pixels, these 1.5% and more).
      expect(sharpStepShare(bytes)).toBeGreaterThan(0.005);
    },
  );

  test('content that is not PNG/JPEG/WebP is refused whatever its name, and nothing is stored', async () => {
    for (const [bytes, name] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'banner.png'],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'banner.jpg'],
      [Buffer.from('just text'), 'banner.webp'],
      [png(10, 10).subarray(0, 12), 'broken.png'],
    ] as const) {
      const answer = await upload(bytes, name);
      expect(answer.body.respCode).not.toBe(200);
      expect(answer.body.respDesc).toMatch(/图片格式不正确|图片文件已损坏/);
    }
    expect(stored()).toEqual([]);
    expect(await BannerImage.count({ allTenants: true })).toBe(0);
  });

  test('a file over 2 MB, a missing file and an absurd size are refused, and nothing is stored', async () => {
    const big = Buffer.concat([png(10, 10), Buffer.alloc(2 * 1024 * 1024)]);
    const over = await upload(big, 'big.png');
    expect(over.status).toBe(400);
    expect(fieldsOf(over.body)).toEqual(['file']);
    expect(over.body.respDesc).toContain('2 MB');
    const missing = await post('upload-image');
    expect(fieldsOf(missing.body)).toEqual(['file']);
    const huge = await upload(webp(9000, 300), 'huge.webp');
    expect(huge.body.respDesc).toContain('8000');
    expect(stored()).toEqual([]);
    expect(await BannerImage.count({ allTenants: true })).toBe(0);
  });

  test('images no banner took are swept after a day, with their files (the banner.sweep-images job)', async () => {
    const image = await uploadImage();
    const kept = await createBanner();
    const otherImage = await uploadImage(undefined, otherToken);
    await BannerImage.update(
      { createdAt: new Date(Date.now() - UNUSED_IMAGE_TTL_MS - 1000) },
      { where: { projectId: [projectId, otherProjectId] } },
    );
    expect(await sweepUnusedBannerImages(t.scope(), new Date(), 1)).toBe(1);
    await t.jobs.queue.send('banner.sweep-images', {});
    expect(await t.jobs.drain()).toBe(1);
    for (const id of [image.id, otherImage.id])
      expect(await BannerImage.findByPk(id, { allTenants: true })).toBeNull();
    expect(stored()).toEqual([`banners/${projectId}/${kept.image.id}.png`]);
    expect(await sweepUnusedBannerImages(t.scope())).toBe(0);
  });

  test('uploading no longer sweeps: an abandoned image stays until the job runs', async () => {
    const image = await uploadImage();
    await BannerImage.update(
      { createdAt: new Date(Date.now() - UNUSED_IMAGE_TTL_MS - 1000) },
      { where: { id: image.id, projectId } },
    );
    await uploadImage();
    expect(await BannerImage.findByPk(image.id, { allTenants: true })).not.toBeNull();
  });
});

describe('save', () => {
  test('creates at the end of the order, enabled, audited; updates and replaces the image (the old one removed)', async () => {
    const first = await createBanner();
    const second = await createBanner({ title: '第二张', link: 'https://example.com/news?id=3' });
    expect(second.sort).toBe(first.sort + 1);
    expect(second).toMatchObject({
      status: 'ENABLED',
      link: 'https://example.com/news?id=3',
      windowState: 'ACTIVE',
    });
    expect(
      await AuditLog.count({
        where: { action: 'banner.create', targetId: String(second.id) },
        allTenants: true,
      }),
    ).toBe(1);

    const image = await uploadImage(jpeg(800, 320));
    const updated = await post('save', {
      id: second.id,
      title: '第二张（新）',
      imageId: image.id,
      link: '',
      startAt: '2020-01-01T00:00:00+08:00',
      endAt: '2020-02-01T00:00:00Z',
      status: 'DISABLED',
    });
    expect(updated.body.attribute).toMatchObject({
      title: '第二张（新）',
      link: null,
      status: 'DISABLED',
      startAt: '2019-12-31T16:00:00.000Z',
      endAt: '2020-02-01T00:00:00.000Z',
      windowState: 'ENDED',
      image: { id: image.id, width: 800, height: 320 },
    });
    expect(await BannerImage.findByPk(second.image.id, { allTenants: true })).toBeNull();
    expect(stored()).toEqual(
      [`banners/${projectId}/${first.image.id}.png`, `banners/${projectId}/${image.id}.jpg`].sort(),
    );
  });

  test('bad links, a window ending before it starts, a missing title or image name the field and change nothing', async () => {
    const image = await uploadImage();
    const valid = { title: '标题', imageId: image.id };
    for (const link of [
      'javascript:alert(1)',
      'http://example.com',
      '//evil.example.com/x',
      'detail-public?id=1',
      'https://',
      'https://user:pw@example.com/',
      '/detail public',
      `/${'a'.repeat(500)}`,
    ]) {
      const answer = await post('save', { ...valid, link });
      expect(answer.status).toBe(400);
      expect(fieldsOf(answer.body)).toEqual(['link']);
    }
    for (const window of [
      { startAt: '2030-01-02T00:00:00Z', endAt: '2030-01-01T00:00:00Z' },
      { startAt: '2030-01-01T00:00:00Z', endAt: '2030-01-01T00:00:00Z' },
    ]) {
      const answer = await post('save', { ...valid, ...window });
      expect(fieldsOf(answer.body)).toEqual(['endAt']);
    }
    expect(fieldsOf((await post('save', { ...valid, startAt: '2030-13-01' })).body)).toEqual(['startAt']);
    expect(fieldsOf((await post('save', { imageId: image.id })).body)).toEqual(['title']);
    expect(fieldsOf((await post('save', { title: '标题' })).body)).toEqual(['imageId']);
    expect(await Banner.count({ allTenants: true })).toBe(0);
    expect(
      (await post('save', { ...valid, link: '/detail-public?id=1&from=banner#top' })).body.respCode,
    ).toBe(200);
  });
});

describe('another project', () => {
  test("another project's banner cannot be changed, deleted or sorted; its image cannot be taken", async () => {
    const mine = await createBanner();
    const theirs = await createBanner({}, otherToken);
    const refusedSave = await post('save', { id: theirs.id, title: '改', imageId: theirs.image.id });
    expect(refusedSave.body.respCode).not.toBe(200);
    const foreignImage = await post('save', { title: '盗图', imageId: theirs.image.id });
    expect(fieldsOf(foreignImage.body)).toEqual(['imageId']);
    expect((await post('status', { id: theirs.id, status: 'DISABLED' })).body.respDesc).toBe('轮播图不存在');
    expect((await post('delete', { id: theirs.id })).body.respDesc).toBe('轮播图不存在');
    expect(fieldsOf((await post('sort', { ids: [theirs.id, mine.id] })).body)).toEqual(['ids']);
    const page = await post('page');
    expect(page.body.attribute.list.map((row: { id: number }) => row.id)).toEqual([mine.id]);
    expect(await Banner.findByPk(theirs.id, { allTenants: true })).toMatchObject({
      title: '招生简章',
      status: 'ENABLED',
    });
  });
});

describe('status, sort and delete', () => {
  test('sort takes every banner exactly once; status toggles; delete removes the banner and its image', async () => {
    const a = await createBanner({ title: 'A' });
    const b = await createBanner({ title: 'B' });
    const c = await createBanner({ title: 'C' });
    const sorted = await post('sort', { ids: [c.id, a.id, b.id] });
    expect(sorted.body.attribute.list.map((row: { title: string }) => row.title)).toEqual(['C', 'A', 'B']);
    expect(fieldsOf((await post('sort', { ids: [c.id, a.id] })).body)).toEqual(['ids']);
    expect(fieldsOf((await post('sort', { ids: [c.id, a.id, a.id, b.id] })).body)).toEqual(['ids']);
    expect(fieldsOf((await post('sort', { ids: [] })).body)).toEqual(['ids']);
    const page = await post('page', { pageSize: 10 });
    expect(page.body.attribute.list.map((row: { title: string }) => row.title)).toEqual(['C', 'A', 'B']);

    expect((await post('status', { id: a.id, status: 'DISABLED' })).body.attribute.status).toBe('DISABLED');
    expect((await post('page', { status: 'DISABLED' })).body.attribute.list).toHaveLength(1);
    expect((await post('status', { id: a.id, status: 'OFF' })).status).toBe(400);

    expect((await post('delete', { id: b.id })).body.respCode).toBe(200);
    expect(await Banner.findByPk(b.id, { allTenants: true })).toBeNull();
    expect(await BannerImage.findByPk(b.image.id, { allTenants: true })).toBeNull();
    expect(stored()).not.toContain(`banners/${projectId}/${b.image.id}.png`);
    expect(stored()).toHaveLength(2);
    expect(
      await AuditLog.count({ where: { action: 'banner.delete', targetId: String(b.id) }, allTenants: true }),
    ).toBe(1);
  });
});

describe('the public list', () => {
  test("answers the request's project's enabled banners within their window, in order", async () => {
    const hour = 3600_000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
    const open = await createBanner({ title: '常驻' });
    const current = await createBanner({ title: '进行中', startAt: iso(-hour), endAt: iso(hour) });
    await createBanner({ title: '未开始', startAt: iso(hour) });
    await createBanner({ title: '已结束', endAt: iso(-hour) });
    await createBanner({ title: '已停用', status: 'DISABLED' });
    const onlyStart = await createBanner({ title: '已开始', startAt: iso(-hour) });
    await createBanner({ title: '别的项目' }, otherToken);
    await post('sort', {
      ids: (await post('page', { pageSize: 100 })).body.attribute.list
        .map((row: { id: number }) => row.id)
        .reverse(),
    });

    const answer = await t.http.get('/api/banner/list.action').query({ unitId });
    expect(answer.body.respCode).toBe(200);
    expect(answer.body.attribute.map((row: { title: string }) => row.title)).toEqual([
      '已开始',
      '进行中',
      '常驻',
    ]);
    expect(answer.body.attribute[2]).toEqual({
      id: open.id,
      title: '常驻',
      imageUrl: open.image.url,
      width: 750,
      height: 300,
      link: '/detail-public?id=1',
    });
    expect(answer.body.attribute.map((row: { id: number }) => row.id)).toEqual([
      onlyStart.id,
      current.id,
      open.id,
    ]);
    const other = await t.http.post('/api/banner/list.action').send({ unitId: otherUnitId });
    expect(other.body.attribute.map((row: { title: string }) => row.title)).toEqual(['别的项目']);
    expect(fieldsOf((await t.http.get('/api/banner/list.action').query({ unitId: 999999 })).body)).toEqual([
      'unitId',
    ]);
  });

  test('a project is also found by the host of the request', async () => {
    const hosted = await buildProject({ domains: ['banner.example.com'] });
    const hostedToken = await signIn(
      (await buildAccount({ projectId: hosted.id, roleSystem: ROLE_SYSTEM.PROJECT, menu: MENU })).account,
    );
    await createBanner({ title: '域名项目' }, hostedToken);
    await createBanner({ title: '本项目' });
    const answer = await t.http.get('/api/banner/list.action').set('Host', 'banner.example.com');
    expect(answer.body.attribute.map((row: { title: string }) => row.title)).toEqual(['域名项目']);
  });
});

describe('demo data', () => {
  test('seeds the demo banners with their images stored and served', async () => {
    const demoProject = await buildProject();
    const unit = await buildUnit(demoProject.id);
    await t.sequelize.transaction((transaction) =>
      seedBannerDemo(demoProject.id, transaction, storage.storage),
    );
    const answer = await t.http.get('/api/banner/list.action').query({ unitId: unit.id });
    expect(answer.body.attribute.map((row: { title: string }) => row.title)).toEqual(
      DEMO_BANNERS.map((demo) => demo.title),
    );
    for (const row of answer.body.attribute as { imageUrl: string; width: number }[]) {
      expect(row.width).toBe(750);
      const image = await t.http.get(row.imageUrl).buffer(true);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
    }
    expect(stored()).toHaveLength(DEMO_BANNERS.length);
  });
});

/** The share of horizontally neighbouring pixels of a JPEG whose luminance differs by more than 60. */
function sharpStepShare(jpegBytes: Buffer): number {
  const { data, width, height } = decodeJpeg(jpegBytes, { useTArray: true });
  const luminance = (i: number) =>
    0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
  let steps = 0;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width - 1; x += 1) {
      const i = (y * width + x) * 4;
      if (Math.abs(luminance(i) - luminance(i + 4)) > 60) steps += 1;
    }
  return steps / (height * (width - 1));
}

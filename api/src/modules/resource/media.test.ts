import fs from 'node:fs';
import path from 'node:path';
import { ROLE_SYSTEM } from '@px/config';
import { QueryTypes } from 'sequelize';
import supertest from 'supertest';
import { createApp } from '../../app';
import { createLogger } from '../../core/logger';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { rawBody } from '../../testing/http';
import { authenticateToken } from '../session/session.service';
import { limitRange, parseRange } from './media.route';
import { getMediaSecret, signMediaToken, verifyMediaToken } from './media-token';
import { DEMO_VIDEO_DIR } from './resource.demo';
import { Resource } from './resource.model';
import { uploadThroughApi, useTestStorage, VIDEO_MENU } from './resource.testing';
import { isLocalVideoProvider } from './video-provider';

let t: TestApp;
let projectId: number;
let token: string;
let otherToken: string;
let video: { id: number; size: number };

const storage = useTestStorage();
const BYTES = fs.readFileSync(path.join(DEMO_VIDEO_DIR, 'first-aid.mp4'));

const post = (name: string, body: object = {}, as = token) =>
  t.http.post(`/api/resource/${name}.action`).set('token', as).send(body);
/** GET with the raw bytes of the answer. */
const fetchMedia = (url: string, headers: Record<string, string> = {}) =>
  t.http.get(url).set(headers).buffer(true).parse(rawBody);

async function playUrl(id = video.id, as = token): Promise<string> {
  const res = await post('play-url', { id }, as);
  expect(res.body.respCode).toBe(200);
  return res.body.attribute.url;
}

beforeAll(async () => {
  t = await createTestApp({ providers: storage.providers() });
  projectId = (await buildProject()).id;
  token = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account,
  );
  const other = (await buildProject()).id;
  otherToken = await signIn(
    (await buildAccount({ projectId: other, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account,
  );
  const uploaded = await uploadThroughApi(t, token, BYTES, { name: '播放测试' });
  video = uploaded.body.attribute;
  // Not packaged (its packaging job is left queued): a READY video without a package plays as the
  // MP4 itself, through the media route tested here (the HLS route: hls.test.ts).
  await Resource.update({ status: 'READY' }, { where: { id: video.id }, allTenants: true });
});
afterAll(() => t.close());

describe('resource/play-url', () => {
  test('answers a same-origin signed URL that expires after two hours', async () => {
    const before = Date.now();
    const res = await post('play-url', { id: video.id });
    const answer = res.body.attribute;
    expect(answer).toMatchObject({
      provider: 'local',
      url: expect.stringMatching(/^\/api\/media\/\d+\.\d+\.[A-Za-z0-9_-]{43}$/),
      contentType: 'video/mp4',
    });
    expect(answer.url).toBe(`/api/media/${answer.token}`);
    const expires = new Date(answer.expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 7200 * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7200 * 1000);
    expect(JSON.stringify(res.body)).not.toContain('videos/');
  });

  test('another project’s video, and staff without a resource screen, are refused', async () => {
    expect((await post('play-url', { id: video.id }, otherToken)).body).toMatchObject({
      respCode: -1,
      respDesc: '视频不存在',
    });
    const noScreen = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/home'] })).account,
    );
    expect((await post('play-url', { id: video.id }, noScreen)).status).toBe(403);
    const questions = await signIn(
      (
        await buildAccount({
          projectId,
          roleSystem: ROLE_SYSTEM.PROJECT,
          menu: ['/resource-manage/add-question'],
        })
      ).account,
    );
    expect((await post('play-url', { id: video.id }, questions)).body.respCode).toBe(200);
  });
});

describe('the media route', () => {
  test('serves the whole file with Accept-Ranges, type, length and no storage path', async () => {
    const res = await fetchMedia(await playUrl());
    expect(res.status).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-length']).toBe(String(BYTES.length));
    expect(res.headers['cache-control']).toMatch(/^private, max-age=(71\d\d|7200)$/);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(Buffer.compare(res.body as Buffer, BYTES)).toBe(0);
    expect(JSON.stringify(res.headers)).not.toMatch(/videos\/|px-resource-test/);
  });

  test('answers ranges with 206 and exactly those bytes: closed, open-ended, suffix, past the end', async () => {
    const url = await playUrl();
    const size = BYTES.length;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-1000', 1000, 1000],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      ['bytes=-500', size - 500, size - 1],
      [`bytes=-${size + 100}`, 0, size - 1],
      [`bytes=100-${size + 5000}`, 100, size - 1],
      [`bytes=${size - 1}-${size - 1}`, size - 1, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await fetchMedia(url, { Range: range });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(Buffer.compare(res.body as Buffer, BYTES.subarray(start, end + 1))).toBe(0);
    }
  });

  test('answers 416 with the size for ranges outside the file', async () => {
    const url = await playUrl();
    for (const range of [
      `bytes=${BYTES.length}-`,
      `bytes=${BYTES.length + 10}-${BYTES.length + 20}`,
      'bytes=-0',
    ]) {
      const res = await fetchMedia(url, { Range: range });
      expect(res.status).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${BYTES.length}`);
    }
  });

  test('ignores malformed and multi-part ranges, and a range whose If-Range does not match', async () => {
    const url = await playUrl();
    for (const headers of <Record<string, string>[]>[
      { Range: 'bytes=5-2' },
      { Range: 'items=0-5' },
      { Range: 'bytes=0-1,5-6' },
      { Range: 'bytes=abc' },
      { Range: 'bytes=0-9', 'If-Range': '"another"' },
    ]) {
      const res = await fetchMedia(url, headers);
      expect(res.status).toBe(200);
      expect((res.body as Buffer).length).toBe(BYTES.length);
    }
    const first = await fetchMedia(url);
    const matching = await fetchMedia(url, { Range: 'bytes=0-9', 'If-Range': first.headers.etag as string });
    expect(matching.status).toBe(206);
  });

  test('HEAD answers the headers without the body; other methods 405', async () => {
    const url = await playUrl();
    const head = await t.http.head(url).set('Range', 'bytes=10-19');
    expect(head.status).toBe(206);
    expect(head.headers['content-length']).toBe('10');
    expect(head.headers['content-range']).toBe(`bytes 10-19/${BYTES.length}`);
    expect((await t.http.post(url)).status).toBe(405);
  });

  test('refuses forged and expired tokens with 403', async () => {
    const url = await playUrl();
    const token = url.slice('/api/media/'.length);
    const [id, expires, mac] = token.split('.') as [string, string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    // Another spelling of the same bytes (base64url's last character has two unused bits).
    const last = mac.at(-1) ?? 'A';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = `${mac.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
    const forged = [
      `${id}.${expires}.${flipped}`,
      `${id}.${expires}.${respelled}`,
      `${id}.${Number(expires) + 3600}.${mac}`,
      `${Number(id) + 1}.${expires}.${mac}`,
      `${id}.${expires}`,
      'nonsense',
      `${id}.${expires}.${mac}x`,
    ];
    for (const bad of forged) {
      const res = await fetchMedia(`/api/media/${bad}`);
      expect(res.status).toBe(403);
      expect(res.text ?? (res.body as Buffer).toString()).not.toContain('videos/');
    }
    // Signed with another secret.
    const stranger = signMediaToken(Buffer.alloc(32, 7), {
      resourceId: video.id,
      expiresAt: Number(expires),
    });
    expect((await fetchMedia(`/api/media/${stranger}`)).status).toBe(403);
    // Signed with the right secret, but its time has passed.
    const secret = await getMediaSecret(t.sequelize);
    const past = signMediaToken(secret, {
      resourceId: video.id,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    const expired = await fetchMedia(`/api/media/${past}`);
    expect(expired.status).toBe(403);
    expect((expired.body as Buffer).toString()).toBe('播放地址已过期，请刷新后重试');
    const fresh = signMediaToken(secret, {
      resourceId: video.id,
      expiresAt: Math.floor(Date.now() / 1000) + 60,
    });
    expect((await fetchMedia(`/api/media/${fresh}`)).status).toBe(200);
  });

  test('a deleted video answers 404, also with a valid token', async () => {
    const second = (await uploadThroughApi(t, token, BYTES, { name: '将删除' })).body.attribute;
    await Resource.update({ status: 'READY' }, { where: { id: second.id }, allTenants: true });
    const url = await playUrl(second.id);
    expect((await fetchMedia(url)).status).toBe(200);
    const key = (await Resource.findByPk(second.id, { allTenants: true }))?.storageKey as string;
    expect(storage.files()).toContain(key);
    await post('delete', { id: second.id });
    const gone = await fetchMedia(url);
    expect(gone.status).toBe(404);
    expect((gone.body as Buffer).toString()).toBe('视频不存在');
    expect(storage.files()).not.toContain(key);
  });

  test('a file missing from storage answers 404 without naming it', async () => {
    const row = (await Resource.findByPk(video.id, { allTenants: true })) as Resource;
    const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = row.get({ plain: true });
    const orphan = await Resource.create({ ...fields, storageKey: `videos/${projectId}/missing.mp4` });
    const res = await fetchMedia(await playUrl(orphan.id));
    expect(res.status).toBe(404);
    expect((res.body as Buffer).toString()).not.toContain('missing.mp4');
  });
});

describe('a token limited to byte spans (a trial)', () => {
  const size = BYTES.length;
  /** first-aid.mp4 keeps its moov at the end. */
  const moovStart = BYTES.indexOf('moov') - 4;
  const limitedUrl = async (
    spans = [
      { start: 0, end: 1000 },
      { start: moovStart, end: size },
    ],
  ) => {
    const expiresAt = Math.floor(Date.now() / 1000) + 600;
    return `/api/media/${signMediaToken(await getMediaSecret(t.sequelize), { resourceId: video.id, expiresAt, spans })}`;
  };

  test('serves ranges within the spans cut at a span end, zeros in a gap, 416 after the last span', async () => {
    expect(moovStart).toBeGreaterThan(1000);
    const url = await limitedUrl();
    const served: [string | undefined, number, number][] = [
      [undefined, 0, 999],
      ['bytes=0-', 0, 999],
      ['bytes=0-99', 0, 99],
      ['bytes=500-5000', 500, 999],
      [`bytes=${moovStart}-`, moovStart, size - 1],
      ['bytes=-100', size - 100, size - 1],
    ];
    for (const [range, start, end] of served) {
      const res = await fetchMedia(url, range ? { Range: range } : {});
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(Buffer.compare(res.body as Buffer, BYTES.subarray(start, end + 1))).toBe(0);
    }
    // Between the trial's end and the moov: zeros up to the moov, so a player reads on to it.
    const gaps: [string, number, number][] = [
      ['bytes=1000-', 1000, moovStart - 1],
      ['bytes=1000-1100', 1000, 1100],
      [`bytes=${moovStart - 1}-${moovStart + 10}`, moovStart - 1, moovStart - 1],
    ];
    for (const [range, start, end] of gaps) {
      const res = await fetchMedia(url, { Range: range });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.body).toEqual(Buffer.alloc(end - start + 1));
    }
    // After the last span (here the trial's end, nothing after it), and past the file: 416.
    const startOnly = await limitedUrl([{ start: 0, end: 1000 }]);
    for (const [target, range] of [
      [startOnly, 'bytes=1000-'],
      [startOnly, 'bytes=5000-6000'],
      [url, `bytes=${size}-`],
    ] as const) {
      const res = await fetchMedia(target, { Range: range });
      expect(res.status).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
      expect((res.body as Buffer).length).toBeLessThan(100);
    }
    const head = await t.http.head(url).set('Range', 'bytes=900-1999');
    expect(head.status).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 900-999/${size}`);
  });

  test('the spans are signed: widened, respelled or dropped spans are refused', async () => {
    const url = await limitedUrl([{ start: 0, end: 1000 }]);
    const [id, expires, spans, mac] = url.slice('/api/media/'.length).split('.') as [
      string,
      string,
      string,
      string,
    ];
    expect(spans).toBe('0-1000');
    expect(
      verifyMediaToken(await getMediaSecret(t.sequelize), `${id}.${expires}.${spans}.${mac}`, 0),
    ).toEqual({
      resourceId: video.id,
      expiresAt: Number(expires),
      spans: [{ start: 0, end: 1000 }],
    });
    for (const forged of [`0-${size}`, '0-500_500-1000', '00-1000', '0-1000_2000-1000', '0-1000_']) {
      expect((await fetchMedia(`/api/media/${id}.${expires}.${forged}.${mac}`)).status).toBe(403);
    }
    expect((await fetchMedia(`/api/media/${id}.${expires}.${mac}`)).status).toBe(403);
    expect((await fetchMedia(url)).status).toBe(206);
  });

  test('signMediaToken merges touching spans and refuses none or too many', () => {
    const secret = Buffer.alloc(32, 3);
    const grant = { resourceId: 1, expiresAt: 2_000_000_000 };
    const token = signMediaToken(secret, {
      ...grant,
      spans: [
        { start: 50, end: 80 },
        { start: 0, end: 50 },
      ],
    });
    expect(verifyMediaToken(secret, token, 0)).toEqual({ ...grant, spans: [{ start: 0, end: 80 }] });
    expect(() => signMediaToken(secret, { ...grant, spans: [] })).toThrow();
    const many = [0, 1, 2, 3, 4].map((at) => ({ start: at * 10, end: at * 10 + 5 }));
    expect(() => signMediaToken(secret, { ...grant, spans: many })).toThrow();
  });

  test('limitRange', () => {
    const spans = [
      { start: 0, end: 100 },
      { start: 900, end: 1000 },
    ];
    expect(limitRange({ kind: 'whole' }, spans, 1000)).toEqual({ kind: 'range', start: 0, end: 99 });
    expect(limitRange({ kind: 'range', start: 50, end: 950 }, spans, 1000)).toEqual({
      kind: 'range',
      start: 50,
      end: 99,
    });
    expect(limitRange({ kind: 'range', start: 100, end: 2000 }, spans, 1000)).toEqual({
      kind: 'zeros',
      start: 100,
      end: 899,
    });
    expect(limitRange({ kind: 'range', start: 500, end: 600 }, spans.slice(0, 1), 1000)).toEqual({
      kind: 'unsatisfiable',
    });
    expect(limitRange({ kind: 'range', start: 950, end: 999 }, spans, 1000)).toEqual({
      kind: 'range',
      start: 950,
      end: 999,
    });
    expect(limitRange({ kind: 'unsatisfiable' }, spans, 1000)).toEqual({ kind: 'unsatisfiable' });
    // A span past the file's end is cut to it.
    expect(limitRange({ kind: 'range', start: 90, end: 99 }, [{ start: 0, end: 5000 }], 100)).toEqual({
      kind: 'range',
      start: 90,
      end: 99,
    });
  });
});

describe('the signing secret', () => {
  test('is generated once and kept in the database; MEDIA_SIGNING_SECRET replaces it', async () => {
    const secret = await getMediaSecret(t.sequelize);
    expect(secret.length).toBe(32);
    const [row] = await t.sequelize.query<{ private_pem: string }>(
      "SELECT private_pem FROM system_key WHERE name = 'media-url-hmac'",
      { type: QueryTypes.SELECT },
    );
    expect(Buffer.from(row?.private_pem ?? '', 'base64')).toEqual(secret);
    const url = await playUrl();
    // The same database served by an app whose provider has MEDIA_SIGNING_SECRET.
    const provider = storage.providers({ signingSecret: 'k'.repeat(40) }).video;
    if (!isLocalVideoProvider(provider)) throw new Error('not the local video provider');
    expect(await provider.mediaSecret(t.sequelize)).toEqual(Buffer.from('k'.repeat(40)));
    const configured = supertest(
      createApp({
        sequelize: t.sequelize,
        logger: createLogger('silent'),
        providers: { ...t.scope().providers, video: provider },
        jobs: t.jobs.queue,
        authenticate: (given) => authenticateToken(t.sequelize, given),
      }).callback(),
    );
    // URLs signed with the old secret no longer play.
    expect((await configured.get(url)).status).toBe(403);
    const fresh = await configured
      .post('/api/resource/play-url.action')
      .set('token', token)
      .send({ id: video.id });
    expect((await configured.get(fresh.body.attribute.url)).status).toBe(200);
    expect((await fetchMedia(fresh.body.attribute.url)).status).toBe(403);
  });

  test('verifyMediaToken: a grant, forged or expired', () => {
    const secret = Buffer.alloc(32, 1);
    const token = signMediaToken(secret, { resourceId: 42, expiresAt: 2_000_000_000 });
    expect(verifyMediaToken(secret, token, 1_999_999_999)).toEqual({
      resourceId: 42,
      expiresAt: 2_000_000_000,
    });
    expect(verifyMediaToken(secret, token, 2_000_000_000)).toBe('expired');
    expect(verifyMediaToken(Buffer.alloc(32, 2), token, 0)).toBe('forged');
    expect(verifyMediaToken(secret, token.replace('42.', '43.'), 0)).toBe('forged');
    expect(verifyMediaToken(secret, '0.1.abc', 0)).toBe('forged');
  });
});

describe('parseRange (RFC 9110)', () => {
  test.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-0', { kind: 'range', start: 0, end: 0 }],
    ['bytes=0-', { kind: 'range', start: 0, end: 999 }],
    ['bytes=990-2000', { kind: 'range', start: 990, end: 999 }],
    ['bytes=-1', { kind: 'range', start: 999, end: 999 }],
    ['bytes=-5000', { kind: 'range', start: 0, end: 999 }],
    [' bytes = 5 - 9 ', { kind: 'range', start: 5, end: 9 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=9-5', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['bytes=1-2,4-5', { kind: 'whole' }],
    ['pages=1-2', { kind: 'whole' }],
  ])('%s of 1000 bytes', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

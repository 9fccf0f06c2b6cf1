import { createDecipheriv } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { RESP_DESC, ROLE_SYSTEM } from '@px/config';
import { QueryTypes } from 'sequelize';
import type { ResourceItem } from '../../contract/resource';
import { JOB_SCHEMA } from '../../jobs/queue';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { rawBody } from '../../testing/http';
import { AuditLog } from '../audit/audit-log.model';
import type { HlsPackage } from './hls';
import { PACKAGER_VERSION } from './hls-package';
import { Resource } from './resource.model';
import {
  buildResource,
  generatedVideo,
  uploadThroughApi,
  useTestStorage,
  VIDEO_MENU,
} from './resource.testing';
import {
  PACKAGE_JOB,
  PACKAGE_PRIORITY,
  queueStaleRepackaging,
  REPACKAGE_BUSY,
  repackageRefusal,
} from './video-packaging.service';

// 重新转码 (docs/video.md, "Re-packaging"): a READY video is packaged again while its package keeps
// playing; the new one replaces it in one update and the old segments go; a failure keeps the old.

let t: TestApp;
let projectId: number;
let token: string;
let videoId: number;

const storage = useTestStorage();
const files = () => storage.providers().storage;

const post = (name: string, body: object = {}, as = token) =>
  t.http.post(`/api/resource/${name}.action`).set('token', as).send(body);
const fetchBytes = async (url: string) => {
  const res = await t.http.get(url).buffer(true).parse(rawBody);
  expect(res.status).toBe(200);
  return res.body as Buffer;
};
const row = async (id: number) => (await Resource.findOne({ where: { id }, allTenants: true })) as Resource;
const itemOf = async (id: number) => (await post('get', { id })).body.attribute as ResourceItem;
/** The stored files of a package of the video. */
const packageFiles = (id: number, pkg: Pick<HlsPackage, 'id'>) =>
  storage.files().filter((key) => key.startsWith(`hls/${projectId}/${id}/${pkg.id}/`));

/** The packaging jobs queued for a video (waiting, run or archived) and their priorities. */
async function packageJobsOf(id: number): Promise<number[]> {
  const rows = await t.sequelize.query<{ priority: number }>(
    `SELECT priority FROM ${JOB_SCHEMA}.job WHERE name = :name AND data->>'resourceId' = :id
     UNION ALL SELECT priority FROM ${JOB_SCHEMA}.archive WHERE name = :name AND data->>'resourceId' = :id`,
    { replacements: { name: PACKAGE_JOB, id: String(id) }, type: QueryTypes.SELECT },
  );
  return rows.map((one) => one.priority);
}

/**
 * Plays the video as the staff's preview would: its master playlist, the SD playlist, the first
 * segment and its key. Answers the IV the playlist names and whether the segment decrypts with the
 * served key into an MPEG-TS.
 */
async function play(id: number): Promise<{ iv: string; decrypts: boolean }> {
  const answer = await post('play-url', { id });
  expect(answer.body.respCode).toBe(200);
  const master = answer.body.attribute.url as string;
  const folder = master.slice(0, master.lastIndexOf('/') + 1);
  expect((await fetchBytes(master)).toString('utf8')).toMatch(/sd\.m3u8/);
  const playlist = (await fetchBytes(`${folder}sd.m3u8`)).toString('utf8');
  const iv = /IV=0x([0-9a-f]{32})/.exec(playlist)?.[1] as string;
  // The first segment's key, as the playlist names it (a key per segment since packaging version 3).
  const key = await fetchBytes(`${folder}${/URI="([^"]+)"/.exec(playlist)?.[1]}`);
  const segment = await fetchBytes(`${folder}sd/0.ts`);
  const decipher = createDecipheriv('aes-128-cbc', key, Buffer.from(iv, 'hex'));
  let decrypts = false;
  try {
    const plain = Buffer.concat([decipher.update(segment), decipher.final()]);
    decrypts = [0, 188, 376].every((at) => plain[at] === 0x47);
  } catch {
    decrypts = false;
  }
  return { iv, decrypts };
}

beforeAll(async () => {
  t = await createTestApp({ providers: storage.providers() });
  projectId = (await buildProject()).id;
  token = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account,
  );
  const uploaded = await uploadThroughApi(
    t,
    token,
    await generatedVideo(undefined, { seconds: 6, size: '320x180' }),
    {
      name: '重新转码测试',
    },
  );
  expect(uploaded.body.respCode).toBe(200);
  videoId = uploaded.body.attribute.id;
  await t.jobs.drain();
  expect((await row(videoId)).status).toBe('READY');
}, 120_000);
afterAll(() => t.close());

describe('resource/repackage', () => {
  test('a new package records the current packaging version', async () => {
    const video = await row(videoId);
    expect(video.packagerVersion).toBe(PACKAGER_VERSION);
    const item = await itemOf(videoId);
    expect(item).toMatchObject({ status: 'READY', repackaging: false, repackageFailure: null });
  });

  test('the old package plays until the new one is ready, which then replaces it; the old files go', async () => {
    // As if an older packaging had built it.
    await Resource.update({ packagerVersion: 1 }, { where: { id: videoId }, allTenants: true });
    const before = await row(videoId);
    const old = before.hls as HlsPackage;
    const oldFiles = packageFiles(videoId, old);
    expect(oldFiles.length).toBeGreaterThan(0);

    const answer = await post('repackage', { id: videoId });
    expect(answer.body.respCode).toBe(200);
    // No 转码中 gap: still 可播放, with the re-package under way beside it.
    expect(answer.body.attribute).toMatchObject({
      status: 'READY',
      repackaging: true,
      abilities: { canRepackage: false, repackageRefusal: REPACKAGE_BUSY },
    });
    expect(await packageJobsOf(videoId)).toContain(PACKAGE_PRIORITY.staff);
    const again = await post('repackage', { id: videoId });
    expect(again.body).toMatchObject({ respCode: -1, respDesc: REPACKAGE_BUSY });

    // Students (and the preview) still get the old package, whole.
    const meanwhile = await play(videoId);
    expect(meanwhile).toEqual({ iv: old.iv, decrypts: true });
    expect(packageFiles(videoId, old)).toEqual(oldFiles);

    expect(await t.jobs.drain()).toBeGreaterThanOrEqual(1);
    const after = await row(videoId);
    const fresh = after.hls as HlsPackage;
    expect(fresh.id).not.toBe(old.id);
    expect(Buffer.from(after.hlsKey as Buffer).equals(Buffer.from(before.hlsKey as Buffer))).toBe(false);
    expect(after).toMatchObject({
      status: 'READY',
      packagerVersion: PACKAGER_VERSION,
      repackageRequestedAt: null,
      repackageFailure: null,
    });
    expect(packageFiles(videoId, old)).toEqual([]);
    expect(packageFiles(videoId, fresh).length).toBe(oldFiles.length);
    expect(await play(videoId)).toEqual({ iv: fresh.iv, decrypts: true });
    expect(await itemOf(videoId)).toMatchObject({
      status: 'READY',
      repackaging: false,
      repackageFailure: null,
      abilities: { canRepackage: true, repackageRefusal: null },
    });
    const audited = { action: 'resource.repackage', projectId, targetId: String(videoId) };
    expect(await AuditLog.count({ where: audited })).toBe(1);
  }, 60_000);

  test('a failed re-package keeps the old package playing and says why', async () => {
    const before = await row(videoId);
    const kept = before.hls as HlsPackage;
    const keptFiles = packageFiles(videoId, kept);
    const original = await buffer(await files().get(before.storageKey));
    await files().put(before.storageKey, Buffer.from('no longer a video'));
    try {
      expect((await post('repackage', { id: videoId })).body.respCode).toBe(200);
      await t.jobs.drain();
      const after = await row(videoId);
      expect(after.status).toBe('READY');
      expect(after.hls?.id).toBe(kept.id);
      expect(after.repackageRequestedAt).toBeNull();
      expect(packageFiles(videoId, kept)).toEqual(keptFiles);
      const item = await itemOf(videoId);
      expect(item.repackaging).toBe(false);
      expect(item.statusReason).toBeNull();
      expect(item.repackageFailure).toMatch(/^转码失败/);
      expect(await play(videoId)).toEqual({ iv: kept.iv, decrypts: true });
    } finally {
      await files().put(before.storageKey, original);
    }
    // Asked again, the failure is cleared and the re-package goes through.
    const retried = await post('repackage', { id: videoId });
    expect(retried.body.attribute).toMatchObject({ repackaging: true, repackageFailure: null });
    await t.jobs.drain();
    const done = await row(videoId);
    expect(done.hls?.id).not.toBe(kept.id);
    expect(done.repackageFailure).toBeNull();
    expect(packageFiles(videoId, kept)).toEqual([]);
  }, 60_000);

  test('refused for another project, without the video screen, for students, and for a video not 可播放', async () => {
    const jobsBefore = (await packageJobsOf(videoId)).length;
    const other = await buildProject();
    const stranger = await signIn(
      (await buildAccount({ projectId: other.id, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU }))
        .account,
    );
    expect((await post('repackage', { id: videoId }, stranger)).body).toMatchObject({
      respCode: -1,
      respDesc: '视频不存在',
    });
    const reader = await signIn(
      (
        await buildAccount({
          projectId,
          roleSystem: ROLE_SYSTEM.PROJECT,
          menu: ['/resource-manage', '/resource-manage/course'],
        })
      ).account,
    );
    const listed = (await post('query', { name: '重新转码测试' }, reader)).body;
    expect(listed.respCode).toBe(200);
    expect((await post('repackage', { id: videoId }, reader)).status).toBe(403);
    // The rows the reader lists offer no 重新转码: the call would refuse it whatever the video.
    const readable = (listed.attribute.list as ResourceItem[]).find((item) => item.id === videoId);
    expect(readable?.status).toBe('READY');
    expect(readable?.abilities).toEqual({ canRepackage: false, repackageRefusal: RESP_DESC.FORBIDDEN });
    expect((await post('get', { id: videoId }, reader)).body.attribute.abilities).toEqual({
      canRepackage: false,
      repackageRefusal: RESP_DESC.FORBIDDEN,
    });
    // The same video read by staff granted 视频资源 offers it.
    expect((await itemOf(videoId)).abilities).toEqual({ canRepackage: true, repackageRefusal: null });
    const student = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, menu: VIDEO_MENU })).account,
    );
    expect((await post('repackage', { id: videoId }, student)).status).toBe(403);
    expect((await t.http.post('/api/resource/repackage.action').send({ id: videoId })).status).toBe(401);

    const bad = await post('repackage', { id: 'abc' });
    expect(bad.body.respCode).toBe(-1);
    expect(bad.body.attribute.errors[0].field).toBe('id');

    for (const status of ['PROCESSING', 'FAILED'] as const) {
      const video = await buildResource(projectId, { status });
      expect((await post('repackage', { id: video.id })).body).toMatchObject({
        respCode: -1,
        respDesc: '只有可播放的视频可以重新转码',
      });
      expect(await packageJobsOf(video.id)).toEqual([]);
      expect((await row(video.id)).repackageRequestedAt).toBeNull();
      // The answer offers what the check allows: no 重新转码.
      expect((await itemOf(video.id)).abilities).toEqual({
        canRepackage: false,
        repackageRefusal: '只有可播放的视频可以重新转码',
      });
    }
    const untouched = await row(videoId);
    expect(untouched.repackageRequestedAt).toBeNull();
    expect(await packageJobsOf(videoId)).toHaveLength(jobsBefore);
  });
});

test('a video the cloud VOD service keeps is not re-packaged, and its answer offers no 重新转码', () => {
  const ready = { status: 'READY' as const, storageKey: 'vod/file-1', repackageRequestedAt: null };
  const keepsVod = { providers: { cloudVideo: { keeps: (key: string) => key.startsWith('vod/') } } };
  expect(repackageRefusal(keepsVod as never, ready)).toBe('该视频由云点播保存和播放，无需重新转码');
  expect(repackageRefusal(keepsVod as never, { ...ready, storageKey: 'videos/1/a.mp4' })).toBeNull();
  expect(repackageRefusal({ providers: {} } as never, ready)).toBeNull();
});

describe('the stale-package sweep (resource.repackage-stale, at start)', () => {
  const fakePackage = (id: string): HlsPackage => ({ id, iv: '0'.repeat(32), renditions: [] });
  const packaged = (projectOf: number, overrides: Partial<Parameters<typeof Resource.create>[0]>) =>
    buildResource(projectOf, {
      status: 'READY',
      hls: fakePackage('stale'),
      hlsKey: Buffer.alloc(16),
      ...overrides,
    });

  test('queues each older package once, at low priority, however often the servers start', async () => {
    const other = (await buildProject()).id;
    const stale = await packaged(projectId, { packagerVersion: 1 });
    const unversioned = await packaged(projectId, { packagerVersion: null });
    const staleElsewhere = await packaged(other, { packagerVersion: 1 });
    const current = await packaged(projectId, { packagerVersion: PACKAGER_VERSION });
    const failedAtThisVersion = await packaged(projectId, {
      packagerVersion: 1,
      repackageVersion: PACKAGER_VERSION,
      repackageFailure: '转码失败：旧的失败',
    });
    const underWay = await packaged(projectId, { packagerVersion: 1, repackageRequestedAt: new Date() });
    const neverPackaged = await buildResource(projectId, { status: 'READY' });
    const notReady = await packaged(projectId, { packagerVersion: 1, status: 'FAILED' });

    // Two starts, the queued re-packages run (and fail: these rows have no file) in between.
    await t.jobs.queue.send('resource.repackage-stale', {});
    await t.jobs.drain();
    const marked = await row(stale.id);
    expect(marked.repackageVersion).toBe(PACKAGER_VERSION);
    expect(marked.repackageRequestedAt).not.toBeNull();
    expect((await itemOf(stale.id)).repackaging).toBe(true);
    await t.jobs.drain();
    expect((await row(stale.id)).repackageFailure).toMatch(/^转码失败/);
    expect((await row(stale.id)).status).toBe('READY');
    await t.jobs.queue.send('resource.repackage-stale', {});
    await t.jobs.drain();
    expect(await queueStaleRepackaging(t.scope())).toBe(0);

    for (const queued of [stale, unversioned, staleElsewhere])
      expect(await packageJobsOf(queued.id)).toEqual([PACKAGE_PRIORITY.background]);
    for (const left of [current, failedAtThisVersion, underWay, neverPackaged, notReady])
      expect(await packageJobsOf(left.id)).toEqual([]);
    expect((await row(failedAtThisVersion.id)).repackageFailure).toBe('转码失败：旧的失败');
  }, 60_000);
});

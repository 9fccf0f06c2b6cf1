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
import { HLS_PATH_PREFIX, type HlsGrant, type HlsPackage, signHlsToken, verifyHlsToken } from './hls';
import { PACKAGE_GONE } from './hls.route';
import { PACKAGER_VERSION } from './hls-package';
import { getMediaSecret } from './media-token';
import { Resource } from './resource.model';
import {
  buildResource,
  generatedVideo,
  uploadThroughApi,
  useTestStorage,
  VIDEO_MENU,
} from './resource.testing';
import { DELETE_RETIRED_JOB, deleteRetiredPackages, RETIRED_PACKAGE_MARGIN_SECONDS } from './retired-package';
import {
  PACKAGE_JOB,
  PACKAGE_PRIORITY,
  queueStaleRepackaging,
  REPACKAGE_BUSY,
  repackageRefusal,
} from './video-packaging.service';

// 重新转码 (docs/video.md, "Re-packaging"): a READY video is packaged again while its package keeps
// playing; the new one replaces it in one update, the old one is retired (served to the tokens
// issued for it until they expire, then deleted by a job); a failure keeps the old.

let t: TestApp;
let projectId: number;
let token: string;
let videoId: number;
/** Preview URLs issued before the first re-package and before the second (naming those packages). */
let oldUrl: string;
let keptUrl: string;
/** The ids of the packages the re-packages retired, in order. */
const retiredIds: string[] = [];

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

/** The token of an HLS URL (`/api/media/hls/<token>/…`). */
const tokenOf = (url: string) => url.slice(HLS_PATH_PREFIX.length).split('/')[0] as string;

/** The jobs deleting a video's retired packages: their state and when they may run (ms), in that order. */
async function retiredJobsOf(id: number): Promise<{ state: string; startAfter: number }[]> {
  const rows = await t.sequelize.query<{ state: string; start_after: Date }>(
    `SELECT state, start_after FROM ${JOB_SCHEMA}.job WHERE name = :name AND data->>'resourceId' = :id
      ORDER BY start_after`,
    { replacements: { name: DELETE_RETIRED_JOB, id: String(id) }, type: QueryTypes.SELECT },
  );
  return rows.map((one) => ({ state: one.state, startAfter: new Date(one.start_after).getTime() }));
}

/**
 * Moves the clock past a retired package's time, as its tokens' lifetime passing would: its
 * `deleteAfter`, and the start of the job queued for it, a second ago.
 */
async function expire(packageId: string): Promise<void> {
  const video = await row(videoId);
  const entry = video.hlsRetired?.find((one) => one.hls.id === packageId);
  if (!entry) throw new Error(`package ${packageId} is not retired`);
  const past = new Date(Date.now() - 1000);
  await t.sequelize.query(
    `UPDATE ${JOB_SCHEMA}.job SET start_after = :past
      WHERE name = :name AND data->>'resourceId' = :id AND state = 'created' AND start_after = :at`,
    {
      replacements: { past, name: DELETE_RETIRED_JOB, id: String(videoId), at: new Date(entry.deleteAfter) },
    },
  );
  const moved = (video.hlsRetired ?? []).map((one) =>
    one === entry ? { ...one, deleteAfter: past.toISOString() } : one,
  );
  await Resource.update({ hlsRetired: moved }, { where: { id: videoId }, allTenants: true });
}

/** The packaging jobs queued for a video (waiting, run or archived) and their priorities. */
async function packageJobsOf(id: number): Promise<number[]> {
  const rows = await t.sequelize.query<{ priority: number }>(
    `SELECT priority FROM ${JOB_SCHEMA}.job WHERE name = :name AND data->>'resourceId' = :id
     UNION ALL SELECT priority FROM ${JOB_SCHEMA}.archive WHERE name = :name AND data->>'resourceId' = :id`,
    { replacements: { name: PACKAGE_JOB, id: String(id) }, type: QueryTypes.SELECT },
  );
  return rows.map((one) => one.priority);
}

/** Whether a segment decrypts with `key` into an MPEG-TS (a sync byte every 188 bytes). */
function decryptsToTs(segment: Buffer, key: Buffer, iv: string): boolean {
  const decipher = createDecipheriv('aes-128-cbc', key, Buffer.from(iv, 'hex'));
  try {
    const plain = Buffer.concat([decipher.update(segment), decipher.final()]);
    return [0, 188, 376].every((at) => plain[at] === 0x47);
  } catch {
    return false;
  }
}

/** The staff's preview URL of the video (its master playlist, under a token naming its current package). */
async function playUrl(id: number): Promise<string> {
  const answer = await post('play-url', { id });
  expect(answer.body.respCode).toBe(200);
  return answer.body.attribute.url as string;
}

/**
 * Plays a master playlist URL as a player would, whenever it fetches: the SD playlist, then each
 * segment with the key the playlist names before it (a key per segment since packaging version 3).
 * Answers the IV the playlist names, how many segments it lists and whether every one decrypted
 * with its served key into an MPEG-TS.
 */
async function playFrom(master: string): Promise<{ iv: string; segments: number; decrypts: boolean }> {
  const folder = master.slice(0, master.lastIndexOf('/') + 1);
  expect((await fetchBytes(master)).toString('utf8')).toMatch(/sd\.m3u8/);
  const playlist = (await fetchBytes(`${folder}sd.m3u8`)).toString('utf8');
  const iv = /IV=0x([0-9a-f]{32})/.exec(playlist)?.[1] as string;
  let key: Buffer = Buffer.alloc(0);
  let segments = 0;
  let decrypts = true;
  for (const line of playlist.split('\n')) {
    const keyUri = /^#EXT-X-KEY:.*URI="([^"]+)"/.exec(line)?.[1];
    if (keyUri) key = await fetchBytes(`${folder}${keyUri}`);
    if (!line.endsWith('.ts')) continue;
    segments += 1;
    decrypts = decryptsToTs(await fetchBytes(`${folder}${line}`), key, iv) && decrypts;
  }
  return { iv, segments, decrypts };
}

/** Plays the video from a new preview URL (`playFrom`). */
const play = async (id: number) => playFrom(await playUrl(id));

/** How many SD segments a package has. */
const sdSegments = (pkg: HlsPackage) => pkg.renditions.find((one) => one.name === 'sd')?.segments.length;

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

  test('the old package plays until the new one is ready, which then replaces it; a player holding the old one plays on', async () => {
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
    oldUrl = await playUrl(videoId);
    const sdPlaylistOf = async (master: string) =>
      (await fetchBytes(`${master.slice(0, master.lastIndexOf('/') + 1)}sd.m3u8`)).toString('utf8');
    const oldPlaylist = await sdPlaylistOf(oldUrl);
    const meanwhile = await playFrom(oldUrl);
    expect(meanwhile).toEqual({ iv: old.iv, segments: sdSegments(old), decrypts: true });
    expect(packageFiles(videoId, old)).toEqual(oldFiles);

    const swappedFrom = Date.now();
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
    expect(packageFiles(videoId, fresh).length).toBe(oldFiles.length);
    // The old package is retired with its key, kept until every token issued for it has expired
    // (the test limits' 7,200 s, and the margin), its files with it.
    const oldKey = Buffer.from(before.hlsKey as Buffer).toString('base64');
    expect(after.hlsRetired).toEqual([{ hls: old, key: oldKey, deleteAfter: expect.any(String) }]);
    const deleteAfter = new Date(after.hlsRetired?.[0]?.deleteAfter as string).getTime();
    const keptFor = (7_200 + RETIRED_PACKAGE_MARGIN_SECONDS) * 1000;
    expect(deleteAfter).toBeGreaterThanOrEqual(swappedFrom + keptFor);
    expect(deleteAfter).toBeLessThanOrEqual(Date.now() + keptFor);
    expect(packageFiles(videoId, old)).toEqual(oldFiles);
    retiredIds.push(old.id);
    // A player holding the old playlist (its token issued before the swap) plays on: the old
    // package's playlist, segments and the keys that decrypt them.
    expect(await sdPlaylistOf(oldUrl)).toBe(oldPlaylist);
    expect(await playFrom(oldUrl)).toEqual(meanwhile);
    // A new play URL gets the new package; so does a token naming no package (issued before
    // tokens named theirs).
    expect(await play(videoId)).toEqual({ iv: fresh.iv, segments: sdSegments(fresh), decrypts: true });
    const secret = await getMediaSecret(t.sequelize);
    const oldGrant = verifyHlsToken(secret, tokenOf(oldUrl), Math.floor(Date.now() / 1000)) as HlsGrant;
    expect(oldGrant.packageId).toBe(old.id);
    const { packageId: _, ...unnamed } = oldGrant;
    expect(await playFrom(`${HLS_PATH_PREFIX}${signHlsToken(secret, unnamed)}/master.m3u8`)).toMatchObject({
      iv: fresh.iv,
      decrypts: true,
    });
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
    keptUrl = await playUrl(videoId);
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
      expect(await play(videoId)).toMatchObject({ iv: kept.iv, decrypts: true });
      expect(after.hlsRetired).toHaveLength(1);
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
    // Retired in its turn, beside the one retired before.
    expect(done.hlsRetired?.map((one) => one.hls.id)).toEqual([retiredIds[0], kept.id]);
    retiredIds.push(kept.id);
    expect(packageFiles(videoId, kept)).toEqual(keptFiles);
  }, 60_000);

  test('re-packaged twice: both earlier packages play for their tokens; each is deleted by the job once its tokens have expired, and the job is idempotent', async () => {
    const video = await row(videoId);
    const current = video.hls as HlsPackage;
    const retired = video.hlsRetired ?? [];
    const [first, second] = retired;
    if (!first || !second) throw new Error('two retired packages expected');
    expect([first.hls.id, second.hls.id]).toEqual(retiredIds);
    const firstFiles = packageFiles(videoId, first.hls);
    const secondFiles = packageFiles(videoId, second.hls);
    const currentFiles = packageFiles(videoId, current);
    for (const files of [firstFiles, secondFiles, currentFiles]) expect(files.length).toBeGreaterThan(0);
    const plays = async () => ({
      first: await playFrom(oldUrl),
      second: await playFrom(keptUrl),
      current: await play(videoId),
    });
    expect(await plays()).toEqual({
      first: { iv: first.hls.iv, segments: sdSegments(first.hls), decrypts: true },
      second: { iv: second.hls.iv, segments: sdSegments(second.hls), decrypts: true },
      current: { iv: current.iv, segments: sdSegments(current), decrypts: true },
    });

    // The swaps queued the job for each package's time; before it, nothing runs or goes.
    expect(await retiredJobsOf(videoId)).toEqual(
      retired.map((one) => ({ state: 'created', startAfter: new Date(one.deleteAfter).getTime() })),
    );
    await t.jobs.drain();
    const early = new Date(new Date(first.deleteAfter).getTime() - 1000);
    expect(await deleteRetiredPackages(t.scope(), videoId, early)).toBe(0);
    expect(packageFiles(videoId, first.hls)).toEqual(firstFiles);
    expect((await row(videoId)).hlsRetired).toEqual(retired);

    // The first package's tokens expire (the clock moved past its time): its job runs and deletes
    // it, the second stays.
    await expire(first.hls.id);
    expect(await t.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect(packageFiles(videoId, first.hls)).toEqual([]);
    expect((await row(videoId)).hlsRetired).toEqual([second]);
    expect(await playFrom(keptUrl)).toEqual({
      iv: second.hls.iv,
      segments: sdSegments(second.hls),
      decrypts: true,
    });
    // (Its token would have expired by now; were it still valid, its package is gone.)
    const folder = oldUrl.slice(0, oldUrl.lastIndexOf('/') + 1);
    for (const part of ['master.m3u8', 'sd.m3u8', 'sd/0.ts', 'sd/0.key']) {
      const gone = await t.http.get(`${folder}${part}`);
      expect(gone.status).toBe(404);
      expect(gone.body.respDesc).toBe(PACKAGE_GONE);
    }

    // Killed after deleting the segments, before removing the entry: the next run removes it;
    // runs after that find nothing to do.
    await Resource.update({ hlsRetired: [first, second] }, { where: { id: videoId }, allTenants: true });
    await expire(first.hls.id);
    await t.jobs.queue.send(DELETE_RETIRED_JOB, { resourceId: videoId });
    expect(await t.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect((await row(videoId)).hlsRetired).toEqual([second]);
    expect(await deleteRetiredPackages(t.scope(), videoId)).toBe(0);
    expect(await deleteRetiredPackages(t.scope())).toBe(0);
    expect(packageFiles(videoId, second.hls)).toEqual(secondFiles);

    // The second's time passes too: the sweep over every video (at start, hourly) deletes it.
    await expire(second.hls.id);
    await t.jobs.queue.send(DELETE_RETIRED_JOB, {});
    await t.jobs.drain();
    expect(packageFiles(videoId, second.hls)).toEqual([]);
    expect((await row(videoId)).hlsRetired).toBeNull();
    expect(await deleteRetiredPackages(t.scope())).toBe(0);
    // The current package is untouched.
    expect(packageFiles(videoId, current)).toEqual(currentFiles);
    expect(await play(videoId)).toEqual({ iv: current.iv, segments: sdSegments(current), decrypts: true });
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

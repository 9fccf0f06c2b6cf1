import fs from 'node:fs';
import path from 'node:path';
import { ROLE_SYSTEM } from '@px/config';
import { withProject } from '../../db/tenant-access';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { rawBody } from '../../testing/http';
import { AuditLog } from '../audit/audit-log.model';
import { readStored } from '../storage/storage';
import { segmentCipherKey } from './hls';
import { DEMO_VIDEO_DIR } from './resource.demo';
import { Resource } from './resource.model';
import { useTestStorage } from './resource.testing';
import { SHARED_READ_ONLY, SHARED_USE_PROJECT_ONLY } from './shared-resource.policy';
import { packageResource } from './video-packaging.service';

/**
 * The shared library (共享资源库): platform staff share a project's video into it, rename and delete
 * it; project staff list, preview and use it (a copy of row and file into their project), never
 * change it; a copy is the project's own and no other project sees it.
 */

let t: TestApp;
let projectA: number;
let projectB: number;
let staffA: string;
let staffB: string;
let platformToken: string;
let readerA: string;
let sourceId: number;

const storage = useTestStorage();
const SAFETY = fs.readFileSync(path.join(DEMO_VIDEO_DIR, 'safety-intro.mp4'));
const LIBRARY_MENU = [
  '/home',
  '/resource-manage',
  '/resource-manage/shared-library',
  '/resource-manage/video',
];

const call = (name: string, body: object, token: string) =>
  t.http.post(`/api/${name}.action`).set('token', token).send(body);
const stored = (key: string) => readStored(t.scope().providers.storage, key);
/** The stored segments of a video's HLS package (docs/video.md: `hls/<project|shared>/<video>/…`). */
const packageFiles = (projectId: number | null, id: number) =>
  storage.files().filter((key) => key.startsWith(`hls/${projectId ?? 'shared'}/${id}/`));
const HLS_MASTER = /^\/api\/media\/hls\/[^/]+\/master\.m3u8$/;
/** GET with the raw bytes of the answer. */
const fetchBytes = (url: string) => t.http.get(url).buffer(true).parse(rawBody);

beforeAll(async () => {
  t = await createTestApp({ providers: storage.providers() });
  projectA = (await buildProject()).id;
  projectB = (await buildProject()).id;
  const staff = async (projectId: number, menu = LIBRARY_MENU) =>
    signIn((await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu })).account);
  staffA = await staff(projectA);
  staffB = await staff(projectB);
  readerA = await staff(projectA, ['/home', '/resource-manage/video']);
  platformToken = await signIn(
    (
      await buildAccount({
        projectId: null,
        roleSystem: ROLE_SYSTEM.PLATFORM,
        menu: ['/home', '/resource-manage', '/resource-manage/shared-library'],
      })
    ).account,
  );
  // Project B's video, which the platform shares.
  await t.scope().providers.storage.put(`videos/${projectB}/source.mp4`, SAFETY);
  sourceId = (
    await Resource.create({
      projectId: projectB,
      categoryId: null,
      type: 'video',
      name: '项目B的讲座',
      fileName: 'safety-intro.mp4',
      storageKey: `videos/${projectB}/source.mp4`,
      contentType: 'video/mp4',
      size: SAFETY.length,
      sha256: '1'.repeat(64),
      durationSeconds: 4,
      width: 320,
      height: 180,
      createdBy: null,
    })
  ).id;
});
afterAll(() => t.close());

let sharedId: number;

test('platform staff share a project video: a copy of row and file in the library; sharing again answers it', async () => {
  const candidates = await call('shared-resource/candidates', { projectId: projectB }, platformToken);
  expect(candidates.body.attribute.list).toEqual([
    expect.objectContaining({ id: sourceId, name: '项目B的讲座', sharedId: null }),
  ]);
  const shared = await call(
    'shared-resource/share',
    { projectId: projectB, resourceId: sourceId, name: '通用讲座' },
    platformToken,
  );
  expect(shared.body.respCode).toBe(200);
  sharedId = shared.body.attribute.id;
  expect(shared.body.attribute).toMatchObject({
    name: '通用讲座',
    size: SAFETY.length,
    copiedResourceId: null,
    copyCount: 0,
    abilities: { canEdit: true, canDelete: true, canUse: false, useRefusal: SHARED_USE_PROJECT_ONLY },
  });
  const row = await Resource.findByPk(sharedId, { allTenants: true } as object);
  expect(row).toMatchObject({ projectId: null, sourceId, categoryId: null });
  expect(row?.storageKey).toMatch(/^shared\/videos\//);
  expect((await stored(row?.storageKey as string)).equals(SAFETY)).toBe(true);

  const again = await call(
    'shared-resource/share',
    { projectId: projectB, resourceId: sourceId },
    platformToken,
  );
  expect(again.body.attribute.id).toBe(sharedId);
  expect(await Resource.count({ where: { projectId: null }, allTenants: true })).toBe(1);
  // The project's later change to its video does not reach the library.
  await Resource.update({ name: '项目B改名' }, { where: { id: sourceId, projectId: projectB } });
  const list = await call('shared-resource/query', {}, platformToken);
  expect(list.body.attribute.list.map((item: { name: string }) => item.name)).toEqual(['通用讲座']);
});

test('project staff see the library read-only: no edit or delete, by the library calls or the project ones', async () => {
  const list = await call('shared-resource/query', {}, staffA);
  expect(list.body.attribute).toMatchObject({ total: 1 });
  expect(list.body.attribute.list[0]).toMatchObject({
    id: sharedId,
    copiedResourceId: null,
    copyCount: null,
    abilities: {
      canEdit: false,
      editRefusal: SHARED_READ_ONLY,
      canDelete: false,
      canUse: true,
      useRefusal: null,
    },
  });
  const play = await call('shared-resource/play-url', { id: sharedId }, staffA);
  expect(play.body.attribute.url).toMatch(/^\/api\/media\//);
  const media = await t.http.get(play.body.attribute.url);
  expect(media.status).toBe(200);
  expect(Number(media.headers['content-length'])).toBe(SAFETY.length);

  for (const [name, body] of [
    ['shared-resource/save', { id: sharedId, name: '改名' }],
    ['shared-resource/delete', { id: sharedId }],
    ['shared-resource/share', { projectId: projectA, resourceId: sourceId }],
  ] as const) {
    expect((await call(name, body, staffA)).status).toBe(403);
  }
  expect((await call('resource/save', { id: sharedId, name: '改名' }, staffA)).body.respDesc).toBe(
    '视频不存在',
  );
  expect((await call('resource/delete', { id: sharedId }, staffA)).body.respDesc).toBe('视频不存在');
  expect((await call('resource/get', { id: sharedId }, staffA)).body.respDesc).toBe('视频不存在');
  const row = await Resource.findOne({ where: { id: sharedId, projectId: null }, allTenants: true });
  expect(row?.name).toBe('通用讲座');
  // Staff without the library page are refused.
  expect((await call('shared-resource/query', {}, readerA)).status).toBe(403);
});

test('the database lets a project read shared rows and write none (row-level security)', async () => {
  const mine = { id: sharedId, projectId: null };
  expect(await withProject(projectA, () => Resource.count({ where: mine }))).toBe(1);
  const [changed] = await withProject(projectA, () => Resource.update({ name: '改名' }, { where: mine }));
  expect(changed).toBe(0);
  expect(await withProject(projectA, () => Resource.destroy({ where: mine }))).toBe(0);
  expect((await Resource.findOne({ where: mine, allTenants: true }))?.name).toBe('通用讲座');
});

let copyId: number;

test('使用 copies row and file into the project (new key under its prefix); a second use answers the same copy', async () => {
  const used = await call('shared-resource/use', { id: sharedId }, staffA);
  expect(used.body.respCode).toBe(200);
  // The shared video was never packaged (its source was not): the copy is packaged by its own job.
  expect(used.body.attribute).toMatchObject({
    created: true,
    resource: { name: '通用讲座', size: SAFETY.length, categoryId: null, status: 'PROCESSING' },
  });
  copyId = used.body.attribute.resource.id;
  await t.jobs.drain();
  const packaged = await Resource.findOne({ where: { id: copyId, projectId: projectA } });
  expect(packaged?.status).toBe('READY');
  expect(packaged?.hls?.renditions.map((rendition) => rendition.name)).toEqual(['sd', 'hd']);
  expect(packageFiles(projectA, copyId).length).toBeGreaterThan(0);
  expect((await call('resource/play-url', { id: copyId }, staffA)).body.attribute.url).toMatch(HLS_MASTER);
  const copy = await Resource.findOne({ where: { id: copyId, projectId: projectA } });
  const shared = await Resource.findOne({ where: { id: sharedId, projectId: null }, allTenants: true });
  expect(copy).toMatchObject({ projectId: projectA, sourceId: sharedId });
  expect(copy?.storageKey).toMatch(new RegExp(`^videos/${projectA}/`));
  expect(copy?.storageKey).not.toBe(shared?.storageKey);
  expect((await stored(copy?.storageKey as string)).equals(SAFETY)).toBe(true);
  expect(
    await AuditLog.count({
      where: { projectId: projectA, action: 'resource.use-shared', targetId: String(copyId) },
    }),
  ).toBe(1);

  const again = await call('shared-resource/use', { id: sharedId }, staffA);
  expect(again.body.attribute).toMatchObject({ created: false, resource: { id: copyId } });
  expect(await Resource.count({ where: { projectId: projectA, sourceId: sharedId } })).toBe(1);
  const list = await call('shared-resource/query', {}, staffA);
  expect(list.body.attribute.list[0].copiedResourceId).toBe(copyId);
  const platformList = await call('shared-resource/query', {}, platformToken);
  expect(platformList.body.attribute.list[0].copyCount).toBe(1);
});

test('the copy is independent: the project changes and deletes it, the platform renames and deletes the original', async () => {
  const shared = await Resource.findOne({ where: { id: sharedId, projectId: null }, allTenants: true });
  const sharedKey = shared?.storageKey as string;
  // The project renames its copy: the original keeps its name.
  expect((await call('resource/save', { id: copyId, name: '本项目讲座' }, staffA)).body.respCode).toBe(200);
  expect((await call('shared-resource/query', {}, staffA)).body.attribute.list[0].name).toBe('通用讲座');
  // The platform renames the original: the copy keeps its name.
  expect(
    (await call('shared-resource/save', { id: sharedId, name: '平台新名' }, platformToken)).body.respCode,
  ).toBe(200);
  expect((await call('resource/get', { id: copyId }, staffA)).body.attribute.name).toBe('本项目讲座');

  // Project B uses it too; A's copy is not B's to see, and B's is its own.
  const usedB = await call('shared-resource/use', { id: sharedId }, staffB);
  expect(usedB.body.attribute.created).toBe(true);
  const copyB = usedB.body.attribute.resource.id;
  expect(copyB).not.toBe(copyId);
  expect((await call('resource/get', { id: copyId }, staffB)).body.respDesc).toBe('视频不存在');
  expect((await call('resource/delete', { id: copyId }, staffB)).body.respDesc).toBe('视频不存在');
  const listB = await call('resource/query', {}, staffB);
  expect(listB.body.attribute.list.map((item: { id: number }) => item.id)).not.toContain(copyId);
  expect((await call('shared-resource/query', {}, staffB)).body.attribute.list[0].copiedResourceId).toBe(
    copyB,
  );

  // The platform deletes the original: its file goes, the copies and their files stay.
  const copyKey = (await Resource.findOne({ where: { id: copyId, projectId: projectA } }))
    ?.storageKey as string;
  expect((await call('shared-resource/delete', { id: sharedId }, platformToken)).body.respCode).toBe(200);
  expect(await t.scope().providers.storage.stat(sharedKey)).toBeNull();
  expect((await stored(copyKey)).equals(SAFETY)).toBe(true);
  expect((await call('resource/get', { id: copyId }, staffA)).body.attribute.name).toBe('本项目讲座');
  expect((await call('shared-resource/use', { id: sharedId }, staffA)).body.respDesc).toBe('共享资源不存在');
  // Deleting the project's copy leaves nothing of the library behind either.
  expect((await call('resource/delete', { id: copyId }, staffA)).body.respCode).toBe(200);
  expect(await t.scope().providers.storage.stat(copyKey)).toBeNull();
  expect(packageFiles(projectA, copyId)).toEqual([]);
});

test('bad input changes nothing: another project video, a missing shared resource, a blank name', async () => {
  const before = await Resource.count({ allTenants: true });
  expect(
    (await call('shared-resource/share', { projectId: projectA, resourceId: sourceId }, platformToken)).body
      .respDesc,
  ).toBe('视频不存在');
  expect((await call('shared-resource/use', { id: 999_999 }, staffA)).body.respDesc).toBe('共享资源不存在');
  const blank = await call('shared-resource/save', { id: 1, name: ' ' }, platformToken);
  expect(blank.status).toBe(400);
  expect(await Resource.count({ allTenants: true })).toBe(before);
});

test('a packaged video keeps its HLS package through 共享 and 使用: the copy plays as HLS at once, with the same key', async () => {
  // Project B's second video, packaged as its upload's job would.
  const key = `videos/${projectB}/packaged.mp4`;
  await t.scope().providers.storage.put(key, SAFETY);
  const source = await Resource.create({
    projectId: projectB,
    categoryId: null,
    type: 'video',
    name: '项目B的转码讲座',
    fileName: 'safety-intro.mp4',
    storageKey: key,
    contentType: 'video/mp4',
    size: SAFETY.length,
    sha256: '2'.repeat(64),
    durationSeconds: 12,
    width: 320,
    height: 180,
    status: 'PROCESSING',
    createdBy: null,
  });
  expect(await packageResource(t.scope(), source.id)).toBe('READY');
  const packaged = (await Resource.findOne({ where: { id: source.id, projectId: projectB } })) as Resource;
  const sourceSegments = packageFiles(projectB, source.id);
  expect(sourceSegments.length).toBeGreaterThan(0);

  // 共享: the library's row holds the same package, its segments copied under its own folder.
  const shared = await call(
    'shared-resource/share',
    { projectId: projectB, resourceId: source.id },
    platformToken,
  );
  expect(shared.body.respCode).toBe(200);
  const libraryId = shared.body.attribute.id as number;
  const library = (await Resource.findOne({
    where: { id: libraryId, projectId: null },
    allTenants: true,
  })) as Resource;
  expect(library.status).toBe('READY');
  expect(library.hls).toEqual(packaged.hls);
  expect(Buffer.from(library.hlsKey as Buffer).equals(Buffer.from(packaged.hlsKey as Buffer))).toBe(true);
  expect(packageFiles(null, libraryId)).toHaveLength(sourceSegments.length);
  expect((await call('shared-resource/play-url', { id: libraryId }, staffA)).body.attribute.url).toMatch(
    HLS_MASTER,
  );

  // 使用: the project's copy is READY at once (no packaging job), playing its own copied segments.
  const used = await call('shared-resource/use', { id: libraryId }, staffA);
  expect(used.body.attribute).toMatchObject({ created: true, resource: { status: 'READY' } });
  const copyOf = used.body.attribute.resource.id as number;
  const copy = (await Resource.findOne({ where: { id: copyOf, projectId: projectA } })) as Resource;
  expect(copy.hls).toEqual(packaged.hls);
  const copySegments = packageFiles(projectA, copyOf);
  expect(copySegments).toHaveLength(sourceSegments.length);
  for (const [index, segment] of copySegments.entries())
    expect((await stored(segment)).equals(await stored(sourceSegments[index] as string))).toBe(true);

  const play = (await call('resource/play-url', { id: copyOf }, staffA)).body.attribute;
  expect(play.url).toMatch(HLS_MASTER);
  const folder = play.url.slice(0, play.url.lastIndexOf('/') + 1);
  const playlist = await fetchBytes(`${folder}sd.m3u8`);
  expect(playlist.status).toBe(200);
  expect((playlist.body as Buffer).toString('utf8')).toContain('sd/0.ts');
  const segment = await fetchBytes(`${folder}sd/0.ts`);
  expect(segment.status).toBe(200);
  expect(
    (segment.body as Buffer).equals(await stored(`hls/${projectA}/${copyOf}/${packaged.hls?.id}/sd/0.ts`)),
  ).toBe(true);
  const servedKey = await fetchBytes(`${folder}sd/0.key`);
  const expected = segmentCipherKey(Buffer.from(packaged.hlsKey as Buffer), 'sd', 0);
  expect((servedKey.body as Buffer).equals(expected)).toBe(true);

  // Deleting the library's row deletes its segments only; the copy still plays.
  expect((await call('shared-resource/delete', { id: libraryId }, platformToken)).body.respCode).toBe(200);
  expect(packageFiles(null, libraryId)).toEqual([]);
  expect(packageFiles(projectA, copyOf)).toHaveLength(sourceSegments.length);
  expect((await fetchBytes(`${folder}sd/0.ts`)).status).toBe(200);
});

test('a shared video whose segments are missing gives a copy packaged by its own job; nothing half-copied stays', async () => {
  const key = `shared/videos/broken-package.mp4`;
  await t.scope().providers.storage.put(key, SAFETY);
  const library = await Resource.create({
    projectId: null,
    categoryId: null,
    type: 'video',
    name: '分片缺失的共享视频',
    fileName: 'safety-intro.mp4',
    storageKey: key,
    contentType: 'video/mp4',
    size: SAFETY.length,
    sha256: '3'.repeat(64),
    durationSeconds: 12,
    width: 320,
    height: 180,
    // A package whose first segment exists and whose second does not.
    hls: {
      id: 'gone000000000000',
      iv: '0'.repeat(32),
      renditions: [{ name: 'sd', width: 320, height: 180, bandwidth: 1, segments: [4, 4] }],
    },
    hlsKey: Buffer.alloc(16, 1),
    createdBy: null,
  });
  await t
    .scope()
    .providers.storage.put(`hls/shared/${library.id}/gone000000000000/sd/0.ts`, Buffer.from('segment'));
  const used = await call('shared-resource/use', { id: library.id }, staffB);
  expect(used.body.attribute).toMatchObject({ created: true, resource: { status: 'PROCESSING' } });
  const copyOf = used.body.attribute.resource.id as number;
  expect(packageFiles(projectB, copyOf)).toEqual([]);
  await t.jobs.drain();
  const copy = await Resource.findOne({ where: { id: copyOf, projectId: projectB } });
  expect(copy?.status).toBe('READY');
  expect(copy?.hls?.id).not.toBe('gone000000000000');
  expect(packageFiles(projectB, copyOf).length).toBeGreaterThan(0);
});

import fs from 'node:fs';
import path from 'node:path';
import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { DEMO_RESOURCES, DEMO_VIDEO_DIR, seedResourceDemo } from '../resource/resource.demo';
import { Resource } from '../resource/resource.model';
import { useTestStorage, VIDEO_MENU } from '../resource/resource.testing';
import { CLOUD_VIDEO_NOT_SHARED } from '../resource/shared-resource.service';
import type { LocalVideoProvider } from '../resource/video-provider';
import type { VodClient } from './vod.client';
import { DEMO_VOD_VIDEO, seedDemoVod } from './vod.demo';
import { vodClientFromEnv, vodCloudVideo, withCloudVod } from './vod.provider';
import { createVodSimulator, type VodSimulator } from './vod-sim';

/**
 * The demo's 云点播 lesson: in VOD simulator mode the server hands the demo project's video
 * 现场急救要点 to the VOD service at start (seedDemoVod), which plays it from then on; its local file
 * and HLS package go. Once there, a restart leaves it; a simulator that lost it gets it again.
 */

const FILE = DEMO_RESOURCES.find((demo) => demo.name === DEMO_VOD_VIDEO)?.file as string;
const BYTES = fs.readFileSync(path.join(DEMO_VIDEO_DIR, FILE));
const storage = useTestStorage();
const base = storage.providers();
let t: TestApp;
let sim: VodSimulator;
let vod: VodClient;
let projectId: number;
let staff: string;

/** A client of a simulator (the settings simulator mode gives). */
function clientOf(simulator: VodSimulator): VodClient {
  const client = vodClientFromEnv(
    { VOD_API_BASE: '', VOD_PLAY_BASE: '', VOD_TIMEOUT_MS: 10_000 },
    {
      url: simulator.url(),
      appId: simulator.appId,
      secretId: simulator.secretId,
      secretKey: simulator.secretKey,
      playKey: simulator.playKey,
    },
  );
  if (!client) throw new Error('no VOD client for the simulator');
  return client;
}

/** What server.ts gives the seed in simulator mode. */
const depsOf = (simulator: VodSimulator, client: VodClient) => ({
  storage: base.storage,
  vod: client,
  holds: (fileId: string) => simulator.files().some((file) => file.fileId === fileId),
});

const demoVideo = async () =>
  (await Resource.findOne({ where: { projectId, name: DEMO_VOD_VIDEO } })) as Resource;

beforeAll(async () => {
  sim = createVodSimulator();
  await sim.listen();
  vod = clientOf(sim);
  const video = withCloudVod(base.video as LocalVideoProvider, vod);
  t = await createTestApp({ providers: { ...base, vod, cloudVideo: vodCloudVideo(vod), video } });
  // The demo project (db/seed.ts) and its videos, packaged as the seed leaves them.
  projectId = (await buildProject({ code: 'demo' })).id;
  await t.sequelize.transaction((transaction) => seedResourceDemo(projectId, transaction, base.storage));
  staff = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account,
  );
}, 60_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

test('the demo video goes to the VOD service once and plays (and downloads) from there; its local copies go', async () => {
  const local = await demoVideo();
  expect(local.hls).not.toBeNull();
  const localFolder = `hls/${projectId}/${local.id}/`;
  expect(storage.files().filter((key) => key.startsWith(localFolder)).length).toBeGreaterThan(0);
  expect(storage.files()).toContain(local.storageKey);

  expect(await seedDemoVod(t.sequelize, depsOf(sim, vod))).toBe(true);
  const moved = await demoVideo();
  expect(moved.storageKey).toMatch(/^vod:\d+$/);
  expect(moved).toMatchObject({ status: 'READY', hls: null, hlsKey: null });
  const fileId = moved.storageKey.slice('vod:'.length);
  expect(sim.files().map((file) => [file.fileId, file.size])).toEqual([[fileId, BYTES.length]]);
  expect(storage.files()).not.toContain(local.storageKey);
  expect(storage.files().filter((key) => key.startsWith(localFolder))).toEqual([]);
  // The project's other demo videos stay the platform's own, packaged.
  const others = await Resource.findAll({ where: { projectId } });
  expect(
    others.filter((row) => row.id !== moved.id).every((row) => row.hls && !row.storageKey.startsWith('vod:')),
  ).toBe(true);

  const play = await t.http.post('/api/resource/play-url.action').set('token', staff).send({ id: moved.id });
  expect(play.body.attribute).toMatchObject({ provider: 'tencent-vod' });
  expect(play.body.attribute.url.startsWith(`${sim.url()}/vod/`)).toBe(true);
  const media = await fetch(play.body.attribute.url);
  expect(Buffer.from(await media.arrayBuffer()).equals(BYTES)).toBe(true);
  // 下载: the VOD service's original, the file as uploaded.
  const download = await t.http
    .post('/api/resource/download-url.action')
    .set('token', staff)
    .send({ id: moved.id });
  expect(download.body.attribute.url.startsWith(`${sim.url()}/vod/`)).toBe(true);
  expect(Buffer.from(await (await fetch(download.body.attribute.url)).arrayBuffer()).equals(BYTES)).toBe(
    true,
  );

  // A restart finds it there: nothing is uploaded again.
  expect(await seedDemoVod(t.sequelize, depsOf(sim, vod))).toBe(false);
  expect(sim.files()).toHaveLength(1);
  expect((await demoVideo()).storageKey).toBe(moved.storageKey);
});

test('platform staff cannot share it to the 共享资源库: the platform keeps no file of it', async () => {
  const platform = await signIn(
    (
      await buildAccount({
        projectId: null,
        roleSystem: ROLE_SYSTEM.PLATFORM,
        menu: ['/home', '/resource-manage', '/resource-manage/shared-library'],
      })
    ).account,
  );
  const before = await Resource.count({ where: { projectId: null }, allTenants: true });
  const shared = await t.http
    .post('/api/shared-resource/share.action')
    .set('token', platform)
    .send({ projectId, resourceId: (await demoVideo()).id });
  expect(shared.body).toMatchObject({ respCode: -1, respDesc: CLOUD_VIDEO_NOT_SHARED });
  expect(await Resource.count({ where: { projectId: null }, allTenants: true })).toBe(before);
});

test('a VOD simulator that did not keep the file (a new one) gets it again', async () => {
  const before = (await demoVideo()).storageKey;
  const fresh = createVodSimulator();
  await fresh.listen();
  try {
    const client = clientOf(fresh);
    expect(await seedDemoVod(t.sequelize, depsOf(fresh, client))).toBe(true);
    const after = (await demoVideo()).storageKey;
    expect(after).not.toBe(before);
    expect(fresh.files().map((file) => `vod:${file.fileId}`)).toEqual([after]);
    expect(await seedDemoVod(t.sequelize, depsOf(fresh, client))).toBe(false);
  } finally {
    await fresh.close();
  }
});

test('without the demo project or its video, nothing happens', async () => {
  await Resource.update({ name: '改名的急救视频' }, { where: { projectId, name: DEMO_VOD_VIDEO } });
  try {
    const empty = createVodSimulator();
    await empty.listen();
    try {
      expect(await seedDemoVod(t.sequelize, depsOf(empty, clientOf(empty)))).toBe(false);
      expect(empty.files()).toEqual([]);
    } finally {
      await empty.close();
    }
  } finally {
    await Resource.update({ name: DEMO_VOD_VIDEO }, { where: { projectId, name: '改名的急救视频' } });
  }
});

import fs from 'node:fs';
import path from 'node:path';
import { ROLE_SYSTEM, VIDEO_PROVIDER } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { DEMO_VIDEO_DIR } from '../resource/resource.demo';
import { Resource } from '../resource/resource.model';
import { uploadThroughApi, useTestStorage, VIDEO_MENU } from '../resource/resource.testing';
import type { LocalVideoProvider } from '../resource/video-provider';
import { vodClientFromEnv, vodCloudVideo, withCloudVod } from './vod.provider';
import { createVodSimulator, type VodSimulator } from './vod-sim';

/** The project setting 视频服务 decides where uploads go; each video plays from where it is kept. */

const BYTES = fs.readFileSync(path.join(DEMO_VIDEO_DIR, 'first-aid.mp4'));
const storage = useTestStorage();
let t: TestApp;
let sim: VodSimulator;
let cloudToken: string;
let localToken: string;
let video: LocalVideoProvider;
const base = storage.providers();

const post = (name: string, body: object, as: string) =>
  t.http.post(`/api/resource/${name}.action`).set('token', as).send(body);

beforeAll(async () => {
  sim = createVodSimulator();
  await sim.listen();
  const vod = vodClientFromEnv(
    { VOD_API_BASE: '', VOD_PLAY_BASE: '', VOD_TIMEOUT_MS: 10_000 },
    {
      url: sim.url(),
      appId: sim.appId,
      secretId: sim.secretId,
      secretKey: sim.secretKey,
      playKey: sim.playKey,
    },
  );
  video = withCloudVod(base.video as LocalVideoProvider, vod);
  t = await createTestApp({ providers: { ...base, vod, cloudVideo: vod && vodCloudVideo(vod), video } });
  const cloud = await buildProject({ settings: { videoProvider: VIDEO_PROVIDER.TENCENT_VOD } });
  const local = await buildProject();
  const account = async (projectId: number) =>
    signIn((await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account);
  cloudToken = await account(cloud.id);
  localToken = await account(local.id);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

test('a 云点播 project uploads to the VOD service and plays through a psign; a local one stays local', async () => {
  const uploaded = await uploadThroughApi(t, cloudToken, BYTES, { name: '云点播视频' });
  expect(uploaded.body.respCode).toBe(200);
  const resource = await Resource.findByPk(uploaded.body.attribute.id, { allTenants: true } as never);
  expect(resource?.storageKey).toMatch(/^vod:\d+$/);
  const fileId = resource?.storageKey.slice(4);
  expect(sim.files().map((f) => f.fileId)).toContain(fileId);
  // Kept by the VOD service only: the platform's storage holds no copy.
  expect(storage.files().filter((key) => key.startsWith('videos/'))).toEqual([]);

  const play = await post('play-url', { id: resource?.id }, cloudToken);
  expect(play.body.respCode).toBe(200);
  expect(play.body.attribute).toMatchObject({ provider: 'tencent-vod' });
  expect(play.body.attribute.token.split('.')).toHaveLength(3);
  const media = await fetch(play.body.attribute.url);
  expect(media.status).toBe(200);
  expect(Buffer.compare(Buffer.from(await media.arrayBuffer()), BYTES)).toBe(0);

  const local = await uploadThroughApi(t, localToken, BYTES, { name: '本地视频' });
  const localResource = await Resource.findByPk(local.body.attribute.id, { allTenants: true } as never);
  expect(localResource?.storageKey).toMatch(/^videos\//);
  // The local one waits for its HLS packaging (docs/video.md); the cloud one was playable at once.
  expect(localResource?.status).toBe('PROCESSING');
  expect(resource?.status).toBe('READY');
});

test('a trial grant of a cloud video is a psign with exper, serving only its seconds', async () => {
  const uploaded = await uploadThroughApi(t, cloudToken, BYTES, { name: '试看' });
  const resource = (await Resource.findByPk(uploaded.body.attribute.id, {
    allTenants: true,
  } as never)) as Resource;
  const grant = await video.authorizeTrial(
    { sequelize: t.sequelize, providers: { storage: base.storage } },
    resource,
    { kind: 'trial' },
    2,
    600,
  );
  expect(grant.provider).toBe('tencent-vod');
  const url = new URL(grant.url as string);
  expect(url.searchParams.get('exper')).toBe('2');
  const beyond = await fetch(url, { headers: { Range: `bytes=${BYTES.length - 10}-` } });
  // The moov of first-aid.mp4 is at its end (served); the media after 2 s is not.
  expect([206, 403]).toContain(beyond.status);
  const middle = await fetch(url, { headers: { Range: `bytes=${Math.floor(BYTES.length * 0.9)}-` } });
  expect(middle.status).toBe(403);
});

test('deleting a 云点播 video deletes it in the VOD service (DeleteMedia); its play URL then finds nothing', async () => {
  const uploaded = await uploadThroughApi(t, cloudToken, BYTES, { name: '将删除' });
  const id = uploaded.body.attribute.id;
  const resource = (await Resource.findByPk(id, { allTenants: true } as never)) as Resource;
  const fileId = resource.storageKey.slice(4);
  const play = await post('play-url', { id }, cloudToken);
  expect((await fetch(play.body.attribute.url, { headers: { Range: 'bytes=0-1' } })).status).toBe(206);

  expect((await post('delete', { id }, cloudToken)).body.respCode).toBe(200);
  expect(sim.files().map((f) => f.fileId)).not.toContain(fileId);
  expect((await fetch(play.body.attribute.url)).status).toBe(404);
  expect(t.logs.filter((line) => line.msg === 'could not delete the file of a deleted resource')).toEqual([]);
});

import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { rawBody } from '../../testing/http';
import { useTestS3 } from '../storage/s3.testing';
import { grantedSegments, HLS_PATH_PREFIX, signHlsToken } from './hls';
import { getMediaSecret } from './media-token';
import { DEMO_VIDEO_DIR } from './resource.demo';
import { Resource } from './resource.model';
import { TEST_VIDEO_LIMITS, uploadThroughApi, VIDEO_MENU } from './resource.testing';
import { SIGNED_PLAYLIST_CACHE } from './signed-playlist-cache';
import { createLocalVideoProvider } from './video-provider';

// Encrypted HLS with object storage (STORAGE_PROVIDER=s3) against s3rver: the API serves the
// playlists and the key, the storage serves the segments through presigned URLs that expire with
// the play token.
let t: TestApp;
let token: string;
let projectId: number;
let video: Resource;

const s3 = useTestS3();
let store: ReturnType<typeof s3.storage>;
const SAFETY = fs.readFileSync(path.join(DEMO_VIDEO_DIR, 'safety-intro.mp4'));

/** GET through the API with the raw bytes of the answer (redirects not followed). */
const apiGet = (url: string) => t.http.get(url).buffer(true).parse(rawBody);
const apiText = async (url: string) => ((await apiGet(url)).body as Buffer).toString('utf8');
const folderOf = (master: string) => master.slice(0, master.lastIndexOf('/') + 1);
/** The segment URIs of a media playlist. */
const segmentsOf = (playlist: string) =>
  playlist.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
const isTransportStream = (bytes: Buffer) => [0, 188, 376].every((at) => bytes[at] === 0x47);

function decrypt(encrypted: Buffer, key: Buffer): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', key, Buffer.from(video.hls?.iv ?? '', 'hex'));
  return Buffer.concat([decipher.update(encrypted), decipher.final()]);
}

beforeAll(async () => {
  store = s3.storage();
  t = await createTestApp({
    providers: {
      storage: store,
      video: createLocalVideoProvider({ signingSecret: null, limits: TEST_VIDEO_LIMITS }),
    },
  });
  projectId = (await buildProject()).id;
  token = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account,
  );
  const uploaded = await uploadThroughApi(t, token, SAFETY, { name: '对象存储转码' });
  expect(uploaded.body.respCode).toBe(200);
  await t.jobs.drain();
  video = (await Resource.findOne({
    where: { id: uploaded.body.attribute.id },
    allTenants: true,
  })) as Resource;
  expect(video.status).toBe('READY');
}, 120_000);
afterAll(() => t.close());

test('the playlist names presigned storage URLs expiring with the token; they fetch segments the key decrypts', async () => {
  const answer = (
    await t.http.post('/api/resource/play-url.action').set('token', token).send({ id: video.id })
  ).body.attribute;
  const folder = folderOf(answer.url);
  const playlist = await apiText(`${folder}sd.m3u8`);
  // Each segment under a key of its own, served by the API.
  expect(playlist).toMatch(/#EXT-X-KEY:METHOD=AES-128,URI="sd\/0\.key",IV=0x[0-9a-f]{32}/);
  const segments = segmentsOf(playlist);
  const rendition = video.hls?.renditions.find((one) => one.name === 'sd');
  expect(segments).toHaveLength(rendition?.segments.length ?? -1);
  const { endpoint, bucket } = s3.simulator().options;
  const ttl = Math.round((new Date(answer.expiresAt).getTime() - Date.now()) / 1000);
  for (const [index, url] of segments.entries()) {
    // Storage's own URL of the segment, signed for as long as the token lasts.
    expect(url.startsWith(`${endpoint}/${bucket}/hls/${video.projectId}/${video.id}/`)).toBe(true);
    expect(new URL(url).pathname).toMatch(new RegExp(`/sd/${index}\\.ts$`));
    const expires = Number(new URL(url).searchParams.get('X-Amz-Expires'));
    expect(Math.abs(expires - ttl)).toBeLessThanOrEqual(2);
  }

  for (const [index, url] of segments.entries()) {
    const key = (await apiGet(`${folder}sd/${index}.key`)).body as Buffer;
    expect(key).toHaveLength(16);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const encrypted = Buffer.from(await res.arrayBuffer());
    expect(isTransportStream(encrypted)).toBe(false);
    expect(isTransportStream(decrypt(encrypted, key))).toBe(true);
  }
  // The API's own segment URL only points at storage.
  const redirected = await apiGet(`${folder}sd/0.ts`);
  expect(redirected.status).toBe(302);
  expect(redirected.headers.location).toMatch(new RegExp(`^${endpoint}/${bucket}/hls/.+/sd/0\\.ts\\?`));

  // A trial's playlist presigns only the segments within its seconds.
  const trial = await t.scope().providers.video.authorizeTrial(t.scope(), video, { kind: 'trial' }, 5, 60);
  const trialSegments = segmentsOf(await apiText(`${folderOf(trial.url as string)}sd.m3u8`));
  expect(trialSegments).toHaveLength(grantedSegments(rendition ?? { segments: [] }, 5));
  expect(trialSegments.every((url) => url.startsWith(`${endpoint}/`))).toBe(true);
});

test('a presigned segment URL stops working when the token expires', async () => {
  const answer = (
    await t.http.post('/api/resource/play-url.action').set('token', token).send({ id: video.id })
  ).body.attribute;
  const holder = /\.v(\d+)_(\d+)\./.exec(answer.url);
  const secret = await getMediaSecret(t.sequelize);
  const expiresAt = Math.floor(Date.now() / 1000) + 2;
  const short = signHlsToken(secret, {
    resourceId: video.id,
    expiresAt,
    trialSeconds: 0,
    holder: { kind: 'staff', accountId: Number(holder?.[1]), signInId: holder?.[2] as string },
  });
  const [first] = segmentsOf(await apiText(`${HLS_PATH_PREFIX}${short}/hd.m3u8`));
  expect(Number(new URL(first as string).searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(2);
  expect((await fetch(first as string)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 + 1500 - Date.now()));
  const refused = await fetch(first as string);
  expect(refused.status).toBe(403);
  expect(await refused.text()).toContain('expired');
  expect((await apiGet(`${HLS_PATH_PREFIX}${short}/hd.m3u8`)).status).toBe(403);
});

test('a rendition playlist is signed once per token and rendition, again shortly before it expires; another holder gets its own', async () => {
  const sign = jest.spyOn(store, 'signedUrl');
  try {
    const rendition = (name: string) =>
      video.hls?.renditions.find((one) => one.name === name)?.segments.length ?? -1;
    const [sd, hd] = [rendition('sd'), rendition('hd')];
    // A staff member of this test only: a token no other test has loaded.
    const staff = async () =>
      signIn((await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account);
    const playUrl = async (as: string) =>
      (await t.http.post('/api/resource/play-url.action').set('token', as).send({ id: video.id })).body
        .attribute.url as string;
    const folder = folderOf(await playUrl(await staff()));

    const first = await apiText(`${folder}sd.m3u8`);
    expect(sign).toHaveBeenCalledTimes(sd);
    // Loaded again within the window: the same signed URLs, nothing signed.
    expect(await apiText(`${folder}sd.m3u8`)).toBe(first);
    expect(sign).toHaveBeenCalledTimes(sd);
    // The other rendition is signed once too.
    await apiText(`${folder}hd.m3u8`);
    await apiText(`${folder}hd.m3u8`);
    expect(sign).toHaveBeenCalledTimes(sd + hd);

    // Another holder's grant (another staff sign-in) is signed for itself.
    const other = folderOf(await playUrl(await staff()));
    expect(other).not.toBe(folder);
    const theirs = await apiText(`${other}sd.m3u8`);
    expect(segmentsOf(theirs)).toHaveLength(sd);
    expect(sign).toHaveBeenCalledTimes(2 * sd + hd);

    // A grant reused until the margin before its expiry, then signed afresh (a later signature).
    const holder = /\.v(\d+)_(\d+)\./.exec(folder);
    const expiresAt = Math.floor(Date.now() / 1000) + SIGNED_PLAYLIST_CACHE.marginSeconds + 2;
    const short = signHlsToken(await getMediaSecret(t.sequelize), {
      resourceId: video.id,
      expiresAt,
      trialSeconds: 0,
      holder: { kind: 'staff', accountId: Number(holder?.[1]), signInId: holder?.[2] as string },
    });
    const before = await apiText(`${HLS_PATH_PREFIX}${short}/sd.m3u8`);
    expect(await apiText(`${HLS_PATH_PREFIX}${short}/sd.m3u8`)).toBe(before);
    expect(sign).toHaveBeenCalledTimes(3 * sd + hd);
    const due = (expiresAt - SIGNED_PLAYLIST_CACHE.marginSeconds) * 1000;
    await new Promise((resolve) => setTimeout(resolve, due + 1000 - Date.now()));
    const after = await apiText(`${HLS_PATH_PREFIX}${short}/sd.m3u8`);
    expect(sign).toHaveBeenCalledTimes(4 * sd + hd);
    const signedAt = (playlist: string) =>
      new URL(segmentsOf(playlist)[0] as string).searchParams.get('X-Amz-Date');
    expect(signedAt(after)).not.toBe(signedAt(before));
    // Still expiring with the token.
    const expiry = (playlist: string) => {
      const url = new URL(segmentsOf(playlist)[0] as string).searchParams;
      const date = url.get('X-Amz-Date') as string;
      const at = Date.parse(
        `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
      );
      return at / 1000 + Number(url.get('X-Amz-Expires'));
    };
    // (to the second: the route and the signer may read the clock a second apart)
    for (const playlist of [before, after]) expect(expiry(playlist) - expiresAt).toBeGreaterThanOrEqual(0);
    for (const playlist of [before, after]) expect(expiry(playlist) - expiresAt).toBeLessThanOrEqual(1);
  } finally {
    sign.mockRestore();
  }
}, 30_000);

import { createDecipheriv, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE_SYSTEM } from '@px/config';
import type { StudyStart } from '../../contract/study';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildHostedProject, buildProject, signIn } from '../../testing/factories';
import { rawBody } from '../../testing/http';
import { CourseLesson } from '../course/course.model';
import { buildClass, enrol } from '../train-class/train-class.testing';
import {
  HLS_PATH_PREFIX,
  type HlsHolder,
  type HlsPackage,
  isTrialToken,
  mediaPlaylist,
  segmentCipherKey,
  signHlsToken,
  trialDurations,
  verifyHlsToken,
} from './hls';
import { TRIAL_EXPIRED, TRIAL_SIGNED_OUT } from './hls.route';
import { languageTracks, parseAudioStreams, probeAudioStreams, readInputListing } from './hls-package';
import { getMediaSecret } from './media-token';
import { Resource } from './resource.model';
import {
  buildResource,
  generatedVideo,
  uploadThroughApi,
  useTestStorage,
  VIDEO_MENU,
} from './resource.testing';
import { packageResource } from './video-packaging.service';

let t: TestApp;
let projectId: number;
let token: string;
let video: Resource;

const storage = useTestStorage();

const post = (name: string, body: object = {}, as = token) =>
  t.http.post(`/api/resource/${name}.action`).set('token', as).send(body);
/** GET with the raw bytes of the answer. */
const fetchBytes = (url: string) => t.http.get(url).buffer(true).parse(rawBody);
const fetchText = async (url: string) => {
  const res = await fetchBytes(url);
  return { status: res.status, text: (res.body as Buffer).toString('utf8'), headers: res.headers };
};
/** The envelope's error a refused URL answers: its HTTP status and its respDesc. */
const refusalOf = async (url: string) => {
  const res = await fetchText(url);
  const envelope = JSON.parse(res.text) as { respCode: number; respDesc: string; attribute: unknown };
  expect(envelope.respCode).toBe(res.status);
  expect(res.headers['cache-control']).toBe('no-store');
  return { status: res.status, message: envelope.respDesc };
};
/** The holder a play URL's token names (`v<account>_<sign-in>`, `s<account>_<session>`). */
function holderOf(url: string): HlsHolder {
  const staff = /\.v(\d+)_(\d+)\./.exec(url);
  if (staff) return { kind: 'staff', accountId: Number(staff[1]), signInId: staff[2] as string };
  const study = /\.s(\d+)_([0-9a-f-]{36})\./.exec(url);
  if (study) return { kind: 'study', accountId: Number(study[1]), sessionId: study[2] as string };
  throw new Error(`no holder in ${url}`);
}
/** The folder URL of a master playlist URL (every URL a playlist names is relative to it). */
const folderOf = (master: string) => master.slice(0, master.lastIndexOf('/') + 1);
const segmentsOf = (playlist: string) => playlist.split('\n').filter((line) => line.endsWith('.ts'));
const durationsOf = (playlist: string) =>
  playlist
    .split('\n')
    .filter((line) => line.startsWith('#EXTINF:'))
    .map((line) => Number.parseFloat(line.slice('#EXTINF:'.length)));

/** Decrypts a segment with the package's key and IV; null when the padding is wrong (a wrong key). */
function decrypt(encrypted: Buffer, key: Buffer, ivHex: string): Buffer | null {
  const decipher = createDecipheriv('aes-128-cbc', key, Buffer.from(ivHex, 'hex'));
  try {
    return Buffer.concat([decipher.update(encrypted), decipher.final()]);
  } catch {
    return null;
  }
}

/** Whether bytes are an MPEG-TS (a sync byte every 188 bytes). */
const isTransportStream = (bytes: Buffer | null) =>
  !!bytes && [0, 188, 376].every((at) => bytes[at] === 0x47);

/** What `read` makes of a decrypted segment, written to a temporary file. */
async function readSegment<T>(segment: Buffer, read: (file: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'px-hls-segment-'));
  try {
    const file = path.join(dir, 'segment.ts');
    await fs.promises.writeFile(file, segment);
    return await read(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** The audio streams ffmpeg finds in a decrypted segment. */
const audioStreamsOf = (segment: Buffer) => readSegment(segment, probeAudioStreams);

/**
 * The first presentation time (seconds) of a decrypted segment: the `start` of ffmpeg's listing
 * (`Duration: 00:00:04.00, start: 11.400000, bitrate: …`; no ffprobe ships with the registry binary).
 */
async function startSecondsOf(segment: Buffer): Promise<number> {
  const listing = await readSegment(segment, readInputListing);
  const start = /, start: (-?\d+(?:\.\d+)?),/.exec(listing)?.[1];
  if (start === undefined) throw new Error(`no start time in ffmpeg's listing: ${listing.slice(-300)}`);
  return Number.parseFloat(start);
}

beforeAll(async () => {
  t = await createTestApp({ providers: storage.providers() });
  projectId = (await buildProject()).id;
  token = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account,
  );
  const uploaded = await uploadThroughApi(t, token, await generatedVideo(), { name: '转码测试' });
  expect(uploaded.body.respCode).toBe(200);
  expect(uploaded.body.attribute.status).toBe('PROCESSING');
  await t.jobs.drain();
  video = (await Resource.findOne({
    where: { id: uploaded.body.attribute.id },
    allTenants: true,
  })) as Resource;
}, 120_000);
afterAll(() => t.close());

describe('packaging after an upload', () => {
  test('the video becomes READY with SD and HD renditions whose segments are in the storage', async () => {
    expect(video.status).toBe('READY');
    expect(video.statusReason).toBeNull();
    expect(video.hlsKey).toHaveLength(16);
    const pkg = video.hls;
    expect(pkg?.renditions.map((one) => [one.name, one.height])).toEqual([
      ['sd', 360],
      ['hd', 360],
    ]);
    for (const rendition of pkg?.renditions ?? []) {
      const total = rendition.segments.reduce((sum, one) => sum + one, 0);
      expect(total).toBeGreaterThan(9.5);
      expect(total).toBeLessThan(10.5);
      expect(rendition.segments.length).toBe(3);
      expect(rendition.bandwidth).toBeGreaterThan(0);
    }
    const files = storage.files().filter((key) => key.startsWith(`hls/${projectId}/${video.id}/`));
    expect(files).toHaveLength(6);
    // One untagged audio stream: the sound stays inside the video renditions.
    expect(pkg?.audio).toBeUndefined();
    expect(video.audioLanguages).toEqual([]);
    const answer = (await post('get', { id: video.id })).body.attribute;
    expect(answer.status).toBe('READY');
    expect(JSON.stringify(answer)).not.toMatch(/hls|key/i);
  });

  test('play-url answers a signed master playlist; segments decrypt only with the served key', async () => {
    const answer = (await post('play-url', { id: video.id })).body.attribute;
    // A staff preview: the token names the caller's sign-in (the key is served while it lives) and
    // the package it was issued for.
    expect(answer.url).toMatch(
      /^\/api\/media\/hls\/\d+\.\d+\.0\.v\d+_\d+\.[0-9a-f]{16}\.[A-Za-z0-9_-]{43}\/master\.m3u8$/,
    );
    expect(answer.url).toContain(`.${video.hls?.id}.`);
    const master = await fetchText(answer.url);
    expect(master.status).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.text).toContain('sd.m3u8');
    expect(master.text).toContain('hd.m3u8');
    expect(master.text).toContain('NAME="高清"');
    expect(master.text).not.toContain('EXT-X-MEDIA');

    const folder = folderOf(answer.url);
    const playlist = await fetchText(`${folder}sd.m3u8`);
    expect(playlist.text).toContain('#EXT-X-ENDLIST');
    const segments = segmentsOf(playlist.text);
    expect(segments).toEqual(['sd/0.ts', 'sd/1.ts', 'sd/2.ts']);
    // Each segment under a key of its own, named just before it.
    const keyLines = playlist.text.split('\n').filter((line) => line.startsWith('#EXT-X-KEY:'));
    expect(keyLines).toEqual(
      [0, 1, 2].map((index) => `#EXT-X-KEY:METHOD=AES-128,URI="sd/${index}.key",IV=0x${video.hls?.iv}`),
    );
    // The package's secret is never served: it has no one key.
    expect(await refusalOf(`${folder}key`)).toEqual({ status: 404, message: '密钥不存在' });

    const iv = video.hls?.iv ?? '';
    const keys: Buffer[] = [];
    for (const [index, name] of segments.entries()) {
      const key = await fetchBytes(`${folder}sd/${index}.key`);
      expect(key.status).toBe(200);
      expect(key.headers['cache-control']).toBe('no-store');
      expect(key.body).toHaveLength(16);
      keys.push(key.body as Buffer);
      const segment = await fetchBytes(`${folder}${name}`);
      expect(segment.status).toBe(200);
      // An MPEG-TS has a sync byte every 188 bytes; the stored segment does not show them.
      expect(isTransportStream(segment.body as Buffer)).toBe(false);
      expect(isTransportStream(decrypt(segment.body as Buffer, key.body as Buffer, iv))).toBe(true);
    }
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(3);
    // No other key opens a segment: not another segment's, not the package's secret, not a made-up one.
    const first = (await fetchBytes(`${folder}sd/0.ts`)).body as Buffer;
    for (const wrong of [keys[1], keys[2], Buffer.from(video.hlsKey as Buffer), Buffer.alloc(16, 7)])
      expect(isTransportStream(decrypt(first, wrong as Buffer, iv))).toBe(false);
    // A key past the rendition's segments is none.
    expect(await refusalOf(`${folder}sd/3.key`)).toEqual({ status: 404, message: '分片不存在' });
  });

  test('the key and the segments are refused without a valid token and after its expiry', async () => {
    const secret = await getMediaSecret(t.sequelize);
    const now = Math.floor(Date.now() / 1000);
    const holder = holderOf((await post('play-url', { id: video.id })).body.attribute.url);
    const expired = signHlsToken(secret, {
      resourceId: video.id,
      expiresAt: now - 1,
      trialSeconds: 0,
      holder,
    });
    for (const part of ['sd/0.key', 'master.m3u8', 'sd.m3u8', 'sd/0.ts']) {
      expect(await refusalOf(`${HLS_PATH_PREFIX}${expired}/${part}`)).toEqual({
        status: 403,
        message: '播放地址已过期，请刷新后重试',
      });
    }
    const valid = signHlsToken(secret, {
      resourceId: video.id,
      expiresAt: now + 60,
      trialSeconds: 0,
      holder,
    });
    const forged = valid.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`);
    expect((await fetchText(`${HLS_PATH_PREFIX}${forged}/sd/0.key`)).status).toBe(403);
    // Another video's token does not open this one's key (the resource id is signed).
    const other = signHlsToken(Buffer.from('another secret'), {
      resourceId: video.id,
      expiresAt: now + 60,
      trialSeconds: 0,
      holder,
    });
    expect((await fetchText(`${HLS_PATH_PREFIX}${other}/sd/0.key`)).status).toBe(403);
    // A plain MP4 token is not an HLS token.
    const mp4Token = `${video.id}.${now + 60}.${'A'.repeat(43)}`;
    expect((await fetchText(`${HLS_PATH_PREFIX}${mp4Token}/sd/0.key`)).status).toBe(403);
    expect((await fetchText(`${HLS_PATH_PREFIX}${valid}/sd/0.key`)).status).toBe(200);
  });

  test('a trial playlist stops at its seconds and its later segments are refused', async () => {
    const grant = await t.scope().providers.video.authorizeTrial(t.scope(), video, { kind: 'trial' }, 5, 60);
    const folder = folderOf(grant.url as string);
    const playlist = await fetchText(`${folder}hd.m3u8`);
    // The player's duration is the trial's 5 s exactly: the second segment's length is cut.
    const durations = durationsOf(playlist.text);
    const first = video.hls?.renditions.find((one) => one.name === 'hd')?.segments[0] as number;
    expect(durations).toHaveLength(2);
    expect(durations[0]).toBeCloseTo(first, 5);
    expect(durations[1]).toBeCloseTo(5 - first, 5);
    expect(durations.reduce((sum, one) => sum + one, 0)).toBeCloseTo(5, 5);
    expect(segmentsOf(playlist.text)).toEqual(['hd/0.ts', 'hd/1.ts']);
    expect(playlist.text).toContain('#EXT-X-ENDLIST');
    expect((await fetchBytes(`${folder}hd/1.ts`)).status).toBe(200);
    expect(await refusalOf(`${folder}hd/2.ts`)).toEqual({ status: 403, message: '试看已结束' });
    // A trial's keys stand on the trial's own short expiry (guests have no session); only its
    // segments' keys are served, and its segments decrypt with them.
    const iv = video.hls?.iv ?? '';
    for (const index of [0, 1]) {
      const key = await fetchBytes(`${folder}hd/${index}.key`);
      expect(key.status).toBe(200);
      const segment = (await fetchBytes(`${folder}hd/${index}.ts`)).body as Buffer;
      expect(isTransportStream(decrypt(segment, key.body as Buffer, iv))).toBe(true);
    }
    expect(await refusalOf(`${folder}hd/2.key`)).toEqual({ status: 403, message: '试看已结束' });
    expect(await refusalOf(`${folder}sd/2.key`)).toEqual({ status: 403, message: '试看已结束' });
    expect(await refusalOf(`${folder}key`)).toEqual({ status: 404, message: '密钥不存在' });

    // Every key the trial's grant can obtain (each rendition's, each index, the package's one) ...
    const keyUrls = (video.hls?.renditions ?? []).flatMap((rendition) =>
      rendition.segments.map((_, index) => `${folder}${rendition.name}/${index}.key`),
    );
    const obtained: Buffer[] = [];
    for (const url of [...keyUrls, `${folder}key`]) {
      const key = await fetchBytes(url);
      if (key.status === 200) obtained.push(key.body as Buffer);
    }
    expect(obtained).toHaveLength(4);
    // ... opens no segment past the trial, fetched through a full grant (a leaked study playlist).
    const full = folderOf((await post('play-url', { id: video.id })).body.attribute.url);
    for (const name of ['sd/2.ts', 'hd/2.ts']) {
      const leaked = await fetchBytes(`${full}${name}`);
      expect(leaked.status).toBe(200);
      for (const key of obtained)
        expect(isTransportStream(decrypt(leaked.body as Buffer, key, iv))).toBe(false);
    }
  });

  test('a package made before keys per segment: its one key for a study or a preview, never for a trial', async () => {
    const { keyPerSegment, ...pkg } = video.hls as HlsPackage;
    expect(keyPerSegment).toBe(true);
    // Its original: a copy of the uploaded MP4 (a trial of it reads its first bytes).
    const files = storage.providers().storage;
    const storageKey = `${video.storageKey}.before.mp4`;
    await files.put(storageKey, await files.get(video.storageKey));
    const before = await buildResource(projectId, {
      hls: pkg,
      hlsKey: video.hlsKey,
      storageKey,
      size: video.size,
    });
    const url = (await post('play-url', { id: before.id })).body.attribute.url as string;
    const folder = folderOf(url);
    const playlist = (await fetchText(`${folder}sd.m3u8`)).text;
    expect(playlist.split('\n').filter((line) => line.startsWith('#EXT-X-KEY:'))).toEqual([
      `#EXT-X-KEY:METHOD=AES-128,URI="key",IV=0x${pkg.iv}`,
    ]);
    expect((await fetchBytes(`${folder}key`)).body).toEqual(Buffer.from(video.hlsKey as Buffer));
    expect(await refusalOf(`${folder}sd/0.key`)).toEqual({ status: 404, message: '密钥不存在' });
    // Its trial plays the original MP4's first bytes, not the package.
    const trial = await t.scope().providers.video.authorizeTrial(t.scope(), before, { kind: 'trial' }, 5, 60);
    expect(trial.url).toMatch(/^\/api\/media\/[^/]+$/);
    expect(trial.url).not.toContain('/hls/');
    // A trial token of the package (one signed before the change) never gets the one key.
    const token = signHlsToken(await getMediaSecret(t.sequelize), {
      resourceId: before.id,
      expiresAt: Math.floor(Date.now() / 1000) + 60,
      trialSeconds: 5,
      holder: { kind: 'trial' },
    });
    expect(await refusalOf(`${HLS_PATH_PREFIX}${token}/key`)).toEqual({
      status: 403,
      message: TRIAL_EXPIRED,
    });
  });

  test('a file ffmpeg cannot read makes the video FAILED with the reason', async () => {
    const broken = await buildResource(projectId, { status: 'PROCESSING' });
    await storage.providers().storage.put(broken.storageKey, Buffer.from('not a video at all'));
    expect(await packageResource(t.scope(), broken.id)).toBe('FAILED');
    const failed = await Resource.findOne({ where: { id: broken.id, projectId } });
    expect(failed?.status).toBe('FAILED');
    expect(failed?.statusReason).toMatch(/^转码失败：/);
    expect(failed?.hls).toBeNull();
    // Run again (a job delivered twice): a video no longer PROCESSING is left alone.
    expect(await packageResource(t.scope(), broken.id)).toBe('SKIPPED');
  });
});

describe('audio per language (videoLanguage)', () => {
  let bilingual: Resource;
  beforeAll(async () => {
    // English first in the file, Mandarin marked default: Mandarin becomes the DEFAULT rendition.
    const bytes = await generatedVideo([
      { frequency: 440, language: 'eng' },
      { frequency: 660, language: 'chi', isDefault: true },
    ]);
    const uploaded = await uploadThroughApi(t, token, bytes, { name: '双语转码测试' });
    expect(uploaded.body.respCode).toBe(200);
    await t.jobs.drain();
    bilingual = (await Resource.findOne({
      where: { id: uploaded.body.attribute.id },
      allTenants: true,
    })) as Resource;
  }, 120_000);

  test('a file with two languages gets an audio rendition per language, the default first', async () => {
    expect(bilingual.status).toBe('READY');
    expect(bilingual.audioLanguages).toEqual(['zh', 'en']);
    const audio = bilingual.hls?.audio ?? [];
    expect(audio.map((one) => [one.name, one.language])).toEqual([
      ['a0', 'zh'],
      ['a1', 'en'],
    ]);
    for (const rendition of audio) {
      const total = rendition.segments.reduce((sum, one) => sum + one, 0);
      expect(total).toBeGreaterThan(9.5);
      expect(total).toBeLessThan(10.5);
      expect(rendition.bandwidth).toBeGreaterThan(0);
    }
    const answer = (await post('get', { id: bilingual.id })).body.attribute;
    expect(answer.audioLanguages).toEqual(['zh', 'en']);
    const listed = (await post('query', { name: '双语' })).body.attribute.list;
    expect(listed.map((one: { audioLanguages: string[] }) => one.audioLanguages)).toEqual([['zh', 'en']]);
  });

  test('the master playlist names the audio group; video renditions refer to it; segments decrypt', async () => {
    const url = (await post('play-url', { id: bilingual.id })).body.attribute.url as string;
    const master = (await fetchText(url)).text;
    expect(master).toContain(
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="zh",NAME="普通话",DEFAULT=YES,AUTOSELECT=YES,URI="a0.m3u8"',
    );
    expect(master).toContain(
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="en",NAME="英语",DEFAULT=NO,AUTOSELECT=YES,URI="a1.m3u8"',
    );
    const streams = master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(streams).toHaveLength(2);
    for (const line of streams) expect(line).toMatch(/,AUDIO="audio"$/);
    const audioPeak = Math.max(...(bilingual.hls?.audio ?? []).map((one) => one.bandwidth));
    const sd = bilingual.hls?.renditions.find((one) => one.name === 'sd');
    expect(streams[0]).toContain(`BANDWIDTH=${(sd?.bandwidth ?? 0) + audioPeak},`);

    const folder = folderOf(url);
    const keyOf = async (segment: string) =>
      (await fetchBytes(`${folder}${segment.replace(/\.ts$/, '.key')}`)).body as Buffer;
    const iv = bilingual.hls?.iv ?? '';
    const english = await fetchText(`${folder}a1.m3u8`);
    expect(english.status).toBe(200);
    expect(english.text).toMatch(/#EXT-X-KEY:METHOD=AES-128,URI="a1\/0\.key",IV=0x[0-9a-f]{32}/);
    const audioSegments = segmentsOf(english.text);
    expect(audioSegments[0]).toBe('a1/0.ts');
    const audioSegment = (await fetchBytes(`${folder}${audioSegments[0]}`)).body as Buffer;
    expect(isTransportStream(audioSegment)).toBe(false);
    const audioPlain = decrypt(audioSegment, await keyOf('a1/0.ts'), iv);
    expect(isTransportStream(audioPlain)).toBe(true);
    expect(isTransportStream(decrypt(audioSegment, await keyOf('a0/0.ts'), iv))).toBe(false);
    expect(await audioStreamsOf(audioPlain as Buffer)).toHaveLength(1);
    // The pictures carry no sound of their own.
    const videoPlain = decrypt(
      (await fetchBytes(`${folder}sd/0.ts`)).body as Buffer,
      await keyOf('sd/0.ts'),
      iv,
    );
    expect(isTransportStream(videoPlain)).toBe(true);
    expect(await audioStreamsOf(videoPlain as Buffer)).toEqual([]);
    // No third language.
    expect((await fetchText(`${folder}a2.m3u8`)).status).toBe(404);
  });

  test('each audio rendition starts with the picture: first segments within a frame of each other', async () => {
    const url = (await post('play-url', { id: bilingual.id })).body.attribute.url as string;
    const folder = folderOf(url);
    const iv = bilingual.hls?.iv ?? '';
    const startOf = async (rendition: string) => {
      const key = (await fetchBytes(`${folder}${rendition}/0.key`)).body as Buffer;
      const plain = decrypt((await fetchBytes(`${folder}${rendition}/0.ts`)).body as Buffer, key, iv);
      expect(isTransportStream(plain)).toBe(true);
      return startSecondsOf(plain as Buffer);
    };
    const pictures = await Promise.all(['sd', 'hd'].map(startOf));
    const sounds = await Promise.all(['a0', 'a1'].map(startOf));
    // Packaged in runs of their own, the sound led the picture by the B-frame delay: 133 ms here (15 fps).
    for (const picture of pictures)
      for (const sound of sounds) expect(Math.abs(picture - sound)).toBeLessThanOrEqual(0.04);
  });

  test('a trial grants the audio segments within its seconds only', async () => {
    const grant = await t
      .scope()
      .providers.video.authorizeTrial(t.scope(), bilingual, { kind: 'trial' }, 5, 60);
    const folder = folderOf(grant.url as string);
    const playlist = await fetchText(`${folder}a0.m3u8`);
    expect(segmentsOf(playlist.text)).toEqual(['a0/0.ts', 'a0/1.ts']);
    expect((await fetchBytes(`${folder}a0/1.ts`)).status).toBe(200);
    expect(await refusalOf(`${folder}a0/2.ts`)).toEqual({ status: 403, message: '试看已结束' });
    expect((await fetchBytes(`${folder}a0/1.key`)).status).toBe(200);
    expect(await refusalOf(`${folder}a0/2.key`)).toEqual({ status: 403, message: '试看已结束' });
  });
});

describe('finding the languages of a file', () => {
  // What ffmpeg 4 (the registry binary) and later versions list for an input.
  const LISTING = [
    "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'source.mp4':",
    '    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 640x360, 15 fps (default)',
    '    Stream #0:1(eng): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 32 kb/s',
    '    Metadata:',
    '      handler_name    : SoundHandler',
    '    Stream #0:2[0x3](chi): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 32 kb/s (default)',
    '    Stream #0:3: Audio: mp3, 44100 Hz, stereo, fltp, 128 kb/s',
    'At least one output file must be specified',
  ].join('\n');

  test('reads each audio stream: its place among the audio, its language, whether it is the default', () => {
    expect(parseAudioStreams(LISTING)).toEqual([
      { index: 0, code: 'eng', isDefault: false },
      { index: 1, code: 'chi', isDefault: true },
      { index: 2, code: null, isDefault: false },
    ]);
    expect(parseAudioStreams('Input #0, mov: Stream #0:0(und): Video: h264')).toEqual([]);
  });

  test('packages audio per language only for two languages or more, the default first, each once', () => {
    const stream = (index: number, code: string | null, isDefault = false) => ({ index, code, isDefault });
    expect(languageTracks(parseAudioStreams(LISTING))).toEqual({
      languages: ['zh', 'en'],
      tracks: [
        { index: 1, language: 'zh' },
        { index: 0, language: 'en' },
      ],
    });
    // One language (twice), or untagged streams: the sound stays in the video renditions.
    expect(languageTracks([stream(0, 'chi', true), stream(1, 'zho')])).toEqual({
      languages: ['zh'],
      tracks: [],
    });
    expect(languageTracks([stream(0, 'und'), stream(1, null)])).toEqual({ languages: [], tracks: [] });
    expect(languageTracks([])).toEqual({ languages: [], tracks: [] });
    // No default marked: the file's order; an untagged stream is skipped.
    expect(languageTracks([stream(0, 'und'), stream(1, 'yue'), stream(2, 'chi'), stream(3, 'yue')])).toEqual({
      languages: ['yue', 'zh'],
      tracks: [
        { index: 1, language: 'yue' },
        { index: 2, language: 'zh' },
      ],
    });
    // At most eight languages.
    const many = ['chi', 'yue', 'eng', 'jpn', 'kor', 'fra', 'deu', 'rus', 'spa', 'por'].map((code, index) =>
      stream(index, code),
    );
    expect(languageTracks(many).tracks).toHaveLength(8);
    expect(languageTracks(many).languages).toEqual(['zh', 'yue', 'en', 'ja', 'ko', 'fr', 'de', 'ru']);
  });
});

describe('the key is served only to the holder of the grant, while it holds', () => {
  const study = (as: string, name: 'start' | 'end', body: object) =>
    t.http.post(`/api/study/${name}.action`).set('token', as).send(body);
  /** The first SD segment's key under a grant's playlist URL. */
  const keyOf = (url: string) => `${folderOf(url)}sd/0.key`;

  /** Two students enrolled in a class whose one lesson plays the packaged video. */
  async function twoStudents() {
    const built = await buildClass({ projectId, courses: [{ lessons: [{ durationSeconds: 10 }] }] });
    const lesson = built.courses[0]?.lessons[0] as CourseLesson;
    await CourseLesson.update({ resourceId: video.id }, { where: { id: lesson.id, projectId } });
    const student = async () => {
      const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
      const enrolment = await enrol(built.trainClass, account.id);
      const as = await signIn(account);
      const start = async () => {
        const res = await study(as, 'start', { myClassId: enrolment.id, lessonId: lesson.id });
        expect(res.body.respCode).toBe(200);
        return res.body.attribute as StudyStart;
      };
      return { account, as, start };
    };
    return { a: await student(), b: await student() };
  }

  test("a study session's key: served while the session is live, refused after it ended or was taken over, for another student's session, after expiry", async () => {
    const { a, b } = await twoStudents();
    const first = await a.start();
    expect(first.url).toContain(`.s${a.account.id}_${first.sessionId}.`);
    const served = await fetchBytes(keyOf(first.url));
    expect(served.status).toBe(200);
    expect(served.body).toEqual(segmentCipherKey(Buffer.from(video.hlsKey as Buffer), 'sd', 0));

    const secret = await getMediaSecret(t.sequelize);
    const now = Math.floor(Date.now() / 1000);
    const signed = (holder: HlsHolder, expiresAt = now + 60) =>
      `${HLS_PATH_PREFIX}${signHlsToken(secret, { resourceId: video.id, expiresAt, trialSeconds: 0, holder })}/master.m3u8`;
    // Another student's session, named with this student's account: not this student's grant.
    const other = await b.start();
    const foreign = signed({ kind: 'study', accountId: a.account.id, sessionId: other.sessionId });
    expect(await refusalOf(keyOf(foreign))).toEqual({ status: 403, message: '播放地址无效' });
    // A session that does not exist is no grant; nor is a study session's grant of another video.
    const none = signed({ kind: 'study', accountId: a.account.id, sessionId: randomUUID() });
    expect(await refusalOf(keyOf(none))).toEqual({ status: 403, message: '播放地址无效' });
    const elsewhere = await buildResource(projectId, { hls: video.hls, hlsKey: video.hlsKey });
    const otherVideo = `${HLS_PATH_PREFIX}${signHlsToken(secret, {
      resourceId: elsewhere.id,
      expiresAt: now + 60,
      trialSeconds: 0,
      holder: holderOf(first.url),
    })}/master.m3u8`;
    expect(await refusalOf(keyOf(otherVideo))).toEqual({ status: 403, message: '播放地址无效' });
    // The live session's grant after its expiry.
    const expired = signed(holderOf(first.url), now - 1);
    expect(await refusalOf(keyOf(expired))).toEqual({ status: 403, message: '播放地址已过期，请刷新后重试' });
    // The other student's own grant is served.
    expect((await fetchBytes(keyOf(other.url))).status).toBe(200);

    // The student starts again (another device): the first session is taken over, its key refused.
    const second = await a.start();
    expect(await refusalOf(keyOf(first.url))).toEqual({
      status: 403,
      message: '已在其他设备学习，请重新进入',
    });
    expect((await fetchBytes(keyOf(second.url))).status).toBe(200);
    // The playlists and segments of the first grant still answer: without the key they do not play.
    expect((await fetchBytes(`${folderOf(first.url)}sd.m3u8`)).status).toBe(200);
    // The page closes the player: the session ends, and its key with it.
    expect((await study(a.as, 'end', { sessionId: second.sessionId })).body.respCode).toBe(200);
    expect(await refusalOf(keyOf(second.url))).toEqual({
      status: 403,
      message: '本次学习已结束，请重新进入学习',
    });
  });

  test("a staff preview's key is served while the staff's sign-in lives", async () => {
    const staff = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account,
    );
    const { url } = (await post('play-url', { id: video.id }, staff)).body.attribute;
    expect((await fetchBytes(keyOf(url))).status).toBe(200);
    const out = await t.http.post('/api/login/login-out.action').set('token', staff).send({});
    expect(out.body.respCode).toBe(200);
    expect(await refusalOf(keyOf(url))).toEqual({ status: 403, message: '登录已失效，请重新登录后播放' });
    // Another staff member's sign-in, named with this one's account: refused too.
    const holder = holderOf(url);
    const mine = holderOf((await post('play-url', { id: video.id })).body.attribute.url);
    if (holder.kind !== 'staff' || mine.kind !== 'staff') throw new Error('staff holders expected');
    const secret = await getMediaSecret(t.sequelize);
    const mixed = `${HLS_PATH_PREFIX}${signHlsToken(secret, {
      resourceId: video.id,
      expiresAt: Math.floor(Date.now() / 1000) + 60,
      trialSeconds: 0,
      holder: { ...holder, signInId: mine.signInId },
    })}/master.m3u8`;
    expect(await refusalOf(keyOf(mixed))).toEqual({ status: 403, message: '登录已失效，请重新登录后播放' });
  });

  test("a trial's key: a guest's within its expiry; a signed-in visitor's while that sign-in lives, not another's", async () => {
    // A project offering a class whose lesson plays (a copy of) the packaged video with a 5 s trial.
    const { project, host } = await buildHostedProject();
    const copy = await buildResource(project.id, { hls: video.hls, hlsKey: video.hlsKey });
    const built = await buildClass({
      projectId: project.id,
      courses: [{ kind: 'REQUIRED', lessons: [{ durationSeconds: 10, trialSeconds: 5 }] }],
    });
    const lesson = built.courses[0]?.lessons[0] as CourseLesson;
    await CourseLesson.update({ resourceId: copy.id }, { where: { id: lesson.id, projectId: project.id } });
    const trialPlay = async (as?: string) => {
      const request = t.http.post('/api/class/trial-play.action').set('Host', host);
      const res = await (as ? request.set('token', as) : request).send({
        classId: built.trainClass.id,
        lessonId: lesson.id,
      });
      expect(res.body.respCode).toBe(200);
      return res.body.attribute.url as string;
    };
    const visitor = async () => {
      const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
      return { account, as: await signIn(account) };
    };

    // A guest's trial: the token is the whole grant (its expiry and its 5 s signed in it).
    const guest = await trialPlay();
    expect(guest).toMatch(/\.5\.t\.[0-9a-f]{16}\.[A-Za-z0-9_-]{43}\/master\.m3u8$/);
    expect((await fetchBytes(keyOf(guest))).status).toBe(200);

    // A signed-in student's trial names the student's sign-in; its key is served while it lives.
    const student = await visitor();
    const mine = await trialPlay(student.as);
    const named = new RegExp(`\\.5\\.t${student.account.id}_(\\d+)\\.`).exec(mine);
    expect(named).not.toBeNull();
    expect((await fetchBytes(keyOf(mine))).status).toBe(200);

    // Another visitor's sign-in named with this student's account: not this student's grant.
    const other = await visitor();
    const theirs = /\.t\d+_(\d+)\./.exec(await trialPlay(other.as));
    const secret = await getMediaSecret(t.sequelize);
    const now = Math.floor(Date.now() / 1000);
    const trialUrl = (holder: HlsHolder, expiresAt = now + 60) =>
      `${HLS_PATH_PREFIX}${signHlsToken(secret, { resourceId: copy.id, expiresAt, trialSeconds: 5, holder })}/master.m3u8`;
    const mixed = trialUrl({
      kind: 'trial',
      signedIn: { accountId: student.account.id, signInId: theirs?.[1] as string },
    });
    expect(await refusalOf(keyOf(mixed))).toEqual({ status: 403, message: TRIAL_SIGNED_OUT });

    // After its expiry, a guest's or a student's trial is refused, worded for a trial.
    const signedIn = { accountId: student.account.id, signInId: named?.[1] as string };
    for (const holder of [{ kind: 'trial' }, { kind: 'trial', signedIn }] as HlsHolder[]) {
      const expired = trialUrl(holder, now - 1);
      expect(await refusalOf(keyOf(expired))).toEqual({ status: 403, message: TRIAL_EXPIRED });
      expect(await refusalOf(`${folderOf(expired)}sd.m3u8`)).toEqual({ status: 403, message: TRIAL_EXPIRED });
    }

    // The student signs out: the trial's key goes with the sign-in; the guest's stays.
    expect(
      (await t.http.post('/api/login/login-out.action').set('token', student.as).send({})).body.respCode,
    ).toBe(200);
    expect(await refusalOf(keyOf(mine))).toEqual({ status: 403, message: TRIAL_SIGNED_OUT });
    expect((await fetchBytes(keyOf(guest))).status).toBe(200);
  });
});

describe('a trial playlist ends at its seconds', () => {
  const pkg: HlsPackage = {
    id: 'p',
    iv: '00'.repeat(16),
    renditions: [{ name: 'sd', width: 640, height: 360, bandwidth: 1, segments: [4, 4, 2.5] }],
    keyPerSegment: true,
  };
  const sd = pkg.renditions[0] as HlsPackage['renditions'][number];

  test("the segments starting before the seconds, the last cut to end at them; a full grant's whole", () => {
    expect(trialDurations(sd, 5)).toEqual([4, 1]);
    expect(trialDurations(sd, 1)).toEqual([1]);
    // At a segment's end: that segment whole, none after it.
    expect(trialDurations(sd, 4)).toEqual([4]);
    expect(trialDurations(sd, 8)).toEqual([4, 4]);
    expect(trialDurations(sd, 9)).toEqual([4, 4, 1]);
    // Seconds past the video: the video's own length.
    expect(trialDurations(sd, 30)).toEqual([4, 4, 2.5]);
    expect(trialDurations(sd, 0)).toEqual([4, 4, 2.5]);
  });

  test("the playlist names those durations, the package's segments and keys", () => {
    const playlist = mediaPlaylist(pkg, sd, 5);
    expect(durationsOf(playlist)).toEqual([4, 1]);
    expect(segmentsOf(playlist)).toEqual(['sd/0.ts', 'sd/1.ts']);
    expect(playlist).toContain('#EXT-X-TARGETDURATION:4\n');
    expect(playlist).toContain('URI="sd/1.key"');
    expect(playlist).not.toContain('sd/2');
    expect(playlist.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(durationsOf(mediaPlaylist(pkg, sd, 0))).toEqual([4, 4, 2.5]);
  });
});

describe('HLS tokens', () => {
  const secret = Buffer.from('a test secret of the HLS tokens, long enough');
  const holders: HlsHolder[] = [
    { kind: 'study', accountId: 7, sessionId: randomUUID() },
    { kind: 'staff', accountId: 8, signInId: '123' },
  ];

  test('each holder is signed with the grant and read back; a changed holder is forged', () => {
    for (const holder of holders) {
      const grant = { resourceId: 5, expiresAt: 2_000_000_000, trialSeconds: 0, holder };
      const token = signHlsToken(secret, grant);
      expect(verifyHlsToken(secret, token, 1_900_000_000)).toEqual(grant);
      expect(verifyHlsToken(secret, token, 2_000_000_000)).toBe('expired');
    }
    const trials: HlsHolder[] = [
      { kind: 'trial' },
      { kind: 'trial', signedIn: { accountId: 7, signInId: '456' } },
    ];
    for (const holder of trials) {
      const trial = { resourceId: 5, expiresAt: 2_000_000_000, trialSeconds: 30, holder };
      const token = signHlsToken(secret, trial);
      expect(verifyHlsToken(secret, token, 1_900_000_000)).toEqual(trial);
      expect(isTrialToken(token)).toBe(true);
    }
    const studentTrial = signHlsToken(secret, {
      resourceId: 5,
      expiresAt: 2_000_000_000,
      trialSeconds: 30,
      holder: trials[1] as HlsHolder,
    });
    // Another sign-in, or none (a guest's), is not the one signed.
    expect(verifyHlsToken(secret, studentTrial.replace('.t7_456.', '.t7_457.'), 1_900_000_000)).toBe(
      'forged',
    );
    expect(verifyHlsToken(secret, studentTrial.replace('.t7_456.', '.t.'), 1_900_000_000)).toBe('forged');
    const study = signHlsToken(secret, {
      resourceId: 5,
      expiresAt: 2_000_000_000,
      trialSeconds: 0,
      holder: holders[0] as HlsHolder,
    });
    expect(isTrialToken(study)).toBe(false);
    expect(verifyHlsToken(secret, study.replace('.s7_', '.s9_'), 1_900_000_000)).toBe('forged');
    expect(verifyHlsToken(secret, study.replace(/\.s7_[^.]+\./, '.v7_1.'), 1_900_000_000)).toBe('forged');
  });

  test('a token names the package it was issued for; one without (issued before) still verifies; neither is made from the other', () => {
    const grant = {
      resourceId: 5,
      expiresAt: 2_000_000_000,
      trialSeconds: 0,
      holder: holders[1] as HlsHolder,
      packageId: '0123456789abcdef',
    };
    const token = signHlsToken(secret, grant);
    expect(token).toMatch(/^5\.2000000000\.0\.v8_123\.0123456789abcdef\.[A-Za-z0-9_-]{43}$/);
    expect(verifyHlsToken(secret, token, 1_900_000_000)).toEqual(grant);
    expect(verifyHlsToken(secret, token, 2_000_000_000)).toBe('expired');
    const { packageId, ...before } = grant;
    const legacy = signHlsToken(secret, before);
    expect(legacy).toMatch(/^5\.2000000000\.0\.v8_123\.[A-Za-z0-9_-]{43}$/);
    expect(verifyHlsToken(secret, legacy, 1_900_000_000)).toStrictEqual(before);
    // Another package, the package taken away, or one added to a token without: forged.
    const at = 1_900_000_000;
    expect(verifyHlsToken(secret, token.replace(`.${packageId}.`, '.0123456789abcdee.'), at)).toBe('forged');
    expect(verifyHlsToken(secret, token.replace(`.${packageId}.`, '.'), at)).toBe('forged');
    expect(verifyHlsToken(secret, legacy.replace('.v8_123.', `.v8_123.${packageId}.`), at)).toBe('forged');
    const trial = { ...grant, trialSeconds: 30, holder: { kind: 'trial' } as HlsHolder };
    expect(verifyHlsToken(secret, signHlsToken(secret, trial), at)).toEqual(trial);
    expect(() => signHlsToken(secret, { ...grant, packageId: 'a.b' })).toThrow();
    expect(() => signHlsToken(secret, { ...grant, packageId: '' })).toThrow();
  });

  test('a trial holds only trial seconds, a session or a preview only the whole video', () => {
    expect(() =>
      signHlsToken(secret, {
        resourceId: 5,
        expiresAt: 2_000_000_000,
        trialSeconds: 0,
        holder: { kind: 'trial' },
      }),
    ).toThrow();
    expect(() =>
      signHlsToken(secret, {
        resourceId: 5,
        expiresAt: 2_000_000_000,
        trialSeconds: 30,
        holder: holders[1] as HlsHolder,
      }),
    ).toThrow();
    expect(() =>
      signHlsToken(secret, {
        resourceId: 5,
        expiresAt: 2_000_000_000,
        trialSeconds: 0,
        holder: { kind: 'study', accountId: 7, sessionId: 'not-a-uuid' },
      }),
    ).toThrow();
  });
});

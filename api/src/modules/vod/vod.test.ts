import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { mp4TrialBytes } from '../resource/mp4';
import { DEMO_VIDEO_DIR } from '../resource/resource.demo';
import { CloudVideoError } from '../resource/video-provider';
import { createLocalStorage } from '../storage/local-storage';
import type { FileStorage } from '../storage/storage';
import { hexTime, signPsign, verifyPsign } from './psign';
import { createVodClient, VOD_FILE_NOT_FOUND, type VodClient, VodError } from './vod.client';
import { vodCloudVideo, vodStorageKey } from './vod.provider';
import { createVodSimulator, SIM_PLAY_ERRORS, type VodSimulator } from './vod-sim';

const BYTES = fs.readFileSync(path.join(DEMO_VIDEO_DIR, 'first-aid.mp4'));
let clock = Math.floor(Date.now() / 1000);
let sim: VodSimulator;
let client: VodClient;
let fileId: string;

const clientWith = (overrides: { playKey?: string; secretKey?: string } = {}, on = sim) =>
  createVodClient({
    apiBase: on.url(),
    playBase: on.url(),
    cosBase: on.url(),
    appId: on.appId,
    secretId: on.secretId,
    secretKey: overrides.secretKey ?? on.secretKey,
    playKey: overrides.playKey ?? on.playKey,
    simulated: true,
    now: () => clock,
  });

/** An upload of `bytes`, streamed whole or by range. */
const source = (bytes: Buffer, name = '急救.mp4') => ({
  size: bytes.length,
  name,
  type: 'video/mp4',
  open: async (range?: { start: number; end: number }) =>
    Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]),
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as VodError,
  );

beforeAll(async () => {
  sim = createVodSimulator({ now: () => clock });
  await sim.listen();
  client = clientWith();
  fileId = (await client.upload(source(BYTES))).fileId;
});
afterAll(() => sim.close());

describe('upload (ApplyUpload → signed PUT → CommitUpload)', () => {
  test('stores the file under a FileId', () => {
    expect(fileId).toMatch(/^\d+$/);
    const stored = sim.files().find((f) => f.fileId === fileId);
    expect(stored).toMatchObject({ name: '急救', size: BYTES.length, type: 'video/mp4' });
    expect(Buffer.compare(fs.readFileSync(stored?.path as string), BYTES)).toBe(0);
  });

  test('a wrong API secret key is refused with the API 3.0 error and stores nothing', async () => {
    const before = sim.files().length;
    const error = await refusal(clientWith({ secretKey: 'wrong' }).upload(source(BYTES, 'x.mp4')));
    expect(error).toBeInstanceOf(VodError);
    expect(error?.code).toBe('AuthFailure.SignatureFailure');
    expect(sim.files()).toHaveLength(before);
  });

  test('the file is streamed to the storage: the client reads it only as fast as the PUTs send it', async () => {
    // 24 MiB and 5 bytes, in parts of 8 MiB (the default part size) and a last of 5 bytes, read from a storage that refuses to run
    // more than 4 MiB ahead of what the simulator has received: a client holding the file, or a
    // part, whole before sending it would never get past 4 MiB.
    const size = 24 * 1024 * 1024 + 5;
    const aheadLimit = 4 * 1024 * 1024;
    const pattern = randomBytes(64 * 1024);
    /** The file's bytes from `start` to `end` (exclusive): the pattern over and over. */
    const bytesAt = (start: number, end: number) => {
      const piece = Buffer.alloc(end - start);
      for (let at = 0; at < piece.length; ) {
        const offset = (start + at) % pattern.length;
        at += pattern.copy(piece, at, offset, Math.min(pattern.length, offset + piece.length - at));
      }
      return piece;
    };
    const receivedBefore = sim.receivedBytes();
    let produced = 0;
    const reads: Array<[number, number]> = [];
    const stream = (start: number, end: number) => {
      let at = start;
      return new Readable({
        read() {
          const began = Date.now();
          const step = () => {
            const ahead = produced - (sim.receivedBytes() - receivedBefore);
            if (ahead > aheadLimit) {
              if (Date.now() - began > 3000)
                return this.destroy(new Error(`read ${ahead} bytes ahead of the upload: buffered`));
              return void setTimeout(step, 5);
            }
            const piece = bytesAt(at, Math.min(end + 1, at + 64 * 1024));
            at += piece.length;
            produced += piece.length;
            this.push(piece);
            if (at > end) this.push(null);
          };
          step();
        },
      });
    };
    // Through the product's path: a stored file (here the generated one) handed to the service.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-vod-stream-'));
    const storage: FileStorage = {
      ...createLocalStorage(dir),
      stat: async () => ({ size, modifiedAt: new Date() }),
      get: async (_key, range) => {
        reads.push(range ? [range.start, range.end] : [0, size - 1]);
        return stream(range?.start ?? 0, range?.end ?? size - 1);
      },
    };
    try {
      const key = await vodCloudVideo(client).upload(storage, 'videos/big.mp4', {
        name: 'big.mp4',
        type: 'video/mp4',
      });
      const part = 8 * 1024 * 1024;
      expect(reads).toEqual([
        [0, part - 1],
        [part, 2 * part - 1],
        [2 * part, 3 * part - 1],
        [3 * part, size - 1],
      ]);
      const stored = sim.files().find((file) => vodStorageKey(file.fileId) === key);
      expect(stored?.size).toBe(size);
      const kept = createHash('sha256');
      for await (const piece of fs.createReadStream(stored?.path as string)) kept.update(piece as Buffer);
      expect(kept.digest('hex')).toBe(createHash('sha256').update(bytesAt(0, size)).digest('hex'));
      expect(sim.multipartUploads()).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the storage refuses a file over its limit, or shorter than its length, and keeps nothing', async () => {
    const small = createVodSimulator({ now: () => clock, maxUploadBytes: 1024 * 1024 });
    await small.listen();
    try {
      const limited = clientWith({}, small);
      const over = await refusal(limited.upload(source(randomBytes(3 * 1024 * 1024), 'big.mp4')));
      expect(over).toBeInstanceOf(VodError);
      expect(over?.code).toBe('UploadFailed');
      expect(over?.message).toContain('EntityTooLarge');
      const short = await refusal(limited.upload({ ...source(Buffer.alloc(500), 'a.mp4'), size: 1000 }));
      expect(short).toBeInstanceOf(VodError);
      expect(short?.code).toBe('SourceFailed');
      expect(small.files()).toEqual([]);
      // The same client uploads a file within the limit.
      expect((await limited.upload(source(BYTES))).fileId).toMatch(/^\d+$/);
    } finally {
      await small.close();
    }
  });
});

describe('DeleteMedia', () => {
  test('deletes the file: its play info and its media URL then find nothing', async () => {
    const { fileId: doomed } = await client.upload(source(BYTES, 'doomed.mp4'));
    const info = await client.playInfo(doomed, client.signPlay(doomed, 600).psign);
    const stored = sim.files().find((file) => file.fileId === doomed);
    await client.deleteMedia(doomed);
    expect(sim.files().map((file) => file.fileId)).not.toContain(doomed);
    expect(fs.existsSync(stored?.path as string)).toBe(false);
    expect((await refusal(client.playInfo(doomed, client.signPlay(doomed, 600).psign)))?.code).toBe(
      String(SIM_PLAY_ERRORS.notFound.code),
    );
    const media = await fetch(info.url);
    expect(media.status).toBe(404);
    expect(await media.text()).toContain('<Code>NoSuchKey</Code>');
    // Deleting again: the service no longer knows the FileId.
    expect((await refusal(client.deleteMedia(doomed)))?.code).toBe(VOD_FILE_NOT_FOUND);
  });

  test('is refused without a valid signature or FileId, and then deletes nothing', async () => {
    const { fileId: kept } = await client.upload(source(BYTES, 'kept.mp4'));
    const wrong = await refusal(clientWith({ secretKey: 'wrong' }).deleteMedia(kept));
    expect(wrong?.code).toBe('AuthFailure.SignatureFailure');
    expect((await refusal(client.deleteMedia('')))?.code).toBe('MissingParameter');
    expect(sim.files().map((file) => file.fileId)).toContain(kept);
    await client.deleteMedia(kept);
  });

  test('the cloud video service deletes a vod: key; a file already gone is fine; a refusal is a CloudVideoError', async () => {
    const cloud = vodCloudVideo(client);
    const { fileId: doomed } = await client.upload(source(BYTES, 'doomed.mp4'));
    expect(cloud.keeps(vodStorageKey(doomed))).toBe(true);
    expect(cloud.keeps('videos/1/a.mp4')).toBe(false);
    await cloud.delete(vodStorageKey(doomed));
    expect(sim.files().map((file) => file.fileId)).not.toContain(doomed);
    await expect(cloud.delete(vodStorageKey(doomed))).resolves.toBeUndefined();
    const refused = await refusal(
      vodCloudVideo(clientWith({ secretKey: 'wrong' })).delete(vodStorageKey(fileId)),
    );
    expect(refused).toBeInstanceOf(CloudVideoError);
    expect(sim.files().map((file) => file.fileId)).toContain(fileId);
  });
});

describe('play signature (psign)', () => {
  test('a grant plays: the play info gives a signed URL serving the whole file', async () => {
    const grant = client.signPlay(fileId, 600);
    expect(grant.expiresAt.getTime()).toBe((clock + 600) * 1000);
    const info = await client.playInfo(fileId, grant.psign);
    expect(info.trialSeconds).toBeNull();
    expect(info.urlExpiresAt?.getTime()).toBe((clock + 600) * 1000);
    const res = await fetch(info.url);
    expect(res.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), BYTES)).toBe(0);
    const ranged = await fetch(info.url, { headers: { Range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.compare(Buffer.from(await ranged.arrayBuffer()), BYTES.subarray(100, 200))).toBe(0);
  });

  test('the psign is an HS256 JWT with the documented fields', () => {
    const grant = client.signPlay(fileId, 60, 30);
    const check = verifyPsign(sim.playKey, grant.psign, { appId: sim.appId, fileId }, clock);
    expect(check.ok && check.payload).toMatchObject({
      appId: sim.appId,
      fileId,
      contentInfo: { audioVideoType: 'Original' },
      currentTimeStamp: clock,
      expireTimeStamp: clock + 60,
      urlAccessInfo: { t: hexTime(clock + 60), exper: 30 },
    });
  });

  test('an expired psign is refused, and so is its media URL once past t', async () => {
    const grant = client.signPlay(fileId, 60);
    const info = await client.playInfo(fileId, grant.psign);
    clock += 61;
    try {
      const error = await refusal(client.playInfo(fileId, grant.psign));
      expect(error?.code).toBe(String(SIM_PLAY_ERRORS.expired.code));
      const res = await fetch(info.url);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('<Code>RequestExpired</Code>');
    } finally {
      clock -= 61;
    }
  });

  test('a psign signed with a wrong key, for another file or app, or altered is refused', async () => {
    const wrongKey = clientWith({ playKey: 'not-the-play-key' }).signPlay(fileId, 600);
    expect((await refusal(client.playInfo(fileId, wrongKey.psign)))?.code).toBe(
      String(SIM_PLAY_ERRORS.signature.code),
    );
    const other = client.signPlay('999', 600);
    expect((await refusal(client.playInfo(fileId, other.psign)))?.code).toBe(
      String(SIM_PLAY_ERRORS.mismatch.code),
    );
    const forged = signPsign(sim.playKey, {
      appId: sim.appId + 1,
      fileId,
      contentInfo: { audioVideoType: 'Original' },
      currentTimeStamp: clock,
    });
    expect((await refusal(client.playInfo(fileId, forged)))?.code).toBe(
      String(SIM_PLAY_ERRORS.mismatch.code),
    );
    const [h, , s] = client.signPlay(fileId, 600).psign.split('.');
    const longer = Buffer.from(
      JSON.stringify({ appId: sim.appId, fileId, currentTimeStamp: clock, expireTimeStamp: clock + 99999 }),
    ).toString('base64url');
    expect((await refusal(client.playInfo(fileId, `${h}.${longer}.${s}`)))?.code).toBe(
      String(SIM_PLAY_ERRORS.signature.code),
    );
    expect((await refusal(client.playInfo(fileId, 'garbage')))?.code).toBe(
      String(SIM_PLAY_ERRORS.malformed.code),
    );
  });

  test('a media URL with an altered query is refused', async () => {
    const info = await client.playInfo(fileId, client.signPlay(fileId, 600, 30).psign);
    const url = new URL(info.url);
    url.searchParams.delete('exper');
    expect((await fetch(url)).status).toBe(403);
    url.searchParams.set('exper', '3000');
    expect((await fetch(url)).status).toBe(403);
  });

  test('a trial serves only the first N seconds and refuses beyond (first-aid.mp4 is short: 2 s)', async () => {
    const info = await client.playInfo(fileId, client.signPlay(fileId, 600, 2).psign);
    expect(info.trialSeconds).toBe(2);
    const readAt = async (offset: number, length: number) => BYTES.subarray(offset, offset + length);
    const { mediaEnd, moov } = await mp4TrialBytes(readAt, BYTES.length, 2);
    expect(mediaEnd).toBeLessThan(moov.start);
    const whole = await fetch(info.url);
    expect(whole.status).toBe(206);
    expect(whole.headers.get('content-range')).toBe(`bytes 0-${mediaEnd - 1}/${BYTES.length}`);
    expect(Buffer.compare(Buffer.from(await whole.arrayBuffer()), BYTES.subarray(0, mediaEnd))).toBe(0);
    const atMoov = await fetch(info.url, { headers: { Range: `bytes=${moov.start}-` } });
    expect(atMoov.status).toBe(206);
    await atMoov.arrayBuffer();
    const beyond = await fetch(info.url, { headers: { Range: `bytes=${mediaEnd}-` } });
    expect(beyond.status).toBe(403);
    expect(await beyond.text()).toContain('<Code>TrialExceeded</Code>');
  });
});

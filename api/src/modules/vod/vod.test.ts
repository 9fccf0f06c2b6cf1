import fs from 'node:fs';
import path from 'node:path';
import { mp4TrialBytes } from '../resource/mp4';
import { DEMO_VIDEO_DIR } from '../resource/resource.demo';
import { hexTime, signPsign, verifyPsign } from './psign';
import { createVodClient, type VodClient, VodError } from './vod.client';
import { createVodSimulator, SIM_PLAY_ERRORS, type VodSimulator } from './vod-sim';

const BYTES = fs.readFileSync(path.join(DEMO_VIDEO_DIR, 'first-aid.mp4'));
let clock = Math.floor(Date.now() / 1000);
let sim: VodSimulator;
let client: VodClient;
let fileId: string;

const clientWith = (overrides: { playKey?: string; secretKey?: string } = {}) =>
  createVodClient({
    apiBase: sim.url(),
    playBase: sim.url(),
    cosBase: sim.url(),
    appId: sim.appId,
    secretId: sim.secretId,
    secretKey: overrides.secretKey ?? sim.secretKey,
    playKey: overrides.playKey ?? sim.playKey,
    simulated: true,
    now: () => clock,
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
  fileId = (await client.upload(BYTES, { name: '急救.mp4', type: 'video/mp4' })).fileId;
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
    const error = await refusal(
      clientWith({ secretKey: 'wrong' }).upload(BYTES, { name: 'x.mp4', type: 'video/mp4' }),
    );
    expect(error).toBeInstanceOf(VodError);
    expect(error?.code).toBe('AuthFailure.SignatureFailure');
    expect(sim.files()).toHaveLength(before);
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

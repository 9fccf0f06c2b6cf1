import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DEMO_VIDEO_DIR } from './resource.demo';
import {
  type PlayableVideo,
  PlayUnavailableError,
  type PlayViewer,
  type VideoPlayGrant,
  type VideoProvider,
  type VideoScope,
} from './video-provider';

/** Whom the suite's full grants are for (its videos are MP4s: no HLS key, so no session is checked). */
const VIEWER: PlayViewer = { kind: 'staff', accountId: 1, signInId: '1' };

/** A file to keep: its bytes come as a stream; the suite knows them whole to compare. */
export interface SuiteVideo {
  name: string;
  size: number;
  sha256: string;
  contentType: string;
}

/** A video provider under the shared suite, with the store keeping its videos. */
export interface VideoProviderUnderTest {
  provider: VideoProvider;
  /** The scope its calls get (the database, the file storage). */
  scope: VideoScope;
  /**
   * Keeps a video where the provider plays it from, reading `source` as a stream (the upload path:
   * the file storage, or the cloud VOD service through the storage); answers it.
   */
  put(source: Readable, video: SuiteVideo): Promise<PlayableVideo>;
  /** Deletes a kept video as the product does (`deleteVideoFiles`). */
  delete(video: PlayableVideo): Promise<void>;
  /** The address a player fetches for a grant's URL (a same-origin `/api/...` URL is the API's). */
  resolve(url: string): string;
}

/** How the suite reaches a provider. */
export interface VideoProviderSuiteSetup {
  /**
   * Makes the provider (once, before the suite's tests). `now` is the clock of whatever signs play
   * URLs (the suite passes it to the provider's calls, and moves it back to be granted URLs that
   * have already expired): a service checking signatures at grant time (the VOD play-info service)
   * must use it too.
   */
  start(now: () => Date): Promise<VideoProviderUnderTest>;
  /** Stops what `start` started. */
  stop?(): Promise<void>;
}

/** A demo MP4 (a trial needs a real file; the cloud service wants a video type). */
const MP4 = fs.readFileSync(path.join(DEMO_VIDEO_DIR, 'first-aid.mp4'));

/** More than one S3 part (5 MiB): kept whole through a streamed upload on every provider. */
const LARGE_BYTES = 6 * 1024 * 1024 + 17;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `bytes` as a stream of 64 KiB pieces, read as the reader asks. */
function streamOf(bytes: Buffer): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= bytes.length) return void this.push(null);
      this.push(bytes.subarray(offset, offset + 65_536));
      offset += 65_536;
    },
  });
}

const describeOf = (bytes: Buffer, name: string): SuiteVideo => ({
  name,
  size: bytes.length,
  sha256: sha256(bytes),
  contentType: 'video/mp4',
});

/**
 * The VideoProvider contract as one suite, run against every provider: the local one over the
 * disk and over object storage (s3rver), and the cloud VOD one over its simulator. A video is put,
 * got whole and by byte range through the grant's URL, deleted, and its URLs expire; each provider
 * enforces the rules through its own URL (`/api/media/<token>` checked by the API, the VOD CDN
 * URL's `t`/`sign` checked by the service). Call it at the top level of a test file:
 * `describeVideoProvider('local provider', { start, stop })`.
 */
export function describeVideoProvider(name: string, setup: VideoProviderSuiteSetup): void {
  describe(`${name}: the VideoProvider contract`, () => {
    let under: VideoProviderUnderTest;
    let clockOffsetMs = 0;
    const now = () => new Date(Date.now() + clockOffsetMs);

    /** A grant signed `ago` ms before now (the signing clock moved back meanwhile). */
    const grantedAgo = async (video: PlayableVideo, ttlSeconds: number, ago: number) => {
      clockOffsetMs = -ago;
      try {
        return await under.provider.authorizePlay(under.scope, video, VIEWER, ttlSeconds, now());
      } finally {
        clockOffsetMs = 0;
      }
    };
    const fetchGrant = (grant: VideoPlayGrant, headers: Record<string, string> = {}) => {
      if (!grant.url) throw new Error(`the ${grant.provider} grant has no URL`);
      return fetch(under.resolve(grant.url), { headers });
    };
    const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

    beforeAll(async () => {
      under = await setup.start(now);
    });
    afterAll(async () => {
      await setup.stop?.();
    });

    test('put a video as a stream, then its grant plays it whole and by any range', async () => {
      const video = await under.put(streamOf(MP4), describeOf(MP4, 'suite-put.mp4'));
      const before = now().getTime();
      const grant = await under.provider.authorizePlay(under.scope, video, VIEWER, 600, now());
      expect(grant.provider).toBe(under.provider.name);
      expect(Math.abs(grant.expiresAt.getTime() - (before + 600_000))).toBeLessThan(2_000);

      const whole = await fetchGrant(grant);
      expect(whole.status).toBe(200);
      expect((await bytesOf(whole)).equals(MP4)).toBe(true);
      for (const [header, start, end] of [
        ['bytes=100-199', 100, 199],
        [`bytes=${MP4.length - 10}-`, MP4.length - 10, MP4.length - 1],
        ['bytes=-7', MP4.length - 7, MP4.length - 1],
        [`bytes=0-${MP4.length + 100}`, 0, MP4.length - 1],
      ] as const) {
        const ranged = await fetchGrant(grant, { Range: header });
        expect([header, ranged.status]).toEqual([header, 206]);
        expect(ranged.headers.get('content-range')).toBe(`bytes ${start}-${end}/${MP4.length}`);
        expect((await bytesOf(ranged)).equals(MP4.subarray(start, end + 1))).toBe(true);
      }
      const outside = await fetchGrant(grant, { Range: `bytes=${MP4.length}-` });
      expect(outside.status).toBe(416);
      await outside.arrayBuffer();
      await under.delete(video);
    });

    test('a large video (more than one S3 part) is kept whole: ranges anywhere read back exactly', async () => {
      const bytes = randomBytes(LARGE_BYTES);
      const video = await under.put(streamOf(bytes), describeOf(bytes, 'suite-large.mp4'));
      const grant = await under.provider.authorizePlay(under.scope, video, VIEWER, 600, now());
      for (const [start, end] of [
        [0, 99],
        [5 * 1024 * 1024 - 3, 5 * 1024 * 1024 + 3],
        [LARGE_BYTES - 10, LARGE_BYTES - 1],
      ] as const) {
        const ranged = await fetchGrant(grant, { Range: `bytes=${start}-${end}` });
        expect(ranged.status).toBe(206);
        expect((await bytesOf(ranged)).equals(bytes.subarray(start, end + 1))).toBe(true);
      }
      const whole = await fetchGrant(grant);
      expect(sha256(await bytesOf(whole))).toBe(sha256(bytes));
      await under.delete(video);
    });

    test('a play URL works until its expiry and is refused after it, with none of the video', async () => {
      const video = await under.put(streamOf(MP4), describeOf(MP4, 'suite-expiry.mp4'));
      // Signed 50 s ago for 60 s: 10 s left.
      const live = await grantedAgo(video, 60, 50_000);
      expect(live.expiresAt.getTime()).toBeGreaterThan(Date.now());
      const playing = await fetchGrant(live, { Range: 'bytes=0-9' });
      expect(playing.status).toBe(206);
      expect((await bytesOf(playing)).equals(MP4.subarray(0, 10))).toBe(true);
      // Signed two minutes ago for one minute: expired a minute ago.
      const expired = await grantedAgo(video, 60, 120_000);
      expect(expired.expiresAt.getTime()).toBeLessThan(Date.now() - 55_000);
      for (const headers of [{}, { Range: 'bytes=0-9' }] as Record<string, string>[]) {
        const refused = await fetchGrant(expired, headers);
        expect(refused.status).toBe(403);
        const body = await bytesOf(refused);
        expect(body.includes(MP4.subarray(0, 64))).toBe(false);
        expect(body.length).toBeLessThan(1024);
      }
      await under.delete(video);
    });

    test('a deleted video is served neither by a URL granted before nor by a new grant', async () => {
      const video = await under.put(streamOf(MP4), describeOf(MP4, 'suite-delete.mp4'));
      const kept = await under.put(streamOf(MP4), describeOf(MP4, 'suite-kept.mp4'));
      const before = await under.provider.authorizePlay(under.scope, video, VIEWER, 600, now());
      // (Not `bytes=0-0`: s3rver takes an end of 0 as no end, which the S3 storage refuses.)
      expect((await fetchGrant(before, { Range: 'bytes=0-1' })).status).toBe(206);

      await under.delete(video);
      const stale = await fetchGrant(before);
      expect(stale.status).toBe(404);
      expect((await bytesOf(stale)).length).toBeLessThan(1024);
      // A new grant is refused (PlayUnavailableError), or its URL finds nothing.
      const again = await under.provider.authorizePlay(under.scope, video, VIEWER, 600, now()).then(
        (grant) => grant,
        (error: unknown) => {
          expect(error).toBeInstanceOf(PlayUnavailableError);
          return null;
        },
      );
      if (again) expect((await fetchGrant(again)).status).toBe(404);
      // Deleting again is fine; the other video still plays.
      await expect(under.delete(video)).resolves.toBeUndefined();
      const other = await under.provider.authorizePlay(under.scope, kept, VIEWER, 600, now());
      expect((await bytesOf(await fetchGrant(other))).equals(MP4)).toBe(true);
      await under.delete(kept);
    });
  });
}

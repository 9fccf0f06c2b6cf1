import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { type FileStorage, isStorageKey, readStored, StorageError } from './storage';

/** A provider under the shared suite: the storage, and everything it holds. */
export interface StorageUnderTest {
  storage: FileStorage;
  /**
   * Everything the store holds, sorted, including what a failed write could leave behind
   * (temporary files, unfinished multipart uploads, named so they differ from keys).
   */
  contents(): Promise<string[]>;
}

/** How the suite reaches a provider. */
export interface StorageSuiteSetup {
  /**
   * Makes the provider (once, before the suite's tests). `now` is the clock signed URLs must be
   * signed at (the suite moves it back to sign URLs that have already expired).
   */
  start(now: () => Date): Promise<StorageUnderTest>;
  /** Stops what `start` started. */
  stop?(): Promise<void>;
  /** Whether the provider signs URLs (`signedUrl`): then the suite fetches them over HTTP. */
  signsUrls: boolean;
}

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof StorageError)) throw new Error(`expected a StorageError, got ${String(error)}`);
  return error.reason;
}

/** A source that sends `bytes` (in pieces), then fails with `message` instead of ending. */
function failingAfter(bytes: number, message: string): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error(message));
        return;
      }
      const piece = Math.min(256 * 1024, bytes - sent);
      sent += piece;
      this.push(Buffer.alloc(piece, 0x61));
    },
  });
}

/** `size` random bytes (so a misplaced range shows). */
const patterned = (size: number): Buffer => randomBytes(size);

/** More than one S3 part (5 MiB at least): `put` must send it in parts. */
const LARGE_BYTES = 6 * 1024 * 1024 + 17;

/**
 * The FileStorage contract as one suite (storage.ts), run against every provider: the local disk,
 * object storage over s3rver, and any other (say a VOD service's simulator). Call it at the top
 * level of a test file: `describeFileStorage('s3 storage', { start, stop, signsUrls: true })`.
 */
export function describeFileStorage(name: string, setup: StorageSuiteSetup): void {
  describe(`${name}: the FileStorage contract`, () => {
    let under: StorageUnderTest;
    let storage: FileStorage;
    let clockOffsetMs = 0;

    beforeAll(async () => {
      under = await setup.start(() => new Date(Date.now() + clockOffsetMs));
      storage = under.storage;
    });
    afterAll(async () => {
      await setup.stop?.();
    });

    test('puts a buffer or a stream, reads it whole or by inclusive range, stats it, overwrites it', async () => {
      const bytes = Buffer.from('0123456789abcdef');
      expect(await storage.put('suite/put/a.mp4', bytes)).toMatchObject({ size: 16 });
      expect(await readStored(storage, 'suite/put/a.mp4')).toEqual(bytes);
      expect((await readStored(storage, 'suite/put/a.mp4', { start: 2, end: 5 })).toString()).toBe('2345');
      expect((await readStored(storage, 'suite/put/a.mp4', { start: 15, end: 15 })).toString()).toBe('f');
      expect((await readStored(storage, 'suite/put/a.mp4', { start: 0, end: 15 })).toString()).toBe(
        bytes.toString(),
      );
      const stat = await storage.stat('suite/put/a.mp4');
      expect(stat?.size).toBe(16);
      expect(Math.abs((stat?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

      await storage.put('suite/put/b.mp4', Readable.from([Buffer.from('ab'), Buffer.from('cd')]));
      expect((await readStored(storage, 'suite/put/b.mp4')).toString()).toBe('abcd');
      expect(await storage.put('suite/put/b.mp4', Buffer.from('replaced'))).toMatchObject({ size: 8 });
      expect((await readStored(storage, 'suite/put/b.mp4')).toString()).toBe('replaced');
      expect((await storage.stat('suite/put/b.mp4'))?.size).toBe(8);
      expect(await storage.put('suite/put/empty', Buffer.alloc(0))).toMatchObject({ size: 0 });
      expect(await readStored(storage, 'suite/put/empty')).toEqual(Buffer.alloc(0));
    });

    test('a large stream is stored whole, and any range of it reads back exactly', async () => {
      const bytes = patterned(LARGE_BYTES);
      const pieces = Array.from({ length: Math.ceil(LARGE_BYTES / 65_536) }, (_, index) =>
        bytes.subarray(index * 65_536, (index + 1) * 65_536),
      );
      expect(await storage.put('suite/large/video.mp4', Readable.from(pieces))).toMatchObject({
        size: LARGE_BYTES,
      });
      for (const [start, end] of [
        [0, 99],
        [5 * 1024 * 1024 - 3, 5 * 1024 * 1024 + 3],
        [LARGE_BYTES - 10, LARGE_BYTES - 1],
      ] as const)
        expect(await readStored(storage, 'suite/large/video.mp4', { start, end })).toEqual(
          bytes.subarray(start, end + 1),
        );
      expect((await readStored(storage, 'suite/large/video.mp4')).equals(bytes)).toBe(true);
      await storage.delete('suite/large/video.mp4');
    });

    test('a missing key: stat answers null, get refuses with not-found, delete is fine', async () => {
      expect(await storage.stat('suite/nothing/here')).toBeNull();
      expect(await reason(storage.get('suite/nothing/here'))).toBe('not-found');
      expect(await reason(storage.get('suite/nothing/here', { start: 0, end: 0 }))).toBe('not-found');
      await expect(storage.delete('suite/nothing/here')).resolves.toBeUndefined();
    });

    test('delete removes the object', async () => {
      await storage.put('suite/delete/a', Buffer.from('a'));
      await storage.put('suite/delete/b', Buffer.from('b'));
      await storage.delete('suite/delete/a');
      expect(await storage.stat('suite/delete/a')).toBeNull();
      expect(await reason(storage.get('suite/delete/a'))).toBe('not-found');
      expect((await readStored(storage, 'suite/delete/b')).toString()).toBe('b');
      await storage.delete('suite/delete/b');
    });

    test('refuses ranges outside the object', async () => {
      await storage.put('suite/range/a', Buffer.from('0123'));
      for (const range of [
        { start: 4, end: 4 },
        { start: 2, end: 1 },
        { start: -1, end: 2 },
        { start: 0, end: 4 },
        { start: 1.5, end: 2 },
      ])
        expect(await reason(storage.get('suite/range/a', range))).toBe('bad-range');
    });

    test('refuses keys outside the contract for every call', async () => {
      for (const key of [
        '../outside.txt',
        '/etc/passwd',
        'videos//a',
        '.hidden',
        'Videos/A.mp4',
        'a b',
        '',
      ]) {
        expect(isStorageKey(key)).toBe(false);
        expect(await reason(storage.put(key, Buffer.from('x')))).toBe('bad-key');
        expect(await reason(storage.get(key))).toBe('bad-key');
        expect(await reason(storage.stat(key))).toBe('bad-key');
        expect(await reason(storage.delete(key))).toBe('bad-key');
        if (storage.signedUrl) expect(await reason(storage.signedUrl(key, 60))).toBe('bad-key');
      }
    });

    test('a failed put leaves nothing behind and keeps an older object of the key', async () => {
      await storage.put('suite/failed/keep.mp4', Buffer.from('old'));
      const before = await under.contents();
      await expect(
        storage.put('suite/failed/keep.mp4', failingAfter(1000, 'client went away')),
      ).rejects.toThrow('client went away');
      expect((await readStored(storage, 'suite/failed/keep.mp4')).toString()).toBe('old');
      // Failing after more than a part was sent: a multipart upload was under way.
      await expect(
        storage.put('suite/failed/big.mp4', failingAfter(6 * 1024 * 1024, 'broken')),
      ).rejects.toThrow('broken');
      expect(await storage.stat('suite/failed/big.mp4')).toBeNull();
      expect(await under.contents()).toEqual(before);
      await storage.delete('suite/failed/keep.mp4');
    });

    test('a signed URL fetches the object (and ranges of it) until it expires', async () => {
      if (!setup.signsUrls) {
        expect(storage.signedUrl).toBeUndefined();
        return;
      }
      const sign = storage.signedUrl as NonNullable<FileStorage['signedUrl']>;
      await storage.put('suite/signed/a.mp4', Buffer.from('0123456789'));
      const url = await sign('suite/signed/a.mp4', 60);
      const whole = await fetch(url);
      expect(whole.status).toBe(200);
      expect(await whole.text()).toBe('0123456789');
      const ranged = await fetch(url, { headers: { range: 'bytes=3-5' } });
      expect(ranged.status).toBe(206);
      expect(await ranged.text()).toBe('345');
      // Another key under the same signature is refused.
      await storage.put('suite/signed/b.mp4', Buffer.from('secret'));
      expect((await fetch(url.replace('a.mp4', 'b.mp4'))).status).toBe(403);
      // Signed two minutes ago for one minute: expired.
      clockOffsetMs = -120_000;
      const expired = await sign('suite/signed/a.mp4', 60).finally(() => {
        clockOffsetMs = 0;
      });
      const refused = await fetch(expired);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain('0123456789');
      await storage.delete('suite/signed/a.mp4');
      await storage.delete('suite/signed/b.mp4');
    });
  });
}

import { type S3Simulator, startS3Simulator } from './s3-simulator';
import { createS3Storage } from './s3-storage';
import { readStored, StorageError } from './storage';
import { describeFileStorage } from './storage-suite.testing';

let simulator: S3Simulator | undefined;
let storage: ReturnType<typeof createS3Storage> | undefined;

beforeAll(async () => {
  simulator = await startS3Simulator();
});
afterAll(async () => {
  storage?.client.destroy();
  await simulator?.close();
});

describeFileStorage('S3 storage over s3rver', {
  signsUrls: true,
  async start(now) {
    const sim = simulator as S3Simulator;
    storage = createS3Storage({ ...sim.options, partBytes: 5 * 1024 * 1024, now });
    return { storage, contents: async () => sim.files() };
  },
});

describe('S3 storage: multipart uploads (resumable uploads write chunks as parts)', () => {
  const part = (index: number, size = 5 * 1024 * 1024) => Buffer.alloc(size, 0x30 + index);
  const s3 = () => storage as ReturnType<typeof createS3Storage>;

  test('parts in any order, one sent again, listed, completed into one object; nothing visible before', async () => {
    const { multipart } = s3();
    const id = await multipart.start('videos/9/resumable.mp4');
    await multipart.putPart('videos/9/resumable.mp4', id, 3, part(3, 100), 100);
    await multipart.putPart('videos/9/resumable.mp4', id, 1, part(9), 5 * 1024 * 1024);
    expect(await s3().stat('videos/9/resumable.mp4')).toBeNull();
    expect(
      (await multipart.listParts('videos/9/resumable.mp4', id)).map((p) => [p.partNumber, p.size]),
    ).toEqual([
      [1, 5 * 1024 * 1024],
      [3, 100],
    ]);
    // Resuming: part 1 again (replaces it), then the missing part 2.
    await multipart.putPart('videos/9/resumable.mp4', id, 1, part(1), 5 * 1024 * 1024);
    await multipart.putPart('videos/9/resumable.mp4', id, 2, part(2), 5 * 1024 * 1024);
    const stored = await multipart.complete('videos/9/resumable.mp4', id);
    expect(stored.size).toBe(10 * 1024 * 1024 + 100);
    const whole = await readStored(s3(), 'videos/9/resumable.mp4');
    expect(whole.equals(Buffer.concat([part(1), part(2), part(3, 100)]))).toBe(true);
    // The upload is gone once completed.
    expect(await reason(multipart.listParts('videos/9/resumable.mp4', id))).toBe('not-found');
    expect(simulator?.files().filter((file) => file.includes('uploads'))).toEqual([]);
    await s3().delete('videos/9/resumable.mp4');
  });

  test('an aborted upload leaves nothing; its id is then unknown; aborting again is fine', async () => {
    const before = simulator?.files();
    const { multipart } = s3();
    const id = await multipart.start('videos/9/dropped.mp4');
    await multipart.putPart('videos/9/dropped.mp4', id, 1, part(1, 1000), 1000);
    await multipart.abort('videos/9/dropped.mp4', id);
    expect(simulator?.files()).toEqual(before);
    expect(await reason(multipart.putPart('videos/9/dropped.mp4', id, 2, part(2, 10), 10))).toBe('not-found');
    expect(await reason(multipart.complete('videos/9/dropped.mp4', id))).toBe('not-found');
    await expect(multipart.abort('videos/9/dropped.mp4', id)).resolves.toBeUndefined();
    // An upload id of another key is not this key's.
    const other = await multipart.start('videos/9/other.mp4');
    expect(await reason(multipart.listParts('videos/9/dropped.mp4', other))).toBe('not-found');
    await multipart.abort('videos/9/other.mp4', other);
    expect(await reason(multipart.start('../x'))).toBe('bad-key');
  });

  test('the server refuses requests without a valid signature', async () => {
    await s3().put('private/a.txt', Buffer.from('secret'));
    const url = simulator?.url() as string;
    expect((await fetch(`${url}/px-files/private/a.txt`)).status).toBe(403);
    const wrong = createS3Storage({ ...(simulator as S3Simulator).options, secretAccessKey: 'wrong' });
    await expect(wrong.stat('private/a.txt')).rejects.toThrow();
    wrong.client.destroy();
    await s3().delete('private/a.txt');
  });
});

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof StorageError)) throw new Error(`expected a StorageError, got ${String(error)}`);
  return error.reason;
}

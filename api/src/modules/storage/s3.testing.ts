import { type S3Simulator, startS3Simulator } from './s3-simulator';
import { createS3Storage, type S3StorageOptions } from './s3-storage';

/** A test file's S3 server (s3rver), started before its tests and stopped after them. */
export interface TestS3 {
  /** The running server (after beforeAll). */
  simulator(): S3Simulator;
  /** A storage over the server's bucket (made after beforeAll; same options as `simulator().options`). */
  storage(extra?: Partial<S3StorageOptions>): ReturnType<typeof createS3Storage>;
}

/**
 * Starts s3rver on a free loopback port for the test file (beforeAll) and stops it (afterAll).
 * Give `storage()` to the test app: `createTestApp({ providers: { storage: s3.storage() } })`.
 */
export function useTestS3(): TestS3 {
  let running: S3Simulator | undefined;
  const made: ReturnType<typeof createS3Storage>[] = [];
  beforeAll(async () => {
    running = await startS3Simulator();
  });
  afterAll(async () => {
    for (const storage of made) storage.client.destroy();
    await running?.close();
  });
  const simulator = () => {
    if (!running) throw new Error('the S3 simulator starts in beforeAll');
    return running;
  };
  return {
    simulator,
    storage: (extra = {}) => {
      const created = createS3Storage({ ...simulator().options, ...extra });
      made.push(created);
      return created;
    },
  };
}

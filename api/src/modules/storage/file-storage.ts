import type { Env } from '../../env';
import { createLocalStorage } from './local-storage';
import { createS3Storage, type S3StorageOptions } from './s3-storage';
import type { FileStorage } from './storage';

declare module '../../core/action' {
  interface Providers {
    /** Where the product keeps files (videos, images, generated PDFs): see FileStorage. */
    storage: FileStorage;
  }
}

type StorageEnv = Pick<
  Env,
  | 'STORAGE_DIR'
  | 'STORAGE_PROVIDER'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The S3 simulator this process started (STORAGE_PROVIDER=s3-simulator), once running. */
let runningSimulator: S3StorageOptions | undefined;

/**
 * Records (or forgets, with undefined) the S3 simulator the server started, so every storage made
 * from the environment afterwards (the providers, the demo seeds) uses it.
 */
export function useS3Simulator(connection: S3StorageOptions | undefined): void {
  runningSimulator = connection;
}

/**
 * The storage the environment asks for (STORAGE_PROVIDER): the local disk under STORAGE_DIR, an
 * S3-compatible bucket (S3_*), or, with `s3-simulator`, the simulator the server started
 * (`simulator`, its connection; default the one recorded by useS3Simulator). Built once at start (`createProviders`); services read it from
 * their scope (`scope.providers.storage`).
 */
export function fileStorageFromEnv(
  env: StorageEnv,
  simulator: S3StorageOptions | undefined = runningSimulator,
): FileStorage {
  if (env.STORAGE_PROVIDER === 's3-simulator') {
    if (!simulator) throw new Error('STORAGE_PROVIDER=s3-simulator: the S3 simulator is not running');
    return createS3Storage(simulator);
  }
  if (env.STORAGE_PROVIDER === 's3')
    return createS3Storage({
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      region: env.S3_REGION,
      bucket: env.S3_BUCKET ?? '',
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  return createLocalStorage(env.STORAGE_DIR);
}

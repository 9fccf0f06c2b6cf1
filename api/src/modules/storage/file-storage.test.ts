import { loadEnv } from '../../env';
import { fileStorageFromEnv } from './file-storage';
import { useTestS3 } from './s3.testing';
import { readStored } from './storage';

const s3 = useTestS3();

describe('the storage of the environment (STORAGE_PROVIDER)', () => {
  test('local by default: the disk under STORAGE_DIR, without signed URLs', () => {
    const env = loadEnv({ NODE_ENV: 'test' });
    expect(env.STORAGE_PROVIDER).toBe('local');
    const storage = fileStorageFromEnv(env);
    expect(storage.signedUrl).toBeUndefined();
    expect(storage.multipart).toBeUndefined();
  });

  test('s3 needs a bucket and keys, and refuses other providers', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', STORAGE_PROVIDER: 's3' })).toThrow(
      'S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with STORAGE_PROVIDER=s3',
    );
    expect(() => loadEnv({ NODE_ENV: 'test', STORAGE_PROVIDER: 'oss' })).toThrow('STORAGE_PROVIDER');
    expect(() => fileStorageFromEnv(loadEnv({ NODE_ENV: 'test', STORAGE_PROVIDER: 's3-simulator' }))).toThrow(
      'the S3 simulator is not running',
    );
  });

  test('s3: a bucket of an S3-compatible service, path style as configured', async () => {
    const { options } = s3.simulator();
    const env = loadEnv({
      NODE_ENV: 'test',
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: options.endpoint,
      S3_BUCKET: options.bucket,
      S3_ACCESS_KEY_ID: options.accessKeyId,
      S3_SECRET_ACCESS_KEY: options.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    const storage = fileStorageFromEnv(env);
    await storage.put('env/a.txt', Buffer.from('from the environment'));
    expect((await readStored(s3.storage(), 'env/a.txt')).toString()).toBe('from the environment');
    expect(await storage.signedUrl?.('env/a.txt', 60)).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/px-files\/env\/a\.txt\?/,
    );
    await storage.delete('env/a.txt');
  });
});

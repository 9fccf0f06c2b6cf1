import { type S3Simulator, startS3Simulator } from '@px/api/testing';
import { freePort } from './ports';

/**
 * Starts an S3-protocol server (s3rver behind a Signature Version 4 check, with the bucket made)
 * on a free loopback port, for browser tests and benchmarks of object storage. Hand its connection
 * to a product: `STORAGE_PROVIDER=s3`, `S3_ENDPOINT=sim.url()`, `S3_BUCKET=sim.options.bucket`,
 * `S3_ACCESS_KEY_ID` / `S3_SECRET_ACCESS_KEY` from `sim.options`, `S3_FORCE_PATH_STYLE=true`
 * (s3EnvOf). Objects live in a temporary folder removed by `close()`.
 */
export async function startTestS3(bucket = 'px-files'): Promise<S3Simulator> {
  return startS3Simulator({ port: await freePort(), bucket });
}

/** The environment variables pointing a product at the simulator. */
export function s3EnvOf(sim: S3Simulator): Record<string, string> {
  return {
    STORAGE_PROVIDER: 's3',
    S3_ENDPOINT: sim.options.endpoint,
    S3_REGION: sim.options.region,
    S3_BUCKET: sim.options.bucket,
    S3_ACCESS_KEY_ID: sim.options.accessKeyId,
    S3_SECRET_ACCESS_KEY: sim.options.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

import type { Env } from '../../env';

/** How videos are uploaded and played in this process (the video provider's limits). */
export interface VideoLimits {
  /** The largest video, in bytes (VIDEO_UPLOAD_LIMIT_MB). */
  videoLimitBytes: number;
  /** Bytes per upload chunk (every chunk but the last); within the multipart file limit. */
  chunkBytes: number;
  /** How long an unfinished upload is kept after its last chunk. */
  uploadTtlSeconds: number;
  /** How long a play URL stays valid (MEDIA_URL_TTL_MINUTES). */
  playUrlTtlSeconds: number;
}

/** The usual chunk: 5 MiB, a few seconds each on a slow office line. */
export const DEFAULT_CHUNK_BYTES = 5 * 1024 * 1024;
/** An unfinished upload is forgotten a day after its last chunk. */
export const UPLOAD_TTL_SECONDS = 24 * 60 * 60;

/** The video limits the environment asks for. */
export function videoLimitsFromEnv(
  env: Pick<Env, 'VIDEO_UPLOAD_LIMIT_MB' | 'UPLOAD_FILE_LIMIT_MB' | 'MEDIA_URL_TTL_MINUTES'>,
): VideoLimits {
  return {
    videoLimitBytes: env.VIDEO_UPLOAD_LIMIT_MB * 1024 * 1024,
    chunkBytes: Math.min(DEFAULT_CHUNK_BYTES, env.UPLOAD_FILE_LIMIT_MB * 1024 * 1024),
    uploadTtlSeconds: UPLOAD_TTL_SECONDS,
    playUrlTtlSeconds: env.MEDIA_URL_TTL_MINUTES * 60,
  };
}

import { type Env, loadEnv } from '../../env';
import { fileStorage } from '../storage/file-storage';
import type { FileStorage } from '../storage/storage';

/** How resources are stored, uploaded and played in this process. */
export interface ResourceSettings {
  /** Where resource files and upload chunks live. */
  storage: FileStorage;
  /** The largest video, in bytes (VIDEO_UPLOAD_LIMIT_MB). */
  videoLimitBytes: number;
  /** Bytes per upload chunk (every chunk but the last); within the multipart file limit. */
  chunkBytes: number;
  /** How long an unfinished upload is kept after its last chunk. */
  uploadTtlSeconds: number;
  /** How long a play URL stays valid (MEDIA_URL_TTL_MINUTES). */
  playUrlTtlSeconds: number;
  /** The play-URL HMAC secret (MEDIA_SIGNING_SECRET); null: the one kept in the database. */
  signingSecret: string | null;
}

/** The usual chunk: 5 MiB, a few seconds each on a slow office line. */
export const DEFAULT_CHUNK_BYTES = 5 * 1024 * 1024;
/** An unfinished upload is forgotten a day after its last chunk. */
export const UPLOAD_TTL_SECONDS = 24 * 60 * 60;

/** The settings the environment asks for; the storage is the process's file storage. */
export function resourceSettingsFromEnv(
  env: Pick<
    Env,
    'VIDEO_UPLOAD_LIMIT_MB' | 'UPLOAD_FILE_LIMIT_MB' | 'MEDIA_URL_TTL_MINUTES' | 'MEDIA_SIGNING_SECRET'
  >,
  storage: FileStorage = fileStorage(),
): ResourceSettings {
  return {
    storage,
    videoLimitBytes: env.VIDEO_UPLOAD_LIMIT_MB * 1024 * 1024,
    chunkBytes: Math.min(DEFAULT_CHUNK_BYTES, env.UPLOAD_FILE_LIMIT_MB * 1024 * 1024),
    uploadTtlSeconds: UPLOAD_TTL_SECONDS,
    playUrlTtlSeconds: env.MEDIA_URL_TTL_MINUTES * 60,
    signingSecret: env.MEDIA_SIGNING_SECRET ?? null,
  };
}

let configured: ResourceSettings | null = null;

/**
 * Sets this process's resource settings (at boot from the environment; tests use a storage folder
 * and small chunks of their own). Fields left out come from the process environment; null returns
 * to the environment entirely.
 */
export function configureResources(settings: Partial<ResourceSettings> | null): void {
  configured = settings ? { ...resourceSettingsFromEnv(loadEnv(), settings.storage), ...settings } : null;
}

/** The process's resource settings: the configured ones, else those of the process environment. */
export function resourceSettings(): ResourceSettings {
  configured ??= resourceSettingsFromEnv(loadEnv());
  return configured;
}

import type { Providers } from './core/action';
import type { Env } from './env';
import { videoProviderFromEnv } from './modules/resource/video-provider';
import { fileStorageFromEnv } from './modules/storage/file-storage';

/**
 * Builds the outside systems the product talks to (file storage, SMS, video, WeChat, ...) once at
 * start, from the validated environment; actions and jobs receive them in their scope.
 */
export function createProviders(env: Env): Providers {
  return {
    storage: fileStorageFromEnv(env),
    video: videoProviderFromEnv(env),
  };
}

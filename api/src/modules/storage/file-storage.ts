import type { Env } from '../../env';
import { createLocalStorage } from './local-storage';
import type { FileStorage } from './storage';

declare module '../../core/action' {
  interface Providers {
    /** Where the product keeps files (videos, images, generated PDFs): see FileStorage. */
    storage: FileStorage;
  }
}

/**
 * The storage the environment asks for: today always the local disk under STORAGE_DIR. Built once
 * at start (`createProviders`); services read it from their scope (`scope.providers.storage`).
 */
export function fileStorageFromEnv(env: Pick<Env, 'STORAGE_DIR'>): FileStorage {
  return createLocalStorage(env.STORAGE_DIR);
}

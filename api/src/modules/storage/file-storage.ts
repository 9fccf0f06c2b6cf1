import { type Env, loadEnv } from '../../env';
import { createLocalStorage } from './local-storage';
import type { FileStorage } from './storage';

let configured: FileStorage | null = null;
let fromEnvironment: FileStorage | null = null;

/** The storage the environment asks for: today always the local disk under STORAGE_DIR. */
export function fileStorageFromEnv(env: Pick<Env, 'STORAGE_DIR'>): FileStorage {
  return createLocalStorage(env.STORAGE_DIR);
}

/**
 * Sets the process's file storage (at boot, or a test's own folder); null returns to the default.
 */
export function configureFileStorage(storage: FileStorage | null): void {
  configured = storage;
}

/**
 * The process's file storage: the configured one, else the one of the process environment
 * (`loadEnv()`: local disk under STORAGE_DIR), created on first use. Throws when the environment
 * is invalid (the server has refused to start before that could happen).
 */
export function fileStorage(): FileStorage {
  if (configured) return configured;
  fromEnvironment ??= fileStorageFromEnv(loadEnv());
  return fromEnvironment;
}

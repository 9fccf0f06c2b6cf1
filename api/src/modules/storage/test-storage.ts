import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalStorage } from './local-storage';
import type { FileStorage } from './storage';

/** A test file's own file storage: the storage to give the test app, what it holds, a way to empty it. */
export interface TestFileStorage {
  /** Pass it to the app: `createTestApp({ providers: { storage: files.storage } })`. */
  storage: FileStorage;
  /** Every file the storage holds, as keys (`banners/1/a.png`), sorted. */
  files(): string[];
  /** Removes every file (say before each test). */
  clear(): void;
}

/** Every file under `dir` as storage keys, sorted (none when the folder is gone). */
export function storedKeys(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * For API tests: a local file storage in a temporary folder of the test file's own (made now,
 * removed by an afterAll hook). Give `storage` to the test app.
 */
export function useTestFileStorage(name: string): TestFileStorage {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `px-${name}-test-`));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return {
    storage: createLocalStorage(dir),
    files: () => storedKeys(dir),
    clear: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

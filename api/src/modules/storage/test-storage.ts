import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configureFileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';

/** A test file's own file storage: what it holds, and a way to empty it. */
export interface TestFileStorage {
  /** Every file the storage holds, as keys (`banners/1/a.png`), sorted. */
  files(): string[];
  /** Removes every file (say before each test). */
  clear(): void;
}

/**
 * For API tests: registers jest hooks that give the test file a local file storage in a temporary
 * folder of its own (before all its tests) and remove it afterwards.
 */
export function useTestFileStorage(name: string): TestFileStorage {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `px-${name}-test-`));
    configureFileStorage(createLocalStorage(dir));
  });
  afterAll(() => {
    configureFileStorage(null);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    files: () =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) =>
              path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
            )
            .sort()
        : [],
    clear: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

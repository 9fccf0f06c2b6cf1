import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  type ByteRange,
  type FileStorage,
  StorageError,
  type StoredObject,
} from './storage';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * The local-disk FileStorage: each key is a file under `rootDir` (created when missing). A write
 * goes to a hidden temporary file beside its target and is renamed into place once complete, so
 * readers never see half a file and a failed write leaves nothing. Deleting a file also removes the
 * folders it leaves empty (up to the root).
 */
export function createLocalStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);

  const fileOf = (key: string): string => {
    assertStorageKey(key);
    const file = path.resolve(root, ...key.split('/'));
    // The key pattern already rules this out; a second guard costs nothing.
    if (!file.startsWith(root + path.sep)) throw new StorageError('bad-key', 'invalid storage key');
    return file;
  };

  const pruneEmptyFolders = async (file: string): Promise<void> => {
    let folder = path.dirname(file);
    while (folder.startsWith(root + path.sep)) {
      try {
        await fs.promises.rmdir(folder);
      } catch {
        return; // not empty (or gone): stop climbing
      }
      folder = path.dirname(folder);
    }
  };

  return {
    async put(key, source) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString('hex')}.part`,
      );
      const output = fs.createWriteStream(temp, { flags: 'wx' });
      try {
        const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
        await pipeline(input, output);
        await fs.promises.rename(temp, file);
      } catch (error) {
        // The write stream may still be opening its file when the input fails: wait until it is
        // closed, or the file it creates afterwards would outlive the removal below.
        if (!output.closed) await new Promise<void>((resolve) => output.once('close', () => resolve()));
        await fs.promises.rm(temp, { force: true });
        await pruneEmptyFolders(file);
        throw error;
      }
      const stats = await fs.promises.stat(file);
      return { size: stats.size, modifiedAt: stats.mtime };
    },

    async get(key, range?: ByteRange) {
      const file = fileOf(key);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch (error) {
        if (isMissing(error)) throw new StorageError('not-found', 'no such object');
        throw error;
      }
      try {
        const { size } = await handle.stat();
        if (
          range &&
          !(
            Number.isSafeInteger(range.start) &&
            Number.isSafeInteger(range.end) &&
            range.start >= 0 &&
            range.start <= range.end &&
            range.end < size
          )
        )
          throw new StorageError('bad-range', 'range outside the object');
        // The stream owns the handle from here and closes it when it ends or is destroyed.
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async stat(key): Promise<StoredObject | null> {
      const file = fileOf(key);
      try {
        const stats = await fs.promises.stat(file);
        return stats.isFile() ? { size: stats.size, modifiedAt: stats.mtime } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      const file = fileOf(key);
      await fs.promises.rm(file, { force: true });
      await pruneEmptyFolders(file);
    },
  };
}

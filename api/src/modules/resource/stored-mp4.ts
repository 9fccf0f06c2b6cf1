import { type FileStorage, readStored } from '../storage/storage';
import type { ReadAt } from './mp4';

/** Reads ranges of a stored object, for the MP4 probe and the trial byte limits. */
export function storageReadAt(storage: FileStorage, key: string, size: number): ReadAt {
  return async (offset, length) => {
    const end = Math.min(size, offset + length) - 1;
    if (length <= 0 || end < offset) return Buffer.alloc(0);
    return readStored(storage, key, { start: offset, end });
  };
}

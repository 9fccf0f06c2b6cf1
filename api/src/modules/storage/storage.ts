import type { Readable } from 'node:stream';

/**
 * Where the product keeps files (videos, images, imports, generated PDFs): a flat key -> bytes store.
 *
 * Keys are made by the server, never taken from user input: lowercase segments of `a-z 0-9 . _ -`
 * joined by `/` (`videos/12/2f0c….mp4`), each starting with a letter or digit, at most 255
 * characters; anything else is refused with a StorageError (`bad-key`), so no key can climb out of
 * the store. The local-disk provider (`createLocalStorage`) maps a key to a file under its root
 * folder; an S3-compatible provider would map it to an object key of a bucket. That is the whole
 * contract, kept small on purpose:
 * - `put` writes all of the source or nothing (a failed or aborted write leaves no object and no
 *   partial file), replacing an object of the same key;
 * - `get` streams an object or an inclusive byte range of it;
 * - `stat` answers the size, or null for a missing key;
 * - `delete` removes an object; deleting a missing key is not an error.
 *
 * Two optional capabilities, present on object storage (`createS3Storage`) and absent on the local
 * disk, so callers check for them:
 * - `signedUrl` answers a URL that fetches the object without the API, valid for a number of
 *   seconds (storage or a CDN in front of it then serves the bytes);
 * - `multipart` stores one object from parts sent separately and in any order (a resumable upload
 *   writes each chunk as a part, and nothing is assembled in the API).
 */
export interface FileStorage {
  /** Stores the bytes under `key`; resolves to the stored size. Throws StorageError (`bad-key`). */
  put(key: string, source: Readable | Buffer): Promise<StoredObject>;
  /**
   * A stream of the object, or of `range` (inclusive byte offsets, within the object's size).
   * Throws StorageError `not-found` for a missing key, `bad-range` for a range outside the object.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The object's size and time of writing, or null when there is no such object. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing one is fine. */
  delete(key: string): Promise<void>;
  /**
   * A URL fetching the object directly from the store (GET, Range allowed), refused by the store
   * after `ttlSeconds`. Throws StorageError (`bad-key`). Only object storage has it.
   */
  signedUrl?(key: string, ttlSeconds: number): Promise<string>;
  /** Writing one object from numbered parts (resumable uploads). Only object storage has it. */
  multipart?: MultipartStorage;
}

/**
 * An object written in parts: `start` opens it (answers its upload id, kept by the caller),
 * `putPart` stores part `partNumber` (1-based; sending one again replaces it; every part but the
 * last must be at least 5 MiB on real S3), `listParts` answers what arrived, `complete` makes the
 * object of every part in order (replacing one of the same key) and `abort` drops the parts. Until
 * `complete`, nothing is visible under the key. Throws StorageError `not-found` for an upload id the
 * store does not know (completed or aborted), `bad-key` for a bad key.
 */
export interface MultipartStorage {
  start(key: string): Promise<string>;
  putPart(
    key: string,
    uploadId: string,
    partNumber: number,
    source: Readable | Buffer,
    size: number,
  ): Promise<void>;
  listParts(key: string, uploadId: string): Promise<StoredPart[]>;
  complete(key: string, uploadId: string): Promise<StoredObject>;
  /** Drops the upload and its parts; an unknown (already completed or aborted) one is fine. */
  abort(key: string, uploadId: string): Promise<void>;
}

/** One stored part of a multipart upload. */
export interface StoredPart {
  partNumber: number;
  size: number;
  etag: string;
}

/** What the store knows of one object. */
export interface StoredObject {
  size: number;
  modifiedAt: Date;
}

/** Inclusive byte offsets, as in HTTP ranges: `{ start: 0, end: 99 }` is the first 100 bytes. */
export interface ByteRange {
  start: number;
  end: number;
}

export type StorageErrorReason = 'bad-key' | 'not-found' | 'bad-range';

/** A refusal of the store; `reason` says which. The message never names a path on disk. */
export class StorageError extends Error {
  constructor(
    readonly reason: StorageErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 255;

/** Whether a key has the shape of the contract (see FileStorage). */
export function isStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key) && !key.split('/').includes('..');
}

/** Throws StorageError `bad-key` unless the key has the shape of the contract. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new StorageError('bad-key', 'invalid storage key');
}

/** Reads a whole stored object (small ones only: headers, probes, tests). Throws as `get` does. */
export async function readStored(storage: FileStorage, key: string, range?: ByteRange): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key, range)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

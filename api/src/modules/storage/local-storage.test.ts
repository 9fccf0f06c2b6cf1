import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createLocalStorage } from './local-storage';
import { type FileStorage, isStorageKey, readStored, StorageError } from './storage';
import { describeFileStorage } from './storage-suite.testing';

let root: string;
let storage: FileStorage;

/** Every file under the root, as relative paths (temporary files included). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

// The shared contract suite (also run against object storage: s3-storage.test.ts).
const suiteRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'px-storage-suite-'));
describeFileStorage('local storage', {
  signsUrls: false,
  async start() {
    return { storage: createLocalStorage(suiteRoot), contents: async () => filesUnder(suiteRoot) };
  },
  async stop() {
    fs.rmSync(suiteRoot, { recursive: true, force: true });
  },
});

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'px-storage-test-'));
  storage = createLocalStorage(path.join(root, 'files'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof StorageError)) throw new Error(`expected a StorageError, got ${String(error)}`);
  return error.reason;
}

describe('local storage', () => {
  test('puts a buffer or a stream under a key, reads it whole or by inclusive range, stats it', async () => {
    const bytes = Buffer.from('0123456789abcdef');
    expect(await storage.put('videos/1/a.mp4', bytes)).toMatchObject({ size: 16 });
    expect(fs.readFileSync(path.join(root, 'files', 'videos', '1', 'a.mp4'))).toEqual(bytes);
    expect(await readStored(storage, 'videos/1/a.mp4')).toEqual(bytes);
    expect((await readStored(storage, 'videos/1/a.mp4', { start: 2, end: 5 })).toString()).toBe('2345');
    expect((await readStored(storage, 'videos/1/a.mp4', { start: 15, end: 15 })).toString()).toBe('f');
    const stat = await storage.stat('videos/1/a.mp4');
    expect(stat?.size).toBe(16);
    expect(Math.abs((stat?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    await storage.put('videos/1/b.mp4', Readable.from([Buffer.from('ab'), Buffer.from('cd')]));
    expect((await readStored(storage, 'videos/1/b.mp4')).toString()).toBe('abcd');
    await storage.put('videos/1/b.mp4', Buffer.from('replaced'));
    expect((await readStored(storage, 'videos/1/b.mp4')).toString()).toBe('replaced');
  });

  test('a missing key: stat answers null, get refuses with not-found, delete is fine', async () => {
    expect(await storage.stat('nothing/here')).toBeNull();
    expect(await reason(storage.get('nothing/here'))).toBe('not-found');
    await expect(storage.delete('nothing/here')).resolves.toBeUndefined();
  });

  test('refuses ranges outside the object', async () => {
    await storage.put('a', Buffer.from('0123'));
    expect(await reason(storage.get('a', { start: 4, end: 4 }))).toBe('bad-range');
    expect(await reason(storage.get('a', { start: 2, end: 1 }))).toBe('bad-range');
    expect(await reason(storage.get('a', { start: -1, end: 2 }))).toBe('bad-range');
    expect(await reason(storage.get('a', { start: 0, end: 4 }))).toBe('bad-range');
  });

  test('keys cannot leave the store: traversal, absolute, odd characters and empty segments are refused', async () => {
    const outside = path.join(root, 'outside.txt');
    for (const key of [
      '../outside.txt',
      'videos/../../outside.txt',
      '/etc/passwd',
      outside,
      'videos//a',
      'videos/a/',
      '.hidden',
      'videos/.a',
      'Videos/A.mp4',
      'videos\\a',
      'a b',
      '',
      'x'.repeat(256),
    ]) {
      expect(isStorageKey(key)).toBe(false);
      expect(await reason(storage.put(key, Buffer.from('x')))).toBe('bad-key');
      expect(await reason(storage.get(key))).toBe('bad-key');
      expect(await reason(storage.stat(key))).toBe('bad-key');
      expect(await reason(storage.delete(key))).toBe('bad-key');
    }
    expect(fs.existsSync(outside)).toBe(false);
    expect(isStorageKey('uploads/2f0c6a3e-5b1d-4e7a-9c1b-0d9f8e7a6b5c/12')).toBe(true);
  });

  test('a failed write leaves neither the object nor a partial file, and keeps an older object', async () => {
    await storage.put('videos/keep.mp4', Buffer.from('old'));
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('videos/keep.mp4', failing)).rejects.toThrow('client went away');
    expect((await readStored(storage, 'videos/keep.mp4')).toString()).toBe('old');
    const again = new Readable({
      read() {
        this.destroy(new Error('broken'));
      },
    });
    await expect(storage.put('uploads/u1/0', again)).rejects.toThrow('broken');
    expect(await storage.stat('uploads/u1/0')).toBeNull();
    expect(filesUnder(path.join(root, 'files'))).toEqual([path.join('videos', 'keep.mp4')]);
    expect(fs.existsSync(path.join(root, 'files', 'uploads'))).toBe(false);
  });

  test('delete removes the file and the folders it leaves empty, never the root', async () => {
    await storage.put('uploads/u1/0', Buffer.from('a'));
    await storage.put('uploads/u1/1', Buffer.from('b'));
    await storage.put('uploads/u2/0', Buffer.from('c'));
    await storage.delete('uploads/u1/0');
    expect(fs.existsSync(path.join(root, 'files', 'uploads', 'u1'))).toBe(true);
    await storage.delete('uploads/u1/1');
    expect(fs.existsSync(path.join(root, 'files', 'uploads', 'u1'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'files', 'uploads', 'u2'))).toBe(true);
    await storage.delete('uploads/u2/0');
    expect(fs.existsSync(path.join(root, 'files', 'uploads'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'files'))).toBe(true);
  });
});

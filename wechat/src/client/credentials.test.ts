import { type CredentialStore, createCredentialCache, type StoredCredential } from './credentials';

/** A CredentialStore over a Map, with a real per-key mutex (like the API's advisory lock). */
function memoryStore() {
  const values = new Map<string, StoredCredential>();
  const locks = new Map<string, Promise<unknown>>();
  let holders = 0;
  let maxHolders = 0;
  const store: CredentialStore = {
    get: async (key) => values.get(key) ?? null,
    set: async (key, credential) => {
      values.set(key, credential);
    },
    expireIf: async (key, value) => {
      if (values.get(key)?.value === value) values.delete(key);
    },
    withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const previous = locks.get(key) ?? Promise.resolve();
      const run = previous.then(async () => {
        holders += 1;
        maxHolders = Math.max(maxHolders, holders);
        try {
          return await fn();
        } finally {
          holders -= 1;
        }
      });
      locks.set(
        key,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return { store, values, maxHolders: () => maxHolders };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

function counter(prefix: string, now: () => number, lifetimeMs = 7200_000) {
  let count = 0;
  return {
    count: () => count,
    fetcher: async (): Promise<StoredCredential> => {
      count += 1;
      await tick();
      return { value: `${prefix}${count}`, expiresAt: now() + lifetimeMs };
    },
  };
}

test('a fresh stored credential is used without fetching', async () => {
  const now = 1_000_000;
  const { store, values } = memoryStore();
  values.set('k', { value: 'stored', expiresAt: now + 3600_000 });
  const fetches = counter('new', () => now);
  const cache = createCredentialCache(store, { now: () => now });
  expect(await cache.get('k', fetches.fetcher)).toBe('stored');
  expect(fetches.count()).toBe(0);
});

test('N concurrent callers in one process share one fetch', async () => {
  const now = () => 1_000_000;
  const { store } = memoryStore();
  const fetches = counter('t', now);
  const cache = createCredentialCache(store, { now });
  const values = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', fetches.fetcher)));
  expect(new Set(values)).toEqual(new Set(['t1']));
  expect(fetches.count()).toBe(1);
});

test('two processes sharing the store fetch once: the second reads again inside the lock', async () => {
  const now = () => 1_000_000;
  const { store, maxHolders } = memoryStore();
  const fetches = counter('t', now);
  const a = createCredentialCache(store, { now });
  const b = createCredentialCache(store, { now });
  const values = await Promise.all([
    ...Array.from({ length: 5 }, () => a.get('k', fetches.fetcher)),
    ...Array.from({ length: 5 }, () => b.get('k', fetches.fetcher)),
  ]);
  expect(new Set(values)).toEqual(new Set(['t1']));
  expect(fetches.count()).toBe(1);
  expect(maxHolders()).toBe(1);
});

test('refreshes when fewer than refreshBeforeMs remain (default 5 minutes)', async () => {
  let now = 1_000_000;
  const { store } = memoryStore();
  const fetches = counter('t', () => now);
  const cache = createCredentialCache(store, { now: () => now });
  expect(await cache.get('k', fetches.fetcher)).toBe('t1');
  now += 7200_000 - 5 * 60_000 - 1;
  expect(await cache.get('k', fetches.fetcher)).toBe('t1');
  now += 1;
  expect(await cache.get('k', fetches.fetcher)).toBe('t2');
  now += 3600_000;
  expect(await cache.get('k', fetches.fetcher, { refreshBeforeMs: 3600_000 })).toBe('t3');
});

test('expire removes the credential only if it is still the given one', async () => {
  const now = () => 1_000_000;
  const { store, values } = memoryStore();
  const fetches = counter('t', now);
  const cache = createCredentialCache(store, { now });
  await cache.get('k', fetches.fetcher);
  await cache.expire('k', 'someone-else');
  expect(values.get('k')?.value).toBe('t1');
  await cache.expire('k', 't1');
  expect(values.has('k')).toBe(false);
  expect(await cache.get('k', fetches.fetcher)).toBe('t2');
});

test('a failed refresh falls back to a credential that still works, else throws; the next call tries again', async () => {
  let now = 1_000_000;
  const { store, values } = memoryStore();
  const cache = createCredentialCache(store, { now: () => now });
  const failing = async (): Promise<StoredCredential> => {
    throw new Error('WeChat busy');
  };
  values.set('k', { value: 'old', expiresAt: now + 60_000 });
  expect(await cache.get('k', failing)).toBe('old');
  now += 60_000;
  await expect(cache.get('k', failing)).rejects.toThrow('WeChat busy');
  await expect(cache.get('other', failing)).rejects.toThrow('WeChat busy');
  const fetches = counter('t', () => now);
  expect(await cache.get('k', fetches.fetcher)).toBe('t1');
});

test('a fetcher answering no usable credential is an error', async () => {
  const { store, values } = memoryStore();
  const cache = createCredentialCache(store, { now: () => 0 });
  await expect(cache.get('k', async () => ({ value: '', expiresAt: 10 }))).rejects.toThrow(
    /no usable credential/,
  );
  expect(values.has('k')).toBe(false);
});

/** A credential WeChat issued (access token, JS-SDK ticket) and when it stops working. */
export interface StoredCredential {
  value: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * Where credentials are shared by every process of the product (the API implements it on
 * PostgreSQL): each fetch of a basic access token invalidates the previous one, so processes must
 * never each hold their own.
 */
export interface CredentialStore {
  get(key: string): Promise<StoredCredential | null>;
  set(key: string, credential: StoredCredential): Promise<void>;
  /** Removes the stored value only if it is still `value` (another instance may have refreshed it). */
  expireIf(key: string, value: string): Promise<void>;
  /** Runs fn holding the key's lock across processes (the API uses a PostgreSQL advisory lock). */
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

export interface CredentialCacheOptions {
  /** Milliseconds since the epoch; defaults to Date.now. */
  now?: () => number;
}

export interface CredentialGetOptions {
  /** Refresh when fewer than this many milliseconds remain (default 5 minutes). */
  refreshBeforeMs?: number;
}

export interface CredentialCache {
  /**
   * The stored credential of `key` when it has more than `refreshBeforeMs` left; else fetches a new
   * one once (one fetch per key in this process, and across processes under the store's lock,
   * reading the store again inside the lock) and stores it. When the fetch fails while the stored
   * credential has not expired yet, that one is returned; otherwise the fetch's error is thrown.
   */
  get(key: string, fetcher: () => Promise<StoredCredential>, options?: CredentialGetOptions): Promise<string>;
  /** Drops the stored credential if it is still `value` (WeChat refused it). */
  expire(key: string, value: string): Promise<void>;
}

export const DEFAULT_REFRESH_BEFORE_MS = 5 * 60 * 1000;

/**
 * A read-through cache over a CredentialStore with single-flight refreshes: N concurrent callers
 * in one process share one pending refresh, and processes take turns under `withLock`.
 */
export function createCredentialCache(
  store: CredentialStore,
  options: CredentialCacheOptions = {},
): CredentialCache {
  const now = options.now ?? Date.now;
  const pending = new Map<string, Promise<string>>();

  function refresh(key: string, fetcher: () => Promise<StoredCredential>, refreshBeforeMs: number) {
    const fresh = (credential: StoredCredential | null): boolean =>
      credential !== null && credential.expiresAt - now() > refreshBeforeMs;
    return store.withLock(key, async () => {
      const current = await store.get(key);
      if (current && fresh(current)) return current.value;
      let credential: StoredCredential;
      try {
        credential = await fetcher();
      } catch (error) {
        if (current && current.expiresAt > now()) return current.value;
        throw error;
      }
      if (!credential.value || !Number.isFinite(credential.expiresAt)) {
        throw new Error(`the fetcher of ${key} returned no usable credential`);
      }
      await store.set(key, credential);
      return credential.value;
    });
  }

  return {
    async get(key, fetcher, getOptions = {}) {
      const refreshBeforeMs = getOptions.refreshBeforeMs ?? DEFAULT_REFRESH_BEFORE_MS;
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const stored = await store.get(key);
      if (stored && stored.expiresAt - now() > refreshBeforeMs) return stored.value;
      const joined = pending.get(key);
      if (joined) return joined;
      const flight = refresh(key, fetcher, refreshBeforeMs).finally(() => {
        if (pending.get(key) === flight) pending.delete(key);
      });
      pending.set(key, flight);
      return flight;
    },
    expire: (key, value) => store.expireIf(key, value),
  };
}

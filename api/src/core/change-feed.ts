import { Client } from 'pg';
import type { Logger } from 'pino';
import type { Sequelize } from 'sequelize';

/** The channel the database's change triggers notify on (migration 0030); the payload is the table. */
export const CHANGE_CHANNEL = 'px_change';

/**
 * The database's change notifications in one process: one connection LISTENs on `px_change`, and
 * each notification drops the in-process caches fed by its table. While the connection is down
 * (and until it listens again) `live` is false, so no cache answers or fills, and every cache is
 * dropped once more when it is back: nothing missed while deaf is ever served.
 */
export interface ChangeFeed {
  /** Whether the caches may answer: listening, not reconnecting, not closed. */
  readonly live: boolean;
  /**
   * Rises with every notification and every loss of the connection. A cache reads it before a
   * database read and keeps the result only when it has not moved, so a change committed while the
   * read ran is never cached over.
   */
  readonly generation: number;
  /** Calls `drop` on every change of one of `tables`, and whenever the feed loses its connection. */
  onChange(tables: readonly string[], drop: () => void): void;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

/** Connects and listens; answers once listening. Reconnects by itself (every second) when cut. */
export async function startChangeFeed(databaseUrl: string, log: Logger): Promise<ChangeFeed> {
  const subscribers: { tables: ReadonlySet<string>; drop: () => void }[] = [];
  let client: Client | null = null;
  let live = false;
  let closed = false;
  let generation = 0;
  let timer: NodeJS.Timeout | undefined;

  const dropAll = () => {
    generation += 1;
    for (const subscriber of subscribers) subscriber.drop();
  };
  const changed = (table: string) => {
    generation += 1;
    for (const subscriber of subscribers) if (subscriber.tables.has(table)) subscriber.drop();
  };
  const lost = (current: Client, error?: Error) => {
    if (client !== current) return;
    client = null;
    live = false;
    dropAll();
    current.end().catch(() => undefined);
    if (closed) return;
    log.warn({ err: error }, 'change feed: connection lost, caches off until it is back');
    timer = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
  };
  const connect = async () => {
    const current = new Client({ connectionString: databaseUrl });
    client = current;
    current.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) changed(message.payload ?? '');
    });
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current));
    try {
      await current.connect();
      await current.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      lost(current, error as Error);
      throw error;
    }
    if (client !== current || closed) return;
    // Whatever changed before LISTEN took effect is unknown: start from empty caches.
    dropAll();
    live = true;
  };

  await connect();
  return {
    get live() {
      return live;
    },
    get generation() {
      return generation;
    },
    onChange(tables, drop) {
      subscribers.push({ tables: new Set(tables), drop });
    },
    async close() {
      closed = true;
      live = false;
      clearTimeout(timer);
      const current = client;
      client = null;
      dropAll();
      await current?.end().catch(() => undefined);
    },
  };
}

/** A bounded in-process cache whose entries live until a change of their tables (or `maxAgeMs`). */
export interface FeedCache<V> {
  /**
   * The cached value of `key`, else `load()`'s (kept when not null and nothing changed meanwhile);
   * callers missing the same key while a read of it is under way share that read.
   */
  get(key: string, load: () => Promise<V | null>): Promise<V | null>;
  /** The cached value of `key` if there is one (nothing is read). */
  peek(key: string): V | undefined;
  /** Caches `value` as it is now (for values checked when used, e.g. by a version). */
  set(key: string, value: V): void;
  delete(key: string): void;
  readonly size: number;
}

export interface FeedCacheOptions {
  /** The tables whose changes drop the whole cache. */
  tables: readonly string[];
  /** At most this many entries; the cache empties itself when full. */
  maxEntries: number;
  /** A backstop: an entry is read again after this long whatever the feed says. */
  maxAgeMs: number;
}

export function createFeedCache<V>(feed: ChangeFeed, options: FeedCacheOptions): FeedCache<V> {
  let entries = new Map<string, { value: V; at: number }>();
  // Reads of a missing key under way, by key and the feed's generation when they started: callers
  // missing the same key meanwhile share one read instead of each reading (a cold or just-dropped
  // cache under load would otherwise send every waiting request to the database at once). A read
  // started before a change is never shared with a caller who came after it.
  let loading = new Map<string, { generation: number; value: Promise<V | null> }>();
  feed.onChange(options.tables, () => {
    entries = new Map();
    loading = new Map();
  });
  const keep = (key: string, value: V) => {
    if (entries.size >= options.maxEntries && !entries.has(key)) entries = new Map();
    entries.set(key, { value, at: Date.now() });
  };
  return {
    async get(key, load) {
      if (!feed.live) return load();
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < options.maxAgeMs) return hit.value;
      const before = feed.generation;
      const shared = loading.get(key);
      if (shared && shared.generation === before) return shared.value;
      const reads = loading;
      const value = load().then((loaded) => {
        if (loaded !== null && feed.live && feed.generation === before) keep(key, loaded);
        return loaded;
      });
      reads.set(key, { generation: before, value });
      const forget = () => {
        if (reads.get(key)?.value === value) reads.delete(key);
      };
      value.then(forget, forget);
      return value;
    },
    peek(key) {
      if (!feed.live) return undefined;
      const hit = entries.get(key);
      return hit && Date.now() - hit.at < options.maxAgeMs ? hit.value : undefined;
    },
    set(key, value) {
      if (feed.live) keep(key, value);
    },
    delete(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}

/** The change feed serving each database handle (`attachChangeFeed`), and the caches made on it. */
const attached = new WeakMap<Sequelize, { feed: ChangeFeed; caches: Map<string, FeedCache<unknown>> }>();

/**
 * Lets the services on `sequelize` cache through `feed` (`sharedCache`). A server attaches its feed
 * at start; without one (tests, scripts) services read the database every time.
 */
export function attachChangeFeed(sequelize: Sequelize, feed: ChangeFeed): void {
  attached.set(sequelize, { feed, caches: new Map() });
}

/**
 * The process's cache `name` for the database of `sequelize` (made on first use with `options`),
 * or null when no change feed is attached: the caller then reads the database.
 */
export function sharedCache<V>(
  sequelize: Sequelize,
  name: string,
  options: FeedCacheOptions,
): FeedCache<V> | null {
  const entry = attached.get(sequelize);
  if (!entry) return null;
  let cache = entry.caches.get(name);
  if (!cache) {
    cache = createFeedCache<unknown>(entry.feed, options);
    entry.caches.set(name, cache);
  }
  return cache as FeedCache<V>;
}

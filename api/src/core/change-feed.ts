import { Client } from 'pg';
import type { Logger } from 'pino';
import type { Sequelize } from 'sequelize';

/**
 * The channel the database's change triggers notify on (migrations 0030 and 0091). The payload is
 * the table (any of its rows may have changed), or the table, a colon and the accounts whose rows
 * changed (`my_class:12,57`): for the tables whose rows belong to an account (`CHANGE_ACCOUNTS`).
 */
export const CHANGE_CHANNEL = 'px_change';

/**
 * What a notification says changed: the accounts whose rows of the table changed, or null when it
 * may be any row (a table whose rows belong to no account, a statement too large to list, a
 * truncate, or a feed that lost its connection and missed what happened meanwhile).
 */
export type ChangedAccounts = ReadonlySet<number> | null;

/** Reads a notification's payload: its table, and the accounts it names (null: any row). */
export function parseChange(payload: string): { table: string; accounts: ChangedAccounts } {
  const colon = payload.indexOf(':');
  if (colon < 0) return { table: payload, accounts: null };
  const table = payload.slice(0, colon);
  const ids = payload.slice(colon + 1).split(',');
  if (!ids.every((id) => /^[0-9]{1,15}$/.test(id))) return { table, accounts: null };
  return { table, accounts: new Set(ids.map(Number)) };
}

/**
 * The database's change notifications in one process: one connection LISTENs on `px_change`, and
 * each notification drops what the in-process caches fed by its table hold of the accounts it
 * names (or everything, when it names none). While the connection is down (and until it listens
 * again) `live` is false, so no cache answers or fills, and every cache is dropped once more when
 * it is back: nothing missed while deaf is ever served.
 */
export interface ChangeFeed {
  /** Whether the caches may answer: listening, not reconnecting, not closed. */
  readonly live: boolean;
  /**
   * Calls `drop` on every change of one of `tables` with the accounts it names, and with null
   * (everything) whenever the feed loses its connection.
   */
  onChange(tables: readonly string[], drop: (accounts: ChangedAccounts) => void): void;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

/** Connects and listens; answers once listening. Reconnects by itself (every second) when cut. */
export async function startChangeFeed(databaseUrl: string, log: Logger): Promise<ChangeFeed> {
  const subscribers: { tables: ReadonlySet<string>; drop: (accounts: ChangedAccounts) => void }[] = [];
  let client: Client | null = null;
  let live = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const dropAll = () => {
    for (const subscriber of subscribers) subscriber.drop(null);
  };
  const changed = (payload: string) => {
    const { table, accounts } = parseChange(payload);
    for (const subscriber of subscribers) if (subscriber.tables.has(table)) subscriber.drop(accounts);
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
   * The cached value of `key`, else `load()`'s (kept when not null and nothing it was read from
   * changed meanwhile); callers missing the same key while a read of it is under way share that
   * read.
   */
  get(key: string, load: () => Promise<V | null>): Promise<V | null>;
  /** The cached value of `key` if there is one (nothing is read). */
  peek(key: string): V | undefined;
  /**
   * `get`, but the cached value at once, not in a promise: for hot calls, where each promise costs
   * (every one pays the tenant storage's hook).
   */
  peekOrGet(key: string, load: () => Promise<V | null>): V | Promise<V | null>;
  /** Caches `value` as it is now (for values checked when used, e.g. by a version). */
  set(key: string, value: V): void;
  delete(key: string): void;
  readonly size: number;
}

export interface FeedCacheOptions<V> {
  /** The tables whose changes drop the cache's entries. */
  tables: readonly string[];
  /**
   * The accounts an entry was read for (from its key and value): a change naming the accounts whose
   * rows changed then drops only their entries. Without it (or for a change naming none) a change
   * of one of `tables` drops every entry.
   */
  accountsOf?: (key: string, value: V) => readonly number[];
  /** At most this many entries; the cache empties itself when full. */
  maxEntries: number;
  /** A backstop: an entry is read again after this long whatever the feed says. */
  maxAgeMs: number;
}

/**
 * Accounts changed while reads are under way are remembered (so a read that began before the
 * change is not kept), up to this many; past it the change counts as one of every row.
 */
const MAX_CHANGED_ACCOUNTS = 10_000;

export function createFeedCache<V>(feed: ChangeFeed, options: FeedCacheOptions<V>): FeedCache<V> {
  let entries = new Map<string, { value: V; at: number; accounts: readonly number[] }>();
  // The keys of the entries read for each account (`accountsOf`), for a change naming accounts.
  let keysOf = new Map<number, Set<string>>();
  // Rises with every change of the cache's tables; a read remembers it when it starts.
  let changes = 0;
  // The count at the last change of every row, and at the last change of each account named by a
  // change while reads were under way (forgotten when none is).
  let droppedAt = 0;
  const changedAt = new Map<number, number>();
  let reading = 0;
  // Reads of a missing key under way, by key and the count of changes when they started: callers
  // missing the same key meanwhile share one read instead of each reading (a cold or just-dropped
  // cache under load would otherwise send every waiting request to the database at once). A read
  // started before a change is never shared with a caller who came after it.
  let loading = new Map<string, { changes: number; value: Promise<V | null> }>();

  const dropAll = () => {
    droppedAt = changes;
    entries = new Map();
    keysOf = new Map();
    loading = new Map();
    changedAt.clear();
  };
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const account of entry.accounts) {
      const keys = keysOf.get(account);
      keys?.delete(key);
      if (keys?.size === 0) keysOf.delete(account);
    }
  };
  feed.onChange(options.tables, (accounts) => {
    changes += 1;
    if (!accounts || !options.accountsOf || changedAt.size + accounts.size > MAX_CHANGED_ACCOUNTS) {
      dropAll();
      return;
    }
    for (const account of accounts) {
      for (const key of keysOf.get(account) ?? []) remove(key);
      if (reading > 0) changedAt.set(account, changes);
    }
  });
  const keep = (key: string, value: V) => {
    if (entries.size >= options.maxEntries && !entries.has(key)) {
      entries = new Map();
      keysOf = new Map();
    }
    remove(key);
    const accounts = options.accountsOf?.(key, value) ?? [];
    entries.set(key, { value, at: Date.now(), accounts });
    for (const account of accounts) {
      let keys = keysOf.get(account);
      if (!keys) {
        keys = new Set();
        keysOf.set(account, keys);
      }
      keys.add(key);
    }
  };
  // Whether a value read since change `since` may be kept: nothing it was read from changed since.
  const unchangedSince = (key: string, value: V, since: number) =>
    droppedAt <= since &&
    (options.accountsOf?.(key, value) ?? []).every((account) => (changedAt.get(account) ?? 0) <= since);
  return {
    async get(key, load) {
      if (!feed.live) return load();
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < options.maxAgeMs) return hit.value;
      const before = changes;
      const shared = loading.get(key);
      if (shared && shared.changes === before) return shared.value;
      const reads = loading;
      reading += 1;
      const value = load().then((loaded) => {
        if (loaded !== null && feed.live && unchangedSince(key, loaded, before)) keep(key, loaded);
        return loaded;
      });
      reads.set(key, { changes: before, value });
      const settled = () => {
        if (reads.get(key)?.value === value) reads.delete(key);
        reading -= 1;
        if (reading === 0) changedAt.clear();
      };
      value.then(settled, settled);
      return value;
    },
    peek(key) {
      if (!feed.live) return undefined;
      const hit = entries.get(key);
      return hit && Date.now() - hit.at < options.maxAgeMs ? hit.value : undefined;
    },
    peekOrGet(key, load) {
      return this.peek(key) ?? this.get(key, load);
    },
    set(key, value) {
      if (feed.live) keep(key, value);
    },
    delete(key) {
      remove(key);
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
  options: FeedCacheOptions<V>,
): FeedCache<V> | null {
  const entry = attached.get(sequelize);
  if (!entry) return null;
  let cache = entry.caches.get(name);
  if (!cache) {
    cache = createFeedCache<V>(entry.feed, options) as FeedCache<unknown>;
    entry.caches.set(name, cache);
  }
  return cache as FeedCache<V>;
}

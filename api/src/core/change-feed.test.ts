import { type ChangedAccounts, type ChangeFeed, createFeedCache, parseChange } from './change-feed';

/** A feed driven by the test: `change(table, accounts?)` notifies as a committed change would. */
function testFeed() {
  const subscribers: { tables: readonly string[]; drop: (accounts: ChangedAccounts) => void }[] = [];
  const feed = {
    live: true,
    onChange(tables: readonly string[], drop: (accounts: ChangedAccounts) => void) {
      subscribers.push({ tables, drop });
    },
    close: async () => undefined,
    change(table: string, accounts: number[] | null = null) {
      for (const subscriber of subscribers)
        if (subscriber.tables.includes(table)) subscriber.drop(accounts && new Set(accounts));
    },
  };
  return feed satisfies ChangeFeed;
}

/** A load the test finishes when it chooses, counting how often it was started. */
function gatedLoad<V>() {
  const started: ((value: V) => void)[] = [];
  const failers: ((error: Error) => void)[] = [];
  const load = () =>
    new Promise<V>((resolve, reject) => {
      started.push(resolve);
      failers.push(reject);
    });
  return { load, started, failers };
}

const OPTIONS = { tables: ['train_class'], maxEntries: 10, maxAgeMs: 60_000 };

describe('createFeedCache', () => {
  it('lets callers missing the same key share one read, then answers from memory', async () => {
    const feed = testFeed();
    const cache = createFeedCache<string>(feed, OPTIONS);
    const gate = gatedLoad<string>();
    const answers = Promise.all([1, 2, 3].map(() => cache.get('page-1', gate.load)));
    expect(gate.started).toHaveLength(1);
    gate.started[0]?.('list');
    expect(await answers).toEqual(['list', 'list', 'list']);
    expect(await cache.get('page-1', gate.load)).toBe('list');
    expect(gate.started).toHaveLength(1);
    // Another key is read on its own.
    const other = cache.get('page-2', gate.load);
    expect(gate.started).toHaveLength(2);
    gate.started[1]?.('other');
    expect(await other).toBe('other');
  });

  it('peekOrGet answers a held value at once, and reads (a promise) what is missing, dropped or with the feed down', async () => {
    const feed = testFeed();
    const cache = createFeedCache<string>(feed, OPTIONS);
    const gate = gatedLoad<string>();
    const first = cache.peekOrGet('page-1', gate.load);
    expect(first).toBeInstanceOf(Promise);
    gate.started[0]?.('list');
    expect(await first).toBe('list');
    expect(cache.peekOrGet('page-1', gate.load)).toBe('list');
    feed.change('train_class');
    const again = cache.peekOrGet('page-1', gate.load);
    expect(again).toBeInstanceOf(Promise);
    gate.started[1]?.('new list');
    expect(await again).toBe('new list');
    feed.live = false;
    expect(cache.peekOrGet('page-1', gate.load)).toBeInstanceOf(Promise);
    expect(gate.started).toHaveLength(3);
  });

  it('never hands a read started before a change to a caller who came after it', async () => {
    const feed = testFeed();
    const cache = createFeedCache<string>(feed, OPTIONS);
    const gate = gatedLoad<string>();
    const before = cache.get('page-1', gate.load);
    feed.change('train_class');
    const after = cache.get('page-1', gate.load);
    expect(gate.started).toHaveLength(2);
    gate.started[0]?.('old');
    gate.started[1]?.('new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    // The read that began before the change was not kept; the one after it was.
    expect(await cache.get('page-1', gate.load)).toBe('new');
    expect(gate.started).toHaveLength(2);
  });

  it('shares a failed read with its waiters and reads again on the next call', async () => {
    const feed = testFeed();
    const cache = createFeedCache<string>(feed, OPTIONS);
    const gate = gatedLoad<string>();
    const first = cache.get('page-1', gate.load);
    const second = cache.get('page-1', gate.load);
    gate.failers[0]?.(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    await expect(second).rejects.toThrow('database gone');
    const retry = cache.get('page-1', gate.load);
    expect(gate.started).toHaveLength(2);
    gate.started[1]?.('list');
    expect(await retry).toBe('list');
  });

  it('reads every time while the feed is not live', async () => {
    const feed = testFeed();
    feed.live = false;
    const cache = createFeedCache<string>(feed, OPTIONS);
    const gate = gatedLoad<string>();
    const answers = Promise.all([cache.get('page-1', gate.load), cache.get('page-1', gate.load)]);
    expect(gate.started).toHaveLength(2);
    for (const resolve of gate.started) resolve('list');
    await answers;
    expect(cache.size).toBe(0);
  });
});

describe('parseChange', () => {
  it('reads the table alone, or the table with the accounts it names', () => {
    expect(parseChange('train_class')).toEqual({ table: 'train_class', accounts: null });
    expect(parseChange('my_class:12,57,12')).toEqual({ table: 'my_class', accounts: new Set([12, 57]) });
    // Anything but a list of ids names no account: every row counts as changed.
    expect(parseChange('account:12,x')).toEqual({ table: 'account', accounts: null });
    expect(parseChange('account:')).toEqual({ table: 'account', accounts: null });
  });
});

describe('createFeedCache with accountsOf', () => {
  /** A cache of values `account:text` whose account is the number before the colon. */
  const byAccount = () => {
    const feed = testFeed();
    const cache = createFeedCache<string>(feed, {
      tables: ['session', 'role'],
      accountsOf: (_key, value) => [Number(value.split(':')[0])],
      maxEntries: 10,
      maxAgeMs: 60_000,
    });
    return { feed, cache };
  };
  const read = (value: string) => async () => value;

  it("drops only the named accounts' entries; a change naming none drops them all", async () => {
    const { feed, cache } = byAccount();
    await cache.get('t1', read('1:a'));
    await cache.get('t2', read('1:b'));
    await cache.get('t3', read('2:c'));
    expect(cache.size).toBe(3);
    feed.change('session', [1, 99]);
    expect(cache.peek('t1')).toBeUndefined();
    expect(cache.peek('t2')).toBeUndefined();
    expect(cache.peek('t3')).toBe('2:c');
    // Read again, account 1's entries are kept again.
    expect(await cache.get('t1', read('1:a2'))).toBe('1:a2');
    expect(cache.peek('t1')).toBe('1:a2');
    feed.change('role');
    expect(cache.size).toBe(0);
  });

  it('keeps a read under way unless a change named its account meanwhile', async () => {
    const { feed, cache } = byAccount();
    const gate = gatedLoad<string>();
    const ofOne = cache.get('t1', gate.load);
    const ofTwo = cache.get('t2', gate.load);
    feed.change('session', [1]);
    // A caller after the change does not share the read begun before it.
    const after = cache.get('t1', gate.load);
    expect(gate.started).toHaveLength(3);
    gate.started[0]?.('1:old');
    gate.started[1]?.('2:read');
    gate.started[2]?.('1:new');
    expect(await ofOne).toBe('1:old');
    expect(await ofTwo).toBe('2:read');
    expect(await after).toBe('1:new');
    // Account 2 was not named: its read is kept. Account 1's older read is not, its newer one is.
    expect(cache.peek('t2')).toBe('2:read');
    expect(cache.peek('t1')).toBe('1:new');
  });

  it('does not keep a read under way across a change naming every row', async () => {
    const { feed, cache } = byAccount();
    const gate = gatedLoad<string>();
    const pending = cache.get('t2', gate.load);
    feed.change('session');
    gate.started[0]?.('2:old');
    expect(await pending).toBe('2:old');
    expect(cache.size).toBe(0);
  });
});

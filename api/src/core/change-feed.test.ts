import { type ChangeFeed, createFeedCache } from './change-feed';

/** A feed driven by the test: `change(table)` notifies as a committed change would. */
function testFeed() {
  const subscribers: { tables: readonly string[]; drop: () => void }[] = [];
  const feed = {
    live: true,
    generation: 0,
    onChange(tables: readonly string[], drop: () => void) {
      subscribers.push({ tables, drop });
    },
    close: async () => undefined,
    change(table: string) {
      feed.generation += 1;
      for (const subscriber of subscribers) if (subscriber.tables.includes(table)) subscriber.drop();
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

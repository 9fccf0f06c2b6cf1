import { createSignedPlaylistCache } from './signed-playlist-cache';

/** A maker of playlists answering `text` numbered by its call. */
function maker(text = 'playlist') {
  let calls = 0;
  return jest.fn(async () => {
    calls += 1;
    return `${text}#${calls}`;
  });
}

const options = { maxEntries: 3, maxChars: 1000, marginSeconds: 10 };
const NOW = 1_000_000;

describe('the signed playlist cache', () => {
  test('hands out the same playlist until marginSeconds before its expiry, then makes it again', async () => {
    const cache = createSignedPlaylistCache(options);
    const make = maker();
    expect(await cache.get('token/pkg/sd', NOW + 60, NOW, make)).toBe('playlist#1');
    expect(await cache.get('token/pkg/sd', NOW + 60, NOW + 49, make)).toBe('playlist#1');
    expect(make).toHaveBeenCalledTimes(1);
    // From 10 s before the URLs expire: signed afresh (and no longer kept).
    expect(await cache.get('token/pkg/sd', NOW + 60, NOW + 50, make)).toBe('playlist#2');
    expect(make).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  test('keeps nothing that expires within the margin', async () => {
    const cache = createSignedPlaylistCache(options);
    const make = maker();
    await cache.get('short', NOW + 10, NOW, make);
    await cache.get('short', NOW + 10, NOW, make);
    expect(make).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  test('each key (token and rendition) has its own playlist', async () => {
    const cache = createSignedPlaylistCache(options);
    const first = maker('a');
    const second = maker('b');
    expect(await cache.get('one/pkg/sd', NOW + 60, NOW, first)).toBe('a#1');
    expect(await cache.get('two/pkg/sd', NOW + 60, NOW, second)).toBe('b#1');
    expect(await cache.get('one/pkg/sd', NOW + 60, NOW, second)).toBe('a#1');
    expect(second).toHaveBeenCalledTimes(1);
  });

  test('concurrent loads share one signing; a failed one is not kept', async () => {
    const cache = createSignedPlaylistCache(options);
    const make = maker();
    const [a, b] = await Promise.all([
      cache.get('key', NOW + 60, NOW, make),
      cache.get('key', NOW + 60, NOW, make),
    ]);
    expect([a, b]).toEqual(['playlist#1', 'playlist#1']);
    expect(make).toHaveBeenCalledTimes(1);

    const failing = jest.fn(async () => {
      throw new Error('the store refused to sign');
    });
    await expect(cache.get('bad', NOW + 60, NOW, failing)).rejects.toThrow('refused');
    await Promise.resolve();
    expect(await cache.get('bad', NOW + 60, NOW, make)).toBe('playlist#2');
  });

  test('past maxEntries the least recently used goes first', async () => {
    const cache = createSignedPlaylistCache(options);
    const make = maker();
    for (const key of ['a', 'b', 'c']) await cache.get(key, NOW + 60, NOW, make);
    await cache.get('a', NOW + 60, NOW, make); // a is used again: b is now the least recent
    await cache.get('d', NOW + 60, NOW, make);
    expect(cache.size).toBe(3);
    expect(make).toHaveBeenCalledTimes(4);
    await cache.get('a', NOW + 60, NOW, make);
    await cache.get('c', NOW + 60, NOW, make);
    expect(make).toHaveBeenCalledTimes(4);
    await cache.get('b', NOW + 60, NOW, make);
    expect(make).toHaveBeenCalledTimes(5);
  });

  test('past maxChars the least recently used go until the rest fit', async () => {
    const cache = createSignedPlaylistCache({ ...options, maxEntries: 100, maxChars: 25 });
    const make = jest.fn(async () => 'x'.repeat(10));
    await cache.get('a', NOW + 60, NOW, make);
    await cache.get('b', NOW + 60, NOW, make);
    expect(cache.size).toBe(2);
    await cache.get('c', NOW + 60, NOW, make);
    await Promise.resolve();
    expect(cache.size).toBe(2);
    await cache.get('b', NOW + 60, NOW, make);
    await cache.get('c', NOW + 60, NOW, make);
    expect(make).toHaveBeenCalledTimes(3);
    await cache.get('a', NOW + 60, NOW, make);
    expect(make).toHaveBeenCalledTimes(4);
  });
});

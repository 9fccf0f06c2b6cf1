/**
 * Rendition playlists whose segments are object storage's presigned URLs (hls.route.ts), kept per
 * token and rendition, so a player loading one again (a quality switch, a reload, a second player
 * of the same grant) gets the same URLs instead of a signature per segment again (SigV4 costs some
 * milliseconds a segment, and a lesson has hundreds). An entry is kept until `marginSeconds` before
 * its URLs expire (they expire with the token); a load after that signs afresh. At most
 * `maxEntries` playlists of at most `maxChars` characters in all are kept: past either, the least
 * recently used go first.
 */
export interface SignedPlaylistCache {
  /**
   * The playlist kept under `key`, else the one `make` answers, kept until `marginSeconds` before
   * `expiresAt` (Unix seconds; not kept when that is not after `nowSeconds`). Concurrent loads of
   * one key share one `make`; a `make` that throws is not kept (the error reaches every waiter).
   */
  get(key: string, expiresAt: number, nowSeconds: number, make: () => Promise<string>): Promise<string>;
  /** How many playlists are kept. */
  readonly size: number;
}

export interface SignedPlaylistCacheOptions {
  maxEntries: number;
  /** The most characters (a playlist is ASCII: bytes) of the kept playlists together. */
  maxChars: number;
  /** How long before its URLs expire a playlist stops being handed out again. */
  marginSeconds: number;
}

/**
 * The HLS route's limits: 2,000 playlists and 32 MiB (a playlist of a one-hour lesson with 6 s
 * segments names 600 URLs of about 500 bytes: 300 KB), reused until 10 s before they expire.
 */
export const SIGNED_PLAYLIST_CACHE: SignedPlaylistCacheOptions = {
  maxEntries: 2000,
  maxChars: 32 * 1024 * 1024,
  marginSeconds: 10,
};

interface Entry {
  playlist: Promise<string>;
  /** Unix seconds from which it is no longer handed out. */
  until: number;
  /** Its length once made (0 while it is being made). */
  chars: number;
}

/** A cache of signed playlists (a Map kept in order of use: the first entry is the least recent). */
export function createSignedPlaylistCache(
  options: SignedPlaylistCacheOptions = SIGNED_PLAYLIST_CACHE,
): SignedPlaylistCache {
  const entries = new Map<string, Entry>();
  let chars = 0;

  const drop = (key: string, entry: Entry) => {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    chars -= entry.chars;
  };
  const evict = () => {
    for (const [key, entry] of entries) {
      if (entries.size <= options.maxEntries && chars <= options.maxChars) break;
      drop(key, entry);
    }
  };

  return {
    get(key, expiresAt, nowSeconds, make) {
      const kept = entries.get(key);
      if (kept && kept.until > nowSeconds) {
        // Used now: it moves to the end (the most recent).
        entries.delete(key);
        entries.set(key, kept);
        return kept.playlist;
      }
      if (kept) drop(key, kept);
      const until = expiresAt - options.marginSeconds;
      if (until <= nowSeconds) return make();
      const entry: Entry = { playlist: make(), until, chars: 0 };
      entries.set(key, entry);
      evict();
      entry.playlist.then(
        (playlist) => {
          if (entries.get(key) !== entry) return;
          entry.chars = playlist.length;
          chars += entry.chars;
          evict();
        },
        () => drop(key, entry),
      );
      return entry.playlist;
    },
    get size() {
      return entries.size;
    },
  };
}

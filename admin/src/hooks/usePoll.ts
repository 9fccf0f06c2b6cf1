import { useEffect, useRef } from 'react';

/**
 * Calls `poll(key)` every `intervalMs` while `key` is set (say the id of a running import), one
 * call at a time: the next waits `intervalMs` after the last answered or failed. It stops when `key`
 * turns null, starts over when it changes, and stops when the component goes. `poll` is read at
 * call time, so an inline arrow is fine; its failures are ignored (a quiet call keeps polling).
 */
export function usePoll<K>(key: K | null, poll: (key: K) => Promise<unknown>, intervalMs: number): void {
  const pollRef = useRef(poll);
  pollRef.current = poll;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        await pollRef.current(key);
      } catch {
        // A failed poll is tried again at the next tick.
      }
      if (live) timer = setTimeout(() => void tick(), intervalMs);
    };
    timer = setTimeout(() => void tick(), intervalMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, intervalMs]);
}

import { message } from 'antd';
import { useCallback, useRef, useState } from 'react';

/** A change to one row of a list: which row is busy, and the way to run a change. */
export interface RowAction<K> {
  /** The key of the row whose change is under way, or null. */
  busy: K | null;
  /**
   * Runs `action` for the row `key` (busy meanwhile); when it succeeds, shows `done` as a success
   * message and calls the hook's `onDone` (say the list's reload). A failure has been shown by the
   * request client: the promise resolves either way, so a Popconfirm can wait for it.
   */
  run: (key: K, action: () => Promise<unknown>, done: string) => Promise<void>;
  /**
   * Runs `task` for the row `key` (busy meanwhile) when it says and reloads by itself (an answer
   * shown in a dialog, a message from the server); a failure has been shown by the request client.
   * Resolves either way.
   */
  track: (key: K, task: () => Promise<void>) => Promise<void>;
}

/**
 * The changes a list screen makes to its rows (enable, disable, delete…): one at a time per row
 * key, with a success message and `onDone` (read at call time) after each successful one.
 */
export function useRowAction<K>(onDone: () => void = () => undefined): RowAction<K> {
  const [busy, setBusy] = useState<K | null>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  const track = useCallback(async (key: K, task: () => Promise<void>) => {
    setBusy(key);
    try {
      await task();
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(null);
    }
  }, []);
  const run = useCallback(
    (key: K, action: () => Promise<unknown>, done: string) =>
      track(key, async () => {
        await action();
        void message.success(done);
        onDoneRef.current();
      }),
    [track],
  );

  return { busy, run, track };
}

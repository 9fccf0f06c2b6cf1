import { useCallback, useEffect, useRef, useState } from 'react';

/** Where the loading of one record stands. */
export type RecordState<T> =
  | { status: 'loading' }
  | { status: 'ready'; record: T }
  | { status: 'error'; message: string };

/** One record with its loading state, a way to load it again and a way to show a saved version. */
export type RecordView<T> = RecordState<T> & {
  /** Loads the record again (the 重新加载 of a failed load). */
  reload: () => void;
  /** Shows `record` (for example what a save answered) without asking the server. */
  set: (record: T) => void;
};

/** What a failed load says when the error carries no message. */
const FALLBACK_MESSAGE = '加载失败';

/**
 * Loads the record of `key` (say a `?id=` of the address) with `fetchRecord` when the screen
 * mounts and whenever `key` changes; a `null` key loads nothing (the screen shows why). A
 * `fetchRecord` that answers at once (not a promise) shows its record without a loading state.
 * Only the answer for the latest key and load is shown; a failure becomes `status: 'error'` with
 * the error's message. `fetchRecord` is read at call time, so an inline arrow is fine. Never throws.
 */
export function useRecord<K, T>(key: K | null, fetchRecord: (key: K) => T | Promise<T>): RecordView<T> {
  const [state, setState] = useState<RecordState<T>>({ status: 'loading' });
  const fetchRef = useRef(fetchRecord);
  fetchRef.current = fetchRecord;
  const latest = useRef(0);

  const load = useCallback(() => {
    const id = latest.current + 1;
    latest.current = id;
    if (key === null) return;
    const show = (next: RecordState<T>) => {
      if (latest.current === id) setState(next);
    };
    let answer: T | Promise<T>;
    try {
      answer = fetchRef.current(key);
    } catch (error) {
      show(failure(error));
      return;
    }
    if (!isPromiseLike(answer)) {
      show({ status: 'ready', record: answer });
      return;
    }
    show({ status: 'loading' });
    Promise.resolve(answer).then(
      (record) => show({ status: 'ready', record }),
      (error: unknown) => show(failure(error)),
    );
  }, [key]);

  useEffect(() => {
    load();
    return () => {
      // An answer that comes after the key changed or the screen closed is not shown.
      latest.current += 1;
    };
  }, [load]);

  const set = useCallback((record: T) => {
    latest.current += 1;
    setState({ status: 'ready', record });
  }, []);

  return { ...state, reload: load, set };
}

function failure(error: unknown): RecordState<never> {
  return { status: 'error', message: error instanceof Error ? error.message : FALLBACK_MESSAGE };
}

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

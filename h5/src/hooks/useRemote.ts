import { useCallback, useEffect, useRef, useState } from 'react';

/** A value read from the server: loading, failed (with the message) or ready. */
export type RemoteState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; value: T };

export interface Remote<T> {
  state: RemoteState<T>;
  /** Reads again, showing the loading state (the error state's retry). */
  reload: () => void;
  /** Reads again keeping the value until the answer arrives (pull to refresh). Rejects when it fails. */
  refresh: () => Promise<void>;
  /** Changes the value read, in place (a local change the server already made, e.g. `inCart`). */
  update: (change: (value: T) => T) => void;
}

/** The message of a failed read. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '加载失败';
}

/**
 * A value read from the server, the pattern of every H5 data view (loading, error with retry,
 * ready): read with `load` as soon as it is given (null: not yet), and again for every new `load`
 * (the caller memoises it by its inputs); answers of an older `load` are dropped.
 */
export function useRemote<T>(load: (() => Promise<T>) | null): Remote<T> {
  const [state, setState] = useState<RemoteState<T>>({ status: 'loading' });
  const generation = useRef(0);

  const read = useCallback(
    async (quiet: boolean) => {
      if (!load) return;
      const current = ++generation.current;
      if (!quiet) setState({ status: 'loading' });
      try {
        const value = await load();
        if (current === generation.current) setState({ status: 'ready', value });
      } catch (error) {
        if (current !== generation.current) return;
        if (quiet) throw error;
        setState({ status: 'error', message: messageOf(error) });
      }
    },
    [load],
  );

  useEffect(() => {
    void read(false);
  }, [read]);

  return {
    state,
    reload: useCallback(() => void read(false), [read]),
    refresh: useCallback(() => read(true), [read]),
    update: useCallback((change: (value: T) => T) => {
      setState((current) =>
        current.status === 'ready' ? { status: 'ready', value: change(current.value) } : current,
      );
    }, []),
  };
}

import type { PageAnswer } from '@px/api/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from './useRemote';

/** Loads one page (from 1) of a list. Rejects with the reason it failed. */
export type PageLoader<T> = (pageNum: number) => Promise<PageAnswer<T>>;

export type FeedState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: T[]; total: number; pageNum: number; finished: boolean };

export interface PagedFeed<T> {
  state: FeedState<T>;
  /** Loads page 1 again, showing the loading state (the error state's retry). */
  reload: () => void;
  /** Loads page 1 again keeping the rows until it arrives (pull to refresh). Rejects when it fails. */
  refresh: () => Promise<void>;
  /** Appends the next page (the infinite list's `onLoad`). Rejects when it fails (the list offers a retry). */
  loadMore: () => Promise<void>;
}

/** Appends rows that are not listed yet (a class may move between pages while the list is read). */
function appendNew<T extends { id: number }>(items: readonly T[], more: readonly T[]): T[] {
  const seen = new Set(items.map((item) => item.id));
  return [...items, ...more.filter((item) => !seen.has(item.id))];
}

function readyState<T>(items: T[], page: PageAnswer<T>): Extract<FeedState<T>, { status: 'ready' }> {
  return {
    status: 'ready',
    items,
    total: page.total,
    pageNum: page.pageNum,
    finished: page.list.length === 0 || items.length >= page.total,
  };
}

/**
 * A list read page by page with `load`: page 1 as soon as `load` is given (null: not yet, the
 * filters are still being decided), the next ones on demand. A new `load` (other filters) starts
 * again at page 1; answers of an older `load` are dropped.
 */
export function usePagedFeed<T extends { id: number }>(load: PageLoader<T> | null): PagedFeed<T> {
  const [state, setState] = useState<FeedState<T>>({ status: 'loading' });
  const generation = useRef(0);
  // What is loaded, kept in step with each answer (a next page may be asked before React renders).
  const loaded = useRef<Extract<FeedState<T>, { status: 'ready' }> | null>(null);

  const show = useCallback((next: Extract<FeedState<T>, { status: 'ready' }>) => {
    loaded.current = next;
    setState(next);
  }, []);

  const loadFirst = useCallback(
    async (quiet: boolean) => {
      if (!load) return;
      const current = ++generation.current;
      if (!quiet) {
        loaded.current = null;
        setState({ status: 'loading' });
      }
      try {
        const page = await load(1);
        if (current === generation.current) show(readyState(page.list, page));
      } catch (error) {
        if (current !== generation.current) return;
        if (quiet) throw error;
        setState({ status: 'error', message: messageOf(error) });
      }
    },
    [load, show],
  );

  useEffect(() => {
    void loadFirst(false);
  }, [loadFirst]);

  const loadMore = useCallback(async () => {
    const before = loaded.current;
    if (!load || !before || before.finished) return;
    const current = generation.current;
    const page = await load(before.pageNum + 1);
    if (current === generation.current && loaded.current === before)
      show(readyState(appendNew(before.items, page.list), page));
  }, [load, show]);

  return {
    state,
    reload: useCallback(() => void loadFirst(false), [loadFirst]),
    refresh: useCallback(() => loadFirst(true), [loadFirst]),
    loadMore,
  };
}

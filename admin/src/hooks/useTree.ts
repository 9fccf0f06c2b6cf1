import { useCallback, useEffect, useRef, useState } from 'react';

/** A tree loaded once and again on `reload`, or replaced by the tree a change answered with. */
export interface TreeState<N> {
  tree: N[];
  loading: boolean;
  /** Loads the tree again; with `next` (what a save or move answered) shows that instead. */
  reload: (next?: N[]) => void;
}

/** The tree `fetch` answers, loaded on mount and on `reload`; only the latest answer is kept. */
export function useTree<N>(fetch: () => Promise<N[]>): TreeState<N> {
  const [tree, setTree] = useState<N[]>([]);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const fetchTree = useRef(fetch);
  fetchTree.current = fetch;
  const reload = useCallback((next?: N[]) => {
    const id = latest.current + 1;
    latest.current = id;
    if (next) {
      setTree(next);
      return;
    }
    setLoading(true);
    fetchTree.current().then(
      (answer) => {
        if (latest.current !== id) return;
        setTree(answer);
        setLoading(false);
      },
      () => {
        if (latest.current === id) setLoading(false);
      },
    );
  }, []);
  useEffect(() => reload(), [reload]);
  return { tree, loading, reload };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PagedList } from '../../../hooks/usePagedList';
import type { CategoryKind, CategoryPanelProps } from './CategoryPanel';
import type { CategoryNode } from './category-tree';

/** A screen's category tree beside its list: the tree, the selection and the panel's props. */
export interface CategoryPanelState<N extends CategoryNode<N>> {
  tree: N[];
  /** The selected category (the list shows it and below), or undefined for all. */
  selectedId: number | undefined;
  /** Loads the tree again (say after items moved between categories: the counts change). */
  reload: () => void;
  /** Spread into `<CategoryPanel>`. */
  panelProps: CategoryPanelProps<N>;
}

/** The tree of `kind`, loaded once and again on `reload`; only the latest answer is kept. */
function useCategoryTree<N extends CategoryNode<N>>(kind: CategoryKind<N>) {
  const [tree, setTree] = useState<N[]>([]);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const fetchTree = useRef(kind.calls.tree);
  fetchTree.current = kind.calls.tree;
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

/**
 * The category panel of a list screen: loads the tree of `kind`, and selecting a category searches
 * `list` with it as `categoryId` (keeping the other filters); a change of the tree reloads the list.
 */
export function useCategoryPanel<N extends CategoryNode<N>, F extends { categoryId?: number | '' | null }>(
  kind: CategoryKind<N>,
  list: Pick<PagedList<F, unknown>, 'filters' | 'search' | 'reload'>,
): CategoryPanelState<N> {
  const { tree, loading, reload } = useCategoryTree(kind);
  const [selectedId, setSelectedId] = useState<number | undefined>(undefined);
  const onSelect = (id: number | undefined) => {
    setSelectedId(id);
    list.search({ ...list.filters, categoryId: id });
  };
  const onChanged = (next?: N[]) => {
    reload(next);
    list.reload();
  };
  return {
    tree,
    selectedId,
    reload: () => reload(),
    panelProps: { kind, tree, loading, selectedId, onSelect, onChanged },
  };
}

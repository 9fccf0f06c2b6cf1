import { useState } from 'react';
import type { PagedList } from '../../../hooks/usePagedList';
import { type RowAction, useRowAction } from '../../../hooks/useRowAction';
import { useTree } from '../../../hooks/useTree';
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

/**
 * The category panel of a list screen: loads the tree of `kind`, and selecting a category searches
 * `list` with it as `categoryId` (keeping the other filters); a change of the tree reloads the list.
 */
export function useCategoryPanel<N extends CategoryNode<N>, F extends { categoryId?: number | '' | null }>(
  kind: CategoryKind<N>,
  list: Pick<PagedList<F, unknown>, 'filters' | 'search' | 'reload'>,
): CategoryPanelState<N> {
  const { tree, loading, reload } = useTree(kind.calls.tree);
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

/** A category screen's tree beside its list, and the row changes that reload both (the counts move). */
export interface CategoryRows<N extends CategoryNode<N>> extends RowAction<number> {
  categories: CategoryPanelState<N>;
  /** Reloads the list and the tree (after an editor saved). */
  afterChange: () => void;
}

/** `useCategoryPanel` with `useRowAction` for the rows by id: each change reloads the list and the tree. */
export function useCategoryRows<N extends CategoryNode<N>, F extends { categoryId?: number | '' | null }>(
  kind: CategoryKind<N>,
  list: Pick<PagedList<F, unknown>, 'filters' | 'search' | 'reload'>,
): CategoryRows<N> {
  const categories = useCategoryPanel(kind, list);
  const afterChange = () => {
    list.reload();
    categories.reload();
  };
  return { categories, afterChange, ...useRowAction<number>(afterChange) };
}

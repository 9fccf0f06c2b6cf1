/**
 * A node of a category tree the resource screens manage (resource and course categories): the
 * shape every such tree shares, whatever it counts.
 */
export interface CategoryNode<N> {
  id: number;
  parentId: number | null;
  name: string;
  children: readonly N[];
}

/** Where a dragged category goes: under `parentId` (null: the root) at `index` among its new siblings. */
export interface CategoryDrop {
  id: number;
  parentId: number | null;
  index: number;
}

/** What antd's Tree says of a drop. */
export interface TreeDropInfo {
  dragId: number;
  dropId: number;
  /** -1 before the target, 0 onto it, 1 after it (antd's dropPosition minus the target's own position). */
  relative: -1 | 0 | 1;
  /** Dropped in the gap between nodes (before/after) rather than onto the node. */
  dropToGap: boolean;
  /** The target is expanded and has children (a drop just after it lands as its first child). */
  targetExpandedWithChildren: boolean;
}

/** The node of a category, its parent's id and its siblings, or undefined. */
export function findCategory<N extends CategoryNode<N>>(
  tree: readonly N[],
  id: number,
  parentId: number | null = null,
): { node: N; parentId: number | null; siblings: readonly N[] } | undefined {
  for (const node of tree) {
    if (node.id === id) return { node, parentId, siblings: tree };
    const found = findCategory(node.children, id, node.id);
    if (found) return found;
  }
  return undefined;
}

/**
 * The `…/category-drag` arguments of an antd Tree drop: onto a node = its first child; into the gap
 * before or after a node = its sibling at that place (the dragged category not counted); just after
 * an expanded node with children = its first child (where antd shows the line).
 * Undefined when the drop changes nothing or the nodes are unknown.
 */
export function dropTarget<N extends CategoryNode<N>>(
  tree: readonly N[],
  info: TreeDropInfo,
): CategoryDrop | undefined {
  const dragged = findCategory(tree, info.dragId);
  const target = findCategory(tree, info.dropId);
  if (!dragged || !target || info.dragId === info.dropId) return undefined;
  let drop: CategoryDrop;
  if (!info.dropToGap || (info.relative === 1 && info.targetExpandedWithChildren)) {
    drop = { id: info.dragId, parentId: info.dropId, index: 0 };
  } else {
    const siblings = target.siblings.filter((node) => node.id !== info.dragId);
    const at = siblings.findIndex((node) => node.id === info.dropId);
    drop = { id: info.dragId, parentId: target.parentId, index: info.relative === -1 ? at : at + 1 };
  }
  // Put back where it was: the same parent, at its own place among the others.
  const unchanged =
    drop.parentId === dragged.parentId &&
    drop.index === dragged.siblings.findIndex((node) => node.id === info.dragId);
  return unchanged ? undefined : drop;
}

/** The ids of a category and all below it (a category cannot move into these). */
export function descendantIds<N extends CategoryNode<N>>(node: N): number[] {
  return [node.id, ...node.children.flatMap(descendantIds)];
}

/** The ids of the categories that have children (the tree starts with all of them expanded). */
export function parentIds<N extends CategoryNode<N>>(tree: readonly N[]): number[] {
  return tree.flatMap((node) => (node.children.length ? [node.id, ...parentIds(node.children)] : []));
}

/** Options of a TreeSelect of categories: `name` with values the ids. */
export interface CategoryOption {
  value: number;
  title: string;
  children: CategoryOption[];
}

/** The options of a TreeSelect that picks a category of `tree`. */
export function categoryOptions<N extends CategoryNode<N>>(tree: readonly N[]): CategoryOption[] {
  return tree.map((node) => ({ value: node.id, title: node.name, children: categoryOptions(node.children) }));
}

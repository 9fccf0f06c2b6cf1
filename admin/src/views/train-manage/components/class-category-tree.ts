import {
  CLASS_CATEGORY_LEVEL,
  type ClassCategoryDropPosition,
  type ClassCategoryNode,
} from '@px/api/contract';

/** What `class/category-drag` takes. */
export interface CategoryMove {
  id: number;
  targetId: number;
  position: ClassCategoryDropPosition;
}

/**
 * Whether a category of `dragLevel` may be dropped at `position` of a node of `dropLevel`, by the
 * server's rules: base types never move and a category keeps its level (a major type lands among a
 * base type's children, a major child among a major type's), so nothing becomes a fourth level.
 */
export function canDropCategory(
  dragLevel: number,
  dropLevel: number,
  position: ClassCategoryDropPosition,
): boolean {
  if (dragLevel === CLASS_CATEGORY_LEVEL.BASE) return false;
  const parentLevel = position === 'inner' ? dropLevel : dropLevel - 1;
  return parentLevel + 1 === dragLevel;
}

/**
 * The drop position of antd's Tree as the API names it: inside the node when not dropped into a
 * gap, otherwise before or after it. antd gives `dropPosition` relative to the node's index among
 * its siblings (the last part of `pos`, `0-1-2`).
 */
export function dropPositionOf(info: {
  dropToGap: boolean;
  dropPosition: number;
  node: { pos: string };
}): ClassCategoryDropPosition {
  if (!info.dropToGap) return 'inner';
  const index = Number(info.node.pos.split('-').at(-1));
  return info.dropPosition - index < 0 ? 'before' : 'after';
}

/** The node of `id` and its siblings, or undefined. */
export function locateCategory(
  tree: ClassCategoryNode[],
  id: number,
): { node: ClassCategoryNode; siblings: ClassCategoryNode[] } | undefined {
  for (const node of tree) {
    if (node.id === id) return { node, siblings: tree };
    const found = locateCategory(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The drag that moves a category one place up or down among its siblings; undefined at the edge. */
export function siblingMove(
  tree: ClassCategoryNode[],
  id: number,
  direction: 'up' | 'down',
): CategoryMove | undefined {
  const found = locateCategory(tree, id);
  if (!found) return undefined;
  const index = found.siblings.indexOf(found.node);
  const neighbour = found.siblings[direction === 'up' ? index - 1 : index + 1];
  if (!neighbour) return undefined;
  return { id, targetId: neighbour.id, position: direction === 'up' ? 'before' : 'after' };
}

/** The ids of every node that has children (to expand the whole tree). */
export function parentIds(tree: ClassCategoryNode[]): number[] {
  return tree.flatMap((node) => (node.children.length ? [node.id, ...parentIds(node.children)] : []));
}

import type { CategoryTreeNode } from './category-tree.service';

/** How a category tree is answered by the module whose items it files. */

/** A node of a tree answered with its item count under the module's own name (`courseCount`, ...). */
export type CountedCategoryNode<K extends string> = Omit<CategoryTreeNode, 'itemCount' | 'children'> &
  Record<K, number> & { children: CountedCategoryNode<K>[] };

/** The tree's nodes with each item count under `countKey`, children likewise. */
export function presentCategoryTree<K extends string>(
  nodes: readonly CategoryTreeNode[],
  countKey: K,
): CountedCategoryNode<K>[] {
  return nodes.map(
    ({ itemCount, children, ...item }) =>
      ({
        ...item,
        [countKey]: itemCount,
        children: presentCategoryTree(children, countKey),
      }) as CountedCategoryNode<K>,
  );
}

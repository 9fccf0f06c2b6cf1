import type { ResourceCategoryNode } from '@px/api/contract';
import {
  categoryOptions,
  descendantIds,
  dropTarget,
  findCategory,
  parentIds,
  type TreeDropInfo,
} from './category-tree';

function node(
  id: number,
  name: string,
  children: ResourceCategoryNode[] = [],
  parentId: number | null = null,
): ResourceCategoryNode {
  return { id, parentId, name, sort: 0, resourceCount: 0, children };
}

// A(1)[A1(11) A2(12)[A21(121)]] B(2) C(3)
const TREE = [
  node(1, 'A', [node(11, 'A1', [], 1), node(12, 'A2', [node(121, 'A21', [], 12)], 1)]),
  node(2, 'B'),
  node(3, 'C'),
];

const drop = (
  dragId: number,
  dropId: number,
  relative: -1 | 0 | 1,
  dropToGap = true,
  expanded = false,
): TreeDropInfo => ({
  dragId,
  dropId,
  relative,
  dropToGap,
  targetExpandedWithChildren: expanded,
});

describe('dropTarget', () => {
  it('onto a node: its first child', () => {
    expect(dropTarget(TREE, drop(3, 1, 0, false))).toEqual({ id: 3, parentId: 1, index: 0 });
    expect(dropTarget(TREE, drop(11, 2, 0, false))).toEqual({ id: 11, parentId: 2, index: 0 });
  });

  it('before or after a sibling: that place among the others', () => {
    expect(dropTarget(TREE, drop(3, 1, -1))).toEqual({ id: 3, parentId: null, index: 0 });
    expect(dropTarget(TREE, drop(1, 3, 1))).toEqual({ id: 1, parentId: null, index: 2 });
    expect(dropTarget(TREE, drop(1, 2, 1))).toEqual({ id: 1, parentId: null, index: 1 });
    expect(dropTarget(TREE, drop(3, 2, -1))).toEqual({ id: 3, parentId: null, index: 1 });
  });

  it('into another level: beside a node of that level, or out to the root', () => {
    expect(dropTarget(TREE, drop(2, 11, 1))).toEqual({ id: 2, parentId: 1, index: 1 });
    expect(dropTarget(TREE, drop(121, 3, 1))).toEqual({ id: 121, parentId: null, index: 3 });
    expect(dropTarget(TREE, drop(121, 1, -1))).toEqual({ id: 121, parentId: null, index: 0 });
  });

  it('just after an expanded node with children: its first child', () => {
    expect(dropTarget(TREE, drop(3, 1, 1, true, true))).toEqual({ id: 3, parentId: 1, index: 0 });
  });

  it('nothing for a drop that changes nothing or unknown nodes', () => {
    expect(dropTarget(TREE, drop(2, 1, 1))).toBeUndefined();
    expect(dropTarget(TREE, drop(2, 3, -1))).toBeUndefined();
    expect(dropTarget(TREE, drop(2, 2, 0, false))).toBeUndefined();
    expect(dropTarget(TREE, drop(99, 2, 0, false))).toBeUndefined();
  });
});

test('findCategory, descendantIds, parentIds and categoryOptions', () => {
  expect(findCategory(TREE, 121)).toMatchObject({ node: { name: 'A21' }, parentId: 12 });
  expect(findCategory(TREE, 5)).toBeUndefined();
  expect(descendantIds(TREE[0] as ResourceCategoryNode)).toEqual([1, 11, 12, 121]);
  expect(parentIds(TREE)).toEqual([1, 12]);
  expect(categoryOptions([node(2, 'B', [node(21, 'B1')])])).toEqual([
    { value: 2, title: 'B', children: [{ value: 21, title: 'B1', children: [] }] },
  ]);
});

import type { ClassCategoryNode } from '@px/api/contract';
import {
  canDropCategory,
  dropPositionOf,
  locateCategory,
  parentIds,
  siblingMove,
} from './class-category-tree';

const node = (id: number, level: 1 | 2 | 3, children: ClassCategoryNode[] = []): ClassCategoryNode => ({
  id,
  parentId: null,
  level,
  code: level === 1 ? (id === 1 ? 'public' : 'specialized') : null,
  name: `分类${id}`,
  sort: 1,
  children,
});

const TREE = [node(1, 1, [node(11, 2, [node(111, 3), node(112, 3)]), node(12, 2)]), node(2, 1)];

describe('canDropCategory', () => {
  test.each([
    // A major type: among base types' children only.
    [2, 1, 'inner', true],
    [2, 2, 'before', true],
    [2, 2, 'after', true],
    [2, 1, 'before', false],
    [2, 2, 'inner', false],
    [2, 3, 'after', false],
    // A major child: among major types' children only, never a fourth level.
    [3, 2, 'inner', true],
    [3, 3, 'before', true],
    [3, 3, 'inner', false],
    [3, 1, 'inner', false],
    [3, 2, 'after', false],
    // Base types never move.
    [1, 1, 'before', false],
    [1, 2, 'inner', false],
  ] as const)('level %d onto level %d (%s): %s', (dragLevel, dropLevel, position, allowed) => {
    expect(canDropCategory(dragLevel, dropLevel, position)).toBe(allowed);
  });
});

describe('dropPositionOf', () => {
  test('reads antd’s absolute drop position relative to the node’s index', () => {
    expect(dropPositionOf({ dropToGap: false, dropPosition: 2, node: { pos: '0-0-2' } })).toBe('inner');
    expect(dropPositionOf({ dropToGap: true, dropPosition: 1, node: { pos: '0-0-2' } })).toBe('before');
    expect(dropPositionOf({ dropToGap: true, dropPosition: 3, node: { pos: '0-0-2' } })).toBe('after');
    expect(dropPositionOf({ dropToGap: true, dropPosition: -1, node: { pos: '0-0' } })).toBe('before');
  });
});

describe('siblingMove', () => {
  test('moves before the previous or after the next sibling; nothing at the edges', () => {
    expect(siblingMove(TREE, 112, 'up')).toEqual({ id: 112, targetId: 111, position: 'before' });
    expect(siblingMove(TREE, 11, 'down')).toEqual({ id: 11, targetId: 12, position: 'after' });
    expect(siblingMove(TREE, 111, 'up')).toBeUndefined();
    expect(siblingMove(TREE, 12, 'down')).toBeUndefined();
    expect(siblingMove(TREE, 99, 'up')).toBeUndefined();
  });
});

test('locateCategory finds a node with its siblings; parentIds lists the nodes with children', () => {
  const found = locateCategory(TREE, 112);
  expect(found?.node.id).toBe(112);
  expect(found?.siblings.map((sibling) => sibling.id)).toEqual([111, 112]);
  expect(parentIds(TREE)).toEqual([1, 11]);
});

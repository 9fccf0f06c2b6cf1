import type { RegionNode } from '@px/api/contract';
import { regionCascaderValue, regionCodePath, regionOptions, regionPathMatches } from './region-tree';

const TREE: RegionNode[] = [
  {
    code: '370000',
    name: '山东省',
    children: [
      { code: '370100', name: '济南市', children: [{ code: '370102', name: '历下区', children: [] }] },
    ],
  },
];

describe('region tree helpers', () => {
  it('finds the path of a code', () => {
    expect(regionCodePath(TREE, '370102')).toEqual(['370000', '370100', '370102']);
    expect(regionCodePath(TREE, '370000')).toEqual(['370000']);
    expect(regionCodePath(TREE, '110000')).toEqual([]);
    expect(regionCodePath(TREE, null)).toEqual([]);
    expect(regionCascaderValue(TREE, '370100')).toEqual(['370000', '370100']);
    expect(regionCascaderValue(TREE, '110000')).toEqual(['110000']);
  });

  it('builds Cascader options cut at a depth', () => {
    expect(regionOptions(TREE, 2)).toEqual([
      { value: '370000', label: '山东省', children: [{ value: '370100', label: '济南市' }] },
    ]);
    expect(regionOptions(TREE)[0]?.children?.[0]?.children).toEqual([{ value: '370102', label: '历下区' }]);
  });

  it('matches a typed name anywhere on the path', () => {
    const path = [{ label: '山东省' }, { label: '济南市' }];
    expect(regionPathMatches('济南', path)).toBe(true);
    expect(regionPathMatches(' 山东 ', path)).toBe(true);
    expect(regionPathMatches('青岛', path)).toBe(false);
  });
});

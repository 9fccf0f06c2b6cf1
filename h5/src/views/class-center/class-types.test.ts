import type { ClassCenterItem } from '@px/api/contract';
import { buildSystemInfo } from '@px/test/jest/system-info';
import {
  filterByMajor,
  majorTypeTree,
  NO_MAJOR,
  pathNames,
  resolveSelection,
  shownBaseTypes,
} from './class-types';

const item = (id: number, categoryPath: string) => ({ id, categoryPath }) as ClassCenterItem;
const ITEMS = [
  item(1, '专业科目 / 建筑施工 / 安全员'),
  item(2, '专业科目 / 医疗卫生'),
  item(3, '专业科目 / 建筑施工 / 施工员'),
  item(4, '专业科目'),
  item(5, '专业科目 / 建筑施工 / 安全员'),
];
const SHOW_ALL = { hideMajorType: 0, hideMajorChildType: 0 } as const;

describe('shownBaseTypes', () => {
  it('follows h5Config.showClassType in its order, without the hidden base types', () => {
    expect(shownBaseTypes(buildSystemInfo())).toEqual(['public', 'specialized']);
    expect(
      shownBaseTypes(buildSystemInfo({ h5Config: { showClassType: ['specialized', 'public'] } })),
    ).toEqual(['specialized', 'public']);
    expect(shownBaseTypes(buildSystemInfo({ hidePublicType: 1 }))).toEqual(['specialized']);
    expect(shownBaseTypes(buildSystemInfo({ hidePublicType: 1, hideSpecializedType: 1 }))).toEqual([]);
    expect(shownBaseTypes(buildSystemInfo({ h5Config: { showClassType: ['public'] } }))).toEqual(['public']);
  });
});

describe('the major type tree from categoryPath', () => {
  it('reads the names of a path', () => {
    expect(pathNames(' 专业科目 / 建筑施工 /安全员 ')).toEqual(['专业科目', '建筑施工', '安全员']);
  });

  it('lists major types in first-seen order with their children once each', () => {
    expect(majorTypeTree(ITEMS, SHOW_ALL)).toEqual([
      { name: '建筑施工', children: ['安全员', '施工员'] },
      { name: '医疗卫生', children: [] },
    ]);
  });

  it('drops the children with hideMajorChildType and everything with hideMajorType', () => {
    expect(majorTypeTree(ITEMS, { hideMajorType: 0, hideMajorChildType: 1 })).toEqual([
      { name: '建筑施工', children: [] },
      { name: '医疗卫生', children: [] },
    ]);
    expect(majorTypeTree(ITEMS, { hideMajorType: 1, hideMajorChildType: 0 })).toEqual([]);
  });

  it('filters by a major type and a child', () => {
    expect(filterByMajor(ITEMS, NO_MAJOR).map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5]);
    expect(filterByMajor(ITEMS, { major: '建筑施工', child: null }).map((entry) => entry.id)).toEqual([
      1, 3, 5,
    ]);
    expect(filterByMajor(ITEMS, { major: '建筑施工', child: '安全员' }).map((entry) => entry.id)).toEqual([
      1, 5,
    ]);
  });
});

describe('resolveSelection', () => {
  const tree = majorTypeTree(ITEMS, SHOW_ALL);

  it('keeps a choice while it exists, and 全部 once chosen', () => {
    expect(resolveSelection(tree, { major: '建筑施工', child: '施工员' }, /医疗/)).toEqual({
      major: '建筑施工',
      child: '施工员',
    });
    expect(resolveSelection(tree, NO_MAJOR, /医疗/)).toEqual(NO_MAJOR);
    expect(resolveSelection(tree, { major: '建筑施工', child: '电工' }, undefined)).toEqual({
      major: '建筑施工',
      child: null,
    });
  });

  it('falls back to the preferred major type, else 全部', () => {
    expect(resolveSelection(tree, undefined, /医疗/)).toEqual({ major: '医疗卫生', child: null });
    expect(resolveSelection(tree, { major: '消防', child: null }, /医疗/)).toEqual({
      major: '医疗卫生',
      child: null,
    });
    expect(resolveSelection(tree, undefined, /技能/)).toEqual(NO_MAJOR);
    expect(resolveSelection(tree, undefined, undefined)).toEqual(NO_MAJOR);
  });
});

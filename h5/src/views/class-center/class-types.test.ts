import { CLASS_TREE } from './class-tree.fixture';
import { majorTypesOf, NO_MAJOR, resolveSelection, selectedCategoryId } from './class-types';

describe('the major types of a base type', () => {
  it('answers the children of the base type, none when it is missing or has none', () => {
    expect(majorTypesOf(CLASS_TREE, 'specialized').map((node) => node.name)).toEqual([
      '建筑施工',
      '职业技能',
    ]);
    expect(majorTypesOf(CLASS_TREE, 'public').map((node) => node.id)).toEqual([11]);
    expect(majorTypesOf([{ id: 1, code: 'public', name: '公需科目', children: [] }], 'public')).toEqual([]);
    expect(majorTypesOf(CLASS_TREE.slice(0, 1), 'specialized')).toEqual([]);
  });

  it('pages by the child, else the major type, else nothing', () => {
    expect(selectedCategoryId(NO_MAJOR)).toBeUndefined();
    expect(selectedCategoryId({ major: 21, child: null })).toBe(21);
    expect(selectedCategoryId({ major: 21, child: 212 })).toBe(212);
  });
});

describe('resolveSelection', () => {
  const majors = majorTypesOf(CLASS_TREE, 'specialized');

  it('keeps a choice while it exists, and 全部 once chosen', () => {
    expect(resolveSelection(majors, { major: 21, child: 212 }, /技能/)).toEqual({ major: 21, child: 212 });
    expect(resolveSelection(majors, NO_MAJOR, /技能/)).toEqual(NO_MAJOR);
    expect(resolveSelection(majors, { major: 21, child: 221 }, undefined)).toEqual({
      major: 21,
      child: null,
    });
  });

  it('falls back to the preferred major type, else 全部', () => {
    expect(resolveSelection(majors, undefined, /技能/)).toEqual({ major: 22, child: null });
    expect(resolveSelection(majors, { major: 99, child: null }, /技能/)).toEqual({ major: 22, child: null });
    expect(resolveSelection(majors, undefined, /医疗/)).toEqual(NO_MAJOR);
    expect(resolveSelection(majors, undefined, undefined)).toEqual(NO_MAJOR);
    expect(resolveSelection([], { major: 21, child: null }, /建筑/)).toEqual(NO_MAJOR);
  });
});

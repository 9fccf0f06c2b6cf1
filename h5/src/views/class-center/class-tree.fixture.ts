import type { ClassCenterBaseType } from '@px/api/contract';

/**
 * A class-type tree as `class/center-categories` answers it, for the class centre's tests: 公需科目
 * (继续教育) and 专业科目 (建筑施工 with 安全员 and 施工员; 职业技能 with 电工).
 */
export const CLASS_TREE: ClassCenterBaseType[] = [
  { id: 1, code: 'public', name: '公需科目', children: [{ id: 11, name: '继续教育', children: [] }] },
  {
    id: 2,
    code: 'specialized',
    name: '专业科目',
    children: [
      {
        id: 21,
        name: '建筑施工',
        children: [
          { id: 211, name: '安全员', children: [] },
          { id: 212, name: '施工员', children: [] },
        ],
      },
      { id: 22, name: '职业技能', children: [{ id: 221, name: '电工', children: [] }] },
    ],
  },
];

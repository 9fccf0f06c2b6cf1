import { type ClassCategoryNode, type ClassItem, chinaYear, type TrainPlanItem } from '@px/api/contract';
import { buildAccountInfo } from '../../../testing/render-app';

/** Test data of the class screens' tests (not a test file itself). */

/** This year in China, as the screens count years. */
export const YEAR = chinaYear(new Date());

/** Project staff granted both class screens. */
export const CLASS_STAFF = buildAccountInfo([
  '/home',
  '/train-manage/class',
  '/train-manage/train-class-detail',
]);

/** A published plan of this year. */
export function buildPlan(id: number, name: string, overrides: Partial<TrainPlanItem> = {}): TrainPlanItem {
  return {
    id,
    year: YEAR,
    name,
    industry: 'construction',
    industryName: '建筑业',
    startDate: `${YEAR}-01-01`,
    endDate: `${YEAR}-12-31`,
    status: 'PUBLISHED',
    description: null,
    publishedAt: null,
    closedAt: null,
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/** 公需科目 (1); 专业科目 (2) > 建筑施工 (21) > 安全员 (211). */
export const CLASS_TREE: ClassCategoryNode[] = [
  { id: 1, parentId: null, level: 1, code: 'public', name: '公需科目', sort: 1, children: [] },
  {
    id: 2,
    parentId: null,
    level: 1,
    code: 'specialized',
    name: '专业科目',
    sort: 2,
    children: [
      {
        id: 21,
        parentId: 2,
        level: 2,
        code: null,
        name: '建筑施工',
        sort: 1,
        children: [{ id: 211, parentId: 21, level: 3, code: null, name: '安全员', sort: 1, children: [] }],
      },
    ],
  },
];

/** A class on the shelf, offered, of plan 10 and category 建筑施工 (21). */
export function buildClass(overrides: Partial<ClassItem> = {}): ClassItem {
  return {
    id: 1,
    name: '安全员继续教育班',
    planId: 10,
    planName: '建筑业继续教育计划',
    year: YEAR,
    categoryId: 21,
    baseType: 'specialized',
    categoryPath: '专业科目 / 建筑施工',
    amount: 9800,
    enrolStartDate: `${YEAR}-01-01`,
    enrolEndDate: `${YEAR}-12-31`,
    studyStartDate: `${YEAR}-02-01`,
    studyEndDate: `${YEAR + 1}-06-30`,
    onShelf: true,
    offered: true,
    sort: 1,
    requiredHours: 12.5,
    electiveHours: 4,
    courseCount: 3,
    enrolledCount: 0,
    unpaidCount: 0,
    leftCount: 0,
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

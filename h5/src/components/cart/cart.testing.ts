import type { CartAnswer, CartItem, ClassCenterDetail, ClassLessonItem } from '@px/api/contract';

/** A lesson of the detail fixture: ten minutes, one hour, no trial unless told. */
export function buildLesson(overrides: Partial<ClassLessonItem> = {}): ClassLessonItem {
  return {
    lessonId: 101,
    name: '安全生产法概述',
    durationSeconds: 600,
    hours: 1,
    trialSeconds: 0,
    ...overrides,
  };
}

/**
 * A `class/find-detail` answer for the screen tests: class 5, ¥98.00, a required course with a
 * trial lesson and a lesson without, and an elective course; anonymous unless told.
 */
export function buildClassDetail(overrides: Partial<ClassCenterDetail> = {}): ClassCenterDetail {
  return {
    id: 5,
    name: '2025 年安全员继续教育班',
    year: 2025,
    baseType: 'specialized',
    categoryPath: '专业科目 / 建筑施工 / 安全员',
    amount: 9800,
    requiredHours: 12,
    electiveHours: 4,
    courseCount: 2,
    teacherName: '李老师',
    enrolStartDate: '2025-01-01',
    enrolEndDate: '2025-12-31',
    studyStartDate: '2025-02-01',
    studyEndDate: '2026-01-31',
    rating: 4.5,
    evaluationCount: 2,
    description: '面向建筑施工企业安全员的年度继续教育。',
    studyInOrder: false,
    examRequired: true,
    examPassScore: 80,
    applyRequired: false,
    inCart: null,
    enrolled: null,
    apply: null,
    courses: [
      {
        courseId: 11,
        name: '安全生产法律法规',
        teacherName: '王老师',
        kind: 'REQUIRED',
        hours: 12,
        courseHours: 12,
        lessonCount: 2,
        sort: 1,
        lessons: [
          buildLesson({ lessonId: 101, name: '第一课 安全生产法', trialSeconds: 30 }),
          buildLesson({ lessonId: 102, name: '第二课 事故案例分析' }),
        ],
      },
      {
        courseId: 12,
        name: '施工现场急救常识',
        teacherName: null,
        kind: 'ELECTIVE',
        hours: 4,
        courseHours: 4,
        lessonCount: 1,
        sort: 2,
        lessons: [buildLesson({ lessonId: 201, name: '心肺复苏' })],
      },
    ],
    ...overrides,
  };
}

/** A cart item of class `classId` (available unless told). */
export function buildCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 31,
    classId: 5,
    className: '2025 年安全员继续教育班',
    year: 2025,
    baseType: 'specialized',
    categoryPath: '专业科目 / 建筑施工 / 安全员',
    amount: 9800,
    requiredHours: 12,
    electiveHours: 4,
    available: true,
    unavailableReason: null,
    addedAt: '2025-03-01T08:00:00.000Z',
    ...overrides,
  };
}

/** A `shop-cart/find` answer holding `items`, totals as the server sums them. */
export function buildCart(items: CartItem[]): CartAnswer {
  const available = items.filter((item) => item.available);
  return {
    items,
    totalAmount: available.reduce((sum, item) => sum + item.amount, 0),
    availableCount: available.length,
  };
}

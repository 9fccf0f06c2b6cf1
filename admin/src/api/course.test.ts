import { callUrl } from '@px/config';
import { courseCategoryCalls, deleteCourse, getCourse, queryCourses, saveCourse } from './course';
import { api } from './request';

jest.mock('./request', () => ({ api: { call: jest.fn(() => Promise.resolve(null)) } }));

const callMock = jest.mocked(api.call);
/** The URL of the last call and what it sent (its JSON body, then its options). */
const sent = () => {
  const [key, ...rest] = callMock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest];
};

beforeEach(() => callMock.mockClear());

describe('course calls', () => {
  it('post their inputs in the body', async () => {
    const lessons = [{ resourceId: 7, hours: 1.5, trialSeconds: 30 }];
    const cases: [() => Promise<unknown>, unknown[]][] = [
      [() => courseCategoryCalls.tree(), ['/course/category-tree.action', {}]],
      [
        () => courseCategoryCalls.tree({ quiet: true }),
        ['/course/category-tree.action', {}, { quiet: true }],
      ],
      [
        () => courseCategoryCalls.save({ name: '安全', parentId: 3 }),
        ['/course/category-save.action', { name: '安全', parentId: 3 }],
      ],
      [
        () => courseCategoryCalls.drag(4, null, 2),
        ['/course/category-drag.action', { id: 4, parentId: null, index: 2 }],
      ],
      [() => courseCategoryCalls.remove(4), ['/course/category-delete.action', { id: 4 }]],
      [
        () => queryCourses({ pageNum: 2, pageSize: 10, name: '消防', teacherName: '王', categoryId: 3 }),
        [
          '/course/query.action',
          { pageNum: 2, pageSize: 10, name: '消防', teacherName: '王', categoryId: 3 },
        ],
      ],
      [() => getCourse(9), ['/course/get.action', { id: 9 }]],
      [
        () => saveCourse({ id: 9, name: '消防安全', categoryId: 3, status: 'DRAFT', lessons }),
        ['/course/save.action', { id: 9, name: '消防安全', categoryId: 3, status: 'DRAFT', lessons }],
      ],
      [() => deleteCourse(9), ['/course/delete.action', { id: 9 }]],
    ];
    for (const [call, expected] of cases) {
      callMock.mockClear();
      await call();
      expect(callMock).toHaveBeenCalledTimes(1);
      expect(sent()).toEqual(expected);
    }
  });
});

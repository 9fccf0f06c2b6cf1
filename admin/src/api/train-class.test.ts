import { callUrl } from '@px/config';
import { api } from './request';
import {
  batchCopyClasses,
  batchModifyClasses,
  copyClass,
  deleteClass,
  exportClasses,
  getClass,
  listClassEvaluations,
  listClasses,
  saveClass,
  setClassAmount,
  setClassesOnShelf,
  setEvaluationStatus,
  sortClasses,
} from './train-class';

jest.mock('./request', () => ({
  api: {
    call: jest.fn(() => Promise.resolve(null)),
    download: jest.fn(() => Promise.resolve(new Blob(['xlsx']))),
  },
}));

const callMock = jest.mocked(api.call);
const downloadMock = jest.mocked(api.download);
/** The URL of the last call of `mock` and what it sent (its JSON body, then its options). */
const sent = (mock: { mock: { lastCall?: readonly unknown[] } } = callMock) => {
  const [key, ...rest] = mock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest];
};

beforeEach(() => {
  callMock.mockClear();
  downloadMock.mockClear();
});

describe('class calls', () => {
  it('post their inputs in the body', async () => {
    await listClasses({ pageNum: 2, pageSize: 10, year: 2025, shelf: 'ON', categoryId: 4 });
    expect(sent()).toEqual([
      '/class/page.action',
      { pageNum: 2, pageSize: 10, year: 2025, shelf: 'ON', categoryId: 4 },
    ]);
    await getClass(3);
    expect(sent()).toEqual(['/class/detail.action', { id: 3 }]);
    const payload = {
      name: '安全员继续教育班',
      planId: 1,
      year: 2025,
      categoryId: 5,
      amount: 9800,
      enrolStartDate: '2025-01-01',
      enrolEndDate: '2025-12-31',
      studyStartDate: '2025-01-01',
      studyEndDate: '2026-06-30',
      electiveHours: 2.5,
      studyInOrder: false,
      examRequired: true,
      applyRequired: false,
      examPassScore: 60,
      courses: [{ courseId: 7, kind: 'REQUIRED' as const, hours: 3.5 }],
    };
    await saveClass(payload);
    expect(sent()).toEqual(['/class/create.action', payload]);
    await setClassesOnShelf([3, 4], true);
    expect(sent()).toEqual(['/class/on-shelf.action', { ids: [3, 4], onShelf: true }]);
    await setClassAmount(3, 12000);
    expect(sent()).toEqual(['/class/amount.action', { id: 3, amount: 12000 }]);
    await copyClass(3);
    expect(sent()).toEqual(['/class/copy.action', { id: 3 }]);
    await batchCopyClasses({ ids: [3, 4], planId: 2, year: 2026 });
    expect(sent()).toEqual(['/class/batch-copy.action', { ids: [3, 4], planId: 2, year: 2026 }]);
    await batchModifyClasses({ ids: [3], amount: 0, enrolEndDate: '2025-10-01' });
    expect(sent()).toEqual([
      '/class/batch-modify.action',
      { ids: [3], amount: 0, enrolEndDate: '2025-10-01' },
    ]);
    await deleteClass(3);
    expect(sent()).toEqual(['/class/delete.action', { id: 3 }]);
    await sortClasses([{ id: 3, sort: 1 }]);
    expect(sent()).toEqual(['/class/sort.action', { items: [{ id: 3, sort: 1 }] }]);
    await listClassEvaluations({ classId: 3, pageNum: 1, pageSize: 10 }, { quiet: true });
    expect(sent()).toEqual([
      '/class/evaluate-list.action',
      { classId: 3, pageNum: 1, pageSize: 10 },
      { quiet: true },
    ]);
    await setEvaluationStatus(8, 'HIDDEN');
    expect(sent()).toEqual(['/class/evaluate-status.action', { id: 8, status: 'HIDDEN' }]);
    expect(downloadMock).not.toHaveBeenCalled();
  });

  it('downloads the export as a blob with the filters as its input', async () => {
    await expect(exportClasses({ name: '安全', shelf: 'OFF' })).resolves.toBeInstanceOf(Blob);
    expect(downloadMock).toHaveBeenCalledTimes(1);
    expect(sent(downloadMock)).toEqual(['/class/export.action', { name: '安全', shelf: 'OFF' }]);
    expect(callMock).not.toHaveBeenCalled();
  });
});

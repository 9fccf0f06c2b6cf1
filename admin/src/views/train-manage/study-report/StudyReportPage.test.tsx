import type { StudyReportPage as ReportPage, StudyReportRow } from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getUnitOptions } from '../../../api/account';
import {
  exportStudyReport,
  getReportClassOptions,
  getReportStudent,
  listStudyReport,
  verifyStudyLedger,
} from '../../../api/study-report';
import { showAllListColumns } from '../../../testing/list-columns';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { STUDY_REPORT_EXPORT_FILE, StudyReportPage } from './StudyReportPage';
import { ReportStudentPage } from './student-detail/ReportStudentPage';

jest.mock('../../../api/study-report', () => ({
  listStudyReport: jest.fn(),
  exportStudyReport: jest.fn(),
  getReportClassOptions: jest.fn(),
  getReportStudent: jest.fn(),
  verifyStudyLedger: jest.fn(),
}));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));
jest.mock('../../../api/account', () => ({ getUnitOptions: jest.fn() }));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const listMock = jest.mocked(listStudyReport);
const classesMock = jest.mocked(getReportClassOptions);

const ALL_PAGES = buildAccountInfo([
  '/home',
  '/train-manage/study-report',
  '/train-manage/study-report/student-detail',
  '/train-manage/study-report/study-detail',
  '/student-manage/student-detail',
]);
const LIST_ONLY = buildAccountInfo(['/home', '/train-manage/study-report']);

const ROW: StudyReportRow = {
  myClassId: 31,
  classId: 7,
  className: '公需科目综合学习班',
  year: 2026,
  status: 'STUDYING',
  requiredHours: 1.5,
  electiveHours: 1,
  creditedRequiredHours: 0.5,
  creditedElectiveHours: 0,
  studyStartDate: '2026-01-01',
  studyEndDate: '2027-12-31',
  enrolledAt: '2026-03-02T02:00:00.000Z',
  lastStudyAt: '2026-11-25T12:00:00.000Z',
  finishedStudyAt: null,
  passedAt: null,
  accountId: 11,
  studentName: '李四',
  idCardNo: '370102********2012',
  mobile: '13800000001',
  unitName: '演示培训单位',
  correctedHours: null,
};
const NOT_STARTED: StudyReportRow = {
  ...ROW,
  myClassId: 32,
  className: '安全生产法专题班',
  status: 'PASSED',
  lastStudyAt: null,
  accountId: 12,
  studentName: '王五',
  unitName: null,
};

const page = (list: StudyReportRow[]): ReportPage => ({ list, total: list.length, pageNum: 1, pageSize: 10 });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;

beforeEach(() => {
  // Every column: these tests read what the optional ones hold too.
  showAllListColumns('train-manage/study-report');
  listMock.mockReset().mockResolvedValue(page([ROW, NOT_STARTED]));
  classesMock.mockReset().mockImplementation(async (name?: string) =>
    name === '安全'
      ? [{ id: 8, name: '安全生产法专题班', year: 2026 }]
      : [
          { id: 7, name: '公需科目综合学习班', year: 2026 },
          { id: 8, name: '安全生产法专题班', year: 2026 },
        ],
  );
  jest
    .mocked(exportStudyReport)
    .mockReset()
    .mockResolvedValue(new Blob(['xlsx']));
  jest.mocked(saveBlobAs).mockReset();
  jest
    .mocked(getUnitOptions)
    .mockReset()
    .mockResolvedValue([{ id: 5, name: '演示培训单位' }]);
});

describe('StudyReportPage', () => {
  it('shows each enrolment: student, class, state, hours against the class’s, window and last study', async () => {
    renderScreen(<StudyReportPage />, ALL_PAGES, '/train-manage/study-report');
    await screen.findByText('李四');
    expect(listMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    const row = rowOf('李四');
    for (const text of [
      '370102********2012',
      '演示培训单位',
      '公需科目综合学习班',
      '学习中',
      '必修 0.5 / 1.5',
      '选修 0 / 1',
      '2026-01-01',
      '至 2027-12-31',
    ])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText('李四').closest('a')?.getAttribute('href')).toBe(
      '/train-manage/study-report/student-detail?id=11',
    );
    expect(within(row).getByText('学习详情').closest('a')?.getAttribute('href')).toBe(
      '/train-manage/study-report/study-detail?id=31',
    );
    const other = rowOf('王五');
    for (const text of ['已合格', '未开始']) expect(within(other).getByText(text)).toBeTruthy();
  });

  it('校验学习账本 recomputes the ledgers and names the first entry that does not match', async () => {
    const verify = jest.mocked(verifyStudyLedger).mockReset();
    verify.mockResolvedValueOnce({
      enrolments: 3,
      entries: 7,
      ok: true,
      mismatches: [],
      checkedAt: ROW.enrolledAt,
    });
    verify.mockResolvedValueOnce({
      enrolments: 3,
      entries: 7,
      ok: false,
      mismatches: [
        {
          myClassId: 31,
          studentName: '李四',
          className: '公需科目综合学习班',
          entryId: '12',
          seq: 2,
          kind: 'HOURS',
          problem: 'HASH_MISMATCH',
          problemText: '内容与哈希不符：此条目被改动',
        },
      ],
      checkedAt: ROW.enrolledAt,
    });
    renderScreen(<StudyReportPage />, ALL_PAGES, '/train-manage/study-report');
    await screen.findByText('李四');
    fireEvent.click(button(document.body, '校验学习账本'));
    await screen.findByText('学习账本校验通过：已校验 3 个报名、7 条账本记录，全部一致');
    expect(verify).toHaveBeenCalledWith(undefined);
    fireEvent.click(button(document.body, '校验学习账本'));
    await screen.findByText(/1 个报名不一致/);
    expect(screen.getByText(/第 2 条（记录号 12）内容与哈希不符/)).toBeTruthy();
    expect(screen.getByText('李四 · 公需科目综合学习班').closest('a')?.getAttribute('href')).toBe(
      '/train-manage/study-report/study-detail?id=31',
    );
  });

  it('links only to the pages the role holds', async () => {
    renderScreen(<StudyReportPage />, LIST_ONLY, '/train-manage/study-report');
    await screen.findByText('李四');
    expect(screen.getByText('李四').closest('a')).toBeNull();
    expect(screen.queryByText('学习详情')).toBeNull();
  });

  it('filters by class (searched by name), student, state and unit, and exports those filters', async () => {
    renderScreen(<StudyReportPage />, ALL_PAGES, '/train-manage/study-report');
    await screen.findByText('李四');
    await waitFor(() => expect(classesMock).toHaveBeenCalledWith(undefined));
    fireEvent.mouseDown(input('study-report-filters_classId'));
    fireEvent.change(input('study-report-filters_classId'), { target: { value: '安全' } });
    await waitFor(() => expect(classesMock).toHaveBeenLastCalledWith('安全'));
    fireEvent.click(
      await screen.findByText('安全生产法专题班（2026）', { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.change(screen.getByPlaceholderText('姓名、身份证号或手机号'), { target: { value: ' 李四 ' } });
    fireEvent.mouseDown(input('study-report-filters_status'));
    fireEvent.click(await screen.findByText('已学完', { selector: '.ant-select-item-option-content' }));
    fireEvent.mouseDown(input('study-report-filters_unitId'));
    fireEvent.click(await screen.findByText('演示培训单位', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button(document.body, '查询'));
    const filters = { classId: 8, student: '李四', status: 'FINISHED_STUDY', unitId: 5 };
    await waitFor(() => expect(listMock).toHaveBeenLastCalledWith({ ...filters, pageNum: 1, pageSize: 10 }));
    fireEvent.click(button(document.body, '导出'));
    await waitFor(() => expect(exportStudyReport).toHaveBeenCalledWith(filters));
    await waitFor(() => expect(saveBlobAs).toHaveBeenCalledWith(expect.any(Blob), STUDY_REPORT_EXPORT_FILE));
  });
});

describe('ReportStudentPage', () => {
  it('shows the student and every enrolment with links to the study and the student record', async () => {
    jest
      .mocked(getReportStudent)
      .mockReset()
      .mockResolvedValue({
        student: {
          accountId: 11,
          studentName: '李四',
          idCardNo: '370102********2012',
          mobile: '13800000001',
          unitName: '演示培训单位',
        },
        enrolments: [ROW],
      });
    renderScreen(<ReportStudentPage />, ALL_PAGES, '/train-manage/study-report/student-detail?id=11');
    expect(await screen.findByText('370102********2012')).toBeTruthy();
    expect(getReportStudent).toHaveBeenCalledWith(11);
    const row = rowOf('公需科目综合学习班');
    expect(within(row).getByText('0.5 / 1.5')).toBeTruthy();
    expect(within(row).getByText('学习详情').closest('a')?.getAttribute('href')).toBe(
      '/train-manage/study-report/study-detail?id=31',
    );
    expect(screen.getByText('学员资料').closest('a')?.getAttribute('href')).toBe(
      '/student-manage/student-detail?id=11',
    );
  });
});

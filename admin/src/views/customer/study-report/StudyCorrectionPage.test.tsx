import type { StudyCorrectionItem, StudyDetail, StudyReportRow } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  correctStudyHours,
  correctStudyLesson,
  getReportClassOptions,
  getStudyDetail,
  listStudyCorrections,
  listStudyReport,
} from '../../../api/study-report';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { StudyCorrectionPage } from './StudyCorrectionPage';

jest.mock('../../../api/study-report', () => ({
  listStudyReport: jest.fn(),
  getReportClassOptions: jest.fn(),
  listStudyCorrections: jest.fn(),
  correctStudyHours: jest.fn(),
  correctStudyLesson: jest.fn(),
  getStudyDetail: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const SERVICE = buildAccountInfo(['/home', '/customer', '/customer/study-report']);

const ROW: StudyReportRow = {
  myClassId: 31,
  classId: 7,
  className: '公需科目综合学习班',
  year: 2026,
  status: 'STUDYING',
  requiredHours: 3,
  electiveHours: 0,
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
  unitName: null,
  correctedHours: null,
};
const UNPAID: StudyReportRow = {
  ...ROW,
  myClassId: 32,
  studentName: '孙七',
  idCardNo: null,
  status: 'PENDING_PAY',
};
/** The enrolment row of 李四 (his ID number is only there). */
const liSi = async () => (await screen.findByText('370102********2012')).closest('tr') as HTMLElement;

const CORRECTION: StudyCorrectionItem = {
  id: 5,
  myClassId: 31,
  studentName: '李四',
  className: '公需科目综合学习班',
  target: 'HOURS',
  lessonName: null,
  before: '必修 0.5 / 选修 0.0',
  after: '必修 1.5 / 选修 0.0',
  reason: '线下集中培训签到表补录',
  correctedBy: '客服小王',
  createdAt: '2026-11-26T02:00:00.000Z',
  correctionPushNo: 'P202611260001',
};

const DETAIL = {
  enrolment: ROW,
  lessons: [
    {
      progressId: 102,
      courseName: '安全生产基础',
      kind: 'REQUIRED',
      lessonName: '消防演练示范',
      durationSeconds: 8,
      hours: 1,
      creditedSeconds: 3,
      coverage: 0.375,
      furthestPosition: 6,
      finishedAt: null,
      refusedBeats: 0,
      startedAt: '2026-11-25T11:02:00.000Z',
    },
    {
      progressId: null,
      courseName: '安全生产基础',
      kind: 'REQUIRED',
      lessonName: '现场急救要点',
      durationSeconds: 5,
      hours: 1.5,
      creditedSeconds: 0,
      coverage: 0,
      furthestPosition: 0,
      finishedAt: null,
      refusedBeats: 0,
      startedAt: null,
    },
  ],
  corrections: [],
} as unknown as StudyDetail;

const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

beforeEach(() => {
  jest
    .mocked(listStudyReport)
    .mockReset()
    .mockResolvedValue({ list: [ROW, UNPAID], total: 2, pageNum: 1, pageSize: 10 });
  jest.mocked(getReportClassOptions).mockReset().mockResolvedValue([]);
  jest
    .mocked(listStudyCorrections)
    .mockReset()
    .mockResolvedValue({ list: [CORRECTION], total: 1, pageNum: 1, pageSize: 10 });
  jest.mocked(correctStudyHours).mockReset().mockResolvedValue({ correction: CORRECTION });
  jest
    .mocked(correctStudyLesson)
    .mockReset()
    .mockResolvedValue({ correction: { ...CORRECTION, target: 'LESSON', lessonName: '消防演练示范' } });
  jest.mocked(getStudyDetail).mockReset().mockResolvedValue(DETAIL);
});

test('更正学时 asks for the reason, sends the hours, and the lists are read again; 更正记录 shows 原 → 更正后', async () => {
  // The reader has shown every column of 更正记录 (更正人 and 重新上报 sit behind 列设置).
  window.localStorage.setItem('listColumns:customer/study-report/corrections', '[]');
  renderScreen(<StudyCorrectionPage />, SERVICE, '/customer/study-report');
  const row = await liSi();
  // An enrolment not yet paid has no study record to correct.
  const unpaid = screen.getByText('孙七').closest('tr') as HTMLElement;
  expect(within(unpaid).getByText('尚无学习记录')).toBeTruthy();
  // 更正记录: the original struck through beside what it became, with the push it caused.
  const log = (await screen.findByText('线下集中培训签到表补录')).closest('tr') as HTMLElement;
  for (const text of ['必修 0.5 / 选修 0.0', '必修 1.5 / 选修 0.0', '客服小王', 'P202611260001'])
    expect(within(log).getByText(text)).toBeTruthy();

  fireEvent.click(button(row, '更正学时'));
  const modal = await dialog('更正学时');
  const required = within(modal).getByRole('spinbutton', { name: '必修学时' }) as HTMLInputElement;
  expect(required.value).toBe('0.5');
  fireEvent.change(required, { target: { value: '1.5' } });
  fireEvent.click(button(modal, '保存更正'));
  expect(await within(modal).findByText('请填写更正原因')).toBeTruthy();
  expect(correctStudyHours).not.toHaveBeenCalled();
  fireEvent.change(within(modal).getByLabelText('更正原因'), {
    target: { value: ' 线下集中培训签到表补录 ' },
  });
  fireEvent.click(button(modal, '保存更正'));
  await waitFor(() =>
    expect(correctStudyHours).toHaveBeenCalledWith({
      myClassId: 31,
      requiredHours: 1.5,
      electiveHours: 0,
      reason: '线下集中培训签到表补录',
    }),
  );
  await waitFor(() => expect(listStudyReport).toHaveBeenCalledTimes(2));
  expect(listStudyCorrections).toHaveBeenCalledTimes(2);
});

test('更正课时 lists the lessons; a started one is marked finished with the reason', async () => {
  renderScreen(<StudyCorrectionPage />, SERVICE, '/customer/study-report');
  const row = await liSi();
  fireEvent.click(button(row, '更正课时'));
  const drawer = (await screen.findByText('更正课时：李四「公需科目综合学习班」')).closest(
    '.ant-drawer',
  ) as HTMLElement;
  await waitFor(() => expect(getStudyDetail).toHaveBeenCalledWith(31));
  const started = (await within(drawer).findByText('消防演练示范')).closest('tr') as HTMLElement;
  expect(within(started).getByText('学习中')).toBeTruthy();
  // A lesson never started has nothing to correct.
  const notStarted = within(drawer).getByText('现场急救要点').closest('tr') as HTMLElement;
  expect(within(notStarted).queryByRole('button')).toBeNull();
  fireEvent.click(button(started, '标为已完成'));
  const prompt = await dialog('课时标为已完成');
  fireEvent.change(within(prompt).getByLabelText('更正原因'), {
    target: { value: '断网导致最后两秒未计入' },
  });
  fireEvent.click(button(prompt, '保存更正'));
  await waitFor(() =>
    expect(correctStudyLesson).toHaveBeenCalledWith({
      myClassId: 31,
      progressId: 102,
      finished: true,
      reason: '断网导致最后两秒未计入',
    }),
  );
  await waitFor(() => expect(getStudyDetail).toHaveBeenCalledTimes(2));
  expect(listStudyCorrections).toHaveBeenCalledTimes(2);
});

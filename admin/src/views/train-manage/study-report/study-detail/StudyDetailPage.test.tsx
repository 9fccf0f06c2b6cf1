import type { ReportRefusal, StudyDetail } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fetchCaptureImage, listFaceCaptures } from '../../../../api/student';
import { getStudyDetail, listStudyRefusals } from '../../../../api/study-report';
import { buildAccountInfo } from '../../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../../testing/render-screen';
import { StudyDetailPage } from './StudyDetailPage';

jest.mock('../../../../api/study-report', () => ({
  getStudyDetail: jest.fn(),
  listStudyRefusals: jest.fn(),
}));
jest.mock('../../../../api/student', () => ({ listFaceCaptures: jest.fn(), fetchCaptureImage: jest.fn() }));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const detailMock = jest.mocked(getStudyDetail);
const refusalsMock = jest.mocked(listStudyRefusals);

const STAFF = buildAccountInfo([
  '/home',
  '/train-manage/study-report',
  '/train-manage/study-report/student-detail',
  '/train-manage/study-report/study-detail',
]);

const DETAIL: StudyDetail = {
  enrolment: {
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
  },
  studyInOrder: false,
  examRequired: false,
  lessons: [
    {
      progressId: 101,
      courseName: '安全生产基础',
      kind: 'REQUIRED',
      lessonName: '安全生产概述',
      durationSeconds: 12,
      hours: 0.5,
      creditedSeconds: 12,
      coverage: 1,
      furthestPosition: 12,
      finishedAt: '2026-11-25T11:00:17.000Z',
      refusedBeats: 2,
      startedAt: '2026-11-25T11:00:00.000Z',
    },
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
      refusedBeats: 2,
      startedAt: '2026-11-25T11:02:00.000Z',
    },
    {
      progressId: null,
      courseName: '现场急救实务',
      kind: 'ELECTIVE',
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
  refusalCounts: [
    { reason: 'SEEK_AHEAD', count: 1 },
    { reason: 'SPEED', count: 1 },
  ],
  refusalTotal: 2,
  popupAnswers: [
    {
      id: 1,
      lessonName: '安全生产概述',
      markSecond: 6,
      content: '发现火情后，第一步应当做什么？',
      answer: 'B',
      correct: true,
      answeredAt: '2026-11-25T11:00:13.000Z',
    },
  ],
  captureCount: 0,
  corrections: [],
};

const refusal = (id: number, progressId: number, reason: ReportRefusal['reason'], position: number) => ({
  id,
  createdAt: '2026-11-25T11:00:05.000Z',
  progressId,
  lessonName: progressId === 101 ? '安全生产概述' : '消防演练示范',
  position,
  reason,
});

const rowOf = (container: HTMLElement, text: string) =>
  within(container).getByText(text).closest('tr') as HTMLElement;
const card = (title: RegExp) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;

beforeAll(() => {
  // jsdom lays nothing out: scrolling to the refusals is a no-op here.
  Element.prototype.scrollIntoView = jest.fn();
});

beforeEach(() => {
  detailMock.mockReset().mockResolvedValue(DETAIL);
  refusalsMock.mockReset().mockImplementation(async (query) => {
    const all = [refusal(2, 102, 'SPEED', 8), refusal(1, 101, 'SEEK_AHEAD', 11)];
    const list = all.filter((row) => !query.progressId || row.progressId === query.progressId);
    return { list, total: list.length, pageNum: 1, pageSize: 10 };
  });
  jest
    .mocked(listFaceCaptures)
    .mockReset()
    .mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 10 });
  jest.mocked(fetchCaptureImage).mockReset();
});

describe('StudyDetailPage', () => {
  it('shows the enrolment, each lesson’s credited time and coverage, refusals by reason and the pop-up answers', async () => {
    renderScreen(<StudyDetailPage />, STAFF, '/train-manage/study-report/study-detail?id=31');
    await screen.findByText('课时学习记录');
    expect(detailMock).toHaveBeenCalledWith(31);
    expect(screen.getByText('李四').closest('a')?.getAttribute('href')).toBe(
      '/train-manage/study-report/student-detail?id=11',
    );
    for (const text of ['公需科目综合学习班（2026）', '0.5 / 1.5', '不限学习顺序', '无需考试'])
      expect(screen.getByText(text)).toBeTruthy();

    const lessons = card(/课时学习记录/);
    const first = rowOf(lessons, '安全生产概述');
    for (const text of ['必修', '00:12', '100%'])
      expect(within(first).getAllByText(text).length).toBeGreaterThan(0);
    const second = rowOf(lessons, '消防演练示范');
    for (const text of ['00:03', '00:06', '37.5%', '学习中'])
      expect(within(second).getByText(text)).toBeTruthy();
    expect(within(rowOf(lessons, '现场急救要点')).getByText('未开始')).toBeTruthy();

    const refusals = card(/被拒心跳/);
    expect(within(refusals).getByText('被拒心跳（2）')).toBeTruthy();
    for (const text of ['拖动到未学习的位置 × 1', '倍速播放 × 1'])
      expect(within(refusals).getByText(text)).toBeTruthy();
    await waitFor(() =>
      expect(refusalsMock).toHaveBeenCalledWith({ myClassId: 31, pageNum: 1, pageSize: 10 }),
    );
    const speed = rowOf(refusals, '倍速播放');
    for (const text of ['消防演练示范', '00:08']) expect(within(speed).getByText(text)).toBeTruthy();
    expect(refusalsMock).toHaveBeenCalledTimes(1);

    const answers = card(/弹题作答/);
    const answer = rowOf(answers, '发现火情后，第一步应当做什么？');
    for (const text of ['安全生产概述', '00:06', 'B', '正确'])
      expect(within(answer).getByText(text)).toBeTruthy();
    await waitFor(() =>
      expect(listFaceCaptures).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10, id: 11, myClassId: 31 }),
    );
    expect(await screen.findByText('暂无人脸抓拍记录')).toBeTruthy();
  });

  it('shows a data correction beside the original: the hours 原 → 更正后 with the reason and time, and 数据更正', async () => {
    detailMock.mockResolvedValue({
      ...DETAIL,
      enrolment: { ...DETAIL.enrolment, correctedHours: { requiredHours: 1.5, electiveHours: 0 } },
      corrections: [
        {
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
          correctionPushNo: null,
        },
      ],
    });
    renderScreen(<StudyDetailPage />, STAFF, '/train-manage/study-report/study-detail?id=31');
    await screen.findByText('课时学习记录');
    const overview = screen.getByLabelText('学时更正');
    expect(within(overview).getByText('必修 0.5 / 选修 0.0')).toBeTruthy();
    expect(within(overview).getByText('必修 1.5 / 选修 0.0')).toBeTruthy();
    expect(within(overview).getByText(/线下集中培训签到表补录（客服小王 更正于 2026-11-26/)).toBeTruthy();
    const corrections = card(/数据更正/);
    const row = rowOf(corrections, '线下集中培训签到表补录');
    for (const text of ['学时', '必修 0.5 / 选修 0.0', '必修 1.5 / 选修 0.0', '客服小王'])
      expect(within(row).getByText(text)).toBeTruthy();
  });

  it('a lesson’s refused beats open that lesson’s refusals', async () => {
    renderScreen(<StudyDetailPage />, STAFF, '/train-manage/study-report/study-detail?id=31');
    await screen.findByText('课时学习记录');
    const lessons = card(/课时学习记录/);
    await waitFor(() => expect(refusalsMock).toHaveBeenCalledTimes(1));
    fireEvent.click(within(rowOf(lessons, '安全生产概述')).getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(refusalsMock).toHaveBeenLastCalledWith({
        myClassId: 31,
        progressId: 101,
        pageNum: 1,
        pageSize: 10,
      }),
    );
    const refusals = card(/被拒心跳/);
    await waitFor(() => expect(within(refusals).queryByText('倍速播放')).toBeNull());
    expect(within(refusals).getByText('拖动到未学习的位置')).toBeTruthy();
  });

  it('says so when no enrolment is named', async () => {
    renderScreen(<StudyDetailPage />, STAFF, '/train-manage/study-report/study-detail');
    expect(await screen.findByText('未指定报名记录')).toBeTruthy();
    expect(detailMock).not.toHaveBeenCalled();
  });
});

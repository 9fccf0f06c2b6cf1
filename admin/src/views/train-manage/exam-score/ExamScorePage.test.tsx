import type { ExamAttemptDetail, ExamAttemptItem, ExamScoreRow } from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  exportExamScores,
  getExamAttempt,
  listExamAttempts,
  listExamClassOptions,
  listExamScores,
} from '../../../api/exam';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { EXAM_SCORE_EXPORT_FILE, ExamScorePage } from './ExamScorePage';

jest.mock('../../../api/exam', () => ({
  listExamScores: jest.fn(),
  exportExamScores: jest.fn(),
  listExamAttempts: jest.fn(),
  getExamAttempt: jest.fn(),
  listExamClassOptions: jest.fn(),
}));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const listMock = jest.mocked(listExamScores);

const WITH_STUDENT = buildAccountInfo([
  '/home',
  '/train-manage/exam-score',
  '/student-manage/student-detail',
]);
const SCORES_ONLY = buildAccountInfo(['/home', '/train-manage/exam-score']);

const PASSED: ExamScoreRow = {
  myClassId: 41,
  accountId: 11,
  studentName: '张三',
  idCardNo: '370102********1238',
  mobile: '13800000000',
  classId: 5,
  className: '安全生产考试班',
  year: 2026,
  enrolmentStatus: 'PASSED',
  attemptsUsed: 2,
  attemptsAllowed: 3,
  bestScore: 90,
  passScore: 60,
  passed: true,
  lastSubmittedAt: '2026-11-26T06:20:00.000Z',
};
const NOT_YET: ExamScoreRow = {
  ...PASSED,
  myClassId: 42,
  accountId: 12,
  studentName: '李四',
  enrolmentStatus: 'STUDYING',
  attemptsUsed: 0,
  bestScore: null,
  passed: false,
  lastSubmittedAt: null,
};

const ATTEMPT: ExamAttemptItem = {
  attemptId: 7,
  kind: 'EXAM',
  status: 'SUBMITTED',
  score: 90,
  passed: true,
  startedAt: '2026-11-26T06:00:00.000Z',
  submittedAt: '2026-11-26T06:20:00.000Z',
  paperName: '安全生产结业考试',
  deadline: '2026-11-26T07:00:00.000Z',
  durationSeconds: 1200,
};
const DETAIL: ExamAttemptDetail = {
  ...ATTEMPT,
  myClassId: 41,
  studentName: '张三',
  className: '安全生产考试班',
  review: [
    {
      no: 1,
      type: 'SINGLE',
      content: '发现火情后，第一步应当做什么？',
      options: ['继续工作', '立即报警并疏散'],
      score: 40,
      answer: 'A',
      correct: false,
      earned: 0,
      correctAnswer: 'B',
      analysis: '先报警。',
    },
  ],
};

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;

async function openPage(info = WITH_STUDENT) {
  renderScreen(<ExamScorePage />, info, '/train-manage/exam-score');
  await screen.findByText('李四');
}

beforeEach(() => {
  listMock.mockReset().mockResolvedValue({ list: [PASSED, NOT_YET], total: 2, pageNum: 1, pageSize: 10 });
  jest
    .mocked(listExamClassOptions)
    .mockReset()
    .mockResolvedValue([{ id: 5, name: '安全生产考试班', year: 2026 }]);
  jest.mocked(listExamAttempts).mockReset().mockResolvedValue([ATTEMPT]);
  jest.mocked(getExamAttempt).mockReset().mockResolvedValue(DETAIL);
  jest
    .mocked(exportExamScores)
    .mockReset()
    .mockResolvedValue(new Blob(['xlsx']));
  jest.mocked(saveBlobAs).mockReset();
});

describe('ExamScorePage', () => {
  it('lists each enrolment with attempts, best score, pass mark and result', async () => {
    await openPage();
    expect(listMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    const zhang = rowOf('张三');
    for (const text of [
      '370102********1238',
      '安全生产考试班（2026）',
      '已合格',
      '2 / 3',
      '90',
      '60',
      '合格',
    ])
      expect(within(zhang).getByText(text)).toBeTruthy();
    expect(within(zhang).getByText('张三').closest('a')?.getAttribute('href')).toBe(
      '/student-manage/student-detail?id=11',
    );
    const li = rowOf('李四');
    expect(within(li).getByText('未考试')).toBeTruthy();
    expect(button(li, '考试记录').disabled).toBe(true);
  });

  it('shows names as plain text to a role without the student detail', async () => {
    await openPage(SCORES_ONLY);
    expect(screen.getByText('张三').closest('a')).toBeNull();
  });

  it('filters by class, student and result from the first page', async () => {
    await openPage();
    fireEvent.mouseDown(document.querySelector('#exam-score-filters_classId') as HTMLElement);
    fireEvent.click(
      await screen.findByText('安全生产考试班（2026）', { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.change(screen.getByPlaceholderText('姓名、身份证号或手机号'), { target: { value: ' 张三 ' } });
    fireEvent.mouseDown(document.querySelector('#exam-score-filters_passed') as HTMLElement);
    fireEvent.click(await screen.findByText('已合格', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith({
        classId: 5,
        student: '张三',
        passed: true,
        pageNum: 1,
        pageSize: 10,
      }),
    );
    fireEvent.click(button(document.body, '导出'));
    await waitFor(() =>
      expect(exportExamScores).toHaveBeenCalledWith({ classId: 5, student: '张三', passed: true }),
    );
    expect(saveBlobAs).toHaveBeenCalledWith(expect.any(Blob), EXAM_SCORE_EXPORT_FILE);
  });

  it("opens a student's attempts and an answer sheet with each answer against the right one", async () => {
    await openPage();
    fireEvent.click(button(rowOf('张三'), '考试记录'));
    expect(await screen.findByText('考试记录 · 张三 · 安全生产考试班')).toBeTruthy();
    expect(listExamAttempts).toHaveBeenCalledWith(41);
    const attempt = (await screen.findByText('安全生产结业考试')).closest('tr') as HTMLElement;
    for (const text of ['已交卷', '90', '合格', '20分']) expect(within(attempt).getByText(text)).toBeTruthy();
    fireEvent.click(button(attempt, '查看答卷'));
    expect(await screen.findByText('学员答案：A')).toBeTruthy();
    expect(getExamAttempt).toHaveBeenCalledWith(7);
    expect(screen.getByText('正确答案：B')).toBeTruthy();
    expect(screen.getByText('解析：先报警。')).toBeTruthy();
  });

  it('says when an enrolment has no attempt to show', async () => {
    jest.mocked(listExamAttempts).mockResolvedValue([]);
    await openPage();
    fireEvent.click(button(rowOf('张三'), '考试记录'));
    expect(await screen.findByText('暂无考试记录')).toBeTruthy();
  });
});

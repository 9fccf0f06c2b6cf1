import type { CertificateItem } from '@px/api/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { getExamResult, getExamSheet, saveExamAnswers, submitExam } from '../../api/exam';
import { listMyCertificates } from '../../api/my-certificate';
import { muteToast, probedLocation } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render-screen';
import { ExamPage, submitConfirmMessage } from './ExamPage';
import { buildResult, buildReview, buildSheet } from './exam.testing';

jest.mock('../../api/my-certificate', () => ({ listMyCertificates: jest.fn() }));
jest.mock('../../api/exam', () => ({
  getExamSheet: jest.fn(),
  saveExamAnswers: jest.fn(),
  submitExam: jest.fn(),
  getExamResult: jest.fn(),
}));

const sheetMock = jest.mocked(getExamSheet);
const saveMock = jest.mocked(saveExamAnswers);
const submitMock = jest.mocked(submitExam);
const resultMock = jest.mocked(getExamResult);
const certificatesMock = jest.mocked(listMyCertificates);

const renderExam = (search = '?myClassId=41&attemptId=7') =>
  renderScreen(<ExamPage />, `/student/exam${search}`);

/** The dialog that holds `text`. */
const dialogWith = async (text: string | RegExp) =>
  (await screen.findByText(text)).closest('.rv-dialog') as HTMLElement;

/** The page's own link as it now reads. */
function CurrentLink() {
  const { pathname, search } = useLocation();
  return <output aria-label="地址">{`${pathname}${search}`}</output>;
}

let toastInfo: jest.SpyInstance;

beforeEach(() => {
  sheetMock.mockReset().mockResolvedValue(buildSheet());
  saveMock.mockReset().mockResolvedValue({ attemptId: 7, savedCount: 1, remainingSeconds: 1795 });
  submitMock.mockReset().mockResolvedValue(buildResult());
  resultMock.mockReset().mockResolvedValue(buildResult());
  certificatesMock.mockReset().mockResolvedValue({ list: [], hiddenKinds: [] });
  toastInfo = muteToast('info');
});
afterEach(() => toastInfo.mockRestore());

describe('ExamPage: the answer sheet', () => {
  it('shows one question at a time with the time left by the server', async () => {
    renderExam();
    expect(await screen.findByText('发现火情后，第一步应当做什么？')).toBeTruthy();
    expect(sheetMock).toHaveBeenCalledWith(7);
    expect(screen.getByText('安全生产结业考试')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('剩余 30:00');
    expect(screen.getByText('第 1 / 4 题 · 40 分')).toBeTruthy();
    expect(screen.queryByText('灭火的基本方法有哪些？')).toBeNull();
    expect(screen.getByRole('button', { name: '上一题' }).hasAttribute('disabled')).toBe(true);
  });

  it('saves each answer to the server as the student goes, for every type of question', async () => {
    renderExam();
    fireEvent.click(await screen.findByText('B. 立即报警并疏散'));
    await waitFor(() => expect(saveMock).toHaveBeenCalledWith(7, [{ no: 1, answer: 'B' }]), {
      timeout: 3000,
    });
    expect(await screen.findByText('答案已保存')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '下一题' }));
    expect(await screen.findByText('灭火的基本方法有哪些？')).toBeTruthy();
    fireEvent.click(screen.getByText('C. 冷却法'));
    fireEvent.click(screen.getByText('A. 隔离法'));
    fireEvent.click(screen.getByRole('button', { name: '下一题' }));
    // Moving on saves at once, the letters sorted.
    await waitFor(() => expect(saveMock).toHaveBeenLastCalledWith(7, [{ no: 2, answer: 'AC' }]));

    fireEvent.click(await screen.findByText('B. 错误'));
    fireEvent.click(screen.getByRole('button', { name: '下一题' }));
    await waitFor(() => expect(saveMock).toHaveBeenLastCalledWith(7, [{ no: 3, answer: 'B' }]));

    fireEvent.change(await screen.findByLabelText('第 4 题的答案'), { target: { value: '119' } });
    await waitFor(() => expect(saveMock).toHaveBeenLastCalledWith(7, [{ no: 4, answer: '119' }]), {
      timeout: 3000,
    });
  });

  it('says when saving failed and sends the answer again later', async () => {
    saveMock.mockRejectedValueOnce(new Error('网络错误'));
    renderExam();
    fireEvent.click(await screen.findByText('A. 继续工作'));
    expect(await screen.findByText('保存失败，稍后重试', undefined, { timeout: 3000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一题' }));
    await waitFor(() => expect(saveMock).toHaveBeenCalledTimes(2));
    expect(saveMock).toHaveBeenLastCalledWith(7, [{ no: 1, answer: 'A' }]);
  });

  it('resumes an attempt with its saved answers (a reload)', async () => {
    sheetMock.mockResolvedValue(
      buildSheet({
        remainingSeconds: 754,
        answers: [
          { no: 1, answer: 'B' },
          { no: 4, answer: '119' },
        ],
      }),
    );
    renderExam();
    await screen.findByText('发现火情后，第一步应当做什么？');
    expect(screen.getByRole('timer').textContent).toBe('剩余 12:34');
    const chosen = document.querySelector('.rv-radio__icon--checked')?.closest('.rv-radio') as HTMLElement;
    expect(chosen.textContent).toContain('B. 立即报警并疏散');
    expect(screen.getByRole('button', { name: '答题卡 2/4' })).toBeTruthy();
  });

  it('jumps through the answer card, which marks answered and unanswered questions', async () => {
    sheetMock.mockResolvedValue(buildSheet({ answers: [{ no: 1, answer: 'B' }] }));
    renderExam();
    fireEvent.click(await screen.findByRole('button', { name: '答题卡 1/4' }));
    expect(await screen.findByText('已答 1 题 · 未答 3 题')).toBeTruthy();
    expect(screen.getByRole('button', { name: '第 1 题（已答）' }).className).toContain(
      'exam-card__no--answered',
    );
    fireEvent.click(screen.getByRole('button', { name: '第 4 题（未答）' }));
    expect(await screen.findByText('火警电话是____。')).toBeTruthy();
    const footer = document.querySelector('.exam-sheet__footer') as HTMLElement;
    expect(within(footer).getByRole('button', { name: '交卷' })).toBeTruthy();
    expect(within(footer).queryByRole('button', { name: '下一题' })).toBeNull();
  });

  it('asks before submitting, naming the unanswered questions, then shows the result and review', async () => {
    sheetMock.mockResolvedValue(buildSheet({ answers: [{ no: 1, answer: 'B' }] }));
    submitMock.mockResolvedValue(
      buildResult({
        score: 40,
        passed: false,
        review: [
          buildReview(),
          buildReview({
            no: 4,
            type: 'FILL',
            content: '火警电话是____。',
            options: [],
            answer: '',
            correct: false,
            earned: 0,
            score: 10,
            correctAnswer: '119',
            analysis: null,
          }),
        ],
      }),
    );
    renderExam();
    fireEvent.click(await screen.findByRole('button', { name: '答题卡 1/4' }));
    fireEvent.click(
      within(document.querySelector('.exam-card') as HTMLElement).getByRole('button', { name: '交卷' }),
    );
    const dialog = await dialogWith('确定交卷？');
    expect(within(dialog).getByText('还有 3 题未作答（第 2、3、4 题），交卷后不能再修改答案。')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '继续答题' }));
    await waitFor(() => expect(screen.queryByText('确定交卷？')).toBeNull());
    expect(submitMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '答题卡 1/4' }));
    fireEvent.click(
      within(document.querySelector('.exam-card') as HTMLElement).getByRole('button', { name: '交卷' }),
    );
    fireEvent.click(within(await dialogWith('确定交卷？')).getByRole('button', { name: '交卷' }));
    await waitFor(() => expect(submitMock).toHaveBeenCalledWith(7, [{ no: 1, answer: 'B' }]));

    expect(await screen.findByText('不合格')).toBeTruthy();
    expect(screen.getByText('40')).toBeTruthy();
    expect(screen.getByText('合格分 60 分')).toBeTruthy();
    const review = screen.getByRole('region', { name: '答案解析' });
    expect(within(review).getByText('你的答案：B. 立即报警并疏散')).toBeTruthy();
    expect(within(review).getByText('解析：发现火情应立即报警，并按疏散路线撤离。')).toBeTruthy();
    expect(within(review).getByText('你的答案：未作答')).toBeTruthy();
    expect(within(review).getByText('正确答案：119')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '返回学习' }));
    expect(await probedLocation()).toBe('/student/study-page?myClassId=41');
  });

  it('submits by itself when the time is up and shows the result', async () => {
    sheetMock.mockResolvedValue(buildSheet({ remainingSeconds: 1, answers: [{ no: 1, answer: 'B' }] }));
    submitMock.mockResolvedValue(
      buildResult({ status: 'TIMED_OUT', score: 40, passed: false, reviewable: false, review: null }),
    );
    renderExam();
    await screen.findByText('发现火情后，第一步应当做什么？');
    expect(await screen.findByText('不合格', undefined, { timeout: 4000 })).toBeTruthy();
    expect(submitMock).toHaveBeenCalledWith(7, [{ no: 1, answer: 'B' }]);
    expect(toastInfo).toHaveBeenCalledWith('考试时间到，已自动交卷');
    expect(screen.getByText('考试成绩 · 超时交卷')).toBeTruthy();
    expect(screen.getByText('本次考试不显示答案与解析')).toBeTruthy();
  });

  it('reads the result when the server closed the attempt before the automatic submission', async () => {
    sheetMock.mockResolvedValue(buildSheet({ remainingSeconds: 0 }));
    submitMock.mockRejectedValue(new Error('考试已结束'));
    resultMock.mockResolvedValue(buildResult({ status: 'TIMED_OUT', score: 0, passed: false }));
    renderExam();
    expect(await screen.findByText('考试成绩 · 超时交卷', undefined, { timeout: 4000 })).toBeTruthy();
    expect(resultMock).toHaveBeenCalledWith(7);
  });

  it('comes back to the question the student was on after a reload (the link keeps it)', async () => {
    const first = renderScreen(
      <>
        <ExamPage />
        <CurrentLink />
      </>,
      '/student/exam?myClassId=41&attemptId=7',
    );
    fireEvent.click(await screen.findByRole('button', { name: '下一题' }));
    fireEvent.click(await screen.findByRole('button', { name: '下一题' }));
    expect(await screen.findByText('第 3 / 4 题 · 20 分', { exact: false })).toBeTruthy();
    expect(screen.getByLabelText('地址').textContent).toBe('/student/exam?myClassId=41&attemptId=7&q=3');
    first.unmount();

    // The reloaded page opens the same link.
    renderExam('?myClassId=41&attemptId=7&q=3');
    expect(await screen.findByText('第 3 / 4 题', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '上一题' }));
    expect(await screen.findByText('灭火的基本方法有哪些？')).toBeTruthy();
    // A number outside the paper opens the first question.
    cleanup();
    renderExam('?myClassId=41&attemptId=7&q=9');
    expect(await screen.findByText('发现火情后，第一步应当做什么？')).toBeTruthy();
  });

  it('is the same sheet without a countdown for an exercise', async () => {
    sheetMock.mockResolvedValue(buildSheet({ kind: 'EXERCISE', deadline: null, remainingSeconds: null }));
    renderExam();
    await screen.findByText('发现火情后，第一步应当做什么？');
    expect(screen.getByText('练习')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

describe('ExamPage: the certificate a pass issued', () => {
  const CERTIFICATE = {
    id: 3,
    kind: 'CLASS',
    myClassId: 41,
    certificateNo: 'PX2026000123',
  } as CertificateItem;

  it('says the certificate was issued, with its number and the way to 我的证书', async () => {
    certificatesMock.mockResolvedValue({
      list: [{ ...CERTIFICATE, id: 2, myClassId: 40, certificateNo: 'PX2025000001' }, CERTIFICATE],
      hiddenKinds: [],
    });
    sheetMock.mockResolvedValue(buildSheet({ status: 'SUBMITTED' }));
    renderExam();
    const notice = await screen.findByRole('region', { name: '结业证书' });
    expect(within(notice).getByText('恭喜，结业证书已发放')).toBeTruthy();
    expect(within(notice).getByText('证书编号 PX2026000123')).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: '我的证书' }));
    expect(await probedLocation()).toBe('/my?tab=certificates');
  });

  it('says it was issued when the project does not show class certificates on the H5', async () => {
    certificatesMock.mockResolvedValue({ list: [], hiddenKinds: ['CLASS'] });
    sheetMock.mockResolvedValue(buildSheet({ status: 'SUBMITTED' }));
    renderExam();
    expect(await screen.findByText('本平台暂未开放在线查看证书')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '我的证书' })).toBeNull();
  });

  it('says nothing of certificates after a failed exam or an exercise', async () => {
    resultMock.mockResolvedValue(buildResult({ passed: false, score: 40 }));
    sheetMock.mockResolvedValue(buildSheet({ status: 'SUBMITTED' }));
    renderExam();
    expect(await screen.findByText('不合格')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '结业证书' })).toBeNull();
    expect(certificatesMock).not.toHaveBeenCalled();
  });
});

describe('ExamPage: a final attempt, errors and links', () => {
  it('shows the result of an attempt already submitted', async () => {
    sheetMock.mockResolvedValue(buildSheet({ status: 'SUBMITTED' }));
    renderExam();
    expect(await screen.findByText('合格')).toBeTruthy();
    expect(screen.getByText('90')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('shows the result when the sheet of a final attempt is refused', async () => {
    sheetMock.mockRejectedValue(new Error('该次考试已结束'));
    resultMock.mockResolvedValue(buildResult({ kind: 'EXERCISE', passed: null }));
    renderExam();
    expect(await screen.findByText('练习成绩 · 已交卷')).toBeTruthy();
  });

  it('offers to load again when the attempt cannot be read', async () => {
    sheetMock.mockRejectedValueOnce(new Error('考试记录不存在'));
    resultMock.mockRejectedValueOnce(new Error('考试记录不存在'));
    renderExam();
    expect(await screen.findByText('考试记录不存在')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('发现火情后，第一步应当做什么？')).toBeTruthy();
  });

  it('refuses a link without a valid attempt', async () => {
    renderExam('?myClassId=41&attemptId=x');
    expect(screen.getByText('考试链接不正确')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '我的班级' }));
    expect(await probedLocation()).toBe('/my?tab=classes');
    expect(sheetMock).not.toHaveBeenCalled();
  });
});

describe('submitConfirmMessage', () => {
  it('says all are answered, or lists the first ten unanswered', () => {
    expect(submitConfirmMessage([])).toBe('已答完全部题目，交卷后不能再修改答案。');
    expect(submitConfirmMessage([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toBe(
      '还有 11 题未作答（第 1、2、3、4、5、6、7、8、9、10 等 题），交卷后不能再修改答案。',
    );
  });
});

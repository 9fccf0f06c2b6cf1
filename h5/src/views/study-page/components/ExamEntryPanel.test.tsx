import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { getExamEntry, listMyAttempts, startExam } from '../../../api/exam';
import { probedLocation } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render-screen';
import { buildEntry, buildSheet } from '../../exam/exam.testing';
import { ExamEntryPanel } from './ExamEntryPanel';

jest.mock('../../../api/exam', () => ({
  getExamEntry: jest.fn(),
  startExam: jest.fn(),
  listMyAttempts: jest.fn(),
}));

const entryMock = jest.mocked(getExamEntry);
const startMock = jest.mocked(startExam);

/** The panel on a study page whose progress changes when 学完 is tapped. */
function Harness() {
  const [progress, setProgress] = useState('STUDYING:0:0');
  return (
    <>
      <button type="button" onClick={() => setProgress('FINISHED_STUDY:0.5:0')}>
        学完
      </button>
      <ExamEntryPanel myClassId={41} progress={progress} />
    </>
  );
}

const renderPanel = () => renderScreen(<Harness />, '/student/study-page?myClassId=41');
const panel = async () => screen.findByRole('region', { name: '考试与练习' });

beforeEach(() => {
  entryMock.mockReset().mockResolvedValue(buildEntry());
  startMock.mockReset().mockResolvedValue(buildSheet({ attemptId: 9 }));
});

describe('ExamEntryPanel', () => {
  it('shows the exam: pass mark, time limit, attempts and best score', async () => {
    renderPanel();
    const region = await panel();
    expect(await within(region).findByText('合格分 60 分 · 限时 30 分钟 · 共 4 题')).toBeTruthy();
    expect(within(region).getByText('已考 1 / 3 次 · 最高分 55')).toBeTruthy();
    expect(entryMock).toHaveBeenCalledWith(41);
  });

  it('starts the exam after confirmation and opens its sheet', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: '参加考试' }));
    const dialog = (await screen.findByText(/考试限时 30 分钟/)).closest('.rv-dialog') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '开始考试' }));
    await waitFor(() => expect(startMock).toHaveBeenCalledWith(41, 'EXAM'));
    expect(await probedLocation()).toBe('/student/exam?myClassId=41&attemptId=9');
  });

  it('starts nothing when the student cancels', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: '参加考试' }));
    const dialog = (await screen.findByText(/考试限时 30 分钟/)).closest('.rv-dialog') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText(/考试限时 30 分钟/)).toBeNull());
    expect(startMock).not.toHaveBeenCalled();
  });

  it('resumes an open exam at once, and opens an exercise without asking', async () => {
    entryMock.mockResolvedValue(buildEntry({ openAttemptId: 8 }));
    startMock.mockResolvedValue(buildSheet({ attemptId: 8 }));
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: '继续考试' }));
    await waitFor(() => expect(startMock).toHaveBeenCalledWith(41, 'EXAM'));
    expect(await probedLocation()).toBe('/student/exam?myClassId=41&attemptId=8');
  });

  it('opens an exercise without asking', async () => {
    startMock.mockResolvedValue(buildSheet({ attemptId: 12, kind: 'EXERCISE' }));
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: '练习' }));
    await waitFor(() => expect(startMock).toHaveBeenCalledWith(41, 'EXERCISE'));
    expect(await probedLocation()).toBe('/student/exam?myClassId=41&attemptId=12');
  });

  it('says why a locked exam cannot start, and disables it', async () => {
    entryMock.mockResolvedValue(
      buildEntry({
        unlocked: false,
        lockedReason: 'HOURS_NOT_CREDITED',
        lockedText: '学时未达到要求，学完后才能考试',
      }),
    );
    renderPanel();
    expect(await screen.findByText('学时未达到要求，学完后才能考试')).toBeTruthy();
    expect(screen.getByRole('button', { name: '参加考试' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows 已合格 once passed', async () => {
    entryMock.mockResolvedValue(
      buildEntry({
        passed: true,
        bestScore: 90,
        unlocked: false,
        lockedReason: 'ALREADY_PASSED',
        lockedText: '已通过考试',
      }),
    );
    renderPanel();
    const region = await panel();
    expect(await within(region).findByText('已合格')).toBeTruthy();
    expect(within(region).getByText('已考 1 / 3 次 · 最高分 90')).toBeTruthy();
  });

  it('shows nothing for a class without an exam or exercises', async () => {
    entryMock.mockResolvedValue(
      buildEntry({ examRequired: false, exerciseOpen: false, lockedReason: 'NOT_REQUIRED' }),
    );
    renderPanel();
    await waitFor(() => expect(entryMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('region', { name: '考试与练习' })).toBeNull());
  });

  it('reads the entry again when the study progress changes (a finished lesson may unlock it)', async () => {
    entryMock.mockResolvedValueOnce(
      buildEntry({
        unlocked: false,
        lockedReason: 'HOURS_NOT_CREDITED',
        lockedText: '学时未达到要求，学完后才能考试',
      }),
    );
    renderPanel();
    expect(await screen.findByText('学时未达到要求，学完后才能考试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '学完' }));
    await waitFor(() => expect(entryMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByText('学时未达到要求，学完后才能考试')).toBeNull());
    expect(screen.getByRole('button', { name: '参加考试' }).hasAttribute('disabled')).toBe(false);
  });

  it('lists past attempts in 考试记录, each opening its result', async () => {
    jest.mocked(listMyAttempts).mockResolvedValue([
      {
        attemptId: 8,
        kind: 'EXAM',
        status: 'SUBMITTED',
        score: 55,
        passed: false,
        startedAt: '2026-11-20T02:00:00.000Z',
        submittedAt: '2026-11-20T02:15:00.000Z',
      },
      {
        attemptId: 6,
        kind: 'EXERCISE',
        status: 'OPEN',
        score: null,
        passed: null,
        startedAt: '2026-11-19T02:00:00.000Z',
        submittedAt: null,
      },
    ]);
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: '考试记录' }));
    const exam = await screen.findByRole('button', { name: /^考试 / });
    expect(within(exam).getByText('55 分')).toBeTruthy();
    expect(within(exam).getByText('不合格')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: /^练习 / })).getByText('答题中')).toBeTruthy();
    expect(listMyAttempts).toHaveBeenCalledWith(41);
    fireEvent.click(exam);
    expect(await probedLocation()).toBe('/student/exam?myClassId=41&attemptId=8');
  });

  it('says when there is no attempt yet, and offers to load the record again', async () => {
    jest.mocked(listMyAttempts).mockRejectedValueOnce(new Error('网络错误')).mockResolvedValueOnce([]);
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: '考试记录' }));
    expect(await screen.findByText('网络错误')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '重新加载' }).at(-1) as HTMLElement);
    expect(await screen.findByText('还没有考试或练习记录')).toBeTruthy();
  });

  it('offers to load again when the exam cannot be read', async () => {
    entryMock.mockRejectedValueOnce(new Error('班级不存在或未报名'));
    renderPanel();
    expect(await screen.findByText('班级不存在或未报名')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('button', { name: '参加考试' })).toBeTruthy();
  });
});

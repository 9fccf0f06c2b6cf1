import type { ExamEntry, ExamResult, ExamSheet, ReviewQuestion, SheetQuestion } from '@px/api/contract';

/** Test builders of the exam answers (`my-class/exam-entry`, `exam/sheet`, `exam/result`). */

export const QUESTIONS: SheetQuestion[] = [
  {
    no: 1,
    type: 'SINGLE',
    content: '发现火情后，第一步应当做什么？',
    options: ['继续工作', '立即报警并疏散'],
    score: 40,
  },
  {
    no: 2,
    type: 'MULTIPLE',
    content: '灭火的基本方法有哪些？',
    options: ['隔离法', '窒息法', '冷却法'],
    score: 30,
  },
  { no: 3, type: 'JUDGE', content: '电器着火可以直接用水扑救。', options: ['正确', '错误'], score: 20 },
  { no: 4, type: 'FILL', content: '火警电话是____。', options: [], score: 10 },
];

export function buildSheet(overrides: Partial<ExamSheet> = {}): ExamSheet {
  return {
    attemptId: 7,
    myClassId: 41,
    kind: 'EXAM',
    status: 'OPEN',
    className: '安全生产考试班',
    paperName: '安全生产结业考试',
    totalScore: 100,
    passScore: 60,
    startedAt: '2026-11-26T06:00:00.000Z',
    deadline: '2026-11-26T07:00:00.000Z',
    remainingSeconds: 1800,
    questions: QUESTIONS,
    answers: [],
    ...overrides,
  };
}

export function buildReview(overrides: Partial<ReviewQuestion> = {}): ReviewQuestion {
  return {
    ...(QUESTIONS[0] as SheetQuestion),
    answer: 'B',
    correct: true,
    earned: 40,
    correctAnswer: 'B',
    analysis: '发现火情应立即报警，并按疏散路线撤离。',
    ...overrides,
  };
}

export function buildResult(overrides: Partial<ExamResult> = {}): ExamResult {
  return {
    attemptId: 7,
    myClassId: 41,
    kind: 'EXAM',
    status: 'SUBMITTED',
    score: 90,
    passScore: 60,
    passed: true,
    startedAt: '2026-11-26T06:00:00.000Z',
    submittedAt: '2026-11-26T06:20:00.000Z',
    reviewable: true,
    review: [buildReview()],
    ...overrides,
  };
}

/** An exam entry; its abilities follow `unlocked`/`lockedText` and `exerciseOpen` unless given. */
export function buildEntry(overrides: Partial<ExamEntry> = {}): ExamEntry {
  const entry: Omit<ExamEntry, 'abilities'> = {
    myClassId: 41,
    classId: 5,
    className: '安全生产考试班',
    enrolmentStatus: 'FINISHED_STUDY',
    examRequired: true,
    unlocked: true,
    lockedReason: null,
    lockedText: null,
    attemptsUsed: 1,
    attemptsAllowed: 3,
    bestScore: 55,
    passed: false,
    passScore: 60,
    timeLimitMinutes: 30,
    questionCount: 4,
    openAttemptId: null,
    exerciseOpen: true,
    openExerciseId: null,
    ...overrides,
  };
  return {
    ...entry,
    abilities: overrides.abilities ?? {
      canStart: entry.unlocked,
      startRefusal: entry.lockedText,
      canPractise: entry.exerciseOpen,
      practiseRefusal: entry.exerciseOpen ? null : '本班级未开放练习',
    },
  };
}

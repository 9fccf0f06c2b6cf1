import { z } from 'zod';
import { student } from './access';
import { answer, defineCalls } from './call';
import { type Abilities, zInput } from './common';
import { PAPER_QUESTIONS_MAX } from './exam-paper';
import type { ExamQuestionType } from './exam-question';
import type { MyClassStatus } from './train-class';

/**
 * Exams (docs/product-decisions.md "Exams"), the student's side: the exam entry of an enrolment and
 * the attempts (exams and free exercises) graded on the server. Nothing a student receives carries
 * an answer or an analysis before the review the class allows. The question bank is in
 * `exam-question.ts`, papers in `exam-paper.ts`, a class's exam settings in `exam-setting.ts`, the
 * scores in `exam-score.ts`.
 */

/** An exam counts (attempts, scores, passing); an exercise is free practice and changes nothing. */
export const ATTEMPT_KINDS = ['EXAM', 'EXERCISE'] as const;
export type AttemptKind = (typeof ATTEMPT_KINDS)[number];
/** OPEN until submitted or past its deadline (TIMED_OUT, graded with the answers saved); then final. */
export const ATTEMPT_STATUSES = ['OPEN', 'SUBMITTED', 'TIMED_OUT'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
export const ATTEMPT_STATUS_LABEL: Readonly<Record<AttemptStatus, string>> = {
  OPEN: '答题中',
  SUBMITTED: '已交卷',
  TIMED_OUT: '超时交卷',
};

/** Why the exam of an enrolment cannot be started now. */
export const EXAM_LOCK_REASONS = [
  'NOT_REQUIRED',
  'NOT_CONFIGURED',
  'ENROLMENT_CLOSED',
  'HOURS_NOT_CREDITED',
  'ALREADY_PASSED',
  'STUDY_WINDOW_OVER',
  'ATTEMPTS_USED_UP',
] as const;
export type ExamLockReason = (typeof EXAM_LOCK_REASONS)[number];
export const EXAM_LOCK_REASON_LABEL: Readonly<Record<ExamLockReason, string>> = {
  NOT_REQUIRED: '本班级无需考试',
  NOT_CONFIGURED: '考试尚未配置，请联系培训机构',
  ENROLMENT_CLOSED: '该班级已不能考试',
  HOURS_NOT_CREDITED: '学时未达到要求，学完后才能考试',
  ALREADY_PASSED: '已通过考试',
  STUDY_WINDOW_OVER: '学习时间已结束，不能再参加考试',
  ATTEMPTS_USED_UP: '考试次数已用完',
};

/** `my-class/exam-entry`, `exam/attempts`: one enrolment of the signed-in student. */
export const examEnrolmentInput = z.object({ myClassId: zInput.id() });

/** `my-class/exam-entry`: whether the exam (and exercises) of an enrolment open, and why not. */
export interface ExamEntry {
  myClassId: number;
  classId: number;
  className: string;
  enrolmentStatus: MyClassStatus;
  examRequired: boolean;
  /** The exam may be started (or resumed) now. */
  unlocked: boolean;
  lockedReason: ExamLockReason | null;
  /** The reason in words (EXAM_LOCK_REASON_LABEL), null when unlocked. */
  lockedText: string | null;
  attemptsUsed: number;
  attemptsAllowed: number;
  bestScore: number | null;
  passed: boolean;
  passScore: number;
  timeLimitMinutes: number;
  questionCount: number;
  /** An exam attempt still open (resume it with `exam/sheet`). */
  openAttemptId: number | null;
  /** Exercises are on and the class has a paper (any studyable enrolment may practise). */
  exerciseOpen: boolean;
  openExerciseId: number | null;
  /**
   * What the student may do (docs/api-conventions.md "Abilities"), by the exam attempt policy: start
   * (开始考试, or resume the open attempt) and practise (练习).
   */
  abilities: Abilities<'start' | 'practise'>;
}

/** `exam/start`: an exam (counted, timed) or an exercise of one enrolment; an open one is resumed. */
export const examStartInput = z.object({
  myClassId: zInput.id(),
  kind: z.preprocess(
    (value) => (value === undefined || value === '' ? 'EXAM' : value),
    z.enum(ATTEMPT_KINDS, { error: '考试类型应为 EXAM 或 EXERCISE' }),
  ),
});

/** `exam/sheet`, `exam/result`: one attempt of the signed-in student. */
export const attemptIdInput = z.object({ attemptId: zInput.id() });

/** A question of an answer sheet: never its answer or analysis. */
export interface SheetQuestion {
  /** Position in the sheet from 1 (answers are keyed by it). */
  no: number;
  type: ExamQuestionType;
  content: string;
  options: string[];
  score: number;
}

/** A saved answer: letters (`A`, `AC`) for choice and judge questions, the text for fill-in. */
export interface SheetAnswer {
  no: number;
  answer: string;
}

/** `exam/start`, `exam/sheet`: the attempt's questions, saved answers and time left. */
export interface ExamSheet {
  attemptId: number;
  myClassId: number;
  kind: AttemptKind;
  status: AttemptStatus;
  className: string;
  paperName: string;
  totalScore: number;
  passScore: number;
  startedAt: string;
  /** When the attempt ends by itself (exams); null for exercises. */
  deadline: string | null;
  /** Seconds left by the server's clock (exams); null for exercises. */
  remainingSeconds: number | null;
  questions: SheetQuestion[];
  answers: SheetAnswer[];
}

const ANSWER = '答案不能超过 200 个字符';
/** The answers of a sheet, keyed by `no`; a blank answer clears it. */
const zSheetAnswers = z
  .array(
    z.object({
      no: zInput.id(),
      answer: z.preprocess(
        (value) => (value === undefined || value === null ? '' : value),
        z.string({ error: '答案应为文本' }).trim().max(200, { error: ANSWER }),
      ),
    }),
    { error: '答案应为数组' },
  )
  .max(PAPER_QUESTIONS_MAX, { error: `最多 ${PAPER_QUESTIONS_MAX} 个答案` });

/** `exam/save`: answers as the student goes (merged into those saved). */
export const examSaveInput = z.object({ attemptId: zInput.id(), answers: zSheetAnswers });

/** `exam/save`: what was kept and the time left. */
export interface ExamSaveAnswer {
  attemptId: number;
  savedCount: number;
  remainingSeconds: number | null;
}

/** `exam/submit`: the last answers (merged into those saved) and the end of the attempt. */
export const examSubmitInput = z.object({ attemptId: zInput.id(), answers: zSheetAnswers.default([]) });

/** A question of a reviewed attempt: the student's answer against the right one. */
export interface ReviewQuestion extends SheetQuestion {
  answer: string;
  correct: boolean;
  earned: number;
  /** Right letters; for FILL the accepted answers joined by ` / `. */
  correctAnswer: string;
  analysis: string | null;
}

/** `exam/submit`, `exam/result`: the graded attempt and, when the class allows, its review. */
export interface ExamResult {
  attemptId: number;
  myClassId: number;
  kind: AttemptKind;
  status: AttemptStatus;
  score: number | null;
  passScore: number;
  passed: boolean | null;
  startedAt: string;
  submittedAt: string | null;
  /** Whether `review` is given (exercises always; exams as the class's review policy says). */
  reviewable: boolean;
  review: ReviewQuestion[] | null;
}

/** A past attempt of the student. */
export interface AttemptSummary {
  attemptId: number;
  kind: AttemptKind;
  status: AttemptStatus;
  score: number | null;
  passed: boolean | null;
  startedAt: string;
  submittedAt: string | null;
}

/** The exam entry of an enrolment on 我的班级 (`my-class/exam-entry`). */
export const examEntryCalls = defineCalls('my-class', {
  /** Whether the exam of the enrolment opens (and why not), attempts, best score, exercises. */
  'exam-entry': { input: examEnrolmentInput, answer: answer<ExamEntry>(), access: student },
});

/** The student's attempts (`exam/...`): start or resume, save, submit, results. */
export const examCalls = defineCalls('exam', {
  /** Starts an exam (when unlocked) or an exercise; an open attempt of the kind is resumed instead. */
  start: { input: examStartInput, answer: answer<ExamSheet>(), access: student },
  /** The open attempt again (after a reload): same questions, saved answers, time left. */
  sheet: { input: attemptIdInput, answer: answer<ExamSheet>(), access: student },
  /** Saves answers as the student goes (refused once the attempt is final). */
  save: { input: examSaveInput, answer: answer<ExamSaveAnswer>(), access: student },
  /** Submits the attempt: graded on the server, final. */
  submit: { input: examSubmitInput, answer: answer<ExamResult>(), access: student },
  /** A final attempt's score and, as the class allows, its review. */
  result: { input: attemptIdInput, answer: answer<ExamResult>(), access: student },
  /** The student's attempts of one enrolment (exams and exercises), newest first. */
  attempts: { input: examEnrolmentInput, answer: answer<AttemptSummary[]>(), access: student },
});

import { z } from 'zod';
import { staff } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import { type PageAnswer, zBoolean, zInput, zOptional, zOptionalText, zPage } from './common';
import type { AttemptSummary, ReviewQuestion } from './exam';
import type { MyClassStatus } from './train-class';

/** Exam scores, 考试成绩: enrolments of classes that require an exam, with their attempts and results. */

const SCORE_PAGE = '/train-manage/exam-score' as const;

const scoreFilterFields = {
  classId: zInput.optionalId(),
  /** Part of the student's name, or the whole ID number. */
  student: zOptionalText(50),
  passed: zOptional(zBoolean()),
};

/** `exam-score/export` (GET or POST, `.xlsx`): every row of the filters. */
export const examScoreExportInput = z.object(scoreFilterFields);
/** `exam-score/page`: enrolments of classes that require an exam, with their exam results. */
export const examScorePageInput = z.object({ ...zPage, ...scoreFilterFields });

/** A row of the scores: an enrolment with its exam results. */
export interface ExamScoreRow {
  myClassId: number;
  accountId: number;
  studentName: string;
  /** Masked: the first 6 and last 4 characters. */
  idCardNo: string | null;
  mobile: string | null;
  classId: number;
  className: string;
  year: number;
  enrolmentStatus: MyClassStatus;
  attemptsUsed: number;
  attemptsAllowed: number;
  bestScore: number | null;
  passScore: number;
  passed: boolean;
  lastSubmittedAt: string | null;
}
export type ExamScorePage = PageAnswer<ExamScoreRow>;

/** `exam-score/attempts`: the exam attempts of one enrolment of the project. */
export const examScoreAttemptsInput = z.object({ myClassId: zInput.id() });

/** `exam-score/attempt`: one attempt of the project, with every answer. */
export const examScoreAttemptInput = z.object({ attemptId: zInput.id() });

/** An attempt as staff see it. */
export interface ExamAttemptItem extends AttemptSummary {
  paperName: string;
  deadline: string | null;
  /** Seconds from start to submission. */
  durationSeconds: number | null;
}

/** `exam-score/attempt`: the attempt with each answer against the right one. */
export interface ExamAttemptDetail extends ExamAttemptItem {
  myClassId: number;
  studentName: string;
  className: string;
  review: ReviewQuestion[];
}

/** `exam-score/class-options`: classes of the project requiring an exam, by part of the name (at most 50). */
export const examClassOptionsInput = z.object({ name: zOptionalText(50) });
export interface ExamClassOption {
  id: number;
  name: string;
  year: number;
}

/** 考试成绩 (`exam-score/...`): exam results per class and student. */
export const examScoreCalls = defineCalls('exam-score', {
  /** Enrolments of classes requiring an exam with attempts used, best score and passed. */
  page: { input: examScorePageInput, answer: answer<ExamScorePage>(), access: staff(SCORE_PAGE) },
  /** The filtered rows as a streamed `.xlsx`. */
  export: {
    input: examScoreExportInput,
    answer: fileAnswer(),
    access: staff(SCORE_PAGE),
    methods: ['GET', 'POST'],
  },
  /** The exam attempts of one enrolment, newest first. */
  attempts: {
    input: examScoreAttemptsInput,
    answer: answer<ExamAttemptItem[]>(),
    access: staff(SCORE_PAGE),
  },
  /** One attempt with every answer against the right one. */
  attempt: { input: examScoreAttemptInput, answer: answer<ExamAttemptDetail>(), access: staff(SCORE_PAGE) },
  /** Classes requiring an exam, to filter the scores by. */
  'class-options': {
    input: examClassOptionsInput,
    answer: answer<ExamClassOption[]>(),
    access: staff(SCORE_PAGE),
  },
});

import { z } from 'zod';
import { staff, student } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import { type CategoryItem, categoryTreeCalls } from './category-tree';
import {
  type PageAnswer,
  zBlankAsMissing,
  zBoolean,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';
import { OPTION_LETTERS } from './course';
import type { MyClassStatus } from './train-class';

/**
 * Exams (docs/product-decisions.md "Exams"): a question bank per project filed in the exam type
 * tree, papers built by hand or drawn at random by rules, the exam settings of a class, the
 * student's attempts (exams and free exercises) graded on the server, and the scores per class.
 * Nothing a student receives carries an answer or an analysis before the review the class allows.
 */

/** 考试题库, 试卷管理, 考试成绩 and the class editor (exam settings). */
const QUESTION_PAGE = '/resource-manage/exam-question' as const;
const PAPER_PAGE = '/resource-manage/exam-paper' as const;
const SCORE_PAGE = '/train-manage/exam-score' as const;
const CLASS_EDIT = '/train-manage/train-class-detail' as const;

// ---------------------------------------------------------------------------------------------
// Question bank
// ---------------------------------------------------------------------------------------------

/** Kinds of exam question: one right option, several (all or nothing), true/false, fill-in. */
export const EXAM_QUESTION_TYPES = ['SINGLE', 'MULTIPLE', 'JUDGE', 'FILL'] as const;
export type ExamQuestionType = (typeof EXAM_QUESTION_TYPES)[number];
export const EXAM_QUESTION_TYPE_LABEL: Readonly<Record<ExamQuestionType, string>> = {
  SINGLE: '单选题',
  MULTIPLE: '多选题',
  JUDGE: '判断题',
  FILL: '填空题',
};
export const zExamQuestionType = z.enum(EXAM_QUESTION_TYPES, {
  error: '题型应为 SINGLE、MULTIPLE、JUDGE 或 FILL',
});
/** Most options of a choice question (letters A..F). */
export const EXAM_OPTIONS_MAX = OPTION_LETTERS.length;
/** Most accepted answers of a fill-in question. */
export const FILL_ANSWERS_MAX = 10;

/** An exam-type category as `exam-question/category-save` answers it. */
export type ExamCategoryItem = CategoryItem;

/** A node of `exam-question/category-tree` (the exam type tree). */
export interface ExamCategoryNode extends ExamCategoryItem {
  /** Questions in the category and all below it (a category can be deleted at 0). */
  questionCount: number;
  children: ExamCategoryNode[];
}

/** One record of the project by id (`…/detail`, `…/delete`, `…/preview`). */
export const examIdInput = z.object({ id: zInput.id() });

/**
 * `exam-question/save`: creates (without `id`) or edits a question. SINGLE and MULTIPLE take 2..6
 * `options` and `answer` the right letters (one for SINGLE, at least two for MULTIPLE); JUDGE takes
 * no options (they are 正确 / 错误) and `answer` A or B; FILL takes no options and
 * `acceptedAnswers`, 1..10 texts any of which is right (compared trimmed, case-insensitive).
 */
export const examQuestionSaveInput = z.object({
  id: zInput.optionalId(),
  categoryId: zOptional(zInput.id()),
  type: zExamQuestionType,
  content: zRequiredText('题干', 1000),
  options: z.preprocess(
    (value) => (value === undefined || value === null ? [] : value),
    z.array(zRequiredText('选项内容', 200), { error: '选项应为数组' }),
  ),
  /** Right letters of a choice or judge question (`A`, `AC`); ignored for FILL. */
  answer: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string({ error: '答案应为选项字母' })
      .trim()
      .toUpperCase()
      .transform((value) => value.replace(/[\s,，]/g, ''))
      .pipe(z.string().max(EXAM_OPTIONS_MAX, { error: '答案应为选项字母' })),
  ),
  /** Accepted answers of a FILL question; ignored otherwise. */
  acceptedAnswers: z.preprocess(
    (value) => (value === undefined || value === null ? [] : value),
    z
      .array(zRequiredText('填空答案', 200), { error: '填空答案应为数组' })
      .max(FILL_ANSWERS_MAX, { error: `填空答案最多 ${FILL_ANSWERS_MAX} 个` }),
  ),
  analysis: zOptionalText(2000),
});
export type ExamQuestionSaveInput = z.input<typeof examQuestionSaveInput>;

/** `exam-question/page`: the bank, newest first; `categoryId` includes the categories below it. */
export const examQuestionPageInput = z.object({
  ...zPage,
  categoryId: zInput.optionalId(),
  type: zOptional(zExamQuestionType),
  /** Part of the content. */
  keyword: zOptionalText(100),
});

/** A question as the back office sees it (with its answer and analysis). */
export interface ExamQuestionItem {
  id: number;
  categoryId: number | null;
  /** The category's path from the root, `安全生产 / 消防安全`. */
  categoryName: string | null;
  type: ExamQuestionType;
  content: string;
  /** The options in letter order (正确 / 错误 for JUDGE, none for FILL). */
  options: string[];
  /** Right letters (choice and judge); empty for FILL. */
  answer: string;
  /** Accepted answers (FILL); empty otherwise. */
  acceptedAnswers: string[];
  analysis: string | null;
  /** Papers that hold the question by hand (it cannot be deleted while any does). */
  paperCount: number;
  createdAt: string;
  updatedAt: string;
}
export type ExamQuestionPage = PageAnswer<ExamQuestionItem>;

/** The columns of the question import template, in order. */
export const EXAM_QUESTION_IMPORT_COLUMNS = [
  { key: 'type', header: '题型', required: true },
  { key: 'content', header: '题干', required: true },
  { key: 'optionA', header: '选项A', required: false },
  { key: 'optionB', header: '选项B', required: false },
  { key: 'optionC', header: '选项C', required: false },
  { key: 'optionD', header: '选项D', required: false },
  { key: 'optionE', header: '选项E', required: false },
  { key: 'optionF', header: '选项F', required: false },
  { key: 'answer', header: '答案', required: true },
  { key: 'analysis', header: '解析', required: false },
  { key: 'category', header: '分类', required: false },
] as const;
export type ExamQuestionImportField = (typeof EXAM_QUESTION_IMPORT_COLUMNS)[number]['key'];
/** The most questions one import file may hold. */
export const EXAM_QUESTION_IMPORT_MAX_ROWS = 2000;

/** A refused cell of an import file: its row as Excel numbers it, the column, what it held and why. */
export interface ExamQuestionImportError {
  row: number;
  field: ExamQuestionImportField;
  value: string;
  message: string;
}

/**
 * `exam-question/import` (multipart `file`, an `.xlsx` of the template): every row is checked before
 * anything is written; with any error nothing is imported (`imported` 0) and every error is listed.
 */
export interface ExamQuestionImportAnswer {
  total: number;
  imported: number;
  errors: ExamQuestionImportError[];
}

// ---------------------------------------------------------------------------------------------
// Papers
// ---------------------------------------------------------------------------------------------

/** A paper's questions: chosen by hand (`FIXED`, same order for everyone) or drawn per attempt (`RANDOM`). */
export const PAPER_MODES = ['FIXED', 'RANDOM'] as const;
export type PaperMode = (typeof PAPER_MODES)[number];
export const PAPER_MODE_LABEL: Readonly<Record<PaperMode, string>> = {
  FIXED: '手动组卷',
  RANDOM: '随机组卷',
};
/** Every paper is scored out of 100. */
export const PAPER_TOTAL_SCORE = 100;
/** Most questions of a paper. */
export const PAPER_QUESTIONS_MAX = 200;

const SCORE = '分值应为 0.5 到 100 之间、最多一位小数的数';
/** Score of one question: 0.5..100, at most one decimal (kept as tenths). */
const zQuestionScore = () =>
  zBlankAsMissing(
    z
      .number({ error: SCORE })
      .refine((value) => Number.isFinite(value) && Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, {
        error: SCORE,
      })
      .refine((value) => value >= 0.5 && value <= PAPER_TOTAL_SCORE, { error: SCORE }),
  );

const COUNT = `题目数量应为 1 到 ${PAPER_QUESTIONS_MAX} 的整数`;

/** A question chosen by hand, with its score. */
export const paperQuestionInput = z.object({ questionId: zInput.id(), score: zQuestionScore() });
/** A rule of a random paper: `count` questions of `type` (from `categoryId` and below, or any), each worth `score`. */
export const paperRuleInput = z.object({
  categoryId: zInput.optionalId(),
  type: zExamQuestionType,
  count: zBlankAsMissing(
    z
      .number({ error: COUNT })
      .int({ error: COUNT })
      .min(1, { error: COUNT })
      .max(PAPER_QUESTIONS_MAX, { error: COUNT }),
  ),
  score: zQuestionScore(),
});

/**
 * `exam-paper/save`: creates (without `id`) or replaces a paper. FIXED takes `questions` (each
 * question once, in order); RANDOM takes `rules` (each with enough questions in the bank today).
 * The scores add up to exactly 100.
 */
export const paperSaveInput = z.object({
  id: zInput.optionalId(),
  name: zRequiredText('试卷名称', 100),
  mode: z.enum(PAPER_MODES, { error: '组卷方式应为 FIXED 或 RANDOM' }),
  questions: z
    .array(paperQuestionInput, { error: '试题列表应为数组' })
    .max(PAPER_QUESTIONS_MAX, { error: `一张试卷最多 ${PAPER_QUESTIONS_MAX} 题` })
    .default([]),
  rules: z
    .array(paperRuleInput, { error: '抽题规则应为数组' })
    .max(20, { error: '抽题规则最多 20 条' })
    .default([]),
  description: zOptionalText(500),
});
export type PaperSaveInput = z.input<typeof paperSaveInput>;

/** `exam-paper/page`: the papers, newest first. */
export const paperPageInput = z.object({
  ...zPage,
  name: zOptionalText(100),
  mode: zOptional(z.enum(PAPER_MODES, { error: '组卷方式应为 FIXED 或 RANDOM' })),
});

/** A row of `exam-paper/page`. */
export interface PaperItem {
  id: number;
  name: string;
  mode: PaperMode;
  description: string | null;
  questionCount: number;
  totalScore: number;
  /** Classes whose exam uses the paper (it cannot be deleted while any does). */
  classCount: number;
  createdAt: string;
  updatedAt: string;
}
export type PaperPage = PageAnswer<PaperItem>;

/** A hand-chosen question of a paper (with answers: staff only). */
export interface PaperQuestionItem {
  questionId: number;
  score: number;
  question: ExamQuestionItem;
}

/** A rule of a random paper, with how many questions the bank holds for it today. */
export interface PaperRuleItem {
  categoryId: number | null;
  categoryName: string | null;
  type: ExamQuestionType;
  count: number;
  score: number;
  available: number;
}

/** `exam-paper/detail` and the answer of `exam-paper/save`. */
export interface PaperDetail extends PaperItem {
  questions: PaperQuestionItem[];
  rules: PaperRuleItem[];
}

/** `exam-paper/preview`: one draw of the paper as an attempt would get it (with answers: staff only). */
export interface PaperPreview {
  paperId: number;
  name: string;
  mode: PaperMode;
  totalScore: number;
  questions: (ExamQuestionItem & { no: number; score: number })[];
}

/** `exam-paper/options`: papers by part of the name, for the class's exam settings (at most 50). */
export const paperOptionsInput = z.object({ name: zOptionalText(100) });
export interface PaperOption {
  id: number;
  name: string;
  mode: PaperMode;
  questionCount: number;
}

// ---------------------------------------------------------------------------------------------
// Exam settings of a class
// ---------------------------------------------------------------------------------------------

/** When a student may see the right answers and analyses of a submitted exam attempt. */
export const REVIEW_POLICIES = ['NEVER', 'AFTER_SUBMIT', 'AFTER_PASS'] as const;
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number];
export const REVIEW_POLICY_LABEL: Readonly<Record<ReviewPolicy, string>> = {
  NEVER: '不显示答案',
  AFTER_SUBMIT: '交卷后显示答案',
  AFTER_PASS: '考试合格后显示答案',
};

const MINUTES = '考试时长应为 1 到 600 的整数（分钟）';
const ATTEMPTS = '考试次数应为 1 到 100 的整数';
const PASS = '合格分数应为 0 到 100 的整数';

/** `exam-setting/get`: the exam settings of one class of the project. */
export const examSettingGetInput = z.object({ classId: zInput.id() });

/**
 * `exam-setting/save`: the exam of a class. `examRequired` and `passScore` are the class's own
 * `examRequired` / `examPassScore` (the same columns `train-class/save` writes). A required exam
 * needs a paper.
 */
export const examSettingSaveInput = z.object({
  classId: zInput.id(),
  examRequired: zBoolean(),
  paperId: zInput.optionalId(),
  timeLimitMinutes: z
    .number({ error: MINUTES })
    .int({ error: MINUTES })
    .min(1, { error: MINUTES })
    .max(600, { error: MINUTES }),
  attemptsAllowed: z
    .number({ error: ATTEMPTS })
    .int({ error: ATTEMPTS })
    .min(1, { error: ATTEMPTS })
    .max(100, { error: ATTEMPTS }),
  passScore: z.number({ error: PASS }).int({ error: PASS }).min(0, { error: PASS }).max(100, { error: PASS }),
  reviewPolicy: z.enum(REVIEW_POLICIES, { error: '答案显示方式应为 NEVER、AFTER_SUBMIT 或 AFTER_PASS' }),
  exerciseEnabled: zBoolean(),
});
export type ExamSettingSaveInput = z.input<typeof examSettingSaveInput>;

/** The exam settings of a class (defaults when never saved: no paper, 60 minutes, 3 attempts). */
export interface ExamSetting {
  classId: number;
  className: string;
  examRequired: boolean;
  paperId: number | null;
  paperName: string | null;
  timeLimitMinutes: number;
  attemptsAllowed: number;
  passScore: number;
  reviewPolicy: ReviewPolicy;
  exerciseEnabled: boolean;
  /** The class requires an exam and has a paper: students can sit it. */
  configured: boolean;
}

// ---------------------------------------------------------------------------------------------
// The student: entry, attempts, results
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Scores (staff)
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

const questionReaders = staff(QUESTION_PAGE, PAPER_PAGE);
const questionManagers = staff(QUESTION_PAGE);

/** 考试题库 (`exam-question/...`): the exam type tree and the questions of the project. */
export const examQuestionCalls = defineCalls('exam-question', {
  ...categoryTreeCalls(answer<ExamCategoryNode[]>(), questionReaders, questionManagers),
  /** The bank, filtered (category with its descendants, type, keyword), newest first. */
  page: { input: examQuestionPageInput, answer: answer<ExamQuestionPage>(), access: questionReaders },
  /** One question with answer and analysis. */
  detail: { input: examIdInput, answer: answer<ExamQuestionItem>(), access: questionReaders },
  /** Creates or edits a question. */
  save: { input: examQuestionSaveInput, answer: answer<ExamQuestionItem>(), access: questionManagers },
  /** Deletes a question no paper holds. */
  delete: { input: examIdInput, answer: answer<null>(), access: questionManagers },
  /** Imports questions from an `.xlsx` of the template (multipart `file`), all or nothing. */
  import: {
    input: z.object({}),
    answer: answer<ExamQuestionImportAnswer>(),
    access: questionManagers,
    upload: true,
  },
  /** The `.xlsx` template of the import. */
  'import-template': {
    input: z.object({}),
    answer: fileAnswer(),
    access: questionManagers,
    methods: ['GET', 'POST'],
  },
});

/** 试卷管理 (`exam-paper/...`): papers built by hand or drawn at random. */
export const examPaperCalls = defineCalls('exam-paper', {
  /** The papers, newest first. */
  page: { input: paperPageInput, answer: answer<PaperPage>(), access: staff(PAPER_PAGE) },
  /** One paper with its questions or rules. */
  detail: { input: examIdInput, answer: answer<PaperDetail>(), access: staff(PAPER_PAGE) },
  /** Creates or replaces a paper (scores add up to 100). */
  save: { input: paperSaveInput, answer: answer<PaperDetail>(), access: staff(PAPER_PAGE) },
  /** Deletes a paper no class uses. */
  delete: { input: examIdInput, answer: answer<null>(), access: staff(PAPER_PAGE) },
  /** One draw of the paper, as an attempt would get it. */
  preview: { input: examIdInput, answer: answer<PaperPreview>(), access: staff(PAPER_PAGE) },
  /** Papers to choose from in a class's exam settings. */
  options: {
    input: paperOptionsInput,
    answer: answer<PaperOption[]>(),
    access: staff(PAPER_PAGE, CLASS_EDIT),
  },
});

/** The exam settings of a class (part of the class editor, `exam-setting/...`). */
export const examSettingCalls = defineCalls('exam-setting', {
  /** The class's exam settings (defaults when never saved). */
  get: { input: examSettingGetInput, answer: answer<ExamSetting>(), access: staff(CLASS_EDIT) },
  /** Saves the class's exam settings. */
  save: { input: examSettingSaveInput, answer: answer<ExamSetting>(), access: staff(CLASS_EDIT) },
});

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

import { z } from 'zod';
import { staff } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import { type CategoryItem, categoryTreeCalls } from './category-tree';
import type { Abilities } from './common';
import { type PageAnswer, zIdInput, zInput, zOptional, zOptionalText, zPage, zRequiredText } from './common';
import { OPTION_LETTERS } from './course';

/**
 * The exam question bank (docs/product-decisions.md "Exams"), 考试题库: the questions of a project
 * filed in the exam type tree, edited one by one or imported from an `.xlsx`. Papers are in
 * `exam-paper.ts`, a class's exam settings in `exam-setting.ts`, the student's attempts in
 * `exam.ts`, the scores in `exam-score.ts`.
 */

const QUESTION_PAGE = '/resource-manage/exam-question' as const;
const PAPER_PAGE = '/resource-manage/exam-paper' as const;

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
export const examIdInput = zIdInput;

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
  /** What staff may do to it (docs/api-conventions.md "Abilities"): 删除 while no paper holds it. */
  abilities: Abilities<'delete'>;
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

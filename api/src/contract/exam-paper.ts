import { z } from 'zod';
import { staff } from './access';
import { answer, defineCalls } from './call';
import {
  type Abilities,
  type PageAnswer,
  zBlankAsMissing,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';
import {
  type ExamQuestionItem,
  type ExamQuestionType,
  examIdInput,
  zExamQuestionType,
} from './exam-question';

/** Exam papers, 试卷管理: built by hand or drawn at random by rules, scored out of 100. */

const PAPER_PAGE = '/resource-manage/exam-paper' as const;
const CLASS_EDIT = '/train-manage/train-class-detail' as const;

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
  /** What staff may do to it (docs/api-conventions.md "Abilities"): 删除 while no class's exam uses it. */
  abilities: Abilities<'delete'>;
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

import {
  EXAM_QUESTION_TYPE_LABEL,
  type ExamQuestionItem,
  type ExamQuestionType,
  PAPER_TOTAL_SCORE,
  type PaperDetail,
  type PaperMode,
  type PaperSaveInput,
} from '@px/api/contract';

/** A hand-chosen question of the editor with its score. */
export interface PaperQuestionRow {
  questionId: number;
  score: number | null;
  question: Pick<ExamQuestionItem, 'id' | 'type' | 'content' | 'categoryName'>;
}

/** A random rule of the editor. */
export interface PaperRuleRow {
  key: number;
  categoryId: number | null;
  type: ExamQuestionType;
  count: number | null;
  score: number | null;
  /** Questions the bank held for the rule when the paper was read (null for a new rule). */
  available: number | null;
}

/** The editor's fields beside the tables. */
export interface PaperFormValues {
  name: string;
  mode: PaperMode;
  description?: string;
}

/** Scores are kept in tenths: sums without floating-point dust. */
const tenths = (value: number | null) => Math.round((value ?? 0) * 10);

/** The total of the hand-chosen questions' scores. */
export function fixedTotal(rows: readonly PaperQuestionRow[]): number {
  return rows.reduce((sum, row) => sum + tenths(row.score), 0) / 10;
}

/** The total of the random rules: count × score of each. */
export function randomTotal(rules: readonly PaperRuleRow[]): number {
  return rules.reduce((sum, rule) => sum + (rule.count ?? 0) * tenths(rule.score), 0) / 10;
}

/** Whether a total is the paper's full marks. */
export const isFullMarks = (total: number) => Math.abs(total - PAPER_TOTAL_SCORE) < 1e-9;

/**
 * Scores for `count` questions that add up to 100 with one decimal: the same score each, the rest
 * on the last ones (3 questions: 33.3, 33.3, 33.4). Empty for no question.
 */
export function evenScores(count: number): number[] {
  if (count <= 0) return [];
  const each = Math.floor((PAPER_TOTAL_SCORE * 10) / count);
  const scores = Array.from({ length: count }, () => each);
  let rest = PAPER_TOTAL_SCORE * 10 - each * count;
  for (let index = count - 1; rest > 0; index = (index - 1 + count) % count, rest -= 1)
    scores[index] = (scores[index] ?? 0) + 1;
  return scores.map((value) => value / 10);
}

let ruleKey = 0;
/** A new random rule (single choice, no count or score yet). */
export function newRule(overrides: Partial<PaperRuleRow> = {}): PaperRuleRow {
  ruleKey += 1;
  return {
    key: ruleKey,
    categoryId: null,
    type: 'SINGLE',
    count: null,
    score: null,
    available: null,
    ...overrides,
  };
}

/** The editor's state of a paper (or of a new one). */
export function paperEditorState(detail: PaperDetail | null) {
  return {
    values: {
      name: detail?.name ?? '',
      mode: detail?.mode ?? 'FIXED',
      description: detail?.description ?? undefined,
    } satisfies PaperFormValues,
    questions: (detail?.questions ?? []).map((row) => ({
      questionId: row.questionId,
      score: row.score,
      question: row.question,
    })),
    rules: (detail?.rules ?? []).map((rule) =>
      newRule({
        categoryId: rule.categoryId,
        type: rule.type,
        count: rule.count,
        score: rule.score,
        available: rule.available,
      }),
    ),
  };
}

/** The save payload: the mode's list only. */
export function paperSavePayload(
  values: PaperFormValues,
  questions: readonly PaperQuestionRow[],
  rules: readonly PaperRuleRow[],
  id?: number,
): PaperSaveInput {
  return {
    ...(id ? { id } : {}),
    name: values.name,
    mode: values.mode,
    description: values.description?.trim() || undefined,
    questions:
      values.mode === 'FIXED'
        ? questions.map((row) => ({ questionId: row.questionId, score: row.score }))
        : [],
    rules:
      values.mode === 'RANDOM'
        ? rules.map((rule) => ({
            categoryId: rule.categoryId,
            type: rule.type,
            count: rule.count,
            score: rule.score,
          }))
        : [],
  };
}

/** A question's type in words. */
export const typeLabel = (type: ExamQuestionType) => EXAM_QUESTION_TYPE_LABEL[type];

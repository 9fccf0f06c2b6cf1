import { Op, QueryTypes, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import {
  EXAM_QUESTION_TYPE_LABEL,
  type ExamQuestionItem,
  type ExamQuestionPage,
  type ExamQuestionType,
  type examQuestionPageInput,
  type examQuestionSaveInput,
} from '../../contract/exam-question';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { newestFirstPage } from '../../core/newest-first';
import { enforce } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { audit } from '../audit/audit.service';
import { checkQuestionAnswer } from '../course/question.service';
import { ExamPaperQuestion, ExamQuestion } from './exam.model';
import { presentQuestion } from './exam.presenter';
import { questionDeletion } from './exam-bank.policy';
import { examCategories } from './exam-category.service';

/**
 * The question bank of a project (考试题库): questions of four types filed in the exam type tree.
 * A question held by a hand-built paper cannot be deleted; editing one changes the papers that hold
 * it for attempts started afterwards (an attempt keeps the questions as they were drawn).
 */

export const QUESTION_NOT_FOUND = '试题不存在';

/** What a question keeps of its answer, normalised. */
export interface CheckedAnswer {
  options: string[];
  answer: string;
  acceptedAnswers: string[];
}

/**
 * The options and answers of a question, or the field errors: choice and judge questions as the
 * pop-up questions check them (`checkQuestionAnswer`); a FILL question takes no options and 1..10
 * accepted answers without repeats (compared case-insensitively). Pure: the save and the import use it.
 */
export function checkExamQuestion(input: {
  type: ExamQuestionType;
  options: string[];
  answer: string;
  acceptedAnswers: string[];
}): CheckedAnswer | FieldError[] {
  if (input.type === 'FILL') {
    const errors: FieldError[] = [];
    if (input.options.length) errors.push({ field: 'options', rule: 'fill', message: '填空题没有选项' });
    const accepted = input.acceptedAnswers.map((text) => text.trim()).filter(Boolean);
    if (accepted.length === 0)
      errors.push({ field: 'acceptedAnswers', rule: 'required', message: '请填写填空题的答案' });
    else if (new Set(accepted.map((text) => text.toLowerCase())).size !== accepted.length)
      errors.push({ field: 'acceptedAnswers', rule: 'unique', message: '填空答案不能重复' });
    return errors.length ? errors : { options: [], answer: '', acceptedAnswers: accepted };
  }
  if (!input.answer)
    return [
      { field: 'answer', rule: 'required', message: `请填写${EXAM_QUESTION_TYPE_LABEL[input.type]}的答案` },
    ];
  const checked = checkQuestionAnswer({ type: input.type, options: input.options, answer: input.answer });
  return Array.isArray(checked) ? checked : { ...checked, acceptedAnswers: [] };
}

/** How many hand-built papers hold each question. */
async function paperCounts(projectId: number, questionIds: number[], transaction?: Transaction) {
  if (questionIds.length === 0) return new Map<number, number>();
  const rows = await ExamPaperQuestion.findAll({
    attributes: ['questionId'],
    where: { projectId, questionId: questionIds },
    transaction,
  });
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.questionId, (counts.get(row.questionId) ?? 0) + 1);
  return counts;
}

/** Questions of the project as the back office sees them (their category paths and paper counts read). */
export async function questionItems(
  scope: TenantScope,
  questions: ExamQuestion[],
  transaction?: Transaction,
): Promise<ExamQuestionItem[]> {
  const paths = await examCategories.categoryPaths(scope, transaction);
  const papers = await paperCounts(
    scope.project.id,
    questions.map((question) => question.id),
    transaction,
  );
  return questions.map((question) => presentQuestion(question, paths, papers));
}

/** A question of the project. Throws BusinessError 试题不存在 (also for another project's). */
export async function loadQuestion(scope: TenantScope, id: number, transaction?: Transaction) {
  const question = await ExamQuestion.findOne({ where: { id, projectId: scope.project.id }, transaction });
  if (!question) throw new BusinessError(QUESTION_NOT_FOUND);
  return question;
}

/** `exam-question/page`: the bank filtered by category (with its descendants), type and keyword. */
export async function pageQuestions(
  scope: TenantScope,
  input: z.output<typeof examQuestionPageInput>,
): Promise<ExamQuestionPage> {
  const where: WhereOptions<ExamQuestion> = { projectId: scope.project.id };
  if (input.categoryId)
    Object.assign(where, { categoryId: await examCategories.subtreeIdsOf(scope, input.categoryId) });
  if (input.type) Object.assign(where, { type: input.type });
  if (input.keyword) Object.assign(where, { content: { [Op.iLike]: containsPattern(input.keyword) } });
  return newestFirstPage(ExamQuestion, where, input, (rows) => questionItems(scope, rows));
}

/** `exam-question/detail`. Throws BusinessError 试题不存在. */
export async function questionDetail(scope: TenantScope, id: number): Promise<ExamQuestionItem> {
  const [item] = await questionItems(scope, [await loadQuestion(scope, id)]);
  return item as ExamQuestionItem;
}

/**
 * `exam-question/save`: creates or edits a question of the project. Audited. Throws ValidationError
 * naming `categoryId`, `options`, `answer` or `acceptedAnswers`; BusinessError 试题不存在.
 */
export async function saveQuestion(
  scope: ActorScope,
  input: z.output<typeof examQuestionSaveInput>,
): Promise<ExamQuestionItem> {
  const checked = checkExamQuestion(input);
  if (Array.isArray(checked)) throw new ValidationError(checked);
  const projectId = scope.project.id;
  return scope.sequelize.transaction(async (transaction) => {
    if (input.categoryId)
      await examCategories.requireCategory(scope, input.categoryId, 'categoryId', transaction);
    const values = {
      categoryId: input.categoryId ?? null,
      type: input.type,
      content: input.content,
      ...checked,
      analysis: input.analysis ?? null,
    };
    let question: ExamQuestion;
    if (input.id) {
      question = await loadQuestion(scope, input.id, transaction);
      await question.update(values, { transaction });
    } else {
      question = await ExamQuestion.create(
        { projectId, ...values, createdBy: scope.principal.accountId },
        { transaction },
      );
    }
    await audit(
      scope,
      {
        action: input.id ? 'exam-question.update' : 'exam-question.create',
        projectId,
        targetType: 'exam-question',
        targetId: question.id,
      },
      transaction,
    );
    const [item] = await questionItems(scope, [question], transaction);
    return item as ExamQuestionItem;
  });
}

/** `exam-question/delete`: a question no hand-built paper holds. Throws BusinessError. */
export async function deleteQuestion(scope: ActorScope, id: number): Promise<void> {
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    const question = await ExamQuestion.findOne({
      where: { id, projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!question) throw new BusinessError(QUESTION_NOT_FOUND);
    const [row] = await scope.sequelize.query<{ count: string }>(
      'SELECT count(*) AS count FROM exam_paper_question WHERE project_id = :projectId AND question_id = :id',
      { replacements: { projectId, id }, type: QueryTypes.SELECT, transaction },
    );
    const used = Number(row?.count ?? 0);
    enforce(questionDeletion(used));
    await question.destroy({ transaction });
    await audit(
      scope,
      { action: 'exam-question.delete', projectId, targetType: 'exam-question', targetId: id },
      transaction,
    );
  });
}

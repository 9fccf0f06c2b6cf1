import { randomInt } from 'node:crypto';
import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import {
  PAPER_TOTAL_SCORE,
  type PaperDetail,
  type PaperItem,
  type PaperOption,
  type PaperPage,
  type PaperPreview,
  type PaperRuleItem,
  type paperOptionsInput,
  type paperPageInput,
  type paperSaveInput,
} from '../../contract/exam-paper';
import { EXAM_QUESTION_TYPE_LABEL, type ExamQuestionType } from '../../contract/exam-question';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { newestFirstPage } from '../../core/newest-first';
import { enforce } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { audit } from '../audit/audit.service';
import {
  type AttemptQuestion,
  ExamPaper,
  ExamPaperQuestion,
  ExamQuestion,
  ExamSetting,
  type StoredPaperRule,
} from './exam.model';
import { presentPaper } from './exam.presenter';
import { paperDeletion } from './exam-bank.policy';
import { examCategories } from './exam-category.service';
import { questionItems } from './question.service';

/**
 * Papers (试卷管理): FIXED papers hold chosen questions with scores, in order; RANDOM papers hold
 * rules (category and below or any, type, count, score each) and every attempt draws anew. Scores
 * are kept in tenths and a paper's add up to exactly 100. A paper a class uses is not deleted.
 */

export const PAPER_NOT_FOUND = '试卷不存在';
const TOTAL_TENTHS = PAPER_TOTAL_SCORE * 10;
const toTenths = (score: number) => Math.round(score * 10);

/** Questions of the project a random rule may draw from (its category and below, or any), ids only. */
async function ruleCandidates(
  scope: TenantScope,
  rule: Pick<StoredPaperRule, 'categoryId' | 'type'>,
  transaction?: Transaction,
): Promise<number[]> {
  const where: WhereOptions<ExamQuestion> = { projectId: scope.project.id, type: rule.type };
  if (rule.categoryId !== null) {
    const ids = await examCategories.subtreeIdsOf(scope, rule.categoryId);
    Object.assign(where, { categoryId: ids });
  }
  const rows = await ExamQuestion.findAll({ attributes: ['id'], where, transaction });
  return rows.map((row) => row.id);
}

/** `count` ids picked at random from `pool` (a partial Fisher–Yates shuffle on a copy). */
function pick(pool: readonly number[], count: number): number[] {
  const copy = [...pool];
  for (let i = 0; i < count; i += 1) {
    const j = i + randomInt(copy.length - i);
    [copy[i], copy[j]] = [copy[j] as number, copy[i] as number];
  }
  return copy.slice(0, count);
}

/** A question of the bank as an attempt keeps it. */
const attemptQuestion = (question: ExamQuestion, no: number, scoreTenths: number): AttemptQuestion => ({
  no,
  questionId: question.id,
  type: question.type,
  content: question.content,
  options: question.options,
  scoreTenths,
  answer: question.answer,
  acceptedAnswers: question.acceptedAnswers,
  analysis: question.analysis,
});

/**
 * The questions of one attempt of a paper: a FIXED paper's in its order; a RANDOM paper's drawn now,
 * rule by rule (a question drawn by an earlier rule is not drawn again). Throws BusinessError when
 * the bank no longer holds enough questions for a rule (edited or deleted since the paper was saved).
 */
export async function drawQuestions(
  scope: TenantScope,
  paper: ExamPaper,
  transaction?: Transaction,
): Promise<AttemptQuestion[]> {
  const projectId = scope.project.id;
  if (paper.mode === 'FIXED') {
    const links = await ExamPaperQuestion.findAll({
      where: { projectId, paperId: paper.id },
      order: [['sort', 'ASC']],
      transaction,
    });
    const questions = new Map(
      (
        await ExamQuestion.findAll({
          where: { projectId, id: links.map((link) => link.questionId) },
          transaction,
        })
      ).map((question) => [question.id, question]),
    );
    return links.map((link, index) =>
      attemptQuestion(questions.get(link.questionId) as ExamQuestion, index + 1, link.scoreTenths),
    );
  }
  const drawn: { id: number; scoreTenths: number }[] = [];
  const taken = new Set<number>();
  for (const rule of paper.rules) {
    const pool = (await ruleCandidates(scope, rule, transaction)).filter((id) => !taken.has(id));
    if (pool.length < rule.count)
      throw new BusinessError(
        `试卷「${paper.name}」的${EXAM_QUESTION_TYPE_LABEL[rule.type]}题库不足（需要 ${rule.count} 道，现有 ${pool.length} 道），请联系培训机构`,
      );
    for (const id of pick(pool, rule.count)) {
      taken.add(id);
      drawn.push({ id, scoreTenths: rule.scoreTenths });
    }
  }
  const questions = new Map(
    (await ExamQuestion.findAll({ where: { projectId, id: [...taken] }, transaction })).map((question) => [
      question.id,
      question,
    ]),
  );
  return drawn.map((entry, index) =>
    attemptQuestion(questions.get(entry.id) as ExamQuestion, index + 1, entry.scoreTenths),
  );
}

/** A paper of the project. Throws BusinessError 试卷不存在 (also for another project's). */
export async function loadPaper(scope: TenantScope, id: number, transaction?: Transaction) {
  const paper = await ExamPaper.findOne({ where: { id, projectId: scope.project.id }, transaction });
  if (!paper) throw new BusinessError(PAPER_NOT_FOUND);
  return paper;
}

/** Classes using each paper (their exam settings). */
async function classCounts(projectId: number, paperIds: number[], transaction?: Transaction) {
  const rows = paperIds.length
    ? await ExamSetting.findAll({
        attributes: ['paperId'],
        where: { projectId, paperId: paperIds },
        transaction,
      })
    : [];
  const counts = new Map<number, number>();
  for (const row of rows) if (row.paperId) counts.set(row.paperId, (counts.get(row.paperId) ?? 0) + 1);
  return counts;
}

/** The paper's total in tenths: the hand-chosen scores, or the rules' count × score. */
async function totalTenths(paper: ExamPaper, transaction?: Transaction): Promise<number> {
  if (paper.mode === 'RANDOM')
    return paper.rules.reduce((sum, rule) => sum + rule.count * rule.scoreTenths, 0);
  const links = await ExamPaperQuestion.findAll({
    attributes: ['scoreTenths'],
    where: { projectId: paper.projectId, paperId: paper.id },
    transaction,
  });
  return links.reduce((sum, link) => sum + link.scoreTenths, 0);
}

/** `exam-paper/page`: the papers, newest first. */
export async function pagePapers(
  scope: TenantScope,
  input: z.output<typeof paperPageInput>,
): Promise<PaperPage> {
  const where: WhereOptions<ExamPaper> = { projectId: scope.project.id };
  if (input.name) Object.assign(where, { name: { [Op.iLike]: containsPattern(input.name) } });
  if (input.mode) Object.assign(where, { mode: input.mode });
  return newestFirstPage(ExamPaper, where, input, async (rows) => {
    const classes = await classCounts(
      scope.project.id,
      rows.map((row) => row.id),
    );
    const list: PaperItem[] = [];
    for (const paper of rows)
      list.push(presentPaper(paper, await totalTenths(paper), classes.get(paper.id) ?? 0));
    return list;
  });
}

/** `exam-paper/detail` (and the answer of `save`). Throws BusinessError 试卷不存在. */
export async function paperDetail(
  scope: TenantScope,
  id: number,
  transaction?: Transaction,
): Promise<PaperDetail> {
  const paper = await loadPaper(scope, id, transaction);
  const projectId = scope.project.id;
  const links = await ExamPaperQuestion.findAll({
    where: { projectId, paperId: paper.id },
    order: [['sort', 'ASC']],
    transaction,
  });
  const questions = await ExamQuestion.findAll({
    where: { projectId, id: links.map((link) => link.questionId) },
    transaction,
  });
  const items = new Map((await questionItems(scope, questions, transaction)).map((item) => [item.id, item]));
  const paths = await examCategories.categoryPaths(scope, transaction);
  const rules: PaperRuleItem[] = [];
  for (const rule of paper.rules)
    rules.push({
      categoryId: rule.categoryId,
      categoryName: rule.categoryId === null ? null : (paths.get(rule.categoryId) ?? null),
      type: rule.type,
      count: rule.count,
      score: rule.scoreTenths / 10,
      available: (await ruleCandidates(scope, rule, transaction)).length,
    });
  const classes = await classCounts(projectId, [paper.id], transaction);
  return {
    ...presentPaper(paper, await totalTenths(paper, transaction), classes.get(paper.id) ?? 0),
    questions: links.flatMap((link) => {
      const question = items.get(link.questionId);
      return question ? [{ questionId: link.questionId, score: link.scoreTenths / 10, question }] : [];
    }),
    rules,
  };
}

/**
 * Checks a paper before it is saved: a FIXED paper's questions (at least one, each once, of the
 * project) or a RANDOM paper's rules (at least one, categories of the project, enough questions in
 * the bank for them together), and a total of exactly 100. Answers the field errors.
 */
async function checkPaper(
  scope: TenantScope,
  input: z.output<typeof paperSaveInput>,
  transaction: Transaction,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const projectId = scope.project.id;
  let total = 0;
  if (input.mode === 'FIXED') {
    if (input.questions.length === 0)
      return [{ field: 'questions', rule: 'required', message: '请选择试题' }];
    const ids = input.questions.map((entry) => entry.questionId);
    const found = new Set(
      (
        await ExamQuestion.findAll({
          attributes: ['id'],
          where: { projectId, id: ids },
          transaction,
          lock: transaction.LOCK.SHARE,
        })
      ).map((row) => row.id),
    );
    const seen = new Set<number>();
    input.questions.forEach((entry, index) => {
      if (!found.has(entry.questionId))
        errors.push({ field: `questions.${index}.questionId`, rule: 'exists', message: '试题不存在' });
      else if (seen.has(entry.questionId))
        errors.push({
          field: `questions.${index}.questionId`,
          rule: 'unique',
          message: '同一试题不能重复选择',
        });
      seen.add(entry.questionId);
      total += toTenths(entry.score);
    });
    if (total !== TOTAL_TENTHS)
      errors.push({
        field: 'questions',
        rule: 'total',
        message: `试卷总分应为 ${PAPER_TOTAL_SCORE} 分（现为 ${total / 10} 分）`,
      });
    return errors;
  }
  if (input.rules.length === 0) return [{ field: 'rules', rule: 'required', message: '请添加抽题规则' }];
  const categories = await examCategories.categoryPaths(scope, transaction);
  const taken = new Set<number>();
  for (const [index, rule] of input.rules.entries()) {
    total += rule.count * toTenths(rule.score);
    if (rule.categoryId && !categories.has(rule.categoryId)) {
      errors.push({ field: `rules.${index}.categoryId`, rule: 'exists', message: '考试分类不存在' });
      continue;
    }
    // Rules draw in order and never the same question twice, so count what is left for each.
    const pool = (
      await ruleCandidates(scope, { categoryId: rule.categoryId ?? null, type: rule.type }, transaction)
    ).filter((id) => !taken.has(id));
    if (pool.length < rule.count)
      errors.push({
        field: `rules.${index}.count`,
        rule: 'available',
        message: `题库中可抽取的${EXAM_QUESTION_TYPE_LABEL[rule.type]}只有 ${pool.length} 道，少于 ${rule.count} 道`,
      });
    for (const id of pool.slice(0, rule.count)) taken.add(id);
  }
  if (total !== TOTAL_TENTHS)
    errors.push({
      field: 'rules',
      rule: 'total',
      message: `试卷总分应为 ${PAPER_TOTAL_SCORE} 分（现为 ${total / 10} 分）`,
    });
  return errors;
}

/**
 * `exam-paper/save`: creates or replaces a paper (its questions or rules as a whole). Attempts
 * already started keep what they drew. Audited. Throws ValidationError naming the field (questions,
 * rules, their entries, the total); BusinessError 试卷不存在.
 */
export async function savePaper(
  scope: ActorScope,
  input: z.output<typeof paperSaveInput>,
): Promise<PaperDetail> {
  const projectId = scope.project.id;
  return scope.sequelize.transaction(async (transaction) => {
    const existing = input.id
      ? await ExamPaper.findOne({
          where: { id: input.id, projectId },
          transaction,
          lock: transaction.LOCK.UPDATE,
        })
      : null;
    if (input.id && !existing) throw new BusinessError(PAPER_NOT_FOUND);
    const errors = await checkPaper(scope, input, transaction);
    if (errors.length) throw new ValidationError(errors);
    const fixed = input.mode === 'FIXED';
    const values = {
      name: input.name,
      mode: input.mode,
      description: input.description ?? null,
      rules: fixed
        ? []
        : input.rules.map((rule) => ({
            categoryId: rule.categoryId ?? null,
            type: rule.type as ExamQuestionType,
            count: rule.count,
            scoreTenths: toTenths(rule.score),
          })),
      questionCount: fixed ? input.questions.length : input.rules.reduce((sum, rule) => sum + rule.count, 0),
    };
    const paper = existing
      ? await existing.update(values, { transaction })
      : await ExamPaper.create(
          { projectId, ...values, createdBy: scope.principal.accountId },
          { transaction },
        );
    await ExamPaperQuestion.destroy({ where: { projectId, paperId: paper.id }, transaction });
    if (fixed)
      await ExamPaperQuestion.bulkCreate(
        input.questions.map((entry, sort) => ({
          projectId,
          paperId: paper.id,
          questionId: entry.questionId,
          scoreTenths: toTenths(entry.score),
          sort,
        })),
        { transaction },
      );
    await audit(
      scope,
      {
        action: existing ? 'exam-paper.update' : 'exam-paper.create',
        projectId,
        targetType: 'exam-paper',
        targetId: paper.id,
        detail: { mode: paper.mode, questionCount: paper.questionCount },
      },
      transaction,
    );
    return paperDetail(scope, paper.id, transaction);
  });
}

/** `exam-paper/delete`: a paper no class uses. Audited. Throws BusinessError. */
export async function deletePaper(scope: ActorScope, id: number): Promise<void> {
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    const paper = await ExamPaper.findOne({
      where: { id, projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!paper) throw new BusinessError(PAPER_NOT_FOUND);
    const used = (await classCounts(projectId, [id], transaction)).get(id) ?? 0;
    enforce(paperDeletion(used));
    await paper.destroy({ transaction });
    await audit(
      scope,
      { action: 'exam-paper.delete', projectId, targetType: 'exam-paper', targetId: id },
      transaction,
    );
  });
}

/** `exam-paper/preview`: one draw of the paper with answers (staff only). Throws BusinessError. */
export async function previewPaper(scope: TenantScope, id: number): Promise<PaperPreview> {
  const paper = await loadPaper(scope, id);
  const drawn = await drawQuestions(scope, paper);
  const bank = await ExamQuestion.findAll({
    where: { projectId: scope.project.id, id: drawn.map((question) => question.questionId) },
  });
  const items = new Map((await questionItems(scope, bank)).map((item) => [item.id, item]));
  return {
    paperId: paper.id,
    name: paper.name,
    mode: paper.mode,
    totalScore: drawn.reduce((sum, question) => sum + question.scoreTenths, 0) / 10,
    questions: drawn.flatMap((question) => {
      const item = items.get(question.questionId);
      return item ? [{ ...item, no: question.no, score: question.scoreTenths / 10 }] : [];
    }),
  };
}

/** `exam-paper/options`: papers by part of the name, newest first, at most 50. */
export async function paperOptions(
  scope: TenantScope,
  input: z.output<typeof paperOptionsInput>,
): Promise<PaperOption[]> {
  const rows = await ExamPaper.findAll({
    where: {
      projectId: scope.project.id,
      ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
    },
    order: [['id', 'DESC']],
    limit: 50,
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    mode: row.mode,
    questionCount: row.questionCount,
  }));
}

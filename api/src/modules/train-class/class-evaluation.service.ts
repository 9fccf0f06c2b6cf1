import { col, fn, QueryTypes, type Transaction } from 'sequelize';
import type { z } from 'zod';
import {
  EVALUATING_MY_CLASS_STATUS,
  type EvaluationItem,
  type EvaluationPage,
  type EvaluationStatus,
  type evaluateListInput,
  type evaluateSaveInput,
} from '../../contract/class-evaluation';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { newestFirstPage } from '../../core/newest-first';
import { Account } from '../account/account.model';
import { audit } from '../audit/audit.service';
import { CLASS_NOT_OFFERED, chinaToday, findOfferedClass } from './class-read';
import { ClassEvaluation, MyClass, TrainClass } from './train-class.model';
import { presentEvaluation } from './train-class.presenter';

/**
 * Class evaluations (评价): students who paid for a class rate it 1..5 with a comment, once each
 * (rewriting replaces it); staff of the class screens hide or show them. The H5 sees visible ones
 * with masked names; the average counts visible ones only.
 */

const EVALUATION_NOT_FOUND = '评价不存在';
const CLASS_NOT_FOUND = '班级不存在';

/** A class's average visible score (one decimal) and the number of visible evaluations. */
export interface ClassRating {
  rating: number | null;
  count: number;
}

/** The rating of each class of `classIds` of the project over its VISIBLE evaluations (null rating without any). */
export async function classRatings(
  projectId: number,
  classIds: number[],
  transaction?: Transaction,
): Promise<Map<number, ClassRating>> {
  const ratings = new Map<number, ClassRating>(classIds.map((id) => [id, { rating: null, count: 0 }]));
  if (classIds.length === 0) return ratings;
  const rows = (await ClassEvaluation.findAll({
    attributes: ['classId', [fn('AVG', col('score')), 'average'], [fn('COUNT', col('id')), 'count']],
    where: { projectId, classId: classIds, status: 'VISIBLE' },
    group: ['classId'],
    raw: true,
    transaction,
  })) as unknown as { classId: number; average: string; count: string }[];
  for (const row of rows)
    ratings.set(row.classId, { rating: Math.round(Number(row.average) * 10) / 10, count: Number(row.count) });
  return ratings;
}

/** A name as the H5 shows it to others: the first character, the rest as `*` (`张三` -> `张*`). */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length === 0) return '*';
  return `${chars[0]}${'*'.repeat(Math.max(1, chars.length - 1))}`;
}

/** The real names of the project's students by account id (deleted accounts included). */
async function authorNames(
  projectId: number,
  accountIds: number[],
  transaction?: Transaction,
): Promise<Map<number, string>> {
  if (accountIds.length === 0) return new Map();
  const accounts = await Account.findAll({
    attributes: ['id', 'realName'],
    where: { id: [...new Set(accountIds)], projectId },
    paranoid: false,
    transaction,
  });
  return new Map(accounts.map((account) => [account.id, account.realName]));
}

/**
 * `class/evaluate-list`: a class's evaluations, newest first, with its rating. The public
 * (`staff` false: the H5) sees the visible evaluations of an offered class with masked names (else
 * BusinessError 班级不存在或已下架); staff see every evaluation of any class of their project with full
 * names (else 班级不存在).
 */
export async function listEvaluations(
  scope: TenantScope,
  staff: boolean,
  input: z.output<typeof evaluateListInput>,
  today = chinaToday(),
): Promise<EvaluationPage> {
  const projectId = scope.project.id;
  const found = staff
    ? await TrainClass.findOne({ where: { id: input.classId, projectId } })
    : await findOfferedClass(projectId, input.classId, today);
  if (!found) throw new BusinessError(staff ? CLASS_NOT_FOUND : CLASS_NOT_OFFERED);
  const page = await newestFirstPage(
    ClassEvaluation,
    { projectId, classId: found.id, ...(staff ? {} : { status: 'VISIBLE' }) },
    input,
    async (rows) => {
      const names = await authorNames(
        projectId,
        rows.map((row) => row.accountId),
      );
      const nameOf = (row: ClassEvaluation) => {
        const name = names.get(row.accountId) ?? '';
        return staff ? name : maskName(name);
      };
      return rows.map((row) => presentEvaluation(row, nameOf(row)));
    },
  );
  const rating = (await classRatings(projectId, [found.id])).get(found.id)?.rating ?? null;
  return { ...page, rating };
}

/** The student whose evaluation is read or written: their project and account. */
interface EvaluationAuthor {
  projectId: number;
  accountId: number;
}

/** The signed-in student of a scope, as an evaluation's author. */
const authorOf = (scope: ActorScope): EvaluationAuthor => ({
  projectId: scope.project.id,
  accountId: scope.principal.accountId,
});

async function ownEvaluation(
  author: EvaluationAuthor,
  classId: number,
  transaction?: Transaction,
): Promise<EvaluationItem | null> {
  const evaluation = await ClassEvaluation.findOne({
    where: { projectId: author.projectId, accountId: author.accountId, classId },
    transaction,
  });
  if (!evaluation) return null;
  const names = await authorNames(author.projectId, [author.accountId], transaction);
  return presentEvaluation(evaluation, names.get(author.accountId) ?? '');
}

/** `class/evaluate-get`: the student's own evaluation of a class (hidden ones included), or null. */
export function getOwnEvaluation(scope: ActorScope, classId: number): Promise<EvaluationItem | null> {
  return ownEvaluation(authorOf(scope), classId);
}

/**
 * `class/evaluate-save`: writes or rewrites the student's evaluation of a class of their project
 * they are enrolled in with a paid enrolment (EVALUATING_MY_CLASS_STATUS). One per student and
 * class (insert, on conflict update); a hidden evaluation stays hidden when rewritten. Throws
 * BusinessError 班级不存在, or when the student has no such enrolment.
 */
export async function saveEvaluation(
  scope: ActorScope,
  input: z.output<typeof evaluateSaveInput>,
): Promise<EvaluationItem> {
  const author = authorOf(scope);
  return scope.sequelize.transaction(async (transaction) => {
    const found = await TrainClass.findOne({
      attributes: ['id'],
      where: { id: input.classId, projectId: author.projectId },
      transaction,
    });
    if (!found) throw new BusinessError(CLASS_NOT_FOUND);
    const enrolled = await MyClass.count({
      where: {
        projectId: author.projectId,
        accountId: author.accountId,
        classId: found.id,
        status: [...EVALUATING_MY_CLASS_STATUS],
      },
      transaction,
    });
    if (!enrolled) throw new BusinessError('报名并缴费后才能评价该班级');
    await scope.sequelize.query(
      `INSERT INTO class_evaluation (project_id, class_id, account_id, score, content)
       VALUES (:projectId, :classId, :accountId, :score, :content)
       ON CONFLICT (class_id, account_id)
       DO UPDATE SET score = EXCLUDED.score, content = EXCLUDED.content, updated_at = CURRENT_TIMESTAMP`,
      {
        replacements: {
          projectId: author.projectId,
          classId: found.id,
          accountId: author.accountId,
          score: input.score,
          content: input.content ?? null,
        },
        type: QueryTypes.INSERT,
        transaction,
      },
    );
    const saved = await ownEvaluation(author, found.id, transaction);
    if (!saved) throw new Error('the saved evaluation cannot be read back');
    return saved;
  });
}

/**
 * `class/evaluate-status`: hides or shows an evaluation of the project (audited with the old and
 * new status). Throws BusinessError 评价不存在 for another project's evaluation.
 */
export async function setEvaluationStatus(
  scope: ActorScope,
  id: number,
  status: EvaluationStatus,
): Promise<EvaluationItem> {
  const projectId = scope.project.id;
  return scope.sequelize.transaction(async (transaction) => {
    const evaluation = await ClassEvaluation.findOne({
      where: { id, projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!evaluation) throw new BusinessError(EVALUATION_NOT_FOUND);
    const from = evaluation.status;
    if (from !== status) {
      await evaluation.update({ status }, { transaction });
      await audit(
        scope,
        {
          action: 'class-evaluation.status',
          projectId,
          targetType: 'class_evaluation',
          targetId: evaluation.id,
          detail: { classId: evaluation.classId, from, to: status },
        },
        transaction,
      );
    }
    const names = await authorNames(projectId, [evaluation.accountId], transaction);
    return presentEvaluation(evaluation, names.get(evaluation.accountId) ?? '');
  });
}

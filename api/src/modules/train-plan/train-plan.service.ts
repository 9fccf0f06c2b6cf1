import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import {
  chinaYear,
  INDUSTRY_DICTIONARY_TYPE,
  type TrainPlanItem,
  type TrainPlanOperation,
  type TrainPlanStatus,
  trainPlanAllows,
  type trainPlanPageInput,
  type trainPlanSaveInput,
} from '../../contract/train-plan';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError, fieldError, uniqueRefusal } from '../../core/errors';
import { emit } from '../../core/events';
import { modelPage } from '../../core/newest-first';
import { containsPattern } from '../../core/query';
import { audit } from '../audit/audit.service';
import { listDictionary } from '../dictionary/dictionary.service';
import { trainPlanDeleting } from './train-plan.events';
import { TrainPlan } from './train-plan.model';
import { presentPlan } from './train-plan.presenter';

const NAME_TAKEN = '该年度已有同名的培训计划';

/** The labels of the project's industries by code. */
async function industryLabels(projectId: number, transaction?: Transaction): Promise<Map<string, string>> {
  const items = await listDictionary(projectId, INDUSTRY_DICTIONARY_TYPE, transaction);
  return new Map(items.map((item) => [item.code, item.label]));
}

/** One plan of the project (locked for update inside a transaction); another project's answers 培训计划不存在. */
async function loadPlan(projectId: number, id: number, transaction?: Transaction): Promise<TrainPlan> {
  const plan = await TrainPlan.findOne({
    where: { id, projectId },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!plan) throw new BusinessError('培训计划不存在');
  return plan;
}

/**
 * One page of the project's plans, newest year first (then latest start), filtered by year, part of
 * the name, status and industry.
 */
export async function pageTrainPlans(
  scope: TenantScope,
  input: z.output<typeof trainPlanPageInput>,
): Promise<PageAnswer<TrainPlanItem>> {
  const projectId = scope.project.id;
  const where: WhereOptions<TrainPlan> = {
    projectId,
    ...(input.year !== undefined ? { year: input.year } : {}),
    ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
    ...(input.status ? { status: input.status } : {}),
    ...(input.industry ? { industry: input.industry } : {}),
  };
  return modelPage(
    TrainPlan,
    {
      where,
      order: [
        ['year', 'DESC'],
        ['startDate', 'DESC'],
        ['id', 'DESC'],
      ],
    },
    input,
    async (rows) => {
      const industries = await industryLabels(projectId);
      return rows.map((plan) => presentPlan(plan, industries));
    },
  );
}

/** One plan of the project. Throws 培训计划不存在. */
export async function getTrainPlan(scope: TenantScope, id: number): Promise<TrainPlanItem> {
  const projectId = scope.project.id;
  return presentPlan(await loadPlan(projectId, id), await industryLabels(projectId));
}

/**
 * Refuses a year outside the project's `classStartYear` .. next year (China time), naming `year`.
 * Classes follow the same rule. Throws ValidationError.
 */
export function checkYear(scope: TenantScope, year: number, now: Date): void {
  const first = scope.project.settings.classStartYear;
  const last = chinaYear(now) + 1;
  if (year < first || year > last) throw fieldError('year', 'range', `年度应在 ${first} 到 ${last} 之间`);
}

/**
 * Creates (as a DRAFT) or updates a plan of the project. The year lies between the project's
 * `classStartYear` and next year (an unchanged year is kept even when the range moved), the industry
 * exists in the dictionary `industry`, the name is unique within the year. A closed plan cannot be
 * changed and a published one keeps its year. Audited. Throws ValidationError naming the field,
 * BusinessError 培训计划不存在 or for a closed plan.
 */
export async function saveTrainPlan(
  scope: ActorScope,
  input: z.output<typeof trainPlanSaveInput>,
  now: Date = new Date(),
): Promise<TrainPlanItem> {
  const projectId = scope.project.id;
  // Two saves of the same name at once: the unique index decides.
  return scope.sequelize
    .transaction(async (transaction) => {
      const existing = input.id ? await loadPlan(projectId, input.id, transaction) : null;
      if (existing && !trainPlanAllows(existing.status, 'edit'))
        throw new BusinessError('已关闭的培训计划不能修改，请先重新发布');
      if (existing && existing.year !== input.year && existing.status !== 'DRAFT')
        throw fieldError('year', 'published', '已发布的培训计划不能修改年度');
      if (!existing || existing.year !== input.year) checkYear(scope, input.year, now);
      const industries = await industryLabels(projectId, transaction);
      if (!industries.has(input.industry)) throw fieldError('industry', 'exists', '所属行业不存在');
      const sameName = await TrainPlan.count({
        where: {
          projectId,
          year: input.year,
          name: input.name,
          ...(existing ? { id: { [Op.ne]: existing.id } } : {}),
        },
        transaction,
      });
      if (sameName) throw fieldError('name', 'unique', NAME_TAKEN);
      const fields = {
        year: input.year,
        name: input.name,
        industry: input.industry,
        startDate: input.startDate,
        endDate: input.endDate,
        description: input.description ?? null,
      };
      let plan: TrainPlan;
      if (existing) {
        await existing.update(fields, { transaction });
        plan = existing;
      } else {
        plan = await TrainPlan.create({ projectId, ...fields }, { transaction });
      }
      await audit(
        scope,
        {
          action: existing ? 'train-plan.update' : 'train-plan.create',
          projectId,
          targetType: 'train-plan',
          targetId: plan.id,
          detail: fields,
        },
        transaction,
      );
      // Read back so DATE columns come as the database keeps them.
      return presentPlan(await loadPlan(projectId, plan.id, transaction), industries);
    })
    .catch(uniqueRefusal(fieldError('name', 'unique', NAME_TAKEN)));
}

/** Why a plan of `status` refuses `operation`. */
const REFUSALS: Record<Exclude<TrainPlanOperation, 'edit'>, Partial<Record<TrainPlanStatus, string>>> = {
  publish: { PUBLISHED: '培训计划已发布' },
  close: { DRAFT: '草稿状态的培训计划不能关闭，不需要时可直接删除', CLOSED: '培训计划已关闭' },
  delete: { PUBLISHED: '只有草稿状态的培训计划可以删除', CLOSED: '只有草稿状态的培训计划可以删除' },
};

/**
 * Changes a plan's status: `publish` (a draft, or a closed plan again), `close` (a published plan).
 * Audited. Throws BusinessError 培训计划不存在, or why the status does not allow it.
 */
export async function changeTrainPlanStatus(
  scope: ActorScope,
  id: number,
  operation: 'publish' | 'close',
  now: Date = new Date(),
): Promise<TrainPlanItem> {
  const projectId = scope.project.id;
  return scope.sequelize.transaction(async (transaction) => {
    const plan = await loadPlan(projectId, id, transaction);
    if (!trainPlanAllows(plan.status, operation))
      throw new BusinessError(
        REFUSALS[operation][plan.status as TrainPlanStatus] ?? '培训计划状态不允许该操作',
      );
    const before = plan.status;
    await plan.update(
      operation === 'publish'
        ? { status: 'PUBLISHED', publishedAt: now, closedAt: null }
        : { status: 'CLOSED', closedAt: now },
      { transaction },
    );
    await audit(
      scope,
      {
        action: `train-plan.${operation}`,
        projectId,
        targetType: 'train-plan',
        targetId: id,
        detail: { before, after: plan.status },
      },
      transaction,
    );
    return presentPlan(plan, await industryLabels(projectId, transaction));
  });
}

/**
 * Deletes a draft plan of the project (published and closed plans stay on record); the modules
 * above may refuse it (`trainPlanDeleting`: the classes module refuses a plan with classes).
 * Audited. Throws BusinessError 培训计划不存在, for a plan that is not a draft, or the listener's refusal.
 */
export async function deleteTrainPlan(scope: ActorScope, id: number): Promise<void> {
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    const plan = await loadPlan(projectId, id, transaction);
    if (!trainPlanAllows(plan.status, 'delete'))
      throw new BusinessError(
        REFUSALS.delete[plan.status as TrainPlanStatus] ?? '只有草稿状态的培训计划可以删除',
      );
    await emit(scope, trainPlanDeleting, { projectId, planId: id }, transaction);
    await plan.destroy({ transaction });
    await audit(
      scope,
      {
        action: 'train-plan.delete',
        projectId,
        targetType: 'train-plan',
        targetId: id,
        detail: { year: plan.year, name: plan.name },
      },
      transaction,
    );
  });
}

import type { Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { listen } from '../../core/events';
import { classCategoryDeleting } from '../class-category/class-category.events';
import { trainPlanDeleting } from '../train-plan/train-plan.events';
import { classUse, describeClassUse } from './class-read';

/** Refuses deleting a plan that has classes, naming them. */
async function refusePlanInUse(
  _scope: Scope,
  payload: { projectId: number; planId: number },
  transaction: Transaction,
): Promise<void> {
  const use = await classUse(payload, transaction);
  if (use.count)
    throw new BusinessError(`该培训计划下已有${describeClassUse(use)}，不能删除，请先删除或移走这些班级`);
}

/** Refuses deleting a category that a class uses (the category or one below it), naming the classes. */
async function refuseCategoryInUse(
  _scope: Scope,
  payload: { projectId: number; categoryIds: number[] },
  transaction: Transaction,
): Promise<void> {
  const use = await classUse(payload, transaction);
  if (use.count) throw new BusinessError(`该分类（含下级分类）已被${describeClassUse(use)}使用，不能删除`);
}

/**
 * The classes module keeps the plans and class categories its classes use: their deletion is
 * refused while a class uses them (the lower modules emit the events inside their delete transaction).
 */
export function listenClassUsage(): void {
  listen(trainPlanDeleting, refusePlanInUse);
  listen(classCategoryDeleting, refuseCategoryInUse);
}

import { trainPlanCalls } from '../../contract/train-plan';
import { implement } from '../../core/action';
import {
  changeTrainPlanStatus,
  deleteTrainPlan,
  getTrainPlan,
  pageTrainPlans,
  saveTrainPlan,
} from './train-plan.service';

/** The train plan calls (`train-plan/...`): project staff of the plan screens, in their project. */
export const trainPlanActions = implement(trainPlanCalls, {
  page: (ctx, input) => pageTrainPlans(ctx, input),
  get: (ctx, input) => getTrainPlan(ctx, input.id),
  save: (ctx, input) => saveTrainPlan(ctx, input),
  publish: (ctx, input) => changeTrainPlanStatus(ctx, input.id, 'publish'),
  close: (ctx, input) => changeTrainPlanStatus(ctx, input.id, 'close'),
  delete: async (ctx, input) => {
    await deleteTrainPlan(ctx, input.id);
    return null;
  },
});

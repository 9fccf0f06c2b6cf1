import { trainPlanIdInput, trainPlanPageInput, trainPlanSaveInput } from '../../contract/train-plan';
import { projectStaffActions } from '../../core/tenant';
import {
  changeTrainPlanStatus,
  deleteTrainPlan,
  getTrainPlan,
  pageTrainPlans,
  saveTrainPlan,
} from './train-plan.service';

const LIST = '/train-manage/train-plan-list';
const DETAIL = '/train-manage/train-plan-detail';
/** The class screens pick a plan, so they may read plans too. */
const CLASS_SCREENS = ['/train-manage/class', '/train-manage/train-class-detail'];

const trainPlanAction = projectStaffActions('train-plan');

/** `train-plan/page`: the project's plans (year, name, status, industry filters), newest year first. */
export const trainPlanPage = trainPlanAction(
  'page',
  [LIST, DETAIL, ...CLASS_SCREENS],
  trainPlanPageInput,
  (_ctx, input, projectId) => pageTrainPlans(projectId, input),
);

/** `train-plan/get`: one plan of the project. */
export const trainPlanGet = trainPlanAction(
  'get',
  [LIST, DETAIL, ...CLASS_SCREENS],
  trainPlanIdInput,
  (_ctx, input, projectId) => getTrainPlan(projectId, input.id),
  ['GET', 'POST'],
);

/** `train-plan/save`: creates (a draft) or updates a plan; the plan editor's call. */
export const trainPlanSave = trainPlanAction('save', [DETAIL], trainPlanSaveInput, (ctx, input, projectId) =>
  saveTrainPlan(ctx, projectId, input),
);

/** `train-plan/publish`: publishes a draft, or a closed plan again. */
export const trainPlanPublish = trainPlanAction(
  'publish',
  [LIST],
  trainPlanIdInput,
  (ctx, input, projectId) => changeTrainPlanStatus(ctx, projectId, input.id, 'publish'),
);

/** `train-plan/close`: closes a published plan. */
export const trainPlanClose = trainPlanAction('close', [LIST], trainPlanIdInput, (ctx, input, projectId) =>
  changeTrainPlanStatus(ctx, projectId, input.id, 'close'),
);

/** `train-plan/delete`: deletes a draft plan. */
export const trainPlanDelete = trainPlanAction(
  'delete',
  [LIST],
  trainPlanIdInput,
  async (ctx, input, projectId) => {
    await deleteTrainPlan(ctx, projectId, input.id);
    return null;
  },
);

export const trainPlanActions = [
  trainPlanPage,
  trainPlanGet,
  trainPlanSave,
  trainPlanPublish,
  trainPlanClose,
  trainPlanDelete,
];

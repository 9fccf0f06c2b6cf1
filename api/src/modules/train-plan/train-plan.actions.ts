import { ROLE_SYSTEM } from '@px/config';
import { trainPlanIdInput, trainPlanPageInput, trainPlanSaveInput } from '../../contract/train-plan';
import { defineAction } from '../../core/action';
import { requireProjectId } from '../../core/tenant';
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

/** `train-plan/page`: the project's plans (year, name, status, industry filters), newest year first. */
export const trainPlanPage = defineAction({
  group: 'train-plan',
  name: 'page',
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.PROJECT],
  permission: [LIST, DETAIL, ...CLASS_SCREENS],
  input: trainPlanPageInput,
  async handler(ctx, input) {
    return pageTrainPlans(requireProjectId(ctx), input);
  },
});

/** `train-plan/get`: one plan of the project. */
export const trainPlanGet = defineAction({
  group: 'train-plan',
  name: 'get',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.PROJECT],
  permission: [LIST, DETAIL, ...CLASS_SCREENS],
  input: trainPlanIdInput,
  async handler(ctx, input) {
    return getTrainPlan(requireProjectId(ctx), input.id);
  },
});

/** `train-plan/save`: creates (a draft) or updates a plan; the plan editor's call. */
export const trainPlanSave = defineAction({
  group: 'train-plan',
  name: 'save',
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.PROJECT],
  permission: [DETAIL],
  input: trainPlanSaveInput,
  async handler(ctx, input) {
    return saveTrainPlan(ctx, requireProjectId(ctx), input);
  },
});

/** `train-plan/publish`: publishes a draft, or a closed plan again. */
export const trainPlanPublish = defineAction({
  group: 'train-plan',
  name: 'publish',
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.PROJECT],
  permission: [LIST],
  input: trainPlanIdInput,
  async handler(ctx, input) {
    return changeTrainPlanStatus(ctx, requireProjectId(ctx), input.id, 'publish');
  },
});

/** `train-plan/close`: closes a published plan. */
export const trainPlanClose = defineAction({
  group: 'train-plan',
  name: 'close',
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.PROJECT],
  permission: [LIST],
  input: trainPlanIdInput,
  async handler(ctx, input) {
    return changeTrainPlanStatus(ctx, requireProjectId(ctx), input.id, 'close');
  },
});

/** `train-plan/delete`: deletes a draft plan. */
export const trainPlanDelete = defineAction({
  group: 'train-plan',
  name: 'delete',
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.PROJECT],
  permission: [LIST],
  input: trainPlanIdInput,
  async handler(ctx, input) {
    await deleteTrainPlan(ctx, requireProjectId(ctx), input.id);
    return null;
  },
});

export const trainPlanActions = [
  trainPlanPage,
  trainPlanGet,
  trainPlanSave,
  trainPlanPublish,
  trainPlanClose,
  trainPlanDelete,
];

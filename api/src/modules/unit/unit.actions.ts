import { unitCalls } from '../../contract/unit';
import { implement } from '../../core/action';
import {
  allUnitOptions,
  getUnit,
  listUnits,
  saveUnit,
  setUnitStatus,
  unitBaseTree,
  unitTrainList,
  unitTrainTypes,
  updateTrainTypes,
} from './unit.service';

/**
 * The unit screens' calls (`unit/...`): project staff on every unit of their project, unit managers
 * on their own unit (the services apply `unit.policy.ts`).
 */
export const unitActions = implement(unitCalls, {
  list: (ctx, input) => listUnits(ctx, input),
  'add-or-update': (ctx, input) => saveUnit(ctx, input),
  save: (ctx, input) => saveUnit(ctx, input),
  base: (ctx, input) => getUnit(ctx, input.id),
  'base-tree': (ctx) => unitBaseTree(ctx),
  'all-unit-tree': (ctx) => allUnitOptions(ctx),
  'train-type': (ctx) => unitTrainTypes(ctx),
  'train-list': (ctx, input) => unitTrainList(ctx, input),
  'update-train-type': async (ctx, input) => {
    await updateTrainTypes(ctx, [input.id], input.trainTypes, 'id');
    return null;
  },
  'batch-update-train-type': async (ctx, input) => {
    await updateTrainTypes(ctx, input.ids, input.trainTypes, 'ids');
    return null;
  },
  disable: async (ctx, input) => {
    await setUnitStatus(ctx, input.id, input.status);
    return null;
  },
});

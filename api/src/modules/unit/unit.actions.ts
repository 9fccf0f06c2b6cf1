import { ROLE_SYSTEM } from '@px/config';
import { z } from 'zod';
import {
  unitBatchUpdateTrainTypeInput,
  unitDisableInput,
  unitIdInput,
  unitListInput,
  unitSaveInput,
  unitUpdateTrainTypeInput,
} from '../../contract/unit';
import { defineAction } from '../../core/action';
import { projectStaffActions } from '../../core/tenant';
import {
  allUnitOptions,
  getUnit,
  listUnits,
  saveUnit,
  setUnitStatus,
  unitBaseTree,
  unitScope,
  updateTrainTypes,
} from './unit.service';

const LIST = '/unit-manage/list';
const DETAIL = '/unit-manage/detail';
/** Project staff manage the units; unit managers read and edit their own unit (the detail screen). */
const STAFF_AND_UNIT = [ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.UNIT];
const unitAction = projectStaffActions('unit');

/** `unit/list`: paged units of the project (name, credit code, region, status filters). */
export const unitList = unitAction('list', [LIST], unitListInput, (_ctx, input, projectId) =>
  listUnits(projectId, input),
);

/** The unit editor's save, declared under each of the spec's two names. */
function saveAction(name: string) {
  return defineAction({
    group: 'unit',
    name,
    auth: 'signed-in',
    roles: STAFF_AND_UNIT,
    permission: [LIST, DETAIL],
    input: unitSaveInput,
    async handler(ctx, input) {
      return saveUnit(ctx, unitScope(ctx), input);
    },
  });
}

/** `unit/add-or-update`: creates or updates a unit (a unit manager: their own unit). */
export const unitAddOrUpdate = saveAction('add-or-update');
/** `unit/save`: the same call under the spec's other name. */
export const unitSave = saveAction('save');

/** `unit/base`: one unit's details (a unit manager: their own unit only). */
export const unitBase = defineAction({
  group: 'unit',
  name: 'base',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  roles: STAFF_AND_UNIT,
  permission: [LIST, DETAIL],
  input: unitIdInput,
  async handler(ctx, input) {
    return getUnit(unitScope(ctx), input.id);
  },
});

/** `unit/base-tree`: the units grouped by province, city and county. */
export const unitBaseTreeAction = defineAction({
  group: 'unit',
  name: 'base-tree',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  roles: STAFF_AND_UNIT,
  permission: [LIST, DETAIL],
  input: z.object({}),
  async handler(ctx) {
    return unitBaseTree(unitScope(ctx));
  },
});

/** `unit/all-unit-tree`: id/name pairs of the enabled units, for selects. */
export const unitAllUnitTree = defineAction({
  group: 'unit',
  name: 'all-unit-tree',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  roles: STAFF_AND_UNIT,
  permission: [LIST, DETAIL, '/account-manage/administrator-list'],
  input: z.object({}),
  async handler(ctx) {
    return allUnitOptions(unitScope(ctx));
  },
});

/** `unit/update-train-type`: one unit's training types. */
export const unitUpdateTrainType = unitAction(
  'update-train-type',
  [LIST],
  unitUpdateTrainTypeInput,
  async (ctx, input, projectId) => {
    await updateTrainTypes(ctx, projectId, [input.id], input.trainTypes, 'id');
    return null;
  },
);

/** `unit/batch-update-train-type`: the same training types for several units, all or nothing. */
export const unitBatchUpdateTrainType = unitAction(
  'batch-update-train-type',
  [LIST],
  unitBatchUpdateTrainTypeInput,
  async (ctx, input, projectId) => {
    await updateTrainTypes(ctx, projectId, input.ids, input.trainTypes, 'ids');
    return null;
  },
);

/** `unit/disable`: enables or disables a unit (`status`). */
export const unitDisable = unitAction('disable', [LIST], unitDisableInput, async (ctx, input, projectId) => {
  await setUnitStatus(ctx, projectId, input.id, input.status);
  return null;
});

export const unitActions = [
  unitList,
  unitAddOrUpdate,
  unitSave,
  unitBase,
  unitBaseTreeAction,
  unitAllUnitTree,
  unitUpdateTrainType,
  unitBatchUpdateTrainType,
  unitDisable,
];

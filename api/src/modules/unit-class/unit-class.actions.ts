import { unitClassCalls } from '../../contract/unit-class';
import { unitClassTransferCalls } from '../../contract/unit-class-transfer';
import { implement } from '../../core/action';
import {
  deleteUnitClass,
  getUnitClass,
  pageUnitClasses,
  saveUnitClass,
  setUnitClassState,
  unitClassOptions,
  unitClassStudents,
} from './unit-class.service';
import {
  startTransfer,
  transferProgress,
  transferRecords,
  transferTargets,
} from './unit-class-transfer.service';

/** The unit class calls (`unit-class/...`); the service applies the unit policy to every row. */
export const unitClassActions = implement(unitClassCalls, {
  page: (ctx, input) => pageUnitClasses(ctx, input),
  detail: (ctx, input) => getUnitClass(ctx, input.id),
  save: (ctx, input) => saveUnitClass(ctx, input),
  delete: async (ctx, input) => {
    await deleteUnitClass(ctx, input.id);
    return null;
  },
  close: async (ctx, input) => {
    await setUnitClassState(ctx, input.id, 'CLOSED');
    return null;
  },
  open: async (ctx, input) => {
    await setUnitClassState(ctx, input.id, 'OPEN');
    return null;
  },
  students: (ctx, input) => unitClassStudents(ctx, input),
  'class-options': (ctx, input) => unitClassOptions(ctx, input),
});

/** The transfer calls (`unit-class/transfer...`): both ends pass the unit policy. */
export const unitClassTransferActions = implement(unitClassTransferCalls, {
  transfer: (ctx, input) => startTransfer(ctx, input),
  'transfer-progress': (ctx, input) => transferProgress(ctx, input.id),
  'transfer-records': (ctx, input) => transferRecords(ctx, input),
  'transfer-targets': (ctx, input) => transferTargets(ctx, input.id),
});

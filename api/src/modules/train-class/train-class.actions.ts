import {
  classAmountInput,
  classBatchCopyInput,
  classBatchModifyInput,
  classIdInput,
  classPageInput,
  classSaveInput,
  classShelfInput,
  classSortInput,
} from '../../contract/train-class';
import { projectStaffActions } from '../../core/tenant';
import { batchModifyClasses, copyClasses } from './class-batch.service';
import { exportClasses } from './class-export';
import {
  deleteClass,
  getClassDetail,
  pageClasses,
  saveClass,
  setClassAmount,
  setClassShelf,
  sortClasses,
} from './train-class.service';

/** 班级管理: the class list with its row and batch actions. */
const CLASS = '/train-manage/class';
/** 班级详情: the (hidden) class editor. */
const DETAIL = '/train-manage/train-class-detail';

const classAction = projectStaffActions('class');

/** `class/create` (JSON body): creates a class or updates one (`id`) with its whole course list. */
export const classCreate = classAction('create', [DETAIL], classSaveInput, (ctx, input, projectId) =>
  saveClass(ctx, projectId, input),
);

/** `class/detail`: one class of the project with its courses. */
export const classDetail = classAction('detail', [CLASS, DETAIL], classIdInput, (_ctx, input, projectId) =>
  getClassDetail(projectId, input.id),
);

/** `class/page`: the project's classes in display order, filtered. */
export const classPage = classAction('page', [CLASS, DETAIL], classPageInput, (_ctx, input, projectId) =>
  pageClasses(projectId, input),
);

/** `class/export` (GET or POST): the filtered class list as a streamed `.xlsx`. */
export const classExport = classAction(
  'export',
  [CLASS],
  classPageInput,
  (ctx, input, projectId) => exportClasses(projectId, input, ctx.log),
  ['GET', 'POST'],
);

/** `class/on-shelf` (body `{ ids, onShelf }`): puts classes on or takes them off the shelf. */
export const classOnShelf = classAction(
  'on-shelf',
  [CLASS],
  classShelfInput,
  async (ctx, input, projectId) => {
    await setClassShelf(ctx, projectId, input);
    return null;
  },
);

/** `class/amount`: sets the price (fen) of a class; answers the class row. */
export const classAmount = classAction('amount', [CLASS], classAmountInput, (ctx, input, projectId) =>
  setClassAmount(ctx, projectId, input),
);

/** `class/copy`: copies one class into its own plan and year. */
export const classCopy = classAction('copy', [CLASS], classIdInput, (ctx, input, projectId) =>
  copyClasses(ctx, projectId, { ids: [input.id] }),
);

/** `class/batch-copy` (body): copies classes, optionally into another plan and year. */
export const classBatchCopy = classAction(
  'batch-copy',
  [CLASS],
  classBatchCopyInput,
  (ctx, input, projectId) => copyClasses(ctx, projectId, input),
);

/** `class/batch-modify` (body): sets the given fields on every class of `ids`, all or nothing. */
export const classBatchModify = classAction(
  'batch-modify',
  [CLASS],
  classBatchModifyInput,
  async (ctx, input, projectId) => {
    await batchModifyClasses(ctx, projectId, input);
    return null;
  },
);

/** `class/delete`: deletes a class that is off the shelf and has no enrolment. */
export const classDelete = classAction('delete', [CLASS], classIdInput, async (ctx, input, projectId) => {
  await deleteClass(ctx, projectId, input.id);
  return null;
});

/** `class/sort` (body `{ items: [{ id, sort }] }`): sets the display order of classes. */
export const classSort = classAction('sort', [CLASS], classSortInput, async (ctx, input, projectId) => {
  await sortClasses(ctx, projectId, input);
  return null;
});

/** Back-office class calls (class/create, page, export, shelf, copy, ...). */
export const trainClassActions = [
  classCreate,
  classDetail,
  classPage,
  classExport,
  classOnShelf,
  classAmount,
  classCopy,
  classBatchCopy,
  classBatchModify,
  classDelete,
  classSort,
];

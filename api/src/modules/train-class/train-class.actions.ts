import { isMenuGranted, ROLE_SYSTEM } from '@px/config';
import { classEvaluationCalls } from '../../contract/class-evaluation';
import { CLASS_EVALUATION_SCREENS, trainClassCalls } from '../../contract/train-class';
import { type ActionContext, implement } from '../../core/action';
import { batchModifyClasses, copyClasses } from './class-batch.service';
import {
  getOwnEvaluation,
  listEvaluations,
  saveEvaluation,
  setEvaluationStatus,
} from './class-evaluation.service';
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

/** Whether the caller is project staff holding a class screen (they read the staff view of evaluations). */
function classScreenStaff(ctx: ActionContext): boolean {
  const principal = ctx.principal;
  return (
    principal?.roleSystem === ROLE_SYSTEM.PROJECT &&
    CLASS_EVALUATION_SCREENS.some((url) => isMenuGranted(principal.menu, url))
  );
}

/** The back-office class calls (班级管理, 班级详情) and the class evaluations. */
export const trainClassActions = [
  ...implement(trainClassCalls, {
    create: (ctx, input) => saveClass(ctx, input),
    detail: (ctx, input) => getClassDetail(ctx, input.id),
    page: (ctx, input) => pageClasses(ctx, input),
    export: (ctx, input) => exportClasses(ctx, input),
    'on-shelf': async (ctx, input) => {
      await setClassShelf(ctx, input);
      return null;
    },
    amount: (ctx, input) => setClassAmount(ctx, input),
    copy: (ctx, input) => copyClasses(ctx, { ids: [input.id] }),
    'batch-copy': (ctx, input) => copyClasses(ctx, input),
    'batch-modify': async (ctx, input) => {
      await batchModifyClasses(ctx, input);
      return null;
    },
    delete: async (ctx, input) => {
      await deleteClass(ctx, input.id);
      return null;
    },
    sort: async (ctx, input) => {
      await sortClasses(ctx, input);
      return null;
    },
  }),
  ...implement(classEvaluationCalls, {
    'evaluate-list': (ctx, input) => listEvaluations(ctx, classScreenStaff(ctx), input),
    'evaluate-get': (ctx, input) => getOwnEvaluation(ctx, input.classId),
    'evaluate-save': (ctx, input) => saveEvaluation(ctx, input),
    'evaluate-status': (ctx, input) => setEvaluationStatus(ctx, input.id, input.status),
  }),
];

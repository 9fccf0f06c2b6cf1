import { classEvaluationCalls } from '../../contract/class-evaluation';
import { trainClassCalls } from '../../contract/train-class';
import { type ActionContext, implement } from '../../core/action';
import { callerCan } from '../../core/policy';
import { batchModifyClasses, copyClasses } from './class-batch.service';
import './class-evaluation.policy';
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

/** Whether the caller reads the staff view of evaluations (the class evaluation policy). */
function classScreenStaff(ctx: ActionContext): boolean {
  return ctx.project !== null && callerCan(ctx, 'class-evaluation.staff-view', { projectId: ctx.project.id });
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

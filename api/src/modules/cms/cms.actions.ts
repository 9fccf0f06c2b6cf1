import { cmsApplyCalls, cmsBatchCalls, cmsExamCalls, cmsOrderCalls } from '../../contract/cms';
import { cmsApiCalls, scoreCalls } from '../../contract/cms-score';
import { type ActionContext, implement } from '../../core/action';
import { sceneBinder } from '../wechat/oauth.service';
import {
  approveApply,
  batchApprove,
  exportApplies,
  getApplyDetail,
  pageApplies,
  rejectApply,
  staffApplyPhoto,
} from './cms-apply.service';
import {
  batchOptions,
  deleteBatch,
  getBatch,
  openBatches,
  pageBatches,
  saveBatch,
} from './cms-batch.service';
import {
  assignSeat,
  autoAssign,
  deleteSitting,
  exportAttendance,
  issueTickets,
  listSittings,
  pageCandidates,
  saveSitting,
  unassignSeat,
} from './cms-exam.service';
import { pageCmsOrders, refundCmsOrder } from './cms-order.service';
import {
  cancelApply,
  myApplies,
  myApplyPhoto,
  payApply,
  resubmitApply,
  sendApplyCode,
  submitApply,
  unitOptions,
} from './cms-register.service';
import {
  deleteScores,
  exportScores,
  getMyScore,
  publishScores,
  queryScores,
  unpublishScores,
  updateScores,
} from './cms-score.service';
import { importScores, scoreImportErrorFile, scoreTemplate } from './cms-score-import';
import { myTicketPdf } from './cms-ticket';

/** The uploaded file of a multipart call (`file`). */
const fileOf = (ctx: ActionContext) => ctx.files.find((file) => file.field === 'file');

/** Examination batches (`cms-batch/...`). */
export const cmsBatchActions = implement(cmsBatchCalls, {
  page: (ctx, input) => pageBatches(ctx, input),
  detail: (ctx, input) => getBatch(ctx, input.id),
  save: (ctx, input) => saveBatch(ctx, input),
  delete: (ctx, input) => deleteBatch(ctx, input.id),
  options: (ctx) => batchOptions(ctx),
  'open-list': (ctx) => openBatches(ctx),
});

/** Applications (`cms-apply/...`). */
export const cmsApplyActions = implement(cmsApplyCalls, {
  page: (ctx, input) => pageApplies(ctx, input),
  detail: (ctx, input) => getApplyDetail(ctx, input.id),
  photo: (ctx, input) => staffApplyPhoto(ctx, input.id),
  approve: (ctx, input) => approveApply(ctx, input.id),
  reject: (ctx, input) => rejectApply(ctx, input),
  'batch-approve': (ctx, input) => batchApprove(ctx, input.ids),
  export: async (ctx, input) => exportApplies(ctx, input),
  'send-msg-code': (ctx, input) => sendApplyCode(ctx, input.mobile),
  'unit-options': (ctx, input) => unitOptions(ctx, input.keyword),
  submit: (ctx, input) => submitApply(ctx, input, fileOf(ctx), sceneBinder(ctx, input.scene)),
  'my-list': (ctx) => myApplies(ctx),
  resubmit: (ctx, input) => resubmitApply(ctx, input, fileOf(ctx)),
  cancel: (ctx, input) => cancelApply(ctx, input.id),
  pay: (ctx, input) => payApply(ctx, input.id),
  'my-photo': (ctx, input) => myApplyPhoto(ctx, input.id),
  'my-ticket': (ctx, input) => myTicketPdf(ctx, input.id),
});

/** Sittings, seats and tickets (`cms-exam/...`). */
export const cmsExamActions = implement(cmsExamCalls, {
  'sitting-list': (ctx, input) => listSittings(ctx, input.batchId),
  'sitting-save': (ctx, input) => saveSitting(ctx, input),
  'sitting-delete': (ctx, input) => deleteSitting(ctx, input.id),
  candidates: (ctx, input) => pageCandidates(ctx, input),
  'auto-assign': (ctx, input) => autoAssign(ctx, input.batchId),
  assign: (ctx, input) => assignSeat(ctx, input),
  unassign: (ctx, input) => unassignSeat(ctx, input.applyId),
  'issue-tickets': (ctx, input) => issueTickets(ctx, input.batchId),
  'attendance-export': (ctx, input) => exportAttendance(ctx, input.sittingId),
});

/** Fee orders (`cms-order/...`). */
export const cmsOrderActions = implement(cmsOrderCalls, {
  page: (ctx, input) => pageCmsOrders(ctx, input),
  refund: (ctx, input) => refundCmsOrder(ctx, input),
});

/** Scores (`score/...`). */
export const scoreActions = implement(scoreCalls, {
  query: (ctx, input) => queryScores(ctx, input),
  update: (ctx, input) => updateScores(ctx, input),
  delete: (ctx, input) => deleteScores(ctx, input.applyId),
  template: (ctx, input) => scoreTemplate(ctx, input.batchId),
  import: (ctx, input) => importScores(ctx, input.batchId, fileOf(ctx)),
  'error-export': (ctx, input) => scoreImportErrorFile(ctx, input.importId),
  export: (ctx, input) => exportScores(ctx, input),
  publish: (ctx, input) => publishScores(ctx, input.batchId),
  unpublish: (ctx, input) => unpublishScores(ctx, input.batchId),
});

/** The public score query (`cms-api/...`). */
export const cmsApiActions = implement(cmsApiCalls, {
  'get-my-score': (ctx, input) => getMyScore(ctx, input),
});

/** Every action of the examinations. */
export const cmsActions = [
  ...cmsBatchActions,
  ...cmsApplyActions,
  ...cmsExamActions,
  ...cmsOrderActions,
  ...scoreActions,
  ...cmsApiActions,
];

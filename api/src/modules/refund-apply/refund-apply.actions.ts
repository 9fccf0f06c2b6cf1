import { refundApplyCalls } from '../../contract/refund-apply';
import { implement } from '../../core/action';
import {
  applyData,
  cancelApply,
  doApply,
  myApplies,
  refundApplyList,
  refundText,
  rejectApply,
  submitApply,
} from './refund-apply.service';

/** The refund application calls (`refund-apply/...`): the student's applications; the back office's audit. */
export const refundApplyActions = implement(refundApplyCalls, {
  'refund-text': async (ctx) => refundText(ctx),
  'get-data': (ctx, input) => applyData(ctx, input.orderId),
  submit: (ctx, input) => submitApply(ctx, input),
  cancel: (ctx, input) => cancelApply(ctx, input.id),
  'my-list': (ctx) => myApplies(ctx),
  list: (ctx, input) => refundApplyList.page(ctx, input),
  do: (ctx, input) => doApply(ctx, input.id),
  reject: (ctx, input) => rejectApply(ctx, input),
  export: async (ctx, input) => refundApplyList.export(ctx, input),
});

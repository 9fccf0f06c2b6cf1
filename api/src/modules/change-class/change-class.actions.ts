import { changeClassCalls } from '../../contract/change-class';
import { implement } from '../../core/action';
import {
  applyForChange,
  auditChange,
  cancelChange,
  changeDetail,
  changeOptions,
  myChanges,
  pageChanges,
} from './change-class.service';

/** Class changes (`change-class/...`): the student asks and withdraws; the back office audits. */
export const changeClassActions = implement(changeClassCalls, {
  options: (ctx, input) => changeOptions(ctx, input.myClassId),
  'do-change-my-class': (ctx, input) => applyForChange(ctx, input),
  'my-list': (ctx, input) => myChanges(ctx, input),
  'my-cancel': (ctx, input) => cancelChange(ctx, input, true),
  page: (ctx, input) => pageChanges(ctx, input),
  detail: (ctx, input) => changeDetail(ctx, input.id),
  audit: (ctx, input) => auditChange(ctx, input),
  cancel: (ctx, input) => cancelChange(ctx, input, false),
});

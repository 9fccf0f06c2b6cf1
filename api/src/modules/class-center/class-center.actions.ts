import { ROLE_SYSTEM } from '@px/config';
import { classCenterCalls } from '../../contract/train-class';
import { type ActionContext, implement } from '../../core/action';
import {
  type CenterStudent,
  centerYears,
  findCenterDetail,
  pageCenterClasses,
  trialPlay,
} from './class-center.service';
import { centerCategories } from './class-center-categories';

/** The signed-in student of the call, or null (anonymous callers and every other role). */
function studentOf(ctx: ActionContext): CenterStudent | null {
  const principal = ctx.principal;
  return principal?.roleSystem === ROLE_SYSTEM.STUDENT ? { accountId: principal.accountId } : null;
}

/**
 * The H5 class centre calls (public): the offered classes of the caller's project (a signed-in
 * caller's own, else the request's `unitId`, host or default project).
 */
export const classCenterActions = implement(classCenterCalls, {
  'center-page': (ctx, input) => pageCenterClasses(ctx, input),
  'center-years': (ctx) => centerYears(ctx),
  'center-categories': (ctx, input) => centerCategories(ctx, input.year),
  'find-detail': (ctx, input) => findCenterDetail(ctx, input.id, studentOf(ctx)),
  'trial-play': (ctx, input) => trialPlay(ctx, input),
});

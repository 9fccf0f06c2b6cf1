import { ROLE_SYSTEM } from '@px/config';
import { classCenterCalls } from '../../contract/class-center';
import { type ActionContext, implement } from '../../core/action';
import { chinaToday } from '../train-class/class-read';
import { cachedCenterAnswer } from './class-center.cache';
import {
  type CenterStudent,
  centerYears,
  findCenterDetail,
  pageCenterClasses,
  studentState,
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
  'center-page': (ctx, input) => {
    const today = chinaToday();
    return cachedCenterAnswer(ctx, today, ['page', input], () => pageCenterClasses(ctx, input, today));
  },
  'center-years': (ctx) => centerYears(ctx),
  'center-categories': (ctx, input) => centerCategories(ctx, input.year),
  'find-detail': async (ctx, input) => {
    // The class as every visitor sees it (cached), then the caller's own cart and enrolment.
    const today = chinaToday();
    const detail = await cachedCenterAnswer(ctx, today, ['detail', input.id], () =>
      findCenterDetail(ctx, input.id, today),
    );
    return detail.with(await studentState(ctx, input.id, studentOf(ctx)));
  },
  'trial-play': (ctx, input) => trialPlay(ctx, input),
});

import { classCenterCalls } from '../../contract/class-center';
import { type ActionContext, implement } from '../../core/action';
import { andThen } from '../../core/maybe-promise';
import { callerCan } from '../../core/policy';
import { chinaToday } from '../train-class/class-read';
import { cachedCenterAnswer } from './class-center.cache';
import './class-center.policy';
import {
  type CenterStudent,
  centerYears,
  findCenterDetail,
  pageCenterClasses,
  studentState,
  trialPlay,
} from './class-center.service';
import { centerCategories } from './class-center-categories';

/** The caller whose own state the class shows (the class centre policy: a signed-in student), or null. */
function studentOf(ctx: ActionContext, classId: number): CenterStudent | null {
  return ctx.principal && callerCan(ctx, 'class-center.own-state', { classId })
    ? { accountId: ctx.principal.accountId }
    : null;
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
  'find-detail': (ctx, input) => {
    // The class as every visitor sees it (cached), then the caller's own cart and enrolment; both
    // held in memory, it is answered with no promise.
    const today = chinaToday();
    const detail = cachedCenterAnswer(ctx, today, ['detail', input.id], () =>
      findCenterDetail(ctx, input.id, today),
    );
    return andThen(detail, (held) =>
      andThen(studentState(ctx, input.id, studentOf(ctx, input.id)), (own) => held.with(own)),
    );
  },
  'trial-play': (ctx, input) => trialPlay(ctx, input),
});

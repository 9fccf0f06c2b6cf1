import { classApplyCalls, classApplyStudentCalls, classNotifyCalls } from '../../contract/class-apply';
import { myClassCalls } from '../../contract/my-class';
import { implement } from '../../core/action';
import { recommendedClasses } from '../class-center/class-center.service';
import { applyForClass, auditClassApply, pageClassApplies } from './class-apply.service';
import { endMyClass, myPortfolio, pageMyClasses } from './my-class.service';
import { notifyStudyClass } from './study-notice.service';

/** The student's own classes (`my-class/...`): the list, the portfolio, the recommendations, ending a class. */
export const myClassActions = implement(myClassCalls, {
  page: (ctx, input) => pageMyClasses(ctx, input),
  portfolio: (ctx) => myPortfolio(ctx),
  recommended: (ctx) => recommendedClasses(ctx),
  'end-class': (ctx, input) => endMyClass(ctx, input.id),
});

/** Enrolment applications: the student applies (`my-class/apply`), staff decide (`class-apply/...`). */
export const classApplyActions = [
  ...implement(classApplyStudentCalls, { apply: (ctx, input) => applyForClass(ctx, input) }),
  ...implement(classApplyCalls, {
    page: (ctx, input) => pageClassApplies(ctx, input),
    audit: (ctx, input) => auditClassApply(ctx, input),
  }),
  ...implement(classNotifyCalls, {
    'notify-study-class': (ctx, input) => notifyStudyClass(ctx, input.classId),
  }),
];

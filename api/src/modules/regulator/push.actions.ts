import { classPushCalls, pushLogCalls } from '../../contract/regulator-push';
import { implement } from '../../core/action';
import { reportClassOptions } from '../study-report/study-report.service';
import { exportFailedPushes } from './push-export';
import {
  correctException,
  countPushable,
  exceptionPage,
  handleException,
  myPushLog,
  notPushList,
  pushAttempts,
  pushClasses,
  pushEnrolments,
  pushMyClass,
  reportList,
  repush,
} from './push-log.service';

/** The push log and its exceptions (`my-class-push-log/...`), the student's own reporting. */
export const pushLogActions = implement(pushLogCalls, {
  'class-options': (ctx, input) => reportClassOptions(ctx, input.name),
  'report-list': (ctx, input) => reportList(ctx, input),
  attempts: (ctx, input) => pushAttempts(ctx, input.id),
  'not-push-list': (ctx, input) => notPushList(ctx, input),
  'fail-export': async (ctx, input) => exportFailedPushes(ctx, input),
  're-push': (ctx, input) => repush(ctx, input.ids),
  'push-my-class': (ctx, input) => pushMyClass(ctx, input.myClassId),
  'push-enrolments': (ctx, input) => pushEnrolments(ctx, input.myClassIds),
  'exception-page': (ctx, input) => exceptionPage(ctx, input),
  'exception-correct': (ctx, input) => correctException(ctx, input),
  'exception-handle': (ctx, input) => handleException(ctx, input.id, input.note),
  'my-push-log': (ctx, input) => myPushLog(ctx, input.myClassIds),
});

/** Pushing classes from the class list (`class/push`, `class/batch-push`, `class/count-pushable`). */
export const classPushActions = implement(classPushCalls, {
  'count-pushable': (ctx, input) => countPushable(ctx, input.ids),
  push: (ctx, input) => pushClasses(ctx, [input.id]),
  'batch-push': (ctx, input) => pushClasses(ctx, input.ids),
});

import type { PushStatus } from '../../contract/regulator-push';
import { definePolicy, type PolicyScope, refuse, type Verdict } from '../../core/policy';

/**
 * The push record's policy: only a push that failed is sent again (one in flight or accepted needs
 * nothing); a refused one is corrected and re-pushed, or marked handled, once; another project's
 * push reads as missing.
 */

export const PUSH_NOT_FOUND = '上报记录不存在';

/** What the policy reads of a push. */
export interface PushFacts {
  projectId: number;
  status: PushStatus;
  /** The regulator refused it with a reason (as opposed to no answer, or our configuration). */
  rejected: boolean;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'push.repush': PushFacts;
    'push.correct': PushFacts;
    'push.handle': PushFacts;
  }
}

const reach = (scope: PolicyScope, row: PushFacts): Verdict =>
  row.projectId === scope.project.id ? null : refuse(PUSH_NOT_FOUND);

function stillOpen(row: PushFacts): Verdict {
  switch (row.status) {
    case 'SUCCESS':
      return refuse('该记录已上报成功，无需重新上报');
    case 'IGNORED':
      return refuse('该记录已标记为已处理');
    case 'FAILED':
      return null;
    default:
      return refuse('该记录正在上报中');
  }
}

export const pushPolicy = definePolicy({
  'push.repush': (scope, row) => reach(scope, row) ?? stillOpen(row),
  'push.correct': (scope, row) =>
    reach(scope, row) ??
    stillOpen(row) ??
    (row.rejected ? null : refuse('监管平台未拒收该记录，可直接重新上报')),
  'push.handle': (scope, row) => reach(scope, row) ?? stillOpen(row),
});

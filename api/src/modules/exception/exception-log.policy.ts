import { ROLE_SYSTEM } from '@px/config';
import {
  type ExceptionLogSource,
  type ExceptionLogState,
  EXCEPTION_LOG_MESSAGES as M,
} from '../../contract/exception-log';
import { definePolicy, type PolicyScope, refuse, type Verdict } from '../../core/policy';

/**
 * The record policy of 异常记录 (docs/product-decisions.md "Exception log"): platform staff act on
 * every failure, project staff on their project's (another's reads as missing); a handled one is
 * closed; 重试 is for what the product can try again — a failed job (pg-boss), a push (re-push) and
 * an invoice the platform refused (issued again).
 */

/** What the policy reads of a failure. */
export interface ExceptionLogFacts {
  projectId: number | null;
  source: ExceptionLogSource;
  state: ExceptionLogState;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'exception-log.resolve': ExceptionLogFacts;
    'exception-log.retry': ExceptionLogFacts;
  }
}

const reach = (scope: PolicyScope, row: ExceptionLogFacts): Verdict =>
  scope.principal.roleSystem !== ROLE_SYSTEM.PLATFORM && row.projectId !== scope.project.id
    ? refuse(M.NOT_FOUND)
    : row.state === 'RESOLVED'
      ? refuse(M.RESOLVED)
      : null;

export const exceptionLogPolicy = definePolicy({
  'exception-log.resolve': (scope, row) => reach(scope, row),
  'exception-log.retry': (scope, row) =>
    reach(scope, row) ?? (row.source === 'PAYMENT' ? refuse(M.NOT_RETRYABLE) : null),
});

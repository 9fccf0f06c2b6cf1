import { type ExceptionCaseStatus, EXCEPTION_CASE_MESSAGES as M } from '../../contract/exception-register';
import { definePolicy, type PolicyScope, refuse, type Verdict } from '../../core/policy';

/**
 * The record policy of 异常登记 (docs/product-decisions.md "Exception register"): staff of the
 * case's project (another project's case reads as missing) assign a case until it is resolved;
 * only its assignee moves it, 待处理 → 处理中 → 已处理.
 */

/** What the policy reads of a case. */
export interface ExceptionCaseFacts {
  projectId: number;
  status: ExceptionCaseStatus;
  assigneeId: number | null;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'exception-case.assign': ExceptionCaseFacts;
    'exception-case.start': ExceptionCaseFacts;
    'exception-case.resolve': ExceptionCaseFacts;
  }
}

const ofProject = (scope: PolicyScope, row: ExceptionCaseFacts): Verdict =>
  row.projectId !== scope.project.id ? refuse(M.NOT_FOUND) : null;

const byAssignee = (scope: PolicyScope, row: ExceptionCaseFacts): Verdict =>
  row.assigneeId === null
    ? refuse(M.NOT_ASSIGNED)
    : row.assigneeId !== scope.principal.accountId
      ? refuse(M.NOT_ASSIGNEE)
      : null;

export const exceptionPolicy = definePolicy({
  'exception-case.assign': (scope, row) =>
    ofProject(scope, row) ?? (row.status === 'RESOLVED' ? refuse(M.RESOLVED) : null),
  'exception-case.start': (scope, row) =>
    ofProject(scope, row) ??
    (row.status === 'RESOLVED'
      ? refuse(M.RESOLVED)
      : row.status !== 'PENDING'
        ? refuse(M.NOT_PENDING)
        : byAssignee(scope, row)),
  'exception-case.resolve': (scope, row) =>
    ofProject(scope, row) ??
    (row.status === 'RESOLVED'
      ? refuse(M.RESOLVED)
      : row.status !== 'PROCESSING'
        ? refuse(M.NOT_PROCESSING)
        : byAssignee(scope, row)),
});

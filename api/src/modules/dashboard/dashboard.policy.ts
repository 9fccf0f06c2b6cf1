import { ROLE_SYSTEM } from '@px/config';
import { definePolicy, forbid, type PolicyScope, refuse, type Verdict } from '../../core/policy';

/**
 * The dashboard's policy: platform staff see any project's figures; project staff only their own
 * (naming another project is refused as a role's refusal, 403). Recomputing now (刷新看板数据) also
 * needs that operation grant.
 */

/** The project whose figures are asked for. */
export interface DashboardFacts {
  projectId: number;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'dashboard.view': DashboardFacts;
    'dashboard.refresh': DashboardFacts;
    'dashboard.choose-project': DashboardFacts;
  }
}

export const DASHBOARD_OTHER_PROJECT = '不能查看其他项目的数据看板';
export const DASHBOARD_NO_REFRESH = '没有刷新看板数据的权限';
export const DASHBOARD_OWN_PROJECT_ONLY = '只能查看本项目的数据看板';

function view(scope: PolicyScope, row: DashboardFacts): Verdict {
  if (scope.principal.roleSystem === ROLE_SYSTEM.PLATFORM) return null;
  if (scope.principal.roleSystem !== ROLE_SYSTEM.PROJECT) return forbid();
  return row.projectId === scope.project.id ? null : forbid(DASHBOARD_OTHER_PROJECT);
}

export const dashboardPolicy = definePolicy({
  'dashboard.view': view,
  'dashboard.refresh': (scope, row) =>
    view(scope, row) ??
    (scope.principal.menu.has('/dashboard/refresh') ? null : refuse(DASHBOARD_NO_REFRESH)),
  /** Platform staff choose the project whose figures they see (offered every project); others see their own. */
  'dashboard.choose-project': (scope) =>
    scope.principal.roleSystem === ROLE_SYSTEM.PLATFORM ? null : refuse(DASHBOARD_OWN_PROJECT_ONLY),
});

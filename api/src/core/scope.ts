import type { Principal, RequestInfo, Scope, TenantProject } from './action';

/** What every scope shares in a process: the database, the logger, the providers and the job queue. */
export type ScopeBase = Pick<Scope, 'sequelize' | 'log' | 'providers' | 'jobs'>;

/** Where work that no request started comes from (seeds, jobs, scripts). */
export const SYSTEM_REQUEST: RequestInfo = { ip: '', host: '', userAgent: 'system' };

/**
 * A scope for work outside a request (demo seed, jobs, tests calling a service): the shared base
 * with an optional project and caller. With a project it satisfies `TenantScope`.
 */
export function makeScope<P extends TenantProject | null = null, A extends Principal | null = null>(
  base: ScopeBase,
  parts: { project?: P; principal?: A; request?: RequestInfo } = {},
): Scope & { project: P; principal: A } {
  return {
    ...base,
    project: (parts.project ?? null) as P,
    principal: (parts.principal ?? null) as A,
    request: parts.request ?? SYSTEM_REQUEST,
  };
}

import { type ProjectSettings, resolveProjectSettings } from '@px/config';
import type { TenantProject } from '../../core/action';
import { type ChangeFeed, createFeedCache } from '../../core/change-feed';
import { BusinessError } from '../../core/errors';
import type { TenantResolver } from '../../core/router';
import { PROJECT_STATUS, Project } from './project.model';
import { resolveRequestProject } from './project.service';

const PROJECT_DISABLED = '该项目已停用';

/** The tenant of a project row; its settings are resolved (defaults filled) on first use. */
export function tenantOf(project: Pick<Project, 'id' | 'name' | 'settings'>): TenantProject {
  let settings: ProjectSettings | undefined;
  return {
    id: project.id,
    name: project.name,
    get settings() {
      settings ??= resolveProjectSettings(project.settings);
      return settings;
    },
  };
}

/** The project tenant of an enabled project by id; throws BusinessError when it is gone or disabled. */
export async function loadTenant(projectId: number): Promise<TenantProject> {
  const project = await Project.findByPk(projectId, { attributes: ['id', 'name', 'settings', 'status'] });
  if (!project) throw new BusinessError('项目不存在');
  if (project.status !== PROJECT_STATUS.ENABLED) throw new BusinessError(PROJECT_DISABLED);
  return tenantOf(project);
}

/**
 * The tenant of each project as read with a session: a cached session hands the same read every
 * call, so its settings are resolved (defaults filled) once, not per call.
 */
const sessionTenants = new WeakMap<object, TenantProject>();

/** How the router finds a call's project: the session's, or the request's (unit, host, default). */
export const projectTenants: TenantResolver = {
  // Not async: a session's project is at hand, and a hot call would pay a promise for it.
  ofSession(principal) {
    const project = principal.project;
    if (!project) return loadTenant(principal.projectId);
    if (!project.enabled) throw new BusinessError(PROJECT_DISABLED);
    let tenant = sessionTenants.get(project);
    if (!tenant) {
      tenant = tenantOf({
        id: principal.projectId,
        name: project.name,
        settings: project.settings as Project['settings'],
      });
      sessionTenants.set(project, tenant);
    }
    return tenant;
  },
  ofRequest: async (where) => tenantOf(await resolveRequestProject(where)),
};

/**
 * `projectTenants` with the request's project (by unit, or by host) kept in process memory until a
 * project or a unit changes on any instance (core/change-feed.ts): a public call costs no project
 * query. Refusals (no such unit, a disabled project) are never cached.
 */
export function cachedProjectTenants(feed: ChangeFeed): TenantResolver {
  const byRequest = createFeedCache<TenantProject>(feed, {
    tables: ['project', 'unit'],
    maxEntries: 10_000,
    maxAgeMs: 60_000,
  });
  return {
    ofSession: projectTenants.ofSession,
    // Held: answered at once, no promise (every public call, system-info the hottest).
    ofRequest: (where) => {
      const key = where.unitId !== undefined ? `unit:${where.unitId}` : `host:${where.host.toLowerCase()}`;
      return byRequest.peekOrGet(key, async () => projectTenants.ofRequest(where)) as
        | TenantProject
        | Promise<TenantProject>;
    },
  };
}

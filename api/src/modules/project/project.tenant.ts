import { type ProjectSettings, resolveProjectSettings } from '@px/config';
import type { TenantProject } from '../../core/action';
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

/** How the router finds a call's project: the session's, or the request's (unit, host, default). */
export const projectTenants: TenantResolver = {
  async ofSession(principal) {
    const project = principal.project;
    if (!project) return loadTenant(principal.projectId);
    if (!project.enabled) throw new BusinessError(PROJECT_DISABLED);
    return tenantOf({
      id: principal.projectId,
      name: project.name,
      settings: project.settings as Project['settings'],
    });
  },
  ofRequest: async (where) => tenantOf(await resolveRequestProject(where)),
};

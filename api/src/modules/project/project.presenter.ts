import type { ProjectItem, SystemInfo } from '../../contract/project';
import type { TenantProject } from '../../core/action';
import type { Project } from './project.model';

/** How projects and a project's system info are answered. */

/** The system-config answer: every setting with its default filled in, the project's identity, the login key. */
export function presentSystemInfo(project: TenantProject, loginPublicKey: string): SystemInfo {
  return {
    ...project.settings,
    projectId: project.id,
    projectName: project.name,
    loginPublicKey,
  };
}

export function presentProject(project: Project): ProjectItem {
  return {
    id: project.id,
    code: project.code,
    name: project.name,
    status: project.status,
    isDefault: project.isDefault,
    domains: project.domains,
    accountCount: Number(project.get('accountCount') ?? 0),
    staffCount: Number(project.get('staffCount') ?? 0),
    unitCount: Number(project.get('unitCount') ?? 0),
    createdAt: project.createdAt.toISOString(),
  };
}

import type { ProjectItem, SystemInfo } from '../../contract/project';
import { JsonAnswer, type TenantProject } from '../../core/action';
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

/**
 * The system-config answer of each tenant object, serialized once: `system-info` is a hot public call
 * and its answer (every setting, the face agreement's text, the login key) is the same for every
 * caller of the project. A tenant object never changes; a cached one (`cachedProjectTenants`, a
 * cached session's) is replaced when its project or unit changes on any instance (the change feed),
 * and without a feed every request has a fresh one, so nothing here outlives the project it shows.
 */
const systemInfoAnswers = new WeakMap<TenantProject, { key: string; answer: JsonAnswer<SystemInfo> }>();

export function systemInfoAnswer(project: TenantProject, loginPublicKey: string): JsonAnswer<SystemInfo> {
  const kept = systemInfoAnswers.get(project);
  if (kept?.key === loginPublicKey) return kept.answer;
  const answer = JsonAnswer.of(presentSystemInfo(project, loginPublicKey));
  systemInfoAnswers.set(project, { key: loginPublicKey, answer });
  return answer;
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

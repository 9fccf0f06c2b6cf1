import { resolveProjectSettings } from '@px/config';
import { Op } from 'sequelize';
import type { SystemInfo } from '../../contract/project';
import { BusinessError, ValidationError } from '../../core/errors';
import { Unit } from '../unit/unit.model';

import { PROJECT_STATUS, Project } from './project.model';

/**
 * Finds the project a request works in: the unit's project when a unit is named, else the project
 * whose domains include the request's host, else the default project. Throws when the unit does
 * not exist, when no project matches, or when the project is disabled.
 */
export async function resolveRequestProject(where: { unitId?: number; host: string }): Promise<Project> {
  let project: Project | null;
  if (where.unitId !== undefined) {
    const unit = await Unit.findByPk(where.unitId, { include: [Project] });
    if (!unit) throw new ValidationError([{ field: 'unitId', rule: 'exists', message: '单位不存在' }]);
    project = (unit as Unit & { Project: Project }).Project;
  } else {
    // One query for both candidates: the project serving this host, and the default project.
    const host = where.host.toLowerCase();
    const candidates = await Project.findAll({
      where: { [Op.or]: [{ domains: { [Op.contains]: [host] } }, { isDefault: true }] },
      limit: 2,
    });
    project = candidates.find((candidate) => candidate.domains.includes(host)) ?? candidates[0] ?? null;
  }
  if (!project) throw new BusinessError('未找到对应的项目，请联系管理员');
  if (project.status !== PROJECT_STATUS.ENABLED) throw new BusinessError('该项目已停用');
  return project;
}

/** The system-config answer: every setting with its default filled in, the project's identity, the login key. */
export function presentSystemInfo(project: Project, loginPublicKey: string): SystemInfo {
  return {
    ...resolveProjectSettings(project.settings),
    projectId: project.id,
    projectName: project.name,
    loginPublicKey,
  };
}

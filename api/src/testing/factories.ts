import { randomBytes } from 'node:crypto';
import type { InferCreationAttributes } from 'sequelize';
import { Project } from '../modules/project/project.model';
import { Unit } from '../modules/unit/unit.model';

/** A project with a unique code; pass only what the test is about. */
export function buildProject(overrides: Partial<InferCreationAttributes<Project>> = {}): Promise<Project> {
  const code = `p${randomBytes(4).toString('hex')}`;
  return Project.create({ code, name: `项目${code}`, ...overrides });
}

/** A unit of the given project. */
export function buildUnit(
  projectId: number,
  overrides: Partial<InferCreationAttributes<Unit>> = {},
): Promise<Unit> {
  return Unit.create({
    projectId,
    name: `单位${randomBytes(3).toString('hex')}`,
    creditCode: null,
    ...overrides,
  });
}

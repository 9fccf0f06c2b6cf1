import { isDeepStrictEqual } from 'node:util';
import {
  DEFAULT_PROJECT_SETTINGS,
  type ProjectSettings,
  projectSettingsSchema,
  resolveProjectSettings,
} from '@px/config';
import {
  ForeignKeyConstraintError,
  literal,
  Op,
  QueryTypes,
  type Transaction,
  UniqueConstraintError,
  type WhereOptions,
} from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer, RecordStatus } from '../../contract/common';
import type {
  ProjectItem,
  ProjectSettingsAnswer,
  projectListInput,
  projectSaveInput,
} from '../../contract/project';
import type { ActorScope, Scope, SignedInScope } from '../../core/action';
import { BusinessError, ValidationError } from '../../core/errors';
import { emit } from '../../core/events';
import { authorize } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { toFieldErrors } from '../../core/validation';
import { audit } from '../audit/audit.service';
import { regionLevel } from '../dictionary/regions';
import { projectCreated, projectDisabled } from './project.events';
import { PROJECT_STATUS, Project } from './project.model';
import './project.policy';
import { modelPage } from '../../core/newest-first';
import { presentProject } from './project.presenter';

/**
 * Finds the project a request works in: the unit's project when a unit is named, else the project
 * whose domains include the request's host, else the default project. Throws when the unit does
 * not exist, when no project matches, or when the project is disabled.
 */
export async function resolveRequestProject(where: { unitId?: number; host: string }): Promise<Project> {
  let project: Project | null;
  if (where.unitId !== undefined) {
    // The unit module sits above this one, so its table is read by SQL: the unit's project, in one query.
    const unitId = where.unitId;
    project = Number.isSafeInteger(unitId)
      ? await Project.findOne({
          where: { id: { [Op.eq]: literal(`(SELECT u.project_id FROM unit u WHERE u.id = ${unitId})`) } },
        })
      : null;
    if (!project) throw new ValidationError([{ field: 'unitId', rule: 'exists', message: '单位不存在' }]);
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

// ---------------------------------------------------------------------------------------------
// Project management (platform staff)
// ---------------------------------------------------------------------------------------------

/**
 * SQL counting a project's accounts (deleted ones included: they keep their history) and units. The
 * account and unit modules sit above this one, so their tables are counted by SQL; the list shows
 * these counts and `deleteProject` refuses a project where either is non-zero, one rule for both.
 */
const ACCOUNT_COUNT_SQL = 'SELECT COUNT(*)::int FROM account a WHERE a.project_id = ';
const UNIT_COUNT_SQL = 'SELECT COUNT(*)::int FROM unit u WHERE u.project_id = ';
const ACCOUNT_COUNT = literal(`(${ACCOUNT_COUNT_SQL}"Project".id)`);
// Enabled back-office staff (role system 2): none means nobody can run the project's back office, so
// platform staff may create an administrator (\`project/create-admin\`).
const STAFF_COUNT = literal(
  `(SELECT COUNT(*)::int FROM account a WHERE a.project_id = "Project".id AND a.role_system = 2
      AND a.status = 'ENABLED' AND a.deleted_at IS NULL)`,
);
const UNIT_COUNT = literal(`(${UNIT_COUNT_SQL}"Project".id)`);

async function loadProject(id: number, transaction?: Transaction, lock = false): Promise<Project> {
  const project = await Project.findByPk(id, {
    transaction,
    ...(lock && transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!project) throw new BusinessError('项目不存在');
  return project;
}

/** One page of projects, default first, then newest; `name` matches part of the name or the code. */
export async function listProjects(
  _scope: Scope,
  input: z.output<typeof projectListInput>,
): Promise<PageAnswer<ProjectItem>> {
  const pattern = input.name ? containsPattern(input.name) : null;
  const where: WhereOptions<Project> = {
    ...(pattern ? { [Op.or]: [{ name: { [Op.iLike]: pattern } }, { code: { [Op.iLike]: pattern } }] } : {}),
    ...(input.status ? { status: input.status } : {}),
  };
  return modelPage(
    Project,
    {
      where,
      attributes: {
        exclude: ['settings'],
        include: [
          [ACCOUNT_COUNT, 'accountCount'],
          [STAFF_COUNT, 'staffCount'],
          [UNIT_COUNT, 'unitCount'],
        ],
      },
      order: [
        ['isDefault', 'DESC'],
        ['id', 'DESC'],
      ],
    },
    input,
    (rows) => rows.map(presentProject),
  );
}

/**
 * Creates or updates a project: a unique code, host names no other project uses, and the default
 * flag (setting it takes it from the previous default in the same transaction; a disabled project
 * cannot be the default). Creating emits `projectCreated` in the transaction (the modules above
 * add the built-in roles and the base class categories). Audited. Throws ValidationError naming
 * the field, BusinessError 项目不存在.
 */
export async function saveProject(
  scope: SignedInScope,
  input: z.output<typeof projectSaveInput>,
): Promise<ProjectItem> {
  const others = input.id ? { id: { [Op.ne]: input.id } } : {};
  try {
    return await scope.sequelize.transaction(async (transaction) => {
      const existing = input.id ? await loadProject(input.id, transaction, true) : null;
      if (await Project.count({ where: { code: input.code, ...others }, transaction }))
        throw new ValidationError([{ field: 'code', rule: 'unique', message: '项目编码已存在' }]);
      const domains = input.domains ?? existing?.domains ?? [];
      if (domains.length) {
        const clash = await Project.findOne({
          where: { domains: { [Op.overlap]: domains }, ...others },
          transaction,
        });
        if (clash) {
          const used = domains.filter((domain) => clash.domains.includes(domain));
          throw new ValidationError([
            {
              field: 'domains',
              rule: 'unique',
              message: `域名 ${used.join('、')} 已被项目「${clash.name}」使用`,
            },
          ]);
        }
      }
      if (input.isDefault && existing && existing.status !== PROJECT_STATUS.ENABLED)
        throw new ValidationError([
          { field: 'isDefault', rule: 'enabled', message: '已停用的项目不能设为默认项目' },
        ]);
      if (input.isDefault)
        await Project.update({ isDefault: false }, { where: { isDefault: true, ...others }, transaction });
      const fields = {
        code: input.code,
        name: input.name,
        domains,
        isDefault: input.isDefault ?? existing?.isDefault ?? false,
      };
      let id: number;
      if (!existing) {
        const project = await Project.create(fields, { transaction });
        id = project.id;
        await emit(scope, projectCreated, { projectId: id }, transaction);
        await audit(
          scope,
          { action: 'project.create', projectId: id, targetType: 'project', targetId: id, detail: fields },
          transaction,
        );
      } else {
        id = existing.id;
        await Project.update(fields, { where: { id }, transaction });
        await audit(
          scope,
          {
            action: 'project.update',
            projectId: id,
            targetType: 'project',
            targetId: id,
            detail: {
              ...fields,
              before: {
                code: existing.code,
                name: existing.name,
                domains: existing.domains,
                isDefault: existing.isDefault,
              },
            },
          },
          transaction,
        );
      }
      const saved = await Project.findByPk(id, {
        attributes: {
          include: [
            [ACCOUNT_COUNT, 'accountCount'],
            [STAFF_COUNT, 'staffCount'],
            [UNIT_COUNT, 'unitCount'],
          ],
        },
        transaction,
      });
      return presentProject(saved as Project);
    });
  } catch (error) {
    // Two saves at once: the unique indexes decide.
    if (error instanceof UniqueConstraintError) {
      const defaultClash = JSON.stringify(error.fields ?? {}).includes('is_default');
      throw new ValidationError([
        defaultClash
          ? { field: 'isDefault', rule: 'unique', message: '默认项目已被同时修改，请重试' }
          : { field: 'code', rule: 'unique', message: '项目编码已存在' },
      ]);
    }
    throw error;
  }
}

/**
 * Enables or disables a project. The default project cannot be disabled. Disabling emits
 * `projectDisabled` in the transaction (the session module ends the sessions of the project's
 * accounts). Audited.
 */
export async function setProjectStatus(
  scope: SignedInScope,
  id: number,
  status: RecordStatus,
): Promise<void> {
  await scope.sequelize.transaction(async (transaction) => {
    const project = await loadProject(id, transaction, true);
    if (project.status === status) return;
    if (status === PROJECT_STATUS.DISABLED && project.isDefault) throw new BusinessError('默认项目不能停用');
    await Project.update({ status }, { where: { id }, transaction });
    if (status === PROJECT_STATUS.DISABLED)
      await emit(scope, projectDisabled, { projectId: id }, transaction);
    await audit(
      scope,
      {
        action: status === PROJECT_STATUS.DISABLED ? 'project.disable' : 'project.enable',
        projectId: id,
        targetType: 'project',
        targetId: id,
      },
      transaction,
    );
  });
}

/**
 * Deletes a project that never had accounts and has no units (nor the default project): its roles,
 * its own dictionary entries and SMS records go with it; its audit rows stay, detached from it.
 * Throws BusinessError when the project is in use.
 */
export async function deleteProject(scope: SignedInScope, id: number): Promise<void> {
  try {
    await scope.sequelize.transaction(async (transaction) => {
      const project = await loadProject(id, transaction, true);
      if (project.isDefault) throw new BusinessError('默认项目不能删除');
      const replacements = { id };
      const [{ accounts, units }] = await scope.sequelize.query<{ accounts: number; units: number }>(
        `SELECT (${ACCOUNT_COUNT_SQL}:id) AS accounts, (${UNIT_COUNT_SQL}:id) AS units`,
        { replacements, type: QueryTypes.SELECT, transaction },
      );
      if (accounts > 0 || units > 0) throw new BusinessError('该项目下仍有账号或单位，不能删除');
      for (const table of ['dictionary', 'sms_code', 'sms_outbox', 'role'])
        await scope.sequelize.query(`DELETE FROM ${table} WHERE project_id = :id`, {
          replacements,
          transaction,
        });
      await scope.sequelize.query('UPDATE audit_log SET project_id = NULL WHERE project_id = :id', {
        replacements,
        transaction,
      });
      await Project.destroy({ where: { id }, transaction });
      await audit(
        scope,
        {
          action: 'project.delete',
          projectId: null,
          targetType: 'project',
          targetId: id,
          detail: { code: project.code, name: project.name },
        },
        transaction,
      );
    });
  } catch (error) {
    // Records of later features that still point at the project.
    if (error instanceof ForeignKeyConstraintError) throw new BusinessError('该项目仍有关联数据，不能删除');
    throw error;
  }
}

/** A project's settings, every one resolved (stored values over the defaults). Throws 项目不存在. */
export async function getProjectSettings(_scope: Scope, id: number): Promise<ProjectSettingsAnswer> {
  const project = await loadProject(id);
  return {
    projectId: project.id,
    projectName: project.name,
    settings: resolveProjectSettings(project.settings),
  };
}

const SETTING_KEYS = new Set(Object.keys(projectSettingsSchema.shape));

/**
 * Saves some settings of a project: merged over the stored ones, the result must satisfy the
 * settings schema (and `projectArea` must be a province or city of the registry). Only values that
 * differ from the defaults are stored. Audited with the keys that changed. Throws ValidationError
 * naming `settings.<key>`.
 */
export async function saveProjectSettings(
  scope: SignedInScope,
  id: number,
  changes: Record<string, unknown>,
): Promise<ProjectSettingsAnswer> {
  const unknownKeys = Object.keys(changes).filter((key) => !SETTING_KEYS.has(key));
  if (unknownKeys.length)
    throw new ValidationError(
      unknownKeys.map((key) => ({ field: `settings.${key}`, rule: 'unknown', message: '未知的设置项' })),
    );
  return scope.sequelize.transaction(async (transaction) => {
    const project = await loadProject(id, transaction, true);
    const before = resolveProjectSettings(project.settings);
    const parsed = projectSettingsSchema.safeParse({ ...before, ...changes });
    if (!parsed.success)
      throw new ValidationError(
        toFieldErrors(parsed.error).map((error) => ({ ...error, field: `settings.${error.field}` })),
      );
    const after = parsed.data;
    const area = regionLevel(String(after.projectArea));
    if (area !== 'province' && area !== 'city')
      throw new ValidationError([
        { field: 'settings.projectArea', rule: 'region', message: '项目区域须为省或市的行政区划代码' },
      ]);
    const stored: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(after)) {
      if (!isDeepStrictEqual(value, DEFAULT_PROJECT_SETTINGS[key as keyof ProjectSettings]))
        stored[key] = value;
    }
    const changed = Object.keys(after).filter(
      (key) => !isDeepStrictEqual(after[key as keyof ProjectSettings], before[key as keyof ProjectSettings]),
    );
    await Project.update({ settings: stored }, { where: { id }, transaction });
    await audit(
      scope,
      { action: 'project.settings', projectId: id, targetType: 'project', targetId: id, detail: { changed } },
      transaction,
    );
    return { projectId: project.id, projectName: project.name, settings: after };
  });
}

/**
 * Saves some settings of the caller's own project (project staff, 账号管理 → 项目设置): only the
 * settings its staff may change (`PROJECT_STAFF_SETTING_KEYS`); otherwise as `saveProjectSettings`.
 * Throws ForbiddenError (the project policy) naming the platform's settings among the changes (nothing saved), and
 * ValidationError as `saveProjectSettings` does.
 */
export async function saveOwnProjectSettings(
  scope: ActorScope,
  changes: Record<string, unknown>,
): Promise<ProjectSettingsAnswer> {
  authorize(scope, 'project.change-settings', {
    projectId: scope.project.id,
    keys: Object.keys(changes).filter((key) => SETTING_KEYS.has(key)),
  });
  return saveProjectSettings(scope, scope.project.id, changes);
}

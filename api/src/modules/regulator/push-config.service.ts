import type { z } from 'zod';
import type { RegulatorPushConfigAnswer, regulatorSavePushConfigInput } from '../../contract/regulator';
import type { Scope, SignedInScope } from '../../core/action';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { withProject } from '../../db/tenant-access';
import { audit } from '../audit/audit.service';
import { Project } from '../project/project.model';
import { wakeSender } from './push.service';
import { RegulatorPushConfig } from './push-config.model';
import { presentPushConfig } from './push-config.presenter';

/**
 * Each project's reporting to the regulator (docs/regulator.md), kept in `regulator_push_config`
 * and set by platform staff under 项目设置. The secret is written, never answered.
 */

async function projectOf(id: number): Promise<Project> {
  const project = await Project.findByPk(id);
  if (!project) throw new BusinessError('项目不存在');
  return project;
}

/** A project's push config (defaults when it has none yet). */
export async function getPushConfig(scope: Scope, projectId: number): Promise<RegulatorPushConfigAnswer> {
  const project = await projectOf(projectId);
  const config = await withProject(project.id, () => RegulatorPushConfig.findByPk(project.id));
  return presentPushConfig(project, config, scope.providers.regulator);
}

/**
 * Saves a project's push config in one transaction, audited with what changed (never the secret's
 * value). Turning reporting on needs an app id, a secret (given now or stored), a base type and, in
 * live mode, an endpoint (the project's or REGULATOR_API_BASE); otherwise ValidationError names each
 * field and nothing is saved.
 */
export async function savePushConfig(
  scope: SignedInScope,
  input: z.output<typeof regulatorSavePushConfigInput>,
): Promise<RegulatorPushConfigAnswer> {
  const project = await projectOf(input.id);
  return withProject(project.id, () =>
    scope.sequelize.transaction(async (transaction) => {
      const existing = await RegulatorPushConfig.findByPk(project.id, {
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      const appId = input.appId ?? '';
      const secret = input.appSecret ?? existing?.appSecret ?? '';
      const endpoint = input.endpoint ?? null;
      if (input.enabled) {
        const errors: FieldError[] = [];
        if (!appId) errors.push({ field: 'appId', rule: 'required', message: '开启上报须填写应用 ID' });
        if (!secret) errors.push({ field: 'appSecret', rule: 'required', message: '开启上报须填写应用密钥' });
        if (!input.baseTypes.length)
          errors.push({ field: 'baseTypes', rule: 'required', message: '开启上报须至少选择一种基础类型' });
        if (scope.providers.regulator.mode === 'live' && !scope.providers.regulator.endpointFor(endpoint))
          errors.push({ field: 'endpoint', rule: 'required', message: '开启上报须填写上报地址' });
        if (errors.length) throw new ValidationError(errors);
      }
      const values = {
        enabled: input.enabled,
        endpoint,
        appId,
        appSecret: secret,
        baseTypes: input.baseTypes,
        pushMode: input.pushMode,
        updatedBy: scope.principal.accountId,
      };
      const changed = existing
        ? (['enabled', 'endpoint', 'appId', 'baseTypes', 'pushMode'] as const).filter(
            (key) => JSON.stringify(existing[key]) !== JSON.stringify(values[key]),
          )
        : ['created'];
      const saved = existing
        ? await existing.update(values, { transaction })
        : await RegulatorPushConfig.create({ projectId: project.id, ...values }, { transaction });
      await audit(
        scope,
        {
          action: 'project.regulator-push-config',
          projectId: project.id,
          targetType: 'project',
          targetId: project.id,
          detail: { changed, secretChanged: Boolean(input.appSecret) },
        },
        transaction,
      );
      // Pushes written while reporting was off (or to another app) go out now.
      if (saved.enabled) await wakeSender(scope, project.id, { transaction });
      return presentPushConfig(project, saved, scope.providers.regulator);
    }),
  );
}

import type { ClassBaseType } from '../../contract/class-category';
import type { RegulatorPushConfigAnswer } from '../../contract/regulator';
import type { Project } from '../project/project.model';
import type { RegulatorPushConfig } from './push-config.model';
import type { RegulatorProvider } from './regulator.provider';

/**
 * A project's push config as 项目设置 shows it (the defaults when it has none yet: off, automatic):
 * whether a secret is set, never the secret; where it reports now, by the provider's mode.
 */
export function presentPushConfig(
  project: Pick<Project, 'id' | 'name'>,
  config: RegulatorPushConfig | null,
  regulator: Pick<RegulatorProvider, 'mode' | 'endpointFor'>,
): RegulatorPushConfigAnswer {
  const endpoint = config?.endpoint ?? null;
  return {
    projectId: project.id,
    projectName: project.name,
    enabled: config?.enabled ?? false,
    endpoint,
    appId: config?.appId ?? '',
    secretSet: Boolean(config?.appSecret),
    baseTypes: (config?.baseTypes ?? []) as ClassBaseType[],
    pushMode: config?.pushMode ?? 'AUTO',
    mode: regulator.mode,
    effectiveEndpoint: regulator.endpointFor(endpoint),
    updatedAt: config?.updatedAt?.toISOString() ?? null,
  };
}

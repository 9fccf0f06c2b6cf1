import { DEMO_REGULATOR_APP } from '@px/regulator/sim';
import type { Transaction } from 'sequelize';
import { RegulatorPushConfig } from './push-config.model';

/**
 * The demo project reports to the regulator simulator with the simulator's demo app (its page at
 * `监管平台 (sim)` lists the same app id and secret): on, both base types, automatic.
 */
export async function seedRegulatorDemo(projectId: number, transaction: Transaction): Promise<void> {
  await RegulatorPushConfig.create(
    {
      projectId,
      enabled: true,
      endpoint: null,
      appId: DEMO_REGULATOR_APP.appId,
      appSecret: DEMO_REGULATOR_APP.secret,
      baseTypes: ['public', 'specialized'],
      pushMode: 'AUTO',
      updatedBy: null,
    },
    { transaction },
  );
}

import { DEMO_WECHAT_APP, DEMO_WECHAT_USERS, demoMerchant } from './demo';
import { createSimulator, type SimModule, type SimulatorOptions, type WechatSimulator } from './server';

export * from './clock';
export * from './demo';
export * from './faults';
export * from './http';
export * from './registry';
export * from './server';

/** Every module of the simulator, in the order their routes and index sections appear. */
export const SIM_MODULES: SimModule[] = [];

/** A simulator with every module; without options it knows the demo app, merchant and users. */
export function createWechatSimulator(
  options: Partial<Omit<SimulatorOptions, 'modules'>> = {},
): WechatSimulator {
  return createSimulator({
    apps: options.apps ?? [DEMO_WECHAT_APP],
    merchants: options.merchants ?? [demoMerchant()],
    users: options.users ?? DEMO_WECHAT_USERS,
    ...(options.clock ? { clock: options.clock } : {}),
    modules: SIM_MODULES,
  });
}

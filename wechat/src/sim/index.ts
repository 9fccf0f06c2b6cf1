import { bridgeModule } from './bridge/bridge';
import { DEMO_WECHAT_APP, DEMO_WECHAT_USERS, demoMerchant } from './demo';
import { mpModule, mpSimulator } from './mp';
import { payModule } from './pay';
import { createSimulator, type SimModule, type SimulatorOptions, type WechatSimulator } from './server';

export * from './bridge/bridge';
export * from './clock';
export * from './demo';
export * from './faults';
export * from './http';
export * from './mp';
export * from './pay';
export * from './registry';
export * from './server';

/** Every module of the simulator, in the order their routes and index sections appear. */
export const SIM_MODULES: SimModule[] = [
  mpModule,
  payModule,
  // The WeChat client bridge checks wx.config against the tickets the official-account module issued.
  (context) => bridgeModule((appId, now) => mpSimulator(context).jsApiTickets(appId, now))(context),
];

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

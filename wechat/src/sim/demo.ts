import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimApp, SimMerchant, SimUser } from './registry';

/**
 * The fixtures folder: beside this file when it runs from source; from the API's compiled bundle
 * (`api/dist/main.js`, where `__dirname` is `api/dist`) the same folder in the repository.
 */
const FIXTURES = existsSync(join(__dirname, 'fixtures'))
  ? join(__dirname, 'fixtures')
  : join(__dirname, '..', '..', 'wechat', 'src', 'sim', 'fixtures');

const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

/**
 * The demo official account, merchant and WeChat users the simulator knows in dev and demo mode.
 * The demo seed writes the matching WeChat app record (`/wxapp-manage`) for the demo project.
 */
export const DEMO_WECHAT_APP: SimApp = {
  appId: 'wx7d3f2a9c41b06e58',
  appSecret: 'c3b8e1f09a7d4c62b5e0f1a2d3c4b5a6',
  name: '演示职业培训服务号',
  token: 'pxDemoPushToken2026',
  encodingAESKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  pushMode: 'safe',
};

export const DEMO_WECHAT_USERS: SimUser[] = [
  { key: 'zhangsan', nickname: '张三', sex: 1, city: '济南' },
  { key: 'lisi', nickname: '李四', sex: 2, city: '青岛' },
  { key: 'wangwu', nickname: '王五', sex: 1, city: '烟台' },
  { key: 'zhaoliu', nickname: '赵六', sex: 2, city: '潍坊' },
];

export function demoMerchant(): SimMerchant {
  return {
    mchId: '1900009191',
    name: '演示职业培训学校',
    apiV3Key: 'pxDemoApiV3Key0123456789abcdefgh',
    merchantSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    merchantPublicKey: fixture('demo-merchant-public.pem'),
    platformSerial: 'PUB_KEY_ID_0119000091912026112100000000000001',
    platformPrivateKey: fixture('demo-platform-private.pem'),
    platformPublicKey: fixture('demo-platform-public.pem'),
    appIds: [DEMO_WECHAT_APP.appId],
  };
}

/** The demo merchant's private key, as our side holds it (the WeChat app record of the demo project). */
export function demoMerchantPrivateKey(): string {
  return fixture('demo-merchant-private.pem');
}

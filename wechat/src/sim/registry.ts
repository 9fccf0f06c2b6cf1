import { createHash } from 'node:crypto';

/** An official account known to the simulator (what WeChat's MP console holds). */
export interface SimApp {
  appId: string;
  appSecret: string;
  name: string;
  /** The server-push token (MP console: 服务器配置 → Token). */
  token: string;
  /** 43 characters (MP console: EncodingAESKey), used in safe mode. */
  encodingAESKey: string;
  /** plain: XML as is; safe: encrypted body with msg_signature. */
  pushMode: 'plain' | 'safe';
  /** Where WeChat pushes events (our server URL); unset = events are recorded but not sent. */
  serverUrl?: string;
}

/** A WeChat Pay merchant known to the simulator. */
export interface SimMerchant {
  mchId: string;
  /** The merchant's short name (商户简称), which WeChat's pay sheet shows above the amount. */
  name: string;
  /** The APIv3 key (32 bytes) notifications are encrypted with. */
  apiV3Key: string;
  /** The merchant certificate's serial number and public key: requests are verified with it. */
  merchantSerial: string;
  merchantPublicKey: string;
  /** WeChat Pay's own key pair: responses and notifications are signed with it. */
  platformSerial: string;
  platformPrivateKey: string;
  platformPublicKey: string;
  /** The app ids this merchant may take payments for. */
  appIds: string[];
}

/** A test WeChat user a person (or a test) can act as. */
export interface SimUser {
  /** Stable key; the openid per app is derived from it. */
  key: string;
  nickname: string;
  /** 1 male, 2 female, 0 unknown. */
  sex: 0 | 1 | 2;
  city?: string;
}

/**
 * The openid of a user for one official account: like WeChat's, 28 characters starting with `o`,
 * different per app and stable for the same user.
 */
export function openIdOf(appId: string, userKey: string): string {
  const digest = createHash('sha256').update(`${appId}\0${userKey}`).digest('base64url');
  return `o${digest.slice(0, 27)}`;
}

/** The unionid of a user (the same across the apps of one open-platform account). */
export function unionIdOf(userKey: string): string {
  const digest = createHash('sha256').update(`union\0${userKey}`).digest('base64url');
  return `o${digest.slice(0, 27)}`;
}

export interface SimRegistry {
  apps: Map<string, SimApp>;
  merchants: Map<string, SimMerchant>;
  users: SimUser[];
  app(appId: string): SimApp | undefined;
  user(key: string): SimUser | undefined;
  /** The user behind an openid of an app. */
  userByOpenId(appId: string, openId: string): SimUser | undefined;
}

export function createRegistry(input: {
  apps: SimApp[];
  merchants: SimMerchant[];
  users: SimUser[];
}): SimRegistry {
  const apps = new Map(input.apps.map((app) => [app.appId, { ...app }]));
  const merchants = new Map(input.merchants.map((m) => [m.mchId, { ...m }]));
  const users = [...input.users];
  return {
    apps,
    merchants,
    users,
    app: (appId) => apps.get(appId),
    user: (key) => users.find((u) => u.key === key),
    userByOpenId: (appId, openId) => users.find((u) => openIdOf(appId, u.key) === openId),
  };
}

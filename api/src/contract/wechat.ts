import { ROLE_SYSTEM } from '@px/config';
import { z } from 'zod';
import { anyone, platform, student, visitor } from './access';
import { answer, type CallAccess, defineCalls } from './call';
import {
  type PageAnswer,
  type RecordStatus,
  zIdInput,
  zIdList,
  zIdStatusInput,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
  zStatus,
} from './common';

/**
 * The binding scene: a short-lived, single-use server-side ticket that holds the WeChat openid of
 * a visitor who came through OAuth but has no bound account yet. `login/login`,
 * `login/login-by-mobile` and `register/do-register` accept it as `scene` and bind that openid to
 * the account they sign in or create.
 */
export const zScene = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: '微信授权已失效，请重新进入' });

/** H5 path (with query) to return to; only same-site paths, e.g. `/my?tab=1`. */
const zReturnPath = z
  .string()
  .trim()
  .max(512)
  .regex(/^\/(?!\/)[^\s\\]*$/, { error: '应为站内路径' });

/** `wechat/oauth-url` (public): where to send a WeChat visitor to be recognised. */
export const oauthUrlInput = z.object({
  /** The H5 page to come back to after OAuth. */
  redirect: zOptional(zReturnPath),
  /** `snsapi_userinfo` also fetches nickname and avatar (WeChat asks the user). */
  scope: zOptional(
    z.enum(['snsapi_base', 'snsapi_userinfo'], { error: 'scope 应为 snsapi_base 或 snsapi_userinfo' }),
  ),
  unitId: zInput.optionalId(),
});
export interface OauthUrlAnswer {
  /** The WeChat authorize URL; the page goes there with `location.replace`. */
  url: string;
}

/** `wechat/oauth-login` (public): called by `/auth-redirect` with what WeChat returned. */
export const oauthLoginInput = z.object({
  code: z.string({ error: '微信授权已取消' }).trim().min(1, { error: '微信授权已取消' }).max(256),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,128}$/, { error: '授权状态无效，请重新进入' }),
});
export type OauthLoginAnswer =
  /** A known openid: signed in (the token as `login` answers it). */
  | { status: 'signed-in'; tokenCode: string; redirect: string }
  /** An unknown openid: bind an account (`/login-wx-binding`) or register, passing `scene`. */
  | { status: 'bind'; scene: string; redirect: string; nickname: string | null; avatarUrl: string | null };

/** `wechat/js-sdk-config` (public): the `wx.config` values for the page URL (without `#`). */
export const jsSdkConfigInput = z.object({
  url: z.string().trim().url({ error: '页面地址无效' }).max(1024),
  unitId: zInput.optionalId(),
});
export interface JsSdkConfigAnswer {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  /**
   * Simulator mode only: the script that plays the WeChat client (`window.WeixinJSBridge`); the
   * page loads it before using the SDK. Null in production.
   */
  bridgeScript: string | null;
}

/** `wechat/check-follow` (signed-in student): does the student follow the project's account? */
export interface CheckFollowAnswer {
  /** False when the student has no WeChat bound. */
  bound: boolean;
  followed: boolean;
  /** A QR code image of the account to follow when not followed, else null. */
  qrCodeUrl: string | null;
  appName: string | null;
}

/** `unit/register-config-by-unit` (public): what a unit's registration page shows. */
export const registerConfigByUnitInput = z.object({ unitId: zInput.id() });
export interface RegisterConfigByUnitAnswer {
  unitId: number;
  unitName: string;
  projectName: string;
}

/** `unit/h5-register-qr-code`: the unit's WeChat QR code leading to its registration page. */
export const h5RegisterQrCodeInput = z.object({ unitId: zInput.optionalId() });
export interface H5RegisterQrCodeAnswer {
  unitId: number;
  unitName: string;
  /** The QR image (WeChat's showqrcode URL). */
  imageUrl: string;
  /** The H5 registration page the follower is sent to. */
  registerUrl: string;
  /** Permanent codes have none. */
  expiresAt: string | null;
}

/** `account/my-profile` (signed-in student): the `/my` page. */
export interface MyProfile {
  accountId: number;
  realName: string;
  /** Masked: first 6 and last 4 characters. */
  idCardNo: string;
  mobile: string | null;
  email: string | null;
  unitName: string | null;
  wechat: { bound: boolean; nickname: string | null; avatarUrl: string | null };
}

// ---- /wxapp-manage (platform staff) ----

const zPem = (label: string) =>
  z
    .string()
    .trim()
    .max(8192)
    .regex(/^-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----$/, { error: `${label}应为 PEM 格式` });

/** `wxapp/list`: official accounts, filtered by name or app id, and status. */
export const wxappListInput = z.object({
  ...zPage,
  keyword: zOptionalText(60),
  status: zOptional(zStatus),
});

export interface WxappItem {
  id: number;
  name: string;
  appId: string;
  pushMode: 'plain' | 'safe';
  status: RecordStatus;
  /** The secrets are never answered; only whether each is set. */
  appSecretSet: boolean;
  pushTokenSet: boolean;
  encodingAesKeySet: boolean;
  mchPrivateKeySet: boolean;
  apiV3KeySet: boolean;
  platformPublicKeySet: boolean;
  mchId: string | null;
  mchSerialNo: string | null;
  platformSerialNo: string | null;
  /** The merchant private key, APIv3 key and platform public key are all set (payments possible). */
  paymentReady: boolean;
  projects: { id: number; name: string }[];
  /** What to enter as 服务器地址(URL) in the MP console. */
  serverUrl: string;
  bindingCount: number;
  createdAt: string;
}
export type WxappPage = PageAnswer<WxappItem>;

/**
 * `wxapp/save` (body): creates or updates an official account. On update an empty secret (AppSecret,
 * Token, EncodingAESKey, merchant key, APIv3 key, platform public key) keeps the stored one.
 */
export const wxappSaveInput = z
  .object({
    id: zInput.optionalId(),
    name: zRequiredText('公众号名称', 60),
    appId: z
      .string({ error: '请输入 AppID' })
      .trim()
      .regex(/^wx[0-9a-f]{16}$/, { error: 'AppID 应为 wx 开头的18位字符' }),
    appSecret: zOptional(
      z
        .string()
        .trim()
        .regex(/^[0-9a-zA-Z]{32}$/, { error: 'AppSecret 应为32位字母或数字' }),
    ),
    pushToken: zOptional(
      z
        .string()
        .trim()
        .regex(/^[0-9a-zA-Z]{3,32}$/, { error: '令牌(Token)应为3-32位字母或数字' }),
    ),
    pushMode: z.enum(['plain', 'safe'], { error: '消息加解密方式应为 plain 或 safe' }),
    encodingAesKey: zOptional(
      z
        .string()
        .trim()
        .regex(/^[0-9a-zA-Z]{43}$/, { error: 'EncodingAESKey 应为43位字母或数字' }),
    ),
    mchId: zOptional(
      z
        .string()
        .trim()
        .regex(/^\d{8,12}$/, { error: '商户号应为8-12位数字' }),
    ),
    mchSerialNo: zOptional(
      z
        .string()
        .trim()
        .regex(/^[0-9A-Fa-f]{8,64}$/, { error: '商户证书序列号应为十六进制字符' }),
    ),
    mchPrivateKey: zOptional(zPem('商户私钥')),
    apiV3Key: zOptional(
      z
        .string()
        .trim()
        .regex(/^[0-9a-zA-Z]{32}$/, { error: 'APIv3密钥应为32位字母或数字' }),
    ),
    platformSerialNo: zOptional(
      z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z_]{8,64}$/, { error: '微信支付公钥ID格式不正确' }),
    ),
    platformPublicKey: zOptional(zPem('微信支付公钥')),
  })
  .superRefine((value, ctx) => {
    if (value.id === undefined && value.appSecret === undefined) {
      ctx.addIssue({ code: 'custom', path: ['appSecret'], message: '请输入 AppSecret' });
    }
    if (value.id === undefined && value.pushToken === undefined) {
      ctx.addIssue({ code: 'custom', path: ['pushToken'], message: '请输入令牌(Token)' });
    }
  });
export type WxappSaveInput = z.input<typeof wxappSaveInput>;

/** `wxapp/get`, `wxapp/delete`, `wxapp/qr-code`: one official account. */
export const wxappIdInput = zIdInput;

/** `wxapp/disable`: enables or disables an official account. */
export const wxappDisableInput = zIdStatusInput;

/** `wxapp/config-project-list` (body): the projects the official account serves, replacing the list. */
export const wxappConfigProjectsInput = z.object({
  id: zInput.id(),
  projectIds: zIdList(),
});

/** `wxapp/project-id`: the projects an app id serves. */
export const wxappProjectIdInput = z.object({
  appId: z
    .string({ error: '请输入 AppID' })
    .trim()
    .regex(/^wx[0-9a-f]{16}$/, { error: 'AppID 应为 wx 开头的18位字符' }),
});

/** `wxapp/project-id`. */
export interface WxappProjectIdAnswer {
  projectIds: number[];
}

/** `wxapp/qr-code`: the official account's follow QR code (permanent). */
export interface WxappQrCodeAnswer {
  imageUrl: string;
}

/** `wxapp/check-follow`: does the account's bound WeChat user follow the official account? */
export const wxappCheckFollowInput = z.object({ id: zInput.id(), accountId: zInput.id() });
export interface WxappCheckFollowAnswer {
  openId: string;
  followed: boolean;
  /** When the user followed (ISO), if following. */
  followedAt: string | null;
  /** The scene of the QR code the user followed by, if any. */
  qrScene: string | null;
}

/** `wxapp/bindings`: openids bound to accounts through this official account. */
export const wxappBindingsInput = z.object({
  ...zPage,
  id: zInput.id(),
  keyword: zOptionalText(50),
});
export interface WxappBindingItem {
  openId: string;
  nickname: string | null;
  accountId: number;
  realName: string;
  /** Masked ID number. */
  idCardNo: string | null;
  projectName: string;
  unitName: string | null;
  createdAt: string;
}
export type WxappBindingPage = PageAnswer<WxappBindingItem>;

/** `wxapp/bind`: binds an openid of the official account to a student (customer service fixes). */
export const wxappBindInput = z.object({
  id: zInput.id(),
  accountId: zInput.id(),
  openId: z
    .string({ error: '请输入 OpenID' })
    .trim()
    .regex(/^[0-9A-Za-z_-]{20,64}$/, { error: 'OpenID 格式不正确' }),
});

/** `wxapp/unbind`: removes the binding of an openid. */
export const wxappUnbindInput = z.object({
  id: zInput.id(),
  openId: z
    .string({ error: '请输入 OpenID' })
    .trim()
    .regex(/^[0-9A-Za-z_-]{20,64}$/, { error: 'OpenID 格式不正确' }),
});

/** `unit/register-students`: students who registered through the unit. */
export const unitRegisterStudentsInput = z.object({ ...zPage, unitId: zInput.optionalId() });
export interface UnitRegisterStudent {
  accountId: number;
  realName: string;
  idCardNo: string;
  mobile: string | null;
  wechatBound: boolean;
  createdAt: string;
}
export type UnitRegisterStudentPage = PageAnswer<UnitRegisterStudent>;

/** Students in the WeChat browser (`wechat/...`). */
export const wechatCalls = defineCalls('wechat', {
  /** WeChat's authorize URL for a visitor to be recognised. */
  'oauth-url': {
    input: oauthUrlInput,
    answer: answer<OauthUrlAnswer>(),
    access: visitor,
    methods: ['GET', 'POST'],
  },
  /** `/auth-redirect` hands over WeChat's code and our state (the state names the project). */
  'oauth-login': { input: oauthLoginInput, answer: answer<OauthLoginAnswer>(), access: anyone },
  /** The `wx.config` values for a page URL. */
  'js-sdk-config': {
    input: jsSdkConfigInput,
    answer: answer<JsSdkConfigAnswer>(),
    access: visitor,
    methods: ['GET', 'POST'],
  },
  /** Whether the student follows the project's official account. */
  'check-follow': {
    input: z.object({}),
    answer: answer<CheckFollowAnswer>(),
    access: student,
    methods: ['GET', 'POST'],
  },
});

/** The official accounts screens (/wxapp-manage) grant every `wxapp/...` call. */
const wxappManagers = platform('/wxapp-manage/list', '/wxapp-manage/setting');

/** Official accounts (`wxapp/...`), managed by platform staff. */
export const wxappCalls = defineCalls('wxapp', {
  /** Official accounts, filtered by name or app id, and status. */
  list: { input: wxappListInput, answer: answer<WxappPage>(), access: wxappManagers },
  /** One official account as the list presents it. */
  get: { input: wxappIdInput, answer: answer<WxappItem>(), access: wxappManagers, methods: ['GET', 'POST'] },
  /** Creates or updates an official account (secrets left empty keep the stored ones). */
  save: { input: wxappSaveInput, answer: answer<WxappItem>(), access: wxappManagers },
  /** Enables or disables an official account. */
  disable: { input: wxappDisableInput, answer: answer<null>(), access: wxappManagers },
  /** Deletes an official account that serves no project and has no bindings. */
  delete: { input: wxappIdInput, answer: answer<null>(), access: wxappManagers },
  /** The projects the official account serves (body), replacing the list. */
  'config-project-list': {
    input: wxappConfigProjectsInput,
    answer: answer<WxappItem>(),
    access: wxappManagers,
  },
  /** The projects an app id serves. */
  'project-id': {
    input: wxappProjectIdInput,
    answer: answer<WxappProjectIdAnswer>(),
    access: wxappManagers,
    methods: ['GET', 'POST'],
  },
  /** The official account's follow QR code. */
  'qr-code': {
    input: wxappIdInput,
    answer: answer<WxappQrCodeAnswer>(),
    access: wxappManagers,
    methods: ['GET', 'POST'],
  },
  /** Whether an account's bound WeChat user follows the official account. */
  'check-follow': {
    input: wxappCheckFollowInput,
    answer: answer<WxappCheckFollowAnswer>(),
    access: wxappManagers,
  },
  /** Openids bound to accounts through the official account. */
  bindings: { input: wxappBindingsInput, answer: answer<WxappBindingPage>(), access: wxappManagers },
  /** Binds an openid to a student (customer service fixes). */
  bind: { input: wxappBindInput, answer: answer<null>(), access: wxappManagers },
  /** Removes the binding of an openid. */
  unbind: { input: wxappUnbindInput, answer: answer<null>(), access: wxappManagers },
});

/** Project staff and unit managers on the unit screens; a unit manager only for their own unit. */
const unitScreens = {
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.UNIT],
  permission: ['/unit-manage/list', '/unit-manage/detail'],
  tenant: 'session',
} as const satisfies CallAccess;

/** Units' registration by WeChat QR code (`unit/...` calls bound by the wechat module). */
export const unitRegisterCalls = defineCalls('unit', {
  /** The unit's WeChat QR code leading to its registration page. */
  'h5-register-qr-code': {
    input: h5RegisterQrCodeInput,
    answer: answer<H5RegisterQrCodeAnswer>(),
    access: unitScreens,
    methods: ['GET', 'POST'],
  },
  /** What a unit's registration page shows (public, in the unit's project). */
  'register-config-by-unit': {
    input: registerConfigByUnitInput,
    answer: answer<RegisterConfigByUnitAnswer>(),
    access: visitor,
    methods: ['GET', 'POST'],
  },
  /** Students who registered through the unit. */
  'register-students': {
    input: unitRegisterStudentsInput,
    answer: answer<UnitRegisterStudentPage>(),
    access: unitScreens,
  },
});

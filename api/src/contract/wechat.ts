import { z } from 'zod';
import { zInput, zOptional } from './common';

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

import { createHash, randomBytes } from 'node:crypto';
import { randomNonce } from '../../client/official-account';
import type { SimResponse } from '../http';
import { mpError } from '../http';
import type { SimApp } from '../registry';
import type { TemplateMessageRecord } from './template';

/** WeChat's errcodes and errmsgs the official-account part of the simulator answers. */
export const MP_ERRORS = {
  SYSTEM_BUSY: [-1, 'system error'],
  INVALID_CREDENTIAL: [40001, 'invalid credential, access_token is invalid or not latest'],
  INVALID_GRANT_TYPE: [40002, 'invalid grant_type'],
  INVALID_OPENID: [40003, 'invalid openid'],
  INVALID_APPID: [40013, 'invalid appid'],
  INVALID_CODE: [40029, 'invalid code'],
  INVALID_TEMPLATE_ID: [40037, 'invalid template_id'],
  INVALID_ACTION_NAME: [40052, 'invalid action name'],
  INVALID_ACTION_INFO: [40053, 'invalid action info, please check document'],
  INVALID_ARGS: [40097, 'invalid args'],
  INVALID_APPSECRET: [40125, 'invalid appsecret'],
  CODE_BEEN_USED: [40163, 'code been used'],
  ACCESS_TOKEN_MISSING: [41001, 'access_token missing'],
  APPID_MISSING: [41002, 'appid missing'],
  SECRET_MISSING: [41004, 'appsecret missing'],
  CODE_MISSING: [41008, 'missing code'],
  OPENID_MISSING: [41009, 'missing openid'],
  ACCESS_TOKEN_EXPIRED: [42001, 'access_token expired'],
  REQUIRE_POST: [43002, 'require POST method'],
  REQUIRE_SUBSCRIBE: [43004, 'require subscribe'],
  QRCODE_COUNT_LIMIT: [45029, 'qrcode count out of limit'],
  DATA_FORMAT_ERROR: [47001, 'data format error'],
  API_UNAUTHORIZED: [48001, 'api unauthorized'],
} as const satisfies Record<string, readonly [number, string]>;

/** WeChat's error answer (HTTP 200 with errcode/errmsg). */
export function wxError(error: (typeof MP_ERRORS)[keyof typeof MP_ERRORS]): SimResponse {
  return mpError(error[0], error[1]);
}

/** Lifetimes, as WeChat has them. */
export const MP_TIMES = {
  accessTokenMs: 7200_000,
  /** A new basic token leaves the previous one working this long; stable tokens renew this early. */
  overlapMs: 5 * 60_000,
  /** Forced stable_token refreshes closer together than this do not refresh. */
  forceRefreshIntervalMs: 30_000,
  ticketMs: 7200_000,
  oauthCodeMs: 5 * 60_000,
  oauthTokenMs: 7200_000,
  /** A temporary QR code without expire_seconds (MP docs: 默认有效期为30秒). */
  defaultQrExpireSeconds: 30,
  maxQrExpireSeconds: 2_592_000,
  maxPermanentQrCodes: 100_000,
} as const;

export interface AccessTokenRecord {
  token: string;
  appId: string;
  /** basic: GET /cgi-bin/token; stable: POST /cgi-bin/stable_token (the two never mix). */
  kind: 'basic' | 'stable';
  issuedAt: number;
  expiresAt: number;
  /** When a newer token replaced it (after the overlap, or at once on force_refresh). */
  invalidAt: number | null;
}

export interface JsApiTicketRecord {
  ticket: string;
  appId: string;
  expiresAt: number;
}

export interface QrCodeRecord {
  ticket: string;
  appId: string;
  /** The path code of `url` (`/q/<code>`). */
  code: string;
  url: string;
  actionName: 'QR_SCENE' | 'QR_STR_SCENE' | 'QR_LIMIT_SCENE' | 'QR_LIMIT_STR_SCENE';
  sceneId: number | null;
  sceneStr: string | null;
  createdAt: number;
  /** Null for permanent codes. */
  expiresAt: number | null;
}

export interface FollowRecord {
  subscribed: boolean;
  /** Seconds since the epoch. */
  subscribeTime: number;
  subscribeScene: string;
  qrScene: number;
  qrSceneStr: string;
}

export interface OAuthCodeRecord {
  code: string;
  appId: string;
  userKey: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

export interface OAuthTokenRecord {
  token: string;
  appId: string;
  userKey: string;
  openId: string;
  scope: string;
  expiresAt: number;
}

/** Everything the official-account simulator remembers (in memory: it plays WeChat). */
export interface MpState {
  tokens: Map<string, AccessTokenRecord>;
  latestToken: Map<string, string>;
  lastForcedRefresh: Map<string, number>;
  tickets: Map<string, JsApiTicketRecord>;
  latestTicket: Map<string, string>;
  qrCodes: Map<string, QrCodeRecord>;
  follows: Map<string, FollowRecord>;
  oauthCodes: Map<string, OAuthCodeRecord>;
  oauthTokens: Map<string, OAuthTokenRecord>;
  /** Template messages accepted, oldest first. */
  templateMessages: TemplateMessageRecord[];
  push: { timeoutMs: number; attempts: number };
}

export function createMpState(): MpState {
  return {
    tokens: new Map(),
    latestToken: new Map(),
    lastForcedRefresh: new Map(),
    tickets: new Map(),
    latestTicket: new Map(),
    qrCodes: new Map(),
    follows: new Map(),
    oauthCodes: new Map(),
    oauthTokens: new Map(),
    templateMessages: [],
    // WeChat waits 5 s for an answer and tries 3 times in all ("总共重试三次").
    push: { timeoutMs: 5000, attempts: 3 },
  };
}

export const followKey = (appId: string, userKey: string) => `${appId}\0${userKey}`;
export const latestTokenKey = (appId: string, kind: AccessTokenRecord['kind']) => `${kind}\0${appId}`;

/** A credential-looking random string (letters, digits, `-` and `_`). */
export function randomCredential(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** An alphanumeric random string. */
export const randomCode = randomNonce;

/** The account's original id (`gh_...`), the ToUserName of its pushes. */
export function originalIdOf(app: Pick<SimApp, 'appId'>): string {
  return `gh_${createHash('sha256').update(app.appId).digest('hex').slice(0, 12)}`;
}

/** Milliseconds left, as WeChat's `expires_in` (whole seconds). */
export const secondsLeft = (expiresAt: number, now: number) =>
  Math.max(0, Math.floor((expiresAt - now) / 1000));

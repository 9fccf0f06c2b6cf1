import { randomBytes } from 'node:crypto';
import { type CredentialStore, createCredentialCache } from './credentials';
import type { WechatEndpoints } from './endpoints';
import { type FetchLike, isWechatErrcode, wechatJson } from './http';
import { signJsSdk } from './signature';

/** WeChat's answers meaning "this access token is not (or no longer) valid". */
export const TOKEN_REJECTED_ERRCODES = [40001, 40014, 42001] as const;
/** WeChat's "system busy, try again". */
export const TRANSIENT_ERRCODE = -1;

/** Limits of parametric QR codes (MP docs: 生成带参数的二维码). */
export const QR_LIMITS = {
  /** Temporary codes live at most 30 days. */
  maxExpireSeconds: 2_592_000,
  /** Permanent integer scenes are 1..100000. */
  maxPermanentSceneId: 100_000,
  /** Temporary integer scenes are 32-bit non-zero (unsigned here). */
  maxTemporarySceneId: 4_294_967_295,
  /** String scenes are 1..64 bytes. */
  maxSceneStrBytes: 64,
} as const;

export interface OfficialAccountOptions {
  appId: string;
  appSecret: string;
  endpoints: WechatEndpoints;
  /** Shared by every process: the API's PostgreSQL store. */
  store: CredentialStore;
  fetch?: FetchLike;
  /** Milliseconds since the epoch; defaults to Date.now. */
  now?: () => number;
}

export interface JsSdkConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

export interface QrCodeRequest {
  /** An integer scene (`scene_id`) or a string scene (`scene_str`). */
  scene: number | string;
  /** A temporary code living this long (1..2592000 s); without it the code is permanent. */
  expireSeconds?: number;
}

export interface QrCode {
  ticket: string;
  /** Null for permanent codes. */
  expireSeconds: number | null;
  /** What the QR code encodes (make your own image of it, or use imageUrl). */
  url: string;
  /** WeChat's image of the code: `${endpoints.mp}/cgi-bin/showqrcode?ticket=...`. */
  imageUrl: string;
}

/** A user's follow state with the official account (`/cgi-bin/user/info`). */
export interface FollowInfo {
  openId: string;
  subscribed: boolean;
  unionId?: string;
  /** When followed: e.g. ADD_SCENE_QR_CODE, ADD_SCENE_SEARCH. */
  subscribeScene?: string;
  /** Seconds since the epoch, when followed. */
  subscribeTime?: number;
  /** The integer scene of the QR code followed by (0 when none). */
  qrScene?: number;
  /** The string scene of the QR code followed by ('' when none). */
  qrSceneStr?: string;
  /** Only when WeChat still gives it (it stopped returning nicknames here in 2021). */
  nickname?: string;
}

export interface OfficialAccountClient {
  readonly appId: string;
  /** A valid access token from the shared store, refreshed (stable_token) single-flight. */
  accessToken(): Promise<string>;
  /** A valid JS-SDK ticket from the shared store, refreshed single-flight. */
  jsApiTicket(): Promise<string>;
  /** The `wx.config` values for a page URL (its `#fragment` is ignored). */
  jsSdkConfig(url: string): Promise<JsSdkConfig>;
  /** Creates a parametric QR code; throws RangeError for scenes or lifetimes WeChat refuses. */
  createQrCode(request: QrCodeRequest): Promise<QrCode>;
  /** The follow state of an openid; WeChat answers 40003 for an openid of another account. */
  userInfo(openId: string): Promise<FollowInfo>;
  /**
   * Sends a template message (模板消息, `/cgi-bin/message/template/send`) and answers its msgid.
   * WeChat refuses an openid of another account (40003), a user who does not follow (43004) and an
   * unknown template (40037): WechatApiError.
   */
  sendTemplateMessage(message: TemplateMessage): Promise<number>;
}

/** A template message: the template's fields by name (`first`, `keyword1`, ..., `remark`). */
export interface TemplateMessage {
  toUser: string;
  templateId: string;
  /** Opened when the user taps the message. */
  url?: string;
  data: Record<string, { value: string; color?: string }>;
}

interface TokenAnswer {
  access_token: string;
  expires_in: number;
}

interface TicketAnswer {
  ticket: string;
  expires_in: number;
}

interface QrAnswer {
  ticket: string;
  expire_seconds?: number;
  url: string;
}

interface UserInfoAnswer {
  subscribe: number;
  openid: string;
  unionid?: string;
  subscribe_scene?: string;
  subscribe_time?: number;
  qr_scene?: number;
  qr_scene_str?: string;
  nickname?: string;
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random nonce of letters and digits (JS-SDK nonceStr, push nonces). */
export function randomNonce(length = 16): string {
  return [...randomBytes(length)].map((b) => NONCE_ALPHABET[b % NONCE_ALPHABET.length]).join('');
}

/** Validates a QR code request into WeChat's body. Throws RangeError or TypeError. */
export function qrCodeBody(request: QrCodeRequest): Record<string, unknown> {
  const temporary = request.expireSeconds !== undefined;
  if (temporary) {
    const seconds = request.expireSeconds as number;
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > QR_LIMITS.maxExpireSeconds) {
      throw new RangeError(`expireSeconds must be an integer in 1..${QR_LIMITS.maxExpireSeconds}`);
    }
  }
  let scene: Record<string, unknown>;
  let actionName: string;
  if (typeof request.scene === 'number') {
    const max = temporary ? QR_LIMITS.maxTemporarySceneId : QR_LIMITS.maxPermanentSceneId;
    if (!Number.isInteger(request.scene) || request.scene < 1 || request.scene > max) {
      throw new RangeError(
        `an integer scene must be in 1..${max} for a ${temporary ? 'temporary' : 'permanent'} code`,
      );
    }
    scene = { scene_id: request.scene };
    actionName = temporary ? 'QR_SCENE' : 'QR_LIMIT_SCENE';
  } else if (typeof request.scene === 'string') {
    const bytes = Buffer.byteLength(request.scene, 'utf8');
    if (bytes < 1 || bytes > QR_LIMITS.maxSceneStrBytes) {
      throw new RangeError(`a string scene must be 1..${QR_LIMITS.maxSceneStrBytes} bytes`);
    }
    scene = { scene_str: request.scene };
    actionName = temporary ? 'QR_STR_SCENE' : 'QR_LIMIT_STR_SCENE';
  } else {
    throw new TypeError('scene must be a number or a string');
  }
  return {
    ...(temporary ? { expire_seconds: request.expireSeconds } : {}),
    action_name: actionName,
    action_info: { scene },
  };
}

/**
 * A client of one official account's server API. Tokens and tickets live in the shared store
 * under `access_token:<appId>` and `jsapi_ticket:<appId>`. Every call with the access token: on
 * 40001/40014/42001 the stored token is expired (only if it is still the one that failed) and the
 * call is retried once with a fresh one; on -1 (busy) it is retried once. Other errcodes throw
 * WechatApiError; network failures WechatHttpError.
 */
export function createOfficialAccountClient(options: OfficialAccountOptions): OfficialAccountClient {
  const now = options.now ?? Date.now;
  const cache = createCredentialCache(options.store, { now });
  const tokenKey = `access_token:${options.appId}`;
  const ticketKey = `jsapi_ticket:${options.appId}`;
  const api = options.endpoints.api;
  const call = <T>(path: string, query: Record<string, string | undefined>, body?: unknown) =>
    wechatJson<T>({
      base: api,
      path,
      query,
      ...(body === undefined ? {} : { body }),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });

  async function accessToken(): Promise<string> {
    return cache.get(tokenKey, async () => {
      const fetchToken = () =>
        call<TokenAnswer>(
          '/cgi-bin/stable_token',
          {},
          {
            grant_type: 'client_credential',
            appid: options.appId,
            secret: options.appSecret,
            force_refresh: false,
          },
        );
      const answer = await fetchToken().catch((error: unknown) => {
        if (isWechatErrcode(error, TRANSIENT_ERRCODE)) return fetchToken();
        throw error;
      });
      return { value: answer.access_token, expiresAt: now() + answer.expires_in * 1000 };
    });
  }

  /** Runs a call with the access token, applying the expire-and-retry-once rule. */
  async function withToken<T>(run: (token: string) => Promise<T>): Promise<T> {
    const token = await accessToken();
    try {
      return await run(token);
    } catch (error) {
      if (isWechatErrcode(error, ...TOKEN_REJECTED_ERRCODES)) {
        await cache.expire(tokenKey, token);
        return run(await accessToken());
      }
      if (isWechatErrcode(error, TRANSIENT_ERRCODE)) return run(token);
      throw error;
    }
  }

  async function jsApiTicket(): Promise<string> {
    return cache.get(ticketKey, async () => {
      const answer = await withToken((token) =>
        call<TicketAnswer>('/cgi-bin/ticket/getticket', { access_token: token, type: 'jsapi' }),
      );
      return { value: answer.ticket, expiresAt: now() + answer.expires_in * 1000 };
    });
  }

  return {
    appId: options.appId,
    accessToken,
    jsApiTicket,
    async jsSdkConfig(url) {
      const ticket = await jsApiTicket();
      const signed = signJsSdk({ ticket, nonceStr: randomNonce(), timestamp: Math.floor(now() / 1000), url });
      return { appId: options.appId, ...signed };
    },
    async createQrCode(request) {
      const body = qrCodeBody(request);
      const answer = await withToken((token) =>
        call<QrAnswer>('/cgi-bin/qrcode/create', { access_token: token }, body),
      );
      return {
        ticket: answer.ticket,
        expireSeconds: request.expireSeconds === undefined ? null : (answer.expire_seconds ?? null),
        url: answer.url,
        imageUrl: `${options.endpoints.mp.replace(/\/+$/, '')}/cgi-bin/showqrcode?ticket=${encodeURIComponent(answer.ticket)}`,
      };
    },
    async sendTemplateMessage(message) {
      if (!message.toUser) throw new TypeError('toUser is required');
      if (!message.templateId) throw new TypeError('templateId is required');
      const answer = await withToken((token) =>
        call<{ msgid: number }>(
          '/cgi-bin/message/template/send',
          { access_token: token },
          {
            touser: message.toUser,
            template_id: message.templateId,
            ...(message.url ? { url: message.url } : {}),
            data: message.data,
          },
        ),
      );
      return answer.msgid;
    },
    async userInfo(openId) {
      if (!openId) throw new TypeError('openId is required');
      const answer = await withToken((token) =>
        call<UserInfoAnswer>('/cgi-bin/user/info', { access_token: token, openid: openId, lang: 'zh_CN' }),
      );
      const subscribed = answer.subscribe === 1;
      return {
        openId: answer.openid,
        subscribed,
        ...(answer.unionid ? { unionId: answer.unionid } : {}),
        ...(subscribed
          ? {
              subscribeScene: answer.subscribe_scene ?? '',
              subscribeTime: answer.subscribe_time ?? 0,
              qrScene: answer.qr_scene ?? 0,
              qrSceneStr: answer.qr_scene_str ?? '',
            }
          : {}),
        ...(subscribed && answer.nickname ? { nickname: answer.nickname } : {}),
      };
    },
  };
}

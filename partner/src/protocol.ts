import { canonicalString, sameSignature, signCanonical } from '@px/config/signing';

/** The signature scheme, shared with the regulator's platform (`@px/config/signing`). */
export { canonicalString, sameSignature, signCanonical } from '@px/config/signing';

/**
 * The partner platform protocol (docs/partner-api.md), shared by our API, the client partners use
 * and the demo partner site: header names, the canonical string and its signature, the paths of
 * the calls, the answer envelope and its refusal codes, and the progress notices we send.
 *
 * A signed request carries the app key, a Unix timestamp (seconds), a nonce and
 * `hex(HMAC-SHA256(secret, METHOD \n PATH \n TIMESTAMP \n NONCE \n BODY))`, where PATH is the request
 * target (path and query as sent) and BODY the exact bytes of the body (empty for none). The
 * timestamp must be within 5 minutes of our clock and a nonce is accepted once per app. The
 * `jxnc` group takes instead `Authorization: Bearer <token>`, a token got with key and secret.
 */

export const HEADERS = {
  appKey: 'x-px-app-key',
  timestamp: 'x-px-timestamp',
  nonce: 'x-px-nonce',
  signature: 'x-px-signature',
  /** On progress notices: the notice's id (the partner's idempotency key). */
  noticeId: 'x-px-notice-id',
} as const;

/** How far a request's timestamp may be from the receiver's clock. */
export const SIGNATURE_WINDOW_SECONDS = 300;

export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const APP_KEY_PATTERN = /^pk_[A-Za-z0-9]{8,40}$/;

/** The base path of the partner API below our origin. */
export const OPEN_BASE = '/api/open';

/** The calls of the partner API: `<group>/<name>`; the path is `/api/open/<group>/<name>.action`. */
export const PARTNER_CALLS = [
  'class-classify-tree',
  'query-class',
  'sign-up-student',
  'study-process',
  'study-process-by-out-account',
  'train-info',
  'study-task',
  'unlock-check',
] as const;
export type PartnerCall = (typeof PARTNER_CALLS)[number];

/** The groups: `train` takes signed requests, `jxnc` (the spec's needToken group) access tokens. */
export const SIGNED_GROUP = 'train';
export const TOKEN_GROUP = 'jxnc';
/** The token calls (signed): get a token, revoke one. */
export const TOKEN_CALLS = { get: 'auth/get-token', revoke: 'auth/revoke-token' } as const;

/** The path of a call of a group (`openPath('train', 'query-class')`). */
export function openPath(groupOrKey: string, name?: string): string {
  return `${OPEN_BASE}/${name === undefined ? groupOrKey : `${groupOrKey}/${name}`}.action`;
}

/** The signature headers of one request or notice. */
export function signedHeaders(
  credentials: { appKey: string; secret: string },
  request: { method: string; target: string; body: string; timestamp: number; nonce: string },
): Record<string, string> {
  const signature = signCanonical(credentials.secret, canonicalString(request));
  return {
    [HEADERS.appKey]: credentials.appKey,
    [HEADERS.timestamp]: String(request.timestamp),
    [HEADERS.nonce]: request.nonce,
    [HEADERS.signature]: signature,
  };
}

/**
 * Why a request (or a notice) is refused before it is read, each with its own code and HTTP status,
 * so a partner can tell a wrong secret from a clock that is off or a replay.
 */
export const REFUSAL_STATUS = {
  APP_UNKNOWN: 401,
  SIGNATURE_MISSING: 401,
  SIGNATURE_INVALID: 401,
  TIMESTAMP_EXPIRED: 401,
  NONCE_REPLAYED: 401,
  TOKEN_MISSING: 401,
  TOKEN_INVALID: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_REVOKED: 401,
  APP_DISABLED: 403,
  ORIGIN_NOT_ALLOWED: 403,
  IP_NOT_ALLOWED: 403,
  RATE_LIMITED: 429,
} as const;
export type RefusalCode = keyof typeof REFUSAL_STATUS;

/** Every code an answer may carry in `errorCode` (none on success). */
export type ErrorCode =
  | RefusalCode
  /** The input failed the call's contract: `attribute.fields` names each field and why. */
  | 'BAD_REQUEST'
  /** A record named by the input is not in the app's project (or not the app's). */
  | 'NOT_FOUND'
  /** The request id was used before for another sign-up. */
  | 'REQUEST_ID_REUSED'
  /** The call was understood but the project's rules refuse it (`respDesc` says why). */
  | 'REFUSED'
  | 'SERVER_ERROR';

export const REFUSAL_MESSAGES: Record<RefusalCode, string> = {
  APP_UNKNOWN: '应用不存在',
  SIGNATURE_MISSING: '缺少签名参数',
  SIGNATURE_INVALID: '签名错误',
  TIMESTAMP_EXPIRED: '时间戳超出有效期',
  NONCE_REPLAYED: '随机串已使用',
  TOKEN_MISSING: '缺少访问令牌',
  TOKEN_INVALID: '访问令牌无效',
  TOKEN_EXPIRED: '访问令牌已过期',
  TOKEN_REVOKED: '访问令牌已吊销',
  APP_DISABLED: '应用已停用',
  ORIGIN_NOT_ALLOWED: '来源不在允许列表中',
  IP_NOT_ALLOWED: '来源 IP 不在允许列表中',
  RATE_LIMITED: '调用过于频繁，请稍后再试',
};

/**
 * The envelope of every answer, as the rest of our API answers (`respCode` 200 on success, -1 on
 * failure; `respDesc` the message; `attribute` the data), with `errorCode` on a failure and the
 * request's id for support.
 */
export interface OpenEnvelope<T = unknown> {
  respCode: number;
  respDesc: string;
  attribute: T;
  errorCode?: ErrorCode;
  requestId: string;
}

/** The progress notices we send to an app's callback URL. */
export const NOTICE_EVENTS = ['LESSON_FINISHED', 'CLASS_PASSED', 'CERTIFICATE_ISSUED'] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

/**
 * A progress notice: POSTed as JSON to the app's callback URL, signed like a request (the path is
 * the callback URL's path and query). The partner answers any 2xx once it has it; anything else is
 * tried again later. The same notice (same `noticeId`) may arrive more than once.
 */
export interface ProgressNotice {
  noticeId: string;
  event: NoticeEvent;
  occurredAt: string;
  /** Our enrolment (my class) id, and the partner's account id of the student. */
  enrolmentId: number;
  outAccountId: string | null;
  classId: number;
  className: string;
  /** LESSON_FINISHED: the lesson; CERTIFICATE_ISSUED: the certificate's number. */
  lessonId?: number;
  lessonName?: string;
  certificateNo?: string;
  /** The enrolment's credited hours and state when the notice was made. */
  creditedHours: number;
  requiredHours: number;
  status: string;
}

/** What a receiver concludes of a signed request or notice. */
export type VerifyOutcome =
  | { ok: true }
  | { ok: false; code: 'SIGNATURE_MISSING' | 'SIGNATURE_INVALID' | 'TIMESTAMP_EXPIRED' | 'APP_UNKNOWN' };

/**
 * Checks the signature and the time window of a signed request or notice (not its nonce: the
 * receiver keeps the nonces it has seen). `headers` are lower-case names.
 */
export function verifySigned(
  credentials: { appKey: string; secrets: readonly string[] },
  request: {
    method: string;
    target: string;
    body: string;
    headers: Record<string, string | string[] | undefined>;
  },
  nowSeconds: number,
): VerifyOutcome {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const appKey = header(HEADERS.appKey);
  const timestamp = header(HEADERS.timestamp);
  const nonce = header(HEADERS.nonce);
  const signature = header(HEADERS.signature);
  if (!appKey || !timestamp || !nonce || !signature) return { ok: false, code: 'SIGNATURE_MISSING' };
  if (appKey !== credentials.appKey) return { ok: false, code: 'APP_UNKNOWN' };
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS)
    return { ok: false, code: 'TIMESTAMP_EXPIRED' };
  const canonical = canonicalString({ ...request, timestamp, nonce });
  const valid = credentials.secrets.some((secret) =>
    sameSignature(signCanonical(secret, canonical), signature),
  );
  return valid ? { ok: true } : { ok: false, code: 'SIGNATURE_INVALID' };
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tencent Cloud VOD's player signature (播放器签名, `psign`) and its Key hotlink protection
 * (Key 防盗链) URL signature, shared by the client (`vod.client.ts`) and the simulator
 * (`vod-sim.ts`), which recomputes and compares. See docs/vod.md.
 *
 * psign = a JWT (RFC 7519) signed HS256 with the application's play key (播放密钥), payload:
 *   { appId: number, fileId: string, contentInfo: { audioVideoType: 'Original' | ... },
 *     currentTimeStamp: number, expireTimeStamp?: number,
 *     urlAccessInfo?: { t?: hex string, exper?: number, rlimit?: number, us?: string } }
 * Key hotlink: `<url>?t=<hex expiry>&exper=<trial seconds>&rlimit=<n>&us=<nonce>&sign=<md5 hex>` with
 *   sign = md5(KEY + Dir + t + exper + rlimit + us), Dir the path up to and including its last `/`,
 *   absent parameters contributing nothing.
 */

export interface PsignUrlAccessInfo {
  /** The media URL's expiry, Unix seconds in lower-case hex. */
  t?: string;
  /** Trial (试看) seconds: the URL serves only the first `exper` seconds. */
  exper?: number;
  /** How many distinct client IPs may use the URL. */
  rlimit?: number;
  /** A per-signature nonce (makes each URL unique). */
  us?: string;
}

export interface PsignPayload {
  appId: number;
  fileId: string;
  contentInfo: { audioVideoType: 'Original' | 'Transcode' | 'RawAdaptive' | 'ProtectedAdaptive' };
  currentTimeStamp: number;
  expireTimeStamp?: number;
  urlAccessInfo?: PsignUrlAccessInfo;
}

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');
const hs256 = (key: string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** The psign of a payload with a play key (header `{"alg":"HS256","typ":"JWT"}`). */
export function signPsign(playKey: string, payload: PsignPayload): string {
  const head = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify(payload))}`;
  return `${head}.${b64(hs256(playKey, head))}`;
}

/** Why a psign is refused (the simulator answers these with the service's error shape). */
export type PsignProblem = 'malformed' | 'signature' | 'expired' | 'mismatch';

export type PsignCheck = { ok: true; payload: PsignPayload } | { ok: false; problem: PsignProblem };

/**
 * Checks a psign as the play-info service does: a well-formed HS256 JWT whose signature is the
 * play key's, naming `appId` and `fileId`, not past `expireTimeStamp` at `now` (Unix seconds).
 */
export function verifyPsign(
  playKey: string,
  token: string,
  expected: { appId: number; fileId: string },
  now: number,
): PsignCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, problem: 'malformed' };
  const [header, body, signature] = parts as [string, string, string];
  let parsedHeader: unknown;
  let payload: PsignPayload;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PsignPayload;
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if ((parsedHeader as { alg?: unknown })?.alg !== 'HS256' || !payload || typeof payload !== 'object')
    return { ok: false, problem: 'malformed' };
  const expectedSignature = hs256(playKey, `${header}.${body}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expectedSignature.length || !timingSafeEqual(given, expectedSignature))
    return { ok: false, problem: 'signature' };
  if (typeof payload.currentTimeStamp !== 'number' || typeof payload.fileId !== 'string')
    return { ok: false, problem: 'malformed' };
  if (payload.appId !== expected.appId || payload.fileId !== expected.fileId)
    return { ok: false, problem: 'mismatch' };
  if (payload.expireTimeStamp !== undefined && payload.expireTimeStamp <= now)
    return { ok: false, problem: 'expired' };
  return { ok: true, payload };
}

/** The Key hotlink query parameters of a media URL. */
export interface HotlinkParams {
  t: string;
  exper?: number;
  rlimit?: number;
  us?: string;
}

/** `Dir` of a URL path: up to and including its last `/`. */
export const hotlinkDir = (pathname: string) => pathname.slice(0, pathname.lastIndexOf('/') + 1);

/** md5(KEY + Dir + t + exper + rlimit + us), lower-case hex. */
export function hotlinkSign(key: string, pathname: string, params: HotlinkParams): string {
  const text = `${key}${hotlinkDir(pathname)}${params.t}${params.exper ?? ''}${params.rlimit ?? ''}${params.us ?? ''}`;
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** A media path with its Key hotlink query. */
export function hotlinkQuery(key: string, pathname: string, params: HotlinkParams): string {
  const query = new URLSearchParams({ t: params.t });
  if (params.exper !== undefined) query.set('exper', String(params.exper));
  if (params.rlimit !== undefined) query.set('rlimit', String(params.rlimit));
  if (params.us !== undefined) query.set('us', params.us);
  query.set('sign', hotlinkSign(key, pathname, params));
  return `${pathname}?${query}`;
}

/** Unix seconds as the `t` parameter (lower-case hex). */
export const hexTime = (seconds: number) => seconds.toString(16);

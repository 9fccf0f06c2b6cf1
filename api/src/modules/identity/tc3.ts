import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson } from '../../core/local-server';

/**
 * Tencent Cloud API 3.0 request signing, `TC3-HMAC-SHA256` (签名方法 v3), as the identity
 * verification service (慧眼 faceid, `IdCardVerification`) requires it; shared by the client
 * (`identity.provider.ts`) and the simulator (`identity-sim.ts`), which recomputes and compares.
 * See docs/identity.md.
 *
 * CanonicalRequest = method \n "/" \n query \n canonical headers \n signed headers \n sha256(payload)
 * StringToSign     = "TC3-HMAC-SHA256" \n timestamp \n "<date>/<service>/tc3_request" \n sha256(CanonicalRequest)
 * key              = HMAC(HMAC(HMAC("TC3" + secretKey, date), service), "tc3_request")
 * Authorization    = TC3-HMAC-SHA256 Credential=<secretId>/<scope>, SignedHeaders=<list>, Signature=<hex>
 */

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** The UTC calendar day of a Unix time in seconds, `YYYY-MM-DD` (the credential scope's date). */
export const tc3Date = (timestamp: number) => new Date(timestamp * 1000).toISOString().slice(0, 10);

export interface Tc3Request {
  method: 'POST' | 'GET';
  /** The query string without `?` (empty for POST). */
  query: string;
  /** Header names (lower case) to sign, with their values as sent. */
  headers: Record<string, string>;
  payload: string;
  service: string;
  timestamp: number;
}

/** The canonical request and the sorted list of signed header names. */
function canonical(request: Tc3Request): { canonicalRequest: string; signedHeaders: string } {
  const names = Object.keys(request.headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const canonicalHeaders = names
    .map((name) => `${name}:${String(lower[name]).trim().toLowerCase()}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method,
    '/',
    request.query,
    canonicalHeaders,
    signedHeaders,
    sha256Hex(request.payload),
  ].join('\n');
  return { canonicalRequest, signedHeaders };
}

/** The hex signature of a request with a secret key. */
export function tc3Signature(
  secretKey: string,
  request: Tc3Request,
): { signature: string; signedHeaders: string } {
  const { canonicalRequest, signedHeaders } = canonical(request);
  const date = tc3Date(request.timestamp);
  const scope = `${date}/${request.service}/tc3_request`;
  const stringToSign = [TC3_ALGORITHM, String(request.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const key = hmac(hmac(hmac(`TC3${secretKey}`, date), request.service), 'tc3_request');
  return { signature: createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex'), signedHeaders };
}

/** The `Authorization` header of a request. */
export function tc3Authorization(secretId: string, secretKey: string, request: Tc3Request): string {
  const { signature, signedHeaders } = tc3Signature(secretKey, request);
  const scope = `${tc3Date(request.timestamp)}/${request.service}/tc3_request`;
  return `${TC3_ALGORITHM} Credential=${secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** An `Authorization` header read into its parts; null when it is not a TC3 header. */
export interface Tc3Credential {
  secretId: string;
  date: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

const AUTHORIZATION =
  /^TC3-HMAC-SHA256 Credential=([^/\s,]+)\/(\d{4}-\d{2}-\d{2})\/([a-z0-9-]+)\/tc3_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

export function parseTc3Authorization(header: string | undefined): Tc3Credential | null {
  const match = header ? AUTHORIZATION.exec(header.trim()) : null;
  if (!match) return null;
  const [, secretId, date, service, signed, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return { secretId, date, service, signedHeaders: signed.split(';'), signature };
}

/** Whether two hex signatures are equal, in constant time. */
export function sameTc3Signature(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What the service's check of a TC3-signed call (API 3.0) needs of the request and of itself. */
export interface Tc3Check {
  /** A request header by its lower-case name. */
  header(name: string): string | undefined;
  body: string;
  secretId: string;
  secretKey: string;
  service: string;
  /** The service's clock, in seconds. */
  now: number;
  /** Headers the signature must cover (beyond what the caller chose to sign). */
  mustSign?: readonly string[];
}

/**
 * The checks Tencent Cloud makes of a TC3-signed call, in its order: the Authorization's form, the
 * timestamp within 5 minutes, the secret id, the credential's date and service, the signed headers
 * sent, then the signature. Answers the refusal `[code, message]`, or null for a good signature (the
 * action and version are the service's own checks).
 */
export function tc3RequestFailure(check: Tc3Check): [string, string] | null {
  const { header } = check;
  const credential = parseTc3Authorization(header('authorization'));
  if (!credential)
    return [
      'AuthFailure.InvalidAuthorization',
      'Authorization 不符合腾讯云 API 3.0 TC3-HMAC-SHA256 签名规范',
    ];
  const raw = header('x-tc-timestamp') ?? '';
  const timestamp = Number(raw);
  if (!/^\d{1,12}$/.test(raw) || Math.abs(check.now - timestamp) > 300)
    return ['AuthFailure.SignatureExpire', '签名过期：X-TC-Timestamp 与服务器时间相差超过 5 分钟'];
  if (credential.secretId !== check.secretId) return ['AuthFailure.SecretIdNotFound', '密钥不存在'];
  if (credential.date !== tc3Date(timestamp) || credential.service !== check.service)
    return ['AuthFailure.InvalidAuthorization', 'Credential 的日期或服务名与请求不符'];
  const mustSign = check.mustSign ?? [];
  if (mustSign.some((name) => !credential.signedHeaders.includes(name)))
    return ['AuthFailure.InvalidAuthorization', `SignedHeaders 须包含 ${mustSign.join(' 与 ')}`];
  const headers: Record<string, string> = {};
  for (const name of credential.signedHeaders) {
    const value = header(name);
    if (value === undefined) return ['AuthFailure.InvalidAuthorization', `签名的请求头 ${name} 未发送`];
    headers[name] = value;
  }
  const expected = tc3Signature(check.secretKey, {
    method: 'POST',
    query: '',
    headers,
    payload: check.body,
    service: check.service,
    timestamp,
  });
  if (!sameTc3Signature(expected.signature, credential.signature))
    return ['AuthFailure.SignatureFailure', '签名错误'];
  return null;
}

/** Answers an error as Tencent Cloud API 3.0 does (the simulators): HTTP 200 with `Response.Error`. */
export function sendTc3Error(res: ServerResponse, code: string, message: string): void {
  sendJson(res, { Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } });
}

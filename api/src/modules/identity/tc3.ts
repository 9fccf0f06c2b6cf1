import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

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

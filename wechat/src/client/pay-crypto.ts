import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  randomBytes,
  sign,
  verify,
  X509Certificate,
} from 'node:crypto';

/** The only signature scheme of WeChat Pay API v3. */
export const WECHATPAY_AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** Signatures starting with this are WeChat's probes: they must fail verification, never crash. */
export const SIGNATURE_PROBE_PREFIX = 'WECHATPAY/SIGNTEST/';

/** A PEM (private key, public key or X.509 certificate) or an already parsed key. */
export type PayKey = string | Buffer | KeyObject;

/** Headers as Node (`IncomingHttpHeaders`, Koa `ctx.headers`) or fetch (`Headers`) hold them. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random nonce of `length` upper-case letters and digits (WeChat's `nonce_str` style). */
export function randomPayNonce(length = 32): string {
  const bytes = randomBytes(length);
  let nonce = '';
  for (const byte of bytes) nonce += NONCE_ALPHABET[byte % NONCE_ALPHABET.length];
  return nonce;
}

/** Parses a private key PEM (PKCS#1 or PKCS#8). Throws when it is not a private key. */
export function toPrivateKey(key: PayKey): KeyObject {
  if (typeof key === 'object' && !Buffer.isBuffer(key)) {
    if (key.type !== 'private') throw new Error('a private key is required');
    return key;
  }
  return createPrivateKey(key);
}

/** Parses a public key PEM or an X.509 certificate PEM (platform certificates). Throws when invalid. */
export function toPublicKey(key: PayKey): KeyObject {
  if (typeof key === 'object' && !Buffer.isBuffer(key)) {
    return key.type === 'private' ? createPublicKey(key) : key;
  }
  const text = key.toString();
  if (text.includes('BEGIN CERTIFICATE')) return new X509Certificate(text).publicKey;
  return createPublicKey(key);
}

/** The message WeChat signs: each line followed by `\n`, including the last one. */
export function signatureMessage(lines: ReadonlyArray<string | Buffer>): Buffer {
  const parts: Buffer[] = [];
  for (const line of lines) {
    parts.push(Buffer.isBuffer(line) ? line : Buffer.from(line, 'utf8'), Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}

/** Base64 SHA256withRSA (PKCS#1 v1.5) signature. Throws on an invalid key. */
export function sha256WithRsaSign(message: string | Buffer, privateKey: PayKey): string {
  return sign(
    'sha256',
    typeof message === 'string' ? Buffer.from(message) : message,
    toPrivateKey(privateKey),
  ).toString('base64');
}

/** Whether a base64 SHA256withRSA signature is valid; false (never a throw) on garbage input. */
export function sha256WithRsaVerify(message: string | Buffer, signature: string, publicKey: PayKey): boolean {
  try {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
    const data = typeof message === 'string' ? Buffer.from(message) : message;
    return verify('sha256', data, toPublicKey(publicKey), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export interface AuthorizationInput {
  mchId: string;
  /** The serial number of the merchant API certificate. */
  serialNo: string;
  privateKey: PayKey;
  method: string;
  /** Path and query exactly as sent (`/v3/pay/transactions/out-trade-no/1?mchid=1`). */
  url: string;
  /** The exact body bytes sent; empty for GET. */
  body?: string | Buffer;
  /** Seconds since the epoch; now by default. */
  timestamp?: number;
  nonce?: string;
}

/**
 * The `Authorization` header of a WeChat Pay v3 request: `WECHATPAY2-SHA256-RSA2048 mchid=..,
 * nonce_str=..,signature=..,timestamp=..,serial_no=..` with the signature over
 * `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`. Throws on an invalid private key or a URL
 * that is not a path.
 */
export function buildAuthorization(input: AuthorizationInput): string {
  if (!input.url.startsWith('/')) throw new Error('url must be the path and query, starting with /');
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = input.nonce ?? randomPayNonce();
  const message = signatureMessage([
    input.method.toUpperCase(),
    input.url,
    timestamp,
    nonce,
    input.body ?? '',
  ]);
  const signature = sha256WithRsaSign(message, input.privateKey);
  return `${WECHATPAY_AUTH_SCHEME} mchid="${input.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${input.serialNo}"`;
}

export interface ParsedAuthorization {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

/** Reads an `Authorization` header back into its fields; null when it is not WeChat Pay's format. */
export function parseAuthorization(header: string | undefined): ParsedAuthorization | null {
  if (!header) return null;
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space) !== WECHATPAY_AUTH_SCHEME) return null;
  const rest = header.slice(space + 1);
  if (!/^\s*[a-z_]+="[^"]*"(\s*,\s*[a-z_]+="[^"]*")*\s*$/.test(rest)) return null;
  const fields: Record<string, string> = {};
  for (const [, key, value] of rest.matchAll(/([a-z_]+)="([^"]*)"/g)) {
    if (key && value !== undefined) fields[key] = value;
  }
  const { mchid, nonce_str, signature, timestamp, serial_no } = fields;
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return null;
  return { mchid, nonce_str, signature, timestamp, serial_no };
}

/** Reads one header case-insensitively from either kind of header holder. */
export function headerValue(headers: HeaderSource, name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

export type PaySignatureFailure =
  | 'MISSING_HEADERS'
  | 'BAD_TIMESTAMP'
  | 'TIMESTAMP_SKEW'
  | 'SIGNATURE_PROBE'
  | 'UNKNOWN_SERIAL'
  | 'BAD_SIGNATURE';

export type PaySignatureCheck =
  | { ok: true; serial: string; timestamp: number; nonce: string }
  | { ok: false; reason: PaySignatureFailure; message: string };

export interface VerifyPaySignatureInput {
  /** WeChat Pay public keys (or platform certificates) by their serial (`Wechatpay-Serial`). */
  publicKeys: Record<string, PayKey>;
  headers: HeaderSource;
  /** The raw body bytes as received (never re-serialised JSON). */
  body: Buffer | string;
  /** Milliseconds since the epoch. */
  now: number;
  toleranceSeconds?: number;
}

/**
 * Verifies a response or notification of WeChat Pay: `Wechatpay-Signature` over
 * `TIMESTAMP\nNONCE\nBODY\n` with the key chosen by `Wechatpay-Serial`. Never throws: missing
 * headers, a timestamp more than `toleranceSeconds` (300) off, probe signatures
 * (`WECHATPAY/SIGNTEST/`), unknown serials and wrong signatures are typed failures.
 */
export function verifyWechatPaySignature(input: VerifyPaySignatureInput): PaySignatureCheck {
  const timestamp = headerValue(input.headers, 'Wechatpay-Timestamp');
  const nonce = headerValue(input.headers, 'Wechatpay-Nonce');
  const signature = headerValue(input.headers, 'Wechatpay-Signature');
  const serial = headerValue(input.headers, 'Wechatpay-Serial');
  if (!timestamp || !nonce || !signature || !serial) {
    return { ok: false, reason: 'MISSING_HEADERS', message: 'the Wechatpay-* signature headers are missing' };
  }
  if (!/^\d{1,12}$/.test(timestamp)) {
    return {
      ok: false,
      reason: 'BAD_TIMESTAMP',
      message: `Wechatpay-Timestamp is not a number: ${timestamp}`,
    };
  }
  const seconds = Number(timestamp);
  const tolerance = input.toleranceSeconds ?? 300;
  if (Math.abs(input.now / 1000 - seconds) > tolerance) {
    return {
      ok: false,
      reason: 'TIMESTAMP_SKEW',
      message: `Wechatpay-Timestamp ${timestamp} is more than ${tolerance} s away from now`,
    };
  }
  if (signature.startsWith(SIGNATURE_PROBE_PREFIX)) {
    return { ok: false, reason: 'SIGNATURE_PROBE', message: 'a signature probe (WECHATPAY/SIGNTEST/)' };
  }
  const key = Object.hasOwn(input.publicKeys, serial) ? input.publicKeys[serial] : undefined;
  if (!key) return { ok: false, reason: 'UNKNOWN_SERIAL', message: `unknown Wechatpay-Serial ${serial}` };
  const body = typeof input.body === 'string' ? Buffer.from(input.body, 'utf8') : input.body;
  if (!sha256WithRsaVerify(signatureMessage([timestamp, nonce, body]), signature, key)) {
    return { ok: false, reason: 'BAD_SIGNATURE', message: 'Wechatpay-Signature does not match' };
  }
  return { ok: true, serial, timestamp: seconds, nonce };
}

/**
 * The headers WeChat Pay puts on a response or notification (used by the simulator): the body
 * signed with the platform private key. Throws on an invalid key.
 */
export function signWechatPayMessage(input: {
  serial: string;
  privateKey: PayKey;
  body: Buffer | string;
  /** Seconds since the epoch. */
  timestamp: number;
  nonce?: string;
}): Record<string, string> {
  const nonce = input.nonce ?? randomPayNonce();
  const timestamp = String(input.timestamp);
  const body = typeof input.body === 'string' ? Buffer.from(input.body, 'utf8') : input.body;
  return {
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Signature': sha256WithRsaSign(signatureMessage([timestamp, nonce, body]), input.privateKey),
    'Wechatpay-Serial': input.serial,
    'Wechatpay-Signature-Type': WECHATPAY_AUTH_SCHEME,
  };
}

const GCM_TAG_BYTES = 16;

function aesKey(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('the APIv3 key must be 32 bytes');
  return key;
}

/**
 * Decrypts a notification resource (AEAD_AES_256_GCM with the APIv3 key; the last 16 bytes of
 * the base64 ciphertext are the tag). Throws when the key is not 32 bytes or the tag does not
 * match (wrong key, nonce, associated data or tampered ciphertext).
 */
export function decryptResource(input: {
  apiV3Key: string;
  ciphertext: string;
  nonce: string;
  associatedData?: string;
}): string {
  const key = aesKey(input.apiV3Key);
  if (!input.nonce) throw new Error('the nonce is required');
  const data = Buffer.from(input.ciphertext, 'base64');
  if (data.length < GCM_TAG_BYTES) throw new Error('the ciphertext is shorter than its tag');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(input.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
  decipher.setAAD(Buffer.from(input.associatedData ?? '', 'utf8'));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * Encrypts a resource like WeChat Pay does for notifications (used by the simulator): base64 of
 * ciphertext + 16-byte tag, with a random 12-character nonce unless given. Throws on a key that
 * is not 32 bytes.
 */
export function encryptResource(input: {
  apiV3Key: string;
  plaintext: string;
  associatedData?: string;
  nonce?: string;
}): { ciphertext: string; nonce: string; associatedData: string } {
  const key = aesKey(input.apiV3Key);
  const nonce = input.nonce ?? randomPayNonce(12);
  const associatedData = input.associatedData ?? '';
  const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([
    cipher.update(input.plaintext, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return { ciphertext: ciphertext.toString('base64'), nonce, associatedData };
}

export interface JsapiPaySignInput {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  /** `prepay_id=...` */
  package: string;
}

function jsapiPayMessage(input: JsapiPaySignInput): Buffer {
  return signatureMessage([input.appId, input.timeStamp, input.nonceStr, input.package]);
}

/**
 * The `paySign` of `wx.chooseWXPay` / `getBrandWCPayRequest`: SHA256withRSA with the merchant key
 * over `appId\ntimeStamp\nnonceStr\nprepay_id=...\n`. Throws on an invalid key or package.
 */
export function jsapiPaySign(input: JsapiPaySignInput & { privateKey: PayKey }): string {
  if (!input.package.startsWith('prepay_id=')) throw new Error('package must be prepay_id=...');
  return sha256WithRsaSign(jsapiPayMessage(input), input.privateKey);
}

/** Whether a `paySign` was made by the merchant key matching `publicKey` (never throws). */
export function verifyJsapiPaySign(
  input: JsapiPaySignInput & { paySign: string; publicKey: PayKey },
): boolean {
  return sha256WithRsaVerify(jsapiPayMessage(input), input.paySign, input.publicKey);
}

import { createHmac, randomBytes } from 'node:crypto';
import { sameSignature } from '@px/config/signing';

/**
 * The electronic-invoice platform's protocol as this product speaks it (docs/product-decisions.md
 * "Invoices"): requests carry the app key, a timestamp, a nonce and an HMAC-SHA256 signature of them
 * with the method, path and body under the app secret; the platform's callbacks carry the same
 * fields in their JSON body, signed over the body's other fields in key order. Shared by the client
 * and the local simulator, so both sides sign one way.
 */

/** The seller as printed on the invoice (the project's invoice config). */
export interface EinvoiceSeller {
  name: string;
  taxNo: string;
  addressPhone: string;
  bankAccount: string;
}

/** The buyer: a person (name only) or a company (name and tax number). */
export interface EinvoiceBuyer {
  type: 'PERSONAL' | 'COMPANY';
  name: string;
  taxNo: string | null;
  email: string | null;
}

/** One line of the invoice, tax included (fen). */
export interface EinvoiceItem {
  name: string;
  amountFen: number;
  /** Percent: 0, 1, 3, 6, 9 or 13. */
  taxRatePct: number;
}

/** Issuing a (blue) invoice; `requestNo` is the idempotency key: sent again, it issues nothing new. */
export interface EinvoiceIssueRequest {
  requestNo: string;
  seller: EinvoiceSeller;
  buyer: EinvoiceBuyer;
  items: EinvoiceItem[];
  remark: string | null;
  /** Where the platform posts the result. */
  callbackUrl: string;
}

/** Reversing an issued invoice by a red one; `requestNo` is the red invoice's own idempotency key. */
export interface EinvoiceReverseRequest {
  requestNo: string;
  originalSerialNo: string;
  reason: string;
  callbackUrl: string;
}

export type EinvoiceKind = 'BLUE' | 'RED';
export type EinvoiceState = 'ISSUING' | 'ISSUED' | 'FAILED';

/** What the platform knows of one request: accepted (ISSUING), then ISSUED or FAILED. */
export interface EinvoiceResult {
  requestNo: string;
  kind: EinvoiceKind;
  state: EinvoiceState;
  serialNo: string;
  invoiceNumber: string | null;
  /** ISO time. */
  issuedAt: string | null;
  /** Tax included, fen (negative for a red invoice). */
  totalFen: number;
  failure: string | null;
}

/** The callback's body: the result, the app key, a timestamp and nonce, and the signature. */
export interface EinvoiceCallbackBody extends EinvoiceResult {
  appKey: string;
  timestamp: number;
  nonce: string;
  sign: string;
}

/** A request to the platform or its callback that failed. */
export class EinvoiceError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'EinvoiceError';
  }
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** The signature of a request: app key, timestamp, nonce, `METHOD path` and body, one per line. */
export function signRequest(
  secret: string,
  parts: { appKey: string; timestamp: number; nonce: string; method: string; path: string; body: string },
): string {
  return hmac(
    secret,
    [parts.appKey, parts.timestamp, parts.nonce, `${parts.method} ${parts.path}`, parts.body].join('\n'),
  );
}

/** The text a callback signs: its fields but `sign`, null ones left out, as `key=value` joined by `&` in key order. */
export function callbackSignText(body: Record<string, unknown>): string {
  return Object.keys(body)
    .filter((key) => key !== 'sign' && body[key] !== null && body[key] !== undefined)
    .sort()
    .map((key) => `${key}=${String(body[key])}`)
    .join('&');
}

/** Signs a callback body (the simulator's side). */
export function signCallback(
  secret: string,
  appKey: string,
  result: EinvoiceResult,
  timestamp = Math.floor(Date.now() / 1000),
): EinvoiceCallbackBody {
  const unsigned = { ...result, appKey, timestamp, nonce: randomBytes(8).toString('hex') };
  return { ...unsigned, sign: hmac(secret, callbackSignText(unsigned)) };
}

/** A callback older or newer than this (seconds) is refused (a replay). */
export const CALLBACK_MAX_SKEW_SECONDS = 300;

/** Checks a callback's app key, time and signature; answers it as a result, else throws EinvoiceError. */
export function verifyCallback(
  settings: { appKey: string; appSecret: string },
  body: EinvoiceCallbackBody,
  nowSeconds = Math.floor(Date.now() / 1000),
): EinvoiceResult {
  if (body.appKey !== settings.appKey) throw new EinvoiceError('bad-app-key', 'unknown app key');
  if (Math.abs(nowSeconds - body.timestamp) > CALLBACK_MAX_SKEW_SECONDS)
    throw new EinvoiceError('stale', 'callback timestamp out of range');
  const expected = hmac(settings.appSecret, callbackSignText(body as unknown as Record<string, unknown>));
  if (!sameSignature(expected, body.sign)) throw new EinvoiceError('bad-sign', 'signature mismatch');
  const { appKey: _key, timestamp: _time, nonce: _nonce, sign: _sign, ...result } = body;
  return result;
}

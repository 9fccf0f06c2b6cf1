import type { WechatEndpoints } from './endpoints';
import type { FetchLike } from './http';
import {
  buildAuthorization,
  decryptResource,
  type HeaderSource,
  jsapiPaySign,
  type PayKey,
  randomPayNonce,
  toPrivateKey,
  toPublicKey,
  verifyWechatPaySignature,
} from './pay-crypto';

/**
 * A failure of WeChat Pay. `status` is the HTTP status WeChat answered (0 when the request never
 * got an answer or was refused before sending); `code` is WeChat's v3 error code (`PARAM_ERROR`,
 * `ORDERPAID`, ...) or one of ours: `SIGNATURE_INVALID` (an answer or notification that fails
 * verification), `NETWORK_ERROR`, `INVALID_RESPONSE`, `INVALID_ARGUMENT`, `DECRYPT_FAILED`,
 * `INVALID_NOTIFICATION`.
 */
export class WechatPayError extends Error {
  override readonly name = 'WechatPayError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

export type TradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';
export type RefundStatus = 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';

/** A transaction as `GET /v3/pay/transactions/out-trade-no/{no}` and payment notifications give it. */
export interface PayTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type?: 'JSAPI' | 'NATIVE' | 'APP' | 'MICROPAY' | 'MWEB' | 'FACEPAY';
  trade_state: TradeState;
  trade_state_desc: string;
  bank_type?: string;
  attach?: string;
  /** RFC 3339, e.g. `2018-06-08T10:34:56+08:00`. */
  success_time?: string;
  payer?: { openid: string };
  amount?: { total: number; payer_total?: number; currency: string; payer_currency?: string };
}

/** A refund as `POST /v3/refund/domestic/refunds` and its query give it. */
export interface PayRefund {
  refund_id: string;
  out_refund_no: string;
  transaction_id: string;
  out_trade_no: string;
  channel: string;
  user_received_account: string;
  success_time?: string;
  create_time: string;
  status: RefundStatus;
  funds_account?: string;
  amount: {
    total: number;
    refund: number;
    payer_total: number;
    payer_refund: number;
    settlement_refund: number;
    settlement_total: number;
    discount_refund: number;
    currency: string;
  };
}

/** The decrypted resource of a `REFUND.*` notification. */
export interface PayRefundNotice {
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  out_refund_no: string;
  refund_id: string;
  refund_status: RefundStatus;
  success_time?: string;
  user_received_account: string;
  amount: { total: number; refund: number; payer_total: number; payer_refund: number };
}

interface NotificationBase {
  id: string;
  createTime: string;
  summary: string;
}

/** A verified and decrypted notification. */
export type PayNotification =
  | (NotificationBase & { eventType: 'TRANSACTION.SUCCESS'; resource: PayTransaction })
  | (NotificationBase & {
      eventType: 'REFUND.SUCCESS' | 'REFUND.ABNORMAL' | 'REFUND.CLOSED';
      resource: PayRefundNotice;
    });

/** What `wx.chooseWXPay` (`getBrandWCPayRequest`) needs. */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

interface OrderInput {
  appId: string;
  /** What the payer sees (1..127 characters). */
  description: string;
  outTradeNo: string;
  notifyUrl: string;
  /** Integer fen, > 0. */
  totalFen: number;
  /** When the order stops being payable. */
  timeExpire?: Date | string;
  attach?: string;
}

export interface JsapiOrderInput extends OrderInput {
  openId: string;
}

export interface RefundInput {
  outTradeNo: string;
  outRefundNo: string;
  refundFen: number;
  totalFen: number;
  reason?: string;
  notifyUrl?: string;
}

export interface PayClientOptions {
  mchId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  /** The merchant API private key (PEM). */
  privateKey: PayKey;
  /** The APIv3 key (32 characters) notifications are encrypted with. */
  apiV3Key: string;
  /** WeChat Pay public keys (or platform certificates) by serial (`PUB_KEY_ID_...`). */
  platformPublicKeys: Record<string, PayKey>;
  endpoints: Pick<WechatEndpoints, 'pay'>;
  fetch?: FetchLike;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** Per-request timeout; 10 s by default. */
  timeoutMs?: number;
}

export interface PayClient {
  jsapiOrder(input: JsapiOrderInput): Promise<{ prepayId: string }>;
  nativeOrder(input: OrderInput): Promise<{ codeUrl: string }>;
  queryOrder(outTradeNo: string): Promise<PayTransaction>;
  closeOrder(outTradeNo: string): Promise<void>;
  refund(input: RefundInput): Promise<PayRefund>;
  queryRefund(outRefundNo: string): Promise<PayRefund>;
  jsapiPayParams(input: { appId: string; prepayId: string }): JsapiPayParams;
  parseNotification(input: { headers: HeaderSource; body: Buffer | string }): PayNotification;
}

const BEIJING_OFFSET_MS = 8 * 3600 * 1000;

/** A time as WeChat Pay writes it: RFC 3339 in Beijing time (`2018-06-08T10:34:56+08:00`). */
export function formatWechatPayTime(time: Date | number): string {
  const ms = typeof time === 'number' ? time : time.getTime();
  if (!Number.isFinite(ms)) throw new Error('invalid time');
  return `${new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds of an RFC 3339 time, or NaN when it is not one. */
export function parseWechatPayTime(text: string): number {
  return RFC3339.test(text) ? Date.parse(text) : Number.NaN;
}

function invalid(message: string): WechatPayError {
  return new WechatPayError(0, 'INVALID_ARGUMENT', message);
}

/** Throws unless `value` is an integer amount of fen > 0 (checked before anything is sent). */
export function assertFen(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw invalid(`${name} must be a positive integer amount of fen, got ${value}`);
  }
}

function assertText(value: string, name: string, max: number): void {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    throw invalid(`${name} must be 1..${max} characters`);
  }
}

const OUT_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;
const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/;

function assertOutNo(value: string, name: string, pattern: RegExp): void {
  if (typeof value !== 'string' || !pattern.test(value))
    throw invalid(`${name} is not a valid merchant number`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A WeChat Pay API v3 client for one merchant (direct mode). Every request is signed; every
 * answer is verified with the WeChat Pay public key before it is used. Methods throw
 * `WechatPayError` (WeChat's `{code, message}` for 4xx/5xx answers).
 */
export function createPayClient(options: PayClientOptions): PayClient {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const privateKey = toPrivateKey(options.privateKey);
  const publicKeys = Object.fromEntries(
    Object.entries(options.platformPublicKeys).map(([serial, key]) => [serial, toPublicKey(key)]),
  );
  if (Buffer.byteLength(options.apiV3Key, 'utf8') !== 32) throw new Error('the APIv3 key must be 32 bytes');
  const base = options.endpoints.pay.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function request(method: 'GET' | 'POST', pathAndQuery: string, payload?: unknown): Promise<unknown> {
    const url = new URL(base + pathAndQuery);
    const canonical = url.pathname + url.search;
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': 'px-wechat-pay/1.0',
      Authorization: buildAuthorization({
        mchId: options.mchId,
        serialNo: options.serialNo,
        privateKey,
        method,
        url: canonical,
        body,
        timestamp: Math.floor(now() / 1000),
      }),
    };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    let raw: Buffer;
    try {
      response = await doFetch(url.toString(), {
        method,
        headers,
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      raw = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new WechatPayError(0, 'NETWORK_ERROR', `WeChat Pay ${method} ${url.pathname}: ${String(error)}`);
    }
    const requestId = response.headers.get('Request-ID') ?? undefined;
    const signed = response.headers.has('Wechatpay-Signature');
    const ok = response.status >= 200 && response.status < 300;
    // Successful answers must be signed; error answers are checked when they carry a signature.
    if (ok || signed) {
      const check = verifyWechatPaySignature({
        publicKeys,
        headers: response.headers,
        body: raw,
        now: now(),
      });
      if (!check.ok) {
        throw new WechatPayError(
          response.status,
          'SIGNATURE_INVALID',
          `the answer to ${method} ${url.pathname} failed verification (${check.reason}): ${check.message}`,
          requestId,
        );
      }
    }
    let parsed: unknown;
    if (raw.length > 0) {
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        if (ok)
          throw new WechatPayError(response.status, 'INVALID_RESPONSE', 'the answer is not JSON', requestId);
      }
    }
    if (!ok) {
      const code =
        isRecord(parsed) && typeof parsed.code === 'string' ? parsed.code : `HTTP_${response.status}`;
      const message =
        isRecord(parsed) && typeof parsed.message === 'string' ? parsed.message : `HTTP ${response.status}`;
      throw new WechatPayError(response.status, code, message, requestId);
    }
    return parsed;
  }

  function orderBody(input: OrderInput): Record<string, unknown> {
    assertText(input.appId, 'appId', 32);
    assertText(input.description, 'description', 127);
    assertOutNo(input.outTradeNo, 'outTradeNo', OUT_NO);
    assertText(input.notifyUrl, 'notifyUrl', 255);
    if (!/^https?:\/\/[^?#]+$/.test(input.notifyUrl))
      throw invalid('notifyUrl must be an absolute URL without query');
    assertFen(input.totalFen, 'totalFen');
    if (input.attach !== undefined) assertText(input.attach, 'attach', 128);
    let timeExpire: string | undefined;
    if (input.timeExpire instanceof Date) timeExpire = formatWechatPayTime(input.timeExpire);
    else if (input.timeExpire !== undefined) {
      if (Number.isNaN(parseWechatPayTime(input.timeExpire))) throw invalid('timeExpire must be RFC 3339');
      timeExpire = input.timeExpire;
    }
    return {
      appid: input.appId,
      mchid: options.mchId,
      description: input.description,
      out_trade_no: input.outTradeNo,
      ...(timeExpire ? { time_expire: timeExpire } : {}),
      ...(input.attach !== undefined ? { attach: input.attach } : {}),
      notify_url: input.notifyUrl,
      amount: { total: input.totalFen, currency: 'CNY' },
    };
  }

  function requireString(value: unknown, field: string, what: string): string {
    if (isRecord(value) && typeof value[field] === 'string' && value[field]) return value[field] as string;
    throw new WechatPayError(200, 'INVALID_RESPONSE', `${what}: the answer has no ${field}`);
  }

  function asTransaction(value: unknown): PayTransaction {
    requireString(value, 'out_trade_no', 'query order');
    requireString(value, 'trade_state', 'query order');
    return value as PayTransaction;
  }

  function asRefund(value: unknown): PayRefund {
    requireString(value, 'out_refund_no', 'refund');
    requireString(value, 'status', 'refund');
    return value as PayRefund;
  }

  const orderPath = (outTradeNo: string) => {
    assertOutNo(outTradeNo, 'outTradeNo', OUT_NO);
    return `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;
  };

  return {
    async jsapiOrder(input) {
      assertText(input.openId, 'openId', 128);
      const body = { ...orderBody(input), payer: { openid: input.openId } };
      const answer = await request('POST', '/v3/pay/transactions/jsapi', body);
      return { prepayId: requireString(answer, 'prepay_id', 'JSAPI order') };
    },

    async nativeOrder(input) {
      const answer = await request('POST', '/v3/pay/transactions/native', orderBody(input));
      return { codeUrl: requireString(answer, 'code_url', 'Native order') };
    },

    async queryOrder(outTradeNo) {
      const path = `${orderPath(outTradeNo)}?mchid=${encodeURIComponent(options.mchId)}`;
      return asTransaction(await request('GET', path));
    },

    async closeOrder(outTradeNo) {
      await request('POST', `${orderPath(outTradeNo)}/close`, { mchid: options.mchId });
    },

    async refund(input) {
      assertOutNo(input.outTradeNo, 'outTradeNo', OUT_NO);
      assertOutNo(input.outRefundNo, 'outRefundNo', OUT_REFUND_NO);
      assertFen(input.refundFen, 'refundFen');
      assertFen(input.totalFen, 'totalFen');
      if (input.refundFen > input.totalFen) throw invalid('refundFen must not exceed totalFen');
      if (input.reason !== undefined) assertText(input.reason, 'reason', 80);
      if (input.notifyUrl !== undefined && !/^https?:\/\/[^?#]+$/.test(input.notifyUrl)) {
        throw invalid('notifyUrl must be an absolute URL without query');
      }
      const body = {
        out_trade_no: input.outTradeNo,
        out_refund_no: input.outRefundNo,
        ...(input.reason !== undefined ? { reason: input.reason } : {}),
        ...(input.notifyUrl !== undefined ? { notify_url: input.notifyUrl } : {}),
        amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
      };
      return asRefund(await request('POST', '/v3/refund/domestic/refunds', body));
    },

    async queryRefund(outRefundNo) {
      assertOutNo(outRefundNo, 'outRefundNo', OUT_REFUND_NO);
      return asRefund(await request('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`));
    },

    jsapiPayParams({ appId, prepayId }) {
      assertText(appId, 'appId', 32);
      assertText(prepayId, 'prepayId', 64);
      const params = {
        appId,
        timeStamp: String(Math.floor(now() / 1000)),
        nonceStr: randomPayNonce(32),
        package: `prepay_id=${prepayId}`,
      };
      return { ...params, signType: 'RSA', paySign: jsapiPaySign({ ...params, privateKey }) };
    },

    parseNotification({ headers, body }) {
      const check = verifyWechatPaySignature({ publicKeys, headers, body, now: now() });
      if (!check.ok) {
        throw new WechatPayError(
          0,
          'SIGNATURE_INVALID',
          `notification failed verification (${check.reason})`,
        );
      }
      let envelope: unknown;
      try {
        envelope = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
      } catch {
        throw new WechatPayError(0, 'INVALID_NOTIFICATION', 'the notification is not JSON');
      }
      if (!isRecord(envelope) || !isRecord(envelope.resource)) {
        throw new WechatPayError(0, 'INVALID_NOTIFICATION', 'the notification has no resource');
      }
      const { resource } = envelope;
      if (resource.algorithm !== 'AEAD_AES_256_GCM') {
        throw new WechatPayError(
          0,
          'INVALID_NOTIFICATION',
          `unsupported algorithm ${String(resource.algorithm)}`,
        );
      }
      if (typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') {
        throw new WechatPayError(0, 'INVALID_NOTIFICATION', 'the resource has no ciphertext or nonce');
      }
      let plaintext: string;
      try {
        plaintext = decryptResource({
          apiV3Key: options.apiV3Key,
          ciphertext: resource.ciphertext,
          nonce: resource.nonce,
          associatedData: typeof resource.associated_data === 'string' ? resource.associated_data : '',
        });
      } catch (error) {
        throw new WechatPayError(0, 'DECRYPT_FAILED', `the resource cannot be decrypted: ${String(error)}`);
      }
      let decrypted: unknown;
      try {
        decrypted = JSON.parse(plaintext);
      } catch {
        throw new WechatPayError(0, 'INVALID_NOTIFICATION', 'the decrypted resource is not JSON');
      }
      if (!isRecord(decrypted) || decrypted.mchid !== options.mchId) {
        throw new WechatPayError(0, 'INVALID_NOTIFICATION', 'the resource belongs to another merchant');
      }
      const base = {
        id: String(envelope.id ?? ''),
        createTime: String(envelope.create_time ?? ''),
        summary: String(envelope.summary ?? ''),
      };
      const eventType = envelope.event_type;
      if (eventType === 'TRANSACTION.SUCCESS') {
        return { ...base, eventType, resource: asTransactionNotice(decrypted) };
      }
      if (
        eventType === 'REFUND.SUCCESS' ||
        eventType === 'REFUND.ABNORMAL' ||
        eventType === 'REFUND.CLOSED'
      ) {
        return { ...base, eventType, resource: asRefundNotice(decrypted) };
      }
      throw new WechatPayError(0, 'INVALID_NOTIFICATION', `unsupported event_type ${String(eventType)}`);
    },
  };
}

function asTransactionNotice(value: Record<string, unknown>): PayTransaction {
  if (typeof value.out_trade_no !== 'string' || typeof value.trade_state !== 'string') {
    throw new WechatPayError(0, 'INVALID_NOTIFICATION', 'the transaction has no out_trade_no or trade_state');
  }
  return value as unknown as PayTransaction;
}

function asRefundNotice(value: Record<string, unknown>): PayRefundNotice {
  if (typeof value.out_refund_no !== 'string' || typeof value.refund_status !== 'string') {
    throw new WechatPayError(0, 'INVALID_NOTIFICATION', 'the refund has no out_refund_no or refund_status');
  }
  return value as unknown as PayRefundNotice;
}

import { randomBytes, randomInt } from 'node:crypto';
import {
  formatWechatPayTime,
  type PayRefund,
  type PayRefundNotice,
  type PayTransaction,
  parseWechatPayTime,
  type RefundStatus,
  type TradeState,
} from '../../client/pay';
import type { SimClock } from '../clock';
import { openIdOf, type SimMerchant, type SimRegistry, type SimUser } from '../registry';

/** A refusal of the simulated WeChat Pay: HTTP status plus v3 `{code, message}`. */
export class PaySimError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type SimTradeType = 'JSAPI' | 'NATIVE';

export interface SimPayOrder {
  mchId: string;
  appId: string;
  outTradeNo: string;
  tradeType: SimTradeType;
  description: string;
  notifyUrl: string;
  totalFen: number;
  attach?: string;
  /** JSAPI: the openid given at order time (the only one who may pay). */
  payerOpenId?: string;
  createdAt: number;
  /** time_expire, or 2 hours after creation (prepay_id and code_url validity). */
  expiresAt: number;
  state: TradeState;
  prepayId?: string;
  codeUrl?: string;
  transactionId?: string;
  successAt?: number;
  /** The openid that paid. */
  paidBy?: string;
  /** The request's significant fields, to tell a retry from a conflicting duplicate. */
  fingerprint: string;
}

export interface SimPayRefund {
  mchId: string;
  outRefundNo: string;
  outTradeNo: string;
  transactionId: string;
  refundId: string;
  refundFen: number;
  totalFen: number;
  reason?: string;
  notifyUrl?: string;
  status: RefundStatus;
  createdAt: number;
  successAt?: number;
  fingerprint: string;
}

const TWO_HOURS = 2 * 3600 * 1000;
const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;
const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/;
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const param = (message: string) => new PaySimError(400, 'PARAM_ERROR', message);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(
  body: Record<string, unknown>,
  field: string,
  max: number,
  required = true,
): string | undefined {
  const value = body[field];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.length === 0)
    throw param(`输入源"/body/${field}"映射到字段"${field}"必填性规则校验失败，此字段为必填项`);
  if (value.length > max) throw param(`字段"${field}"长度超过 ${max}`);
  return value;
}

function digits(count: number): string {
  let out = '';
  for (let i = 0; i < count; i += 1) out += String(randomInt(10));
  return out;
}

/** yyyyMMddHHmmss in Beijing time. */
function stamp(ms: number): string {
  return formatWechatPayTime(ms).slice(0, 19).replace(/\D/g, '');
}

const key = (mchId: string, no: string) => `${mchId}\0${no}`;

const TRADE_STATE_DESC: Record<TradeState, string> = {
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  NOTPAY: '未支付',
  CLOSED: '已关闭',
  REVOKED: '已撤销',
  USERPAYING: '用户支付中',
  PAYERROR: '支付失败',
};

/** The orders and refunds of the simulated WeChat Pay, with the rules of its state machine. */
export interface PayStore {
  placeOrder(merchant: SimMerchant, tradeType: SimTradeType, body: unknown): SimPayOrder;
  /** The order, moved to CLOSED first when it has expired (sim clock). */
  order(mchId: string, outTradeNo: string): SimPayOrder | undefined;
  orderByTransactionId(mchId: string, transactionId: string): SimPayOrder | undefined;
  orderByPrepayId(prepayId: string): SimPayOrder | undefined;
  orderByCodeUrl(codeUrl: string): SimPayOrder | undefined;
  /** Finds an order by number, across merchants when mchId is not given; throws when ambiguous. */
  findOrder(outTradeNo: string, mchId?: string): SimPayOrder;
  orders(): SimPayOrder[];
  close(mchId: string, outTradeNo: string): SimPayOrder;
  /** The user pays: NOTPAY -> SUCCESS. Throws when closed, expired, paid or the wrong payer. */
  pay(order: SimPayOrder, user?: SimUser): SimPayOrder;
  requestRefund(merchant: SimMerchant, body: unknown): { refund: SimPayRefund; created: boolean };
  refund(mchId: string, outRefundNo: string): SimPayRefund | undefined;
  refunds(): SimPayRefund[];
  /** PROCESSING -> SUCCESS (order -> REFUND), or ABNORMAL when a failure was armed. */
  settleRefund(refund: SimPayRefund): SimPayRefund;
  /** The refund `outRefundNo` ends ABNORMAL: now when PROCESSING, or when it gets created. */
  failRefund(outRefundNo: string, mchId?: string): void;
  transactionView(order: SimPayOrder): PayTransaction;
  refundView(refund: SimPayRefund): PayRefund;
  refundNotice(refund: SimPayRefund): PayRefundNotice;
}

export function createPayStore(clock: SimClock, registry: SimRegistry): PayStore {
  const orders = new Map<string, SimPayOrder>();
  const refunds = new Map<string, SimPayRefund>();
  const byPrepay = new Map<string, string>();
  const byCode = new Map<string, string>();
  const armedFailures = new Set<string>();

  function refresh(order: SimPayOrder): SimPayOrder {
    if (order.state === 'NOTPAY' && clock.now() >= order.expiresAt) order.state = 'CLOSED';
    return order;
  }

  function newCodeUrl(): string {
    for (;;) {
      let token = '';
      for (const byte of randomBytes(7)) token += CODE_ALPHABET[byte % CODE_ALPHABET.length];
      const url = `weixin://wxpay/bizpayurl?pr=${token}`;
      if (!byCode.has(url)) return url;
    }
  }

  function refundable(order: SimPayOrder): number {
    let refunded = 0;
    for (const refund of refunds.values()) {
      if (
        refund.mchId === order.mchId &&
        refund.outTradeNo === order.outTradeNo &&
        refund.status !== 'CLOSED'
      ) {
        refunded += refund.refundFen;
      }
    }
    return order.totalFen - refunded;
  }

  const store: PayStore = {
    placeOrder(merchant, tradeType, body) {
      if (!isRecord(body)) throw param('请求体不是合法的 JSON 对象');
      const appid = text(body, 'appid', 32) as string;
      const mchid = text(body, 'mchid', 32) as string;
      if (mchid !== merchant.mchId) throw param('mchid 与请求方商户号不一致');
      const description = text(body, 'description', 127) as string;
      const outTradeNo = text(body, 'out_trade_no', 32) as string;
      if (!OUT_TRADE_NO.test(outTradeNo))
        throw param('out_trade_no 只能是 6 到 32 位数字、大小写字母或 _-|*');
      const notifyUrl = text(body, 'notify_url', 255) as string;
      if (!/^https?:\/\/[^?#\s]+$/.test(notifyUrl)) throw param('notify_url 必须是不带参数的绝对 URL');
      const attach = text(body, 'attach', 128, false);
      const amount = body.amount;
      if (!isRecord(amount) || !Number.isSafeInteger(amount.total) || (amount.total as number) < 1) {
        throw param('amount.total 必须是大于 0 的整数（单位：分）');
      }
      if (amount.currency !== undefined && amount.currency !== 'CNY')
        throw param('amount.currency 只支持 CNY');
      const totalFen = amount.total as number;
      let timeExpire: number | undefined;
      if (body.time_expire !== undefined) {
        timeExpire = typeof body.time_expire === 'string' ? parseWechatPayTime(body.time_expire) : Number.NaN;
        if (Number.isNaN(timeExpire)) throw param('time_expire 格式错误，应为 RFC 3339');
        if (timeExpire <= clock.now()) throw param('time_expire 已过期');
      }
      let payerOpenId: string | undefined;
      if (tradeType === 'JSAPI') {
        const payer = body.payer;
        if (!isRecord(payer) || typeof payer.openid !== 'string' || !payer.openid) {
          throw param('JSAPI 下单 payer.openid 必填');
        }
        payerOpenId = payer.openid;
      }
      if (!registry.app(appid) || !merchant.appIds.includes(appid)) {
        throw new PaySimError(400, 'APPID_MCHID_NOT_MATCH', 'appid 和 mch_id 不匹配');
      }
      if (payerOpenId && !registry.userByOpenId(appid, payerOpenId)) {
        throw param('openid 与 appid 不匹配');
      }
      const fingerprint = JSON.stringify([
        tradeType,
        appid,
        description,
        notifyUrl,
        totalFen,
        payerOpenId ?? '',
        attach ?? '',
        body.time_expire ?? '',
      ]);
      const existing = orders.get(key(merchant.mchId, outTradeNo));
      if (existing) {
        refresh(existing);
        if (existing.fingerprint !== fingerprint) {
          throw new PaySimError(400, 'INVALID_REQUEST', '商户订单号重复，且与首次下单的参数不一致');
        }
        if (existing.state === 'SUCCESS' || existing.state === 'REFUND') {
          throw new PaySimError(400, 'ORDERPAID', '该订单已支付');
        }
        if (existing.state === 'CLOSED') throw new PaySimError(400, 'ORDER_CLOSED', '该订单已关闭');
        return existing;
      }
      const now = clock.now();
      const order: SimPayOrder = {
        mchId: merchant.mchId,
        appId: appid,
        outTradeNo,
        tradeType,
        description,
        notifyUrl,
        totalFen,
        ...(attach !== undefined ? { attach } : {}),
        ...(payerOpenId ? { payerOpenId } : {}),
        createdAt: now,
        expiresAt: timeExpire ?? now + TWO_HOURS,
        state: 'NOTPAY',
        fingerprint,
      };
      const orderKey = key(merchant.mchId, outTradeNo);
      if (tradeType === 'JSAPI') {
        order.prepayId = `wx${stamp(now)}${randomBytes(10).toString('hex')}`;
        byPrepay.set(order.prepayId, orderKey);
      } else {
        order.codeUrl = newCodeUrl();
        byCode.set(order.codeUrl, orderKey);
      }
      orders.set(orderKey, order);
      return order;
    },

    order(mchId, outTradeNo) {
      const order = orders.get(key(mchId, outTradeNo));
      return order && refresh(order);
    },

    orderByTransactionId(mchId, transactionId) {
      for (const order of orders.values()) {
        if (order.mchId === mchId && order.transactionId === transactionId) return refresh(order);
      }
      return undefined;
    },

    orderByPrepayId(prepayId) {
      const orderKey = byPrepay.get(prepayId);
      const order = orderKey ? orders.get(orderKey) : undefined;
      return order && refresh(order);
    },

    orderByCodeUrl(codeUrl) {
      const orderKey = byCode.get(codeUrl);
      const order = orderKey ? orders.get(orderKey) : undefined;
      return order && refresh(order);
    },

    findOrder(outTradeNo, mchId) {
      const found = [...orders.values()].filter(
        (o) => o.outTradeNo === outTradeNo && (!mchId || o.mchId === mchId),
      );
      const [first] = found;
      if (!first) throw new PaySimError(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (found.length > 1) throw new PaySimError(400, 'PARAM_ERROR', '多个商户有同号订单，请指定 mchId');
      return refresh(first);
    },

    orders: () => [...orders.values()].map(refresh),

    close(mchId, outTradeNo) {
      const order = store.order(mchId, outTradeNo);
      if (!order) throw new PaySimError(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (order.state === 'SUCCESS' || order.state === 'REFUND') {
        throw new PaySimError(400, 'ORDERPAID', '订单已支付，不能关闭');
      }
      order.state = 'CLOSED';
      return order;
    },

    pay(order, user) {
      refresh(order);
      if (order.state === 'SUCCESS' || order.state === 'REFUND') {
        throw new PaySimError(400, 'ORDERPAID', '该订单已支付');
      }
      if (order.state === 'CLOSED') throw new PaySimError(400, 'ORDER_CLOSED', '订单已关闭或已过期');
      let openId: string;
      if (order.tradeType === 'JSAPI') {
        openId = order.payerOpenId as string;
        if (user && openIdOf(order.appId, user.key) !== openId) {
          throw new PaySimError(403, 'PAYER_MISMATCH', 'JSAPI 订单只能由下单时的付款人支付');
        }
      } else {
        const payer = user ?? registry.users[0];
        if (!payer) throw new PaySimError(400, 'PARAM_ERROR', '没有可以付款的微信用户');
        openId = openIdOf(order.appId, payer.key);
      }
      const now = clock.now();
      order.state = 'SUCCESS';
      order.successAt = now;
      order.paidBy = openId;
      order.transactionId = `42000${digits(5)}${stamp(now).slice(0, 8)}${digits(10)}`;
      return order;
    },

    requestRefund(merchant, body) {
      if (!isRecord(body)) throw param('请求体不是合法的 JSON 对象');
      const outRefundNo = text(body, 'out_refund_no', 64) as string;
      if (!OUT_REFUND_NO.test(outRefundNo)) throw param('out_refund_no 格式错误');
      const reason = text(body, 'reason', 80, false);
      const notifyUrl = text(body, 'notify_url', 255, false);
      if (notifyUrl !== undefined && !/^https?:\/\/[^?#\s]+$/.test(notifyUrl)) {
        throw param('notify_url 必须是不带参数的绝对 URL');
      }
      const amount = body.amount;
      if (
        !isRecord(amount) ||
        !Number.isSafeInteger(amount.refund) ||
        !Number.isSafeInteger(amount.total) ||
        (amount.refund as number) < 1 ||
        (amount.total as number) < 1
      ) {
        throw param('amount.refund 与 amount.total 必须是大于 0 的整数（单位：分）');
      }
      if (amount.currency !== 'CNY') throw param('amount.currency 必填，且只支持 CNY');
      let order: SimPayOrder | undefined;
      if (typeof body.transaction_id === 'string' && body.transaction_id) {
        order = store.orderByTransactionId(merchant.mchId, body.transaction_id);
      } else if (typeof body.out_trade_no === 'string' && body.out_trade_no) {
        order = store.order(merchant.mchId, body.out_trade_no);
      } else throw param('out_trade_no 与 transaction_id 必填其一');
      if (!order) throw new PaySimError(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      const refundFen = amount.refund as number;
      const fingerprint = JSON.stringify([order.outTradeNo, refundFen, amount.total]);
      const existing = refunds.get(key(merchant.mchId, outRefundNo));
      if (existing) {
        if (existing.fingerprint !== fingerprint) {
          throw new PaySimError(400, 'INVALID_REQUEST', '退款单号重复，且与首次请求的参数不一致');
        }
        return { refund: existing, created: false };
      }
      if (order.state !== 'SUCCESS' && order.state !== 'REFUND') {
        throw new PaySimError(400, 'INVALID_REQUEST', '订单未支付，不能退款');
      }
      if (amount.total !== order.totalFen)
        throw new PaySimError(400, 'INVALID_REQUEST', '订单金额与原订单不一致');
      if (refundFen > refundable(order)) {
        throw new PaySimError(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
      }
      const refund: SimPayRefund = {
        mchId: merchant.mchId,
        outRefundNo,
        outTradeNo: order.outTradeNo,
        transactionId: order.transactionId as string,
        refundId: `50${digits(27)}`,
        refundFen,
        totalFen: order.totalFen,
        ...(reason !== undefined ? { reason } : {}),
        ...(notifyUrl !== undefined ? { notifyUrl } : {}),
        status: 'PROCESSING',
        createdAt: clock.now(),
        fingerprint,
      };
      refunds.set(key(merchant.mchId, outRefundNo), refund);
      return { refund, created: true };
    },

    refund: (mchId, outRefundNo) => refunds.get(key(mchId, outRefundNo)),

    refunds: () => [...refunds.values()],

    settleRefund(refund) {
      if (refund.status !== 'PROCESSING') return refund;
      const armed = [key(refund.mchId, refund.outRefundNo), key('', refund.outRefundNo)].find((k) =>
        armedFailures.has(k),
      );
      if (armed) {
        armedFailures.delete(armed);
        refund.status = 'ABNORMAL';
        return refund;
      }
      refund.status = 'SUCCESS';
      refund.successAt = clock.now();
      const order = store.order(refund.mchId, refund.outTradeNo);
      if (order) order.state = 'REFUND';
      return refund;
    },

    failRefund(outRefundNo, mchId) {
      const existing = [...refunds.values()].filter(
        (r) => r.outRefundNo === outRefundNo && (!mchId || r.mchId === mchId),
      );
      if (existing.length > 1) throw new PaySimError(400, 'PARAM_ERROR', '多个商户有同号退款，请指定 mchId');
      const [refund] = existing;
      if (!refund) {
        armedFailures.add(key(mchId ?? '', outRefundNo));
        return;
      }
      if (refund.status !== 'PROCESSING') {
        throw new PaySimError(409, 'INVALID_REQUEST', `退款已是 ${refund.status}，不能再置为异常`);
      }
      armedFailures.add(key(refund.mchId, outRefundNo));
    },

    transactionView(order) {
      refresh(order);
      const paid = order.state === 'SUCCESS' || order.state === 'REFUND';
      return {
        appid: order.appId,
        mchid: order.mchId,
        out_trade_no: order.outTradeNo,
        ...(order.transactionId ? { transaction_id: order.transactionId } : {}),
        trade_type: order.tradeType,
        trade_state: order.state,
        trade_state_desc: TRADE_STATE_DESC[order.state],
        ...(paid ? { bank_type: 'OTHERS' } : {}),
        attach: order.attach ?? '',
        ...(order.successAt ? { success_time: formatWechatPayTime(order.successAt) } : {}),
        ...(order.paidBy || order.payerOpenId
          ? { payer: { openid: order.paidBy ?? order.payerOpenId ?? '' } }
          : {}),
        amount: {
          total: order.totalFen,
          ...(paid ? { payer_total: order.totalFen } : {}),
          currency: 'CNY',
          payer_currency: 'CNY',
        },
      };
    },

    refundView(refund) {
      return {
        refund_id: refund.refundId,
        out_refund_no: refund.outRefundNo,
        transaction_id: refund.transactionId,
        out_trade_no: refund.outTradeNo,
        channel: 'ORIGINAL',
        user_received_account: '支付用户零钱',
        ...(refund.successAt ? { success_time: formatWechatPayTime(refund.successAt) } : {}),
        create_time: formatWechatPayTime(refund.createdAt),
        status: refund.status,
        funds_account: 'AVAILABLE',
        amount: {
          total: refund.totalFen,
          refund: refund.refundFen,
          payer_total: refund.totalFen,
          payer_refund: refund.refundFen,
          settlement_refund: refund.refundFen,
          settlement_total: refund.totalFen,
          discount_refund: 0,
          currency: 'CNY',
        },
      };
    },

    refundNotice(refund) {
      return {
        mchid: refund.mchId,
        out_trade_no: refund.outTradeNo,
        transaction_id: refund.transactionId,
        out_refund_no: refund.outRefundNo,
        refund_id: refund.refundId,
        refund_status: refund.status,
        ...(refund.successAt ? { success_time: formatWechatPayTime(refund.successAt) } : {}),
        user_received_account: '支付用户零钱',
        amount: {
          total: refund.totalFen,
          refund: refund.refundFen,
          payer_total: refund.totalFen,
          payer_refund: refund.refundFen,
        },
      };
    },
  };
  return store;
}

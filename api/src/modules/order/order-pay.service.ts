import { type PayClient, type PayTransaction, WechatPayError } from '@px/wechat';
import QRCode from 'qrcode';
import type { Transaction } from 'sequelize';
import type {
  OrderCloseReason,
  OrderPayAnswer,
  OrderStatus,
  OrderStatusAnswer,
  PayMethod,
  ReconcileAnswer,
} from '../../contract/order';
import { type ActorScope, FileResult, type Scope, type TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { authorize } from '../../core/policy';
import { WechatBinding } from '../wechat/wxapp.model';
import { applyPaidBatchTrade } from './batch-order-state';
import './order.policy';
import { PayAttempt, type PayAttemptChannel, PayOrder, PayOrderItem } from './order.model';
import { lockOrder, logOrder, markOrderClosed, markOrderPaid, type OrderActor } from './order-state';
import { type MerchantPay, merchantById, projectMerchant, simulatorScanUrl } from './wechat-pay';

/**
 * Paying orders through WeChat Pay v3 (wechat.md "WeChat Pay API v3"): each prepay is an attempt
 * with its own `out_trade_no`; the server settles an order only on WeChat's word (a verified
 * notification or its answer to a query), checking merchant, app, number and amount against the
 * order, and changes its state exactly once under the order's row lock. Calls to WeChat never run
 * while the order row is locked.
 */

const ORDER_NOT_FOUND = '订单不存在';
const ORDER_EXPIRED = '订单已超时关闭，请重新下单';
const NO_OPENID = '当前微信未绑定本平台账号，请使用扫码支付';
/** How long the answer of a status poll may lean on the last WeChat query. */
const CHECK_INTERVAL_MS = 5_000;
/** Advisory-lock namespace serialising prepays of one order. */
const PAY_LOCK_NAMESPACE = 4_711_021;

/** An order of the signed-in student (another's answers as missing). */
export async function studentOrder(scope: ActorScope, id: number): Promise<PayOrder> {
  const order = await PayOrder.findOne({
    where: { id, projectId: scope.project.id, accountId: scope.principal.accountId },
  });
  if (!order) throw new BusinessError(ORDER_NOT_FOUND);
  return order;
}

const CHANNEL_OF: Record<PayMethod, PayAttemptChannel> = { JSAPI: 'WX_JSAPI', NATIVE: 'WX_NATIVE' };

/** What the payer sees at WeChat: the first class's name, and how many more (at most 127 characters). */
async function descriptionOf(order: PayOrder): Promise<string> {
  if (order.title) return order.title.slice(0, 127);
  const items = await PayOrderItem.findAll({
    where: { orderId: order.id, projectId: order.projectId },
    order: [['id', 'ASC']],
  });
  const first = items[0]?.className ?? '培训课程';
  const more = items.length > 1 ? `等${items.length}个班级` : '';
  return `${first.slice(0, 120 - more.length)}${more}`;
}

/** The student's openid at the official account of the merchant, or null when not bound. */
async function openIdOf(scope: ActorScope, wxappId: number): Promise<string | null> {
  const binding = await WechatBinding.findOne({
    where: { wxappId, accountId: scope.principal.accountId, projectId: scope.project.id },
  });
  return binding?.openId ?? null;
}

/** Whether WeChat answered that the order it was asked about does not exist or is closed already. */
export function isGoneAtWechat(error: unknown): boolean {
  return (
    error instanceof WechatPayError &&
    ['ORDER_NOT_EXIST', 'ORDERNOTEXIST', 'ORDER_CLOSED'].includes(error.code)
  );
}

/**
 * `order/pay`: starts or resumes paying an UNPAID order of the student. An open attempt of the same
 * way (and payer) is reused; other open attempts are checked (a paid one settles the order) and
 * closed at WeChat first, so one order is never payable twice at once. Throws BusinessError when the
 * order is closed or expired, when the project takes no payments, or for JSAPI without a bound openid.
 */
export async function payOrder(
  scope: ActorScope,
  id: number,
  method: PayMethod,
  now = new Date(),
): Promise<OrderPayAnswer> {
  const order = await studentOrder(scope, id);
  if (order.status === 'PAID') return { kind: 'PAID' };
  authorize(scope, 'order.pay', order);
  if (order.expiresAt && order.expiresAt <= now) {
    if ((await expireOrder(scope, order, now, 'TIMEOUT')) === 'PAID') return { kind: 'PAID' };
    throw new BusinessError(ORDER_EXPIRED);
  }
  const merchant = await projectMerchant(scope, scope.project.id);
  const channel = CHANNEL_OF[method];
  const openId = method === 'JSAPI' ? await openIdOf(scope, merchant.wxappId) : null;
  if (method === 'JSAPI' && !openId) throw new BusinessError(NO_OPENID);

  return scope.sequelize.transaction(async (transaction) => {
    await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, :id)', {
      replacements: { namespace: PAY_LOCK_NAMESPACE, id: order.id },
      transaction,
    });
    const attempts = await PayAttempt.findAll({
      where: { orderId: order.id, projectId: order.projectId },
      order: [['id', 'ASC']],
      transaction,
    });
    const reusable = attempts.find(
      (attempt) =>
        attempt.status === 'OPEN' &&
        attempt.channel === channel &&
        attempt.wxappId === merchant.wxappId &&
        attempt.payerOpenid === openId,
    );
    if (reusable) return payParameters(scope, merchant, reusable);
    for (const attempt of attempts.filter((row) => row.status === 'OPEN')) {
      const settled = await settleOrRetire(scope, attempt, transaction);
      if (settled) return { kind: 'PAID' } as const;
    }
    const outTradeNo = `${order.orderNo}P${String(attempts.length + 1).padStart(2, '0')}`;
    const common = {
      appId: merchant.appId,
      description: await descriptionOf(order),
      outTradeNo,
      notifyUrl: merchant.notifyUrl,
      totalFen: order.totalFen,
      ...(order.expiresAt ? { timeExpire: order.expiresAt } : {}),
    };
    const prepay =
      method === 'JSAPI'
        ? {
            prepayId: (await merchant.client.jsapiOrder({ ...common, openId: openId ?? '' })).prepayId,
            codeUrl: null,
          }
        : { prepayId: null, codeUrl: (await merchant.client.nativeOrder(common)).codeUrl };
    const attempt = await PayAttempt.create(
      {
        orderId: order.id,
        projectId: order.projectId,
        outTradeNo,
        channel,
        appId: merchant.appId,
        mchId: merchant.mchId,
        wxappId: merchant.wxappId,
        payerOpenid: openId,
        prepayId: prepay.prepayId,
        codeUrl: prepay.codeUrl,
        totalFen: order.totalFen,
      },
      { transaction },
    );
    return payParameters(scope, merchant, attempt);
  });
}

export function payParameters(scope: Scope, merchant: MerchantPay, attempt: PayAttempt): OrderPayAnswer {
  if (attempt.channel === 'WX_NATIVE') {
    const codeUrl = attempt.codeUrl ?? '';
    return { kind: 'NATIVE', codeUrl, simulatorScanUrl: simulatorScanUrl(scope.providers.wechat, codeUrl) };
  }
  const params = merchant.client.jsapiPayParams({ appId: merchant.appId, prepayId: attempt.prepayId ?? '' });
  return { kind: 'JSAPI', params };
}

/**
 * Before a new attempt: asks WeChat about an open one; settles the order when it was paid, else
 * closes it at WeChat and marks it CLOSED. Answers whether the order got paid.
 */
async function settleOrRetire(scope: Scope, attempt: PayAttempt, transaction: Transaction): Promise<boolean> {
  const merchant = await merchantById(scope, attempt.wxappId);
  if (!merchant) throw new BusinessError('支付商户配置已变更，请联系客服');
  const trade = await queryTrade(merchant.client, attempt.outTradeNo);
  if (trade?.trade_state === 'SUCCESS') {
    const result = await applyPaidTrade(scope, attempt, trade, { source: 'RECONCILE', actorId: null });
    return result !== 'REFUSED';
  }
  await closeAtWechat(merchant.client, attempt.outTradeNo);
  await attempt.update({ status: 'CLOSED' }, { transaction });
  return false;
}

/** The transaction of an `out_trade_no` at WeChat, or null when WeChat does not know it. */
export async function queryTrade(client: PayClient, outTradeNo: string): Promise<PayTransaction | null> {
  try {
    return await client.queryOrder(outTradeNo);
  } catch (error) {
    if (isGoneAtWechat(error)) return null;
    throw error;
  }
}

/** Closes an `out_trade_no` at WeChat; one WeChat does not know or closed already is fine. */
export async function closeAtWechat(client: PayClient, outTradeNo: string): Promise<void> {
  try {
    await client.closeOrder(outTradeNo);
  } catch (error) {
    if (!isGoneAtWechat(error)) throw error;
  }
}

/** How a paid trade was taken: applied, already applied, or refused as not matching the order. */
export type TradeOutcome = 'APPLIED' | 'DUPLICATE' | 'REFUSED';

/**
 * Applies a SUCCESS trade (from a verified notification or a query) to its attempt's order, exactly
 * once: app, merchant, number and amount must match the attempt and the order, else it is refused
 * and nothing is written. A second delivery, or a trade of an order paid already, changes nothing
 * (a second payment of one order is logged for a refund by staff).
 */
export async function applyPaidTrade(
  scope: Scope,
  attempt: PayAttempt,
  trade: PayTransaction,
  actor: OrderActor,
): Promise<TradeOutcome> {
  if (
    trade.trade_state !== 'SUCCESS' ||
    trade.appid !== attempt.appId ||
    trade.mchid !== attempt.mchId ||
    trade.out_trade_no !== attempt.outTradeNo ||
    trade.amount?.total !== attempt.totalFen
  )
    return 'REFUSED';
  if (attempt.orderId === null) return applyPaidBatchTrade(scope, attempt, trade, actor);
  const orderId = attempt.orderId;
  const paidAt = trade.success_time ? new Date(trade.success_time) : new Date();
  return scope.sequelize.transaction(async (transaction) => {
    const order = await lockOrder(attempt.projectId, orderId, transaction);
    if (!order || order.totalFen !== trade.amount?.total) return 'REFUSED';
    const current = await PayAttempt.findOne({
      where: { id: attempt.id, projectId: attempt.projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!current || current.status === 'PAID') return 'DUPLICATE';
    await current.update(
      { status: 'PAID', transactionId: trade.transaction_id ?? null, paidAt },
      { transaction },
    );
    if (order.status !== 'UNPAID' && order.status !== 'CLOSED') {
      // Paid twice (two attempts both paid): the order keeps its first payment; staff refund this one.
      const detail = { outTradeNo: trade.out_trade_no, transactionId: trade.transaction_id };
      await logOrder(order, order.status, { ...actor, reason: '重复支付，需退款', detail }, transaction);
      return 'APPLIED';
    }
    await markOrderPaid(
      scope,
      order,
      {
        channel: current.channel,
        paidFen: trade.amount?.payer_total ?? trade.amount?.total ?? order.totalFen,
        transactionId: trade.transaction_id ?? null,
        paidAt,
      },
      {
        ...actor,
        reason: order.status === 'CLOSED' ? '订单关闭后到账' : null,
        detail: { outTradeNo: trade.out_trade_no, transactionId: trade.transaction_id },
      },
      transaction,
    );
    return 'APPLIED';
  });
}

/**
 * Asks WeChat about every open attempt of an UNPAID order and applies what it says: a paid one
 * settles the order; one closed or failed at WeChat is marked CLOSED. Answers each attempt's trade
 * state (NOT_FOUND when WeChat does not know it).
 */
export async function reconcileOrder(
  scope: Scope,
  order: PayOrder,
  source: 'RECONCILE' | 'STAFF',
  actorId: number | null = null,
  now = new Date(),
): Promise<Record<string, string>> {
  const states: Record<string, string> = {};
  const attempts = await PayAttempt.findAll({
    where: { orderId: order.id, projectId: order.projectId, status: 'OPEN' },
  });
  for (const attempt of attempts) {
    const merchant = await merchantById(scope, attempt.wxappId);
    if (!merchant) continue;
    const trade = await queryTrade(merchant.client, attempt.outTradeNo);
    states[attempt.outTradeNo] = trade?.trade_state ?? 'NOT_FOUND';
    if (trade?.trade_state === 'SUCCESS') {
      await applyPaidTrade(scope, attempt, trade, {
        source: source === 'STAFF' ? 'STAFF' : 'RECONCILE',
        actorId,
      });
    } else if (trade && ['CLOSED', 'REVOKED', 'PAYERROR'].includes(trade.trade_state)) {
      await attempt.update({ status: 'CLOSED' });
    }
  }
  await PayOrder.update({ checkedAt: now }, { where: { id: order.id, projectId: order.projectId } });
  return states;
}

/**
 * Closes an UNPAID order (timeout or the student's cancel): WeChat is asked first (a payment that
 * did go through settles the order instead), its open attempts are closed at WeChat, then the order
 * is closed under its lock (unless a notification paid it meanwhile).
 */
export async function expireOrder(
  scope: Scope,
  order: PayOrder,
  now: Date,
  reason: OrderCloseReason,
  actor: OrderActor = { source: reason === 'TIMEOUT' ? 'TIMEOUT' : 'STUDENT', actorId: null },
): Promise<OrderStatus> {
  await reconcileOrder(scope, order, 'RECONCILE', null, now);
  const open = await PayAttempt.findAll({
    where: { orderId: order.id, projectId: order.projectId, status: 'OPEN' },
  });
  for (const attempt of open) {
    const merchant = await merchantById(scope, attempt.wxappId);
    if (merchant) await closeAtWechat(merchant.client, attempt.outTradeNo);
  }
  return scope.sequelize.transaction(async (transaction) => {
    const locked = await lockOrder(order.projectId, order.id, transaction);
    if (!locked) throw new BusinessError(ORDER_NOT_FOUND);
    if (locked.status !== 'UNPAID') return locked.status;
    await PayAttempt.update(
      { status: 'CLOSED' },
      { where: { orderId: order.id, projectId: order.projectId, status: 'OPEN' }, transaction },
    );
    await markOrderClosed(locked, reason, actor, now, transaction);
    return locked.status;
  });
}

/**
 * `order/is-paid` and `order/check-status`: the order's state; an UNPAID order with an open attempt
 * is checked with WeChat at most every few seconds, and one past its time is closed.
 */
export async function checkOrder(
  scope: ActorScope,
  id: number,
  now = new Date(),
): Promise<OrderStatusAnswer> {
  let order = await studentOrder(scope, id);
  if (order.status === 'UNPAID') {
    if (order.expiresAt && order.expiresAt <= now) {
      await expireOrder(scope, order, now, 'TIMEOUT');
    } else if (!order.checkedAt || now.getTime() - order.checkedAt.getTime() >= CHECK_INTERVAL_MS) {
      const open = await PayAttempt.count({
        where: { orderId: order.id, projectId: order.projectId, status: 'OPEN' },
      });
      if (open) await reconcileOrder(scope, order, 'RECONCILE', null, now);
    }
    order = await studentOrder(scope, id);
  }
  return {
    id: order.id,
    status: order.status,
    paid: order.status === 'PAID',
    expiresAt: order.status === 'UNPAID' ? (order.expiresAt?.toISOString() ?? null) : null,
  };
}

/** `order/cancel`: the student closes an UNPAID order of theirs. Throws BusinessError when it is not unpaid. */
export async function cancelOrder(scope: ActorScope, id: number, now = new Date()): Promise<PayOrder> {
  const order = await studentOrder(scope, id);
  authorize(scope, 'order.cancel', order);
  const status = await expireOrder(scope, order, now, 'CANCELLED', {
    source: 'STUDENT',
    actorId: scope.principal.accountId,
  });
  if (status === 'PAID') throw new BusinessError('订单已支付，不能取消');
  return studentOrder(scope, id);
}

/** `order/pay-qr`: the PNG QR code of the student's open Native payment. Throws BusinessError when there is none. */
export async function payQrImage(scope: ActorScope, id: number): Promise<FileResult> {
  const order = await studentOrder(scope, id);
  const attempt = await PayAttempt.findOne({
    where: { orderId: order.id, projectId: order.projectId, channel: 'WX_NATIVE', status: 'OPEN' },
    order: [['id', 'DESC']],
  });
  if (order.status !== 'UNPAID' || !attempt?.codeUrl) throw new BusinessError('没有待扫码的支付');
  const png = await QRCode.toBuffer(attempt.codeUrl, { type: 'png', width: 280, margin: 2 });
  return new FileResult(png, 'image/png');
}

/**
 * `order/query-wechat`: staff reconcile one order of the project with WeChat Pay (and close it when
 * it is past its time). Throws BusinessError 订单不存在.
 */
export async function reconcileByStaff(
  scope: TenantScope & ActorScope,
  id: number,
  now = new Date(),
): Promise<ReconcileAnswer> {
  const order = await PayOrder.findOne({ where: { id, projectId: scope.project.id } });
  if (!order) throw new BusinessError(ORDER_NOT_FOUND);
  const before = order.status;
  const tradeStates =
    order.status === 'UNPAID'
      ? await reconcileOrder(scope, order, 'STAFF', scope.principal.accountId, now)
      : {};
  let status = (await PayOrder.findOne({ where: { id, projectId: scope.project.id } }))?.status ?? before;
  if (status === 'UNPAID' && order.expiresAt && order.expiresAt <= now)
    status = await expireOrder(scope, order, now, 'TIMEOUT', {
      source: 'STAFF',
      actorId: scope.principal.accountId,
    });
  return { status, tradeStates, changed: status !== before };
}

import { type PayClient, type PayTransaction, WechatPayError } from '@px/wechat';
import QRCode from 'qrcode';
import type { Transaction } from 'sequelize';
import type { OrderPayAnswer } from '../../contract/order';
import { FileResult, type Scope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { applyPaidBatchTrade } from './batch-order-state';
import { PayAttempt, type PayAttemptChannel } from './order.model';
import { applyPaidOrderTrade, type OrderActor, type TradeOutcome } from './order-state';
import { type MerchantPay, merchantById, simulatorScanUrl } from './wechat-pay';

/**
 * WeChat Pay attempts (wechat.md "WeChat Pay API v3"), whatever they pay: a student's order
 * (`order-pay.service.ts`) or a unit's batch order (`batch-order-pay.service.ts`). Each prepay is an
 * attempt with its own `out_trade_no`; what it pays is settled only on WeChat's word (a verified
 * notification or its answer to a query), checked against the attempt, exactly once. Calls to
 * WeChat never run while the order or batch row is locked.
 */

/** What attempts pay: one order, or one batch order (the attempts' columns that say which). */
export type AttemptOwner = { projectId: number } & ({ orderId: number } | { batchOrderId: number });

/** Advisory-lock namespaces serialising the prepays of one order, of one batch order. */
const ORDER_PAY_LOCK_NAMESPACE = 4_711_021;
const BATCH_PAY_LOCK_NAMESPACE = 4_711_022;
/** How long the answer of a status poll may lean on the last WeChat query. */
const CHECK_INTERVAL_MS = 5_000;

/** Whether WeChat answered that the trade it was asked about does not exist or is closed already. */
export function isGoneAtWechat(error: unknown): boolean {
  return (
    error instanceof WechatPayError &&
    ['ORDER_NOT_EXIST', 'ORDERNOTEXIST', 'ORDER_CLOSED'].includes(error.code)
  );
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

/** What the payer's page needs to pay an attempt: the Native code (and the simulator's scan page) or the JSAPI parameters. */
export function payParameters(scope: Scope, merchant: MerchantPay, attempt: PayAttempt): OrderPayAnswer {
  if (attempt.channel === 'WX_NATIVE') {
    const codeUrl = attempt.codeUrl ?? '';
    return { kind: 'NATIVE', codeUrl, simulatorScanUrl: simulatorScanUrl(scope.providers.wechat, codeUrl) };
  }
  const params = merchant.client.jsapiPayParams({ appId: merchant.appId, prepayId: attempt.prepayId ?? '' });
  return { kind: 'JSAPI', params };
}

/**
 * Applies a SUCCESS trade (from a verified notification or a query) to what its attempt pays,
 * exactly once: app, merchant, number and amount must match the attempt, else it is refused and
 * nothing is written; the order (`applyPaidOrderTrade`) or the batch (`applyPaidBatchTrade`) then
 * takes it under its row lock.
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
  return attempt.orderId === null
    ? applyPaidBatchTrade(scope, attempt, trade, actor)
    : applyPaidOrderTrade(scope, attempt, trade, actor);
}

/** Serialises the prepays of one order or batch order until the caller's transaction ends. */
export async function lockPrepays(
  scope: Scope,
  owner: AttemptOwner,
  transaction: Transaction,
): Promise<void> {
  const [namespace, id] =
    'orderId' in owner
      ? [ORDER_PAY_LOCK_NAMESPACE, owner.orderId]
      : [BATCH_PAY_LOCK_NAMESPACE, owner.batchOrderId];
  await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, :id)', {
    replacements: { namespace, id },
    transaction,
  });
}

/**
 * Before a new attempt: asks WeChat about an open one; settles what it pays when it was paid
 * (answers true), else closes it at WeChat and marks it CLOSED.
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

/** What an attempt keeps of its prepay at WeChat. */
export interface Prepay {
  channel: PayAttemptChannel;
  payerOpenid: string | null;
  prepayId: string | null;
  codeUrl: string | null;
}

/** The request of a prepay at WeChat (JSAPI adds the payer's openid). */
export type PrepayRequest = Parameters<PayClient['nativeOrder']>[0];

/** How to pay one order or batch order now. */
export interface AttemptPlan {
  merchant: MerchantPay;
  /** The order or batch number the attempts' `out_trade_no` continue (`<number>P01`, `P02`, ...). */
  number: string;
  totalFen: number;
  /** What the payer sees at WeChat (cut to 127 characters), read only for a new attempt. */
  describe: () => string | Promise<string>;
  /** When it stops being payable, if ever. */
  expiresAt?: Date | null;
  /** Whether an open attempt may be answered again as it is. */
  reusable: (attempt: PayAttempt) => boolean;
  /** Asks WeChat for the prepay of a new attempt. */
  prepay: (request: PrepayRequest) => Promise<Prepay>;
}

/**
 * Starts or resumes paying `owner`, under `lockPrepays` in the caller's transaction: an open
 * attempt the plan may reuse is answered; the other open ones are checked at WeChat first (null
 * when one turned out paid: what it pays is settled) and closed, so nothing is payable twice at
 * once; else a new attempt with the plan's prepay.
 */
export async function currentAttempt(
  scope: Scope,
  owner: AttemptOwner,
  plan: AttemptPlan,
  transaction: Transaction,
): Promise<PayAttempt | null> {
  const attempts = await PayAttempt.findAll({ where: owner, order: [['id', 'ASC']], transaction });
  const open = attempts.filter((attempt) => attempt.status === 'OPEN');
  const reusable = open.find(plan.reusable);
  if (reusable) return reusable;
  for (const attempt of open) if (await settleOrRetire(scope, attempt, transaction)) return null;
  const { merchant } = plan;
  const outTradeNo = `${plan.number}P${String(attempts.length + 1).padStart(2, '0')}`;
  const prepay = await plan.prepay({
    appId: merchant.appId,
    description: (await plan.describe()).slice(0, 127),
    outTradeNo,
    notifyUrl: merchant.notifyUrl,
    totalFen: plan.totalFen,
    ...(plan.expiresAt ? { timeExpire: plan.expiresAt } : {}),
  });
  return PayAttempt.create(
    {
      ...('orderId' in owner
        ? { orderId: owner.orderId }
        : { orderId: null, batchOrderId: owner.batchOrderId }),
      projectId: owner.projectId,
      outTradeNo,
      appId: merchant.appId,
      mchId: merchant.mchId,
      wxappId: merchant.wxappId,
      totalFen: plan.totalFen,
      ...prepay,
    },
    { transaction },
  );
}

/**
 * Asks WeChat about every open attempt of `owner` and applies what it says: a paid one settles what
 * it pays; one closed or failed at WeChat is marked CLOSED. Answers each attempt's trade state
 * (NOT_FOUND when WeChat does not know it).
 */
export async function reconcileAttempts(
  scope: Scope,
  owner: AttemptOwner,
  actor: OrderActor,
): Promise<Record<string, string>> {
  const states: Record<string, string> = {};
  const attempts = await PayAttempt.findAll({ where: { ...owner, status: 'OPEN' } });
  for (const attempt of attempts) {
    const merchant = await merchantById(scope, attempt.wxappId);
    if (!merchant) continue;
    const trade = await queryTrade(merchant.client, attempt.outTradeNo);
    states[attempt.outTradeNo] = trade?.trade_state ?? 'NOT_FOUND';
    if (trade?.trade_state === 'SUCCESS') await applyPaidTrade(scope, attempt, trade, actor);
    else if (trade && ['CLOSED', 'REVOKED', 'PAYERROR'].includes(trade.trade_state))
      await attempt.update({ status: 'CLOSED' });
  }
  return states;
}

/** Closes every open attempt of `owner` at WeChat; answers them (still OPEN here: the caller marks them). */
export async function closeOpenAtWechat(scope: Scope, owner: AttemptOwner): Promise<PayAttempt[]> {
  const open = await PayAttempt.findAll({ where: { ...owner, status: 'OPEN' } });
  for (const attempt of open) {
    const merchant = await merchantById(scope, attempt.wxappId);
    if (merchant) await closeAtWechat(merchant.client, attempt.outTradeNo);
  }
  return open;
}

/**
 * Whether a status poll of `owner` (last checked with WeChat at `checkedAt`) should ask WeChat now:
 * not within a few seconds of the last time, and only with an attempt open.
 */
export async function dueForCheck(owner: AttemptOwner, checkedAt: Date | null, now: Date): Promise<boolean> {
  if (checkedAt && now.getTime() - checkedAt.getTime() < CHECK_INTERVAL_MS) return false;
  return (await PayAttempt.count({ where: { ...owner, status: 'OPEN' } })) > 0;
}

/** The PNG QR code of `owner`'s open Native payment while it is `payable`. Throws BusinessError when there is none. */
export async function nativePayQr(owner: AttemptOwner, payable: boolean): Promise<FileResult> {
  const attempt = await PayAttempt.findOne({
    where: { ...owner, channel: 'WX_NATIVE', status: 'OPEN' },
    order: [['id', 'DESC']],
  });
  if (!payable || !attempt?.codeUrl) throw new BusinessError('没有待扫码的支付');
  const png = await QRCode.toBuffer(attempt.codeUrl, { type: 'png', width: 280, margin: 2 });
  return new FileResult(png, 'image/png');
}

import type {
  OrderCloseReason,
  OrderPayAnswer,
  OrderStatus,
  OrderStatusAnswer,
  PayMethod,
  ReconcileAnswer,
} from '../../contract/order';
import type { ActorScope, FileResult, Scope, TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { authorize } from '../../core/policy';
import { WechatBinding } from '../wechat/wxapp.model';
import './order.policy';
import { PayAttempt, type PayAttemptChannel, PayOrder, PayOrderItem } from './order.model';
import { lockOrder, markOrderClosed, type OrderActor } from './order-state';
import {
  type AttemptOwner,
  closeOpenAtWechat,
  currentAttempt,
  dueForCheck,
  lockPrepays,
  nativePayQr,
  payParameters,
  reconcileAttempts,
} from './pay-attempts';
import { projectMerchant } from './wechat-pay';

/**
 * Paying orders through WeChat Pay v3 (`pay-attempts.ts`: attempts, settling on WeChat's word):
 * the student's JSAPI or Native payment of an order, its status polls, its closing (timeout, the
 * student's cancel) and staff's reconciliation. The order's state changes exactly once under its
 * row lock (`order-state.ts`).
 */

const ORDER_NOT_FOUND = '订单不存在';
const ORDER_EXPIRED = '订单已超时关闭，请重新下单';
const NO_OPENID = '当前微信未绑定本平台账号，请使用扫码支付';

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

/** The attempts' columns of an order. */
const ownerOf = (order: PayOrder): AttemptOwner => ({ projectId: order.projectId, orderId: order.id });

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
    const owner = ownerOf(order);
    await lockPrepays(scope, owner, transaction);
    const attempt = await currentAttempt(
      scope,
      owner,
      {
        merchant,
        number: order.orderNo,
        totalFen: order.totalFen,
        describe: () => descriptionOf(order),
        expiresAt: order.expiresAt,
        reusable: (open) =>
          open.channel === channel && open.wxappId === merchant.wxappId && open.payerOpenid === openId,
        prepay: async (request) =>
          method === 'JSAPI'
            ? {
                channel,
                payerOpenid: openId,
                prepayId: (await merchant.client.jsapiOrder({ ...request, openId: openId ?? '' })).prepayId,
                codeUrl: null,
              }
            : {
                channel,
                payerOpenid: openId,
                prepayId: null,
                codeUrl: (await merchant.client.nativeOrder(request)).codeUrl,
              },
      },
      transaction,
    );
    return attempt ? payParameters(scope, merchant, attempt) : ({ kind: 'PAID' } as const);
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
  const states = await reconcileAttempts(scope, ownerOf(order), { source, actorId });
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
  await closeOpenAtWechat(scope, ownerOf(order));
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
    } else if (await dueForCheck(ownerOf(order), order.checkedAt, now)) {
      await reconcileOrder(scope, order, 'RECONCILE', null, now);
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
  return nativePayQr(ownerOf(order), order.status === 'UNPAID');
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

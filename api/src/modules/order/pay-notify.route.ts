import { WechatPayError } from '@px/wechat';
import type { Middleware, ParameterizedContext } from 'koa';
import { readRawBody } from '../../core/raw-body';
import type { RequestState } from '../../core/request-context';
import { makeScope, type ScopeBase } from '../../core/scope';
import { withBypass, withProject } from '../../db/tenant-access';
import { type NotificationOutcome, PayAttempt, PayNotification } from './order.model';
import { applyPaidTrade } from './pay-attempts';
import { applyRefundNotice } from './refund.service';
import { merchantById } from './wechat-pay';

/** Where WeChat Pay notifies an official account's merchant: `/api/pay/notify/<wxapp id>`. */
export const PAY_NOTIFY_PATH_PREFIX = '/api/pay/notify/';
const NOTIFY_PATH = /^\/api\/pay\/notify\/([1-9]\d{0,9})$/;
/** Notifications are small JSON documents. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * WeChat Pay's payment notifications, answered in WeChat's format (204 to accept; 4xx/5xx with
 * `{"code":"FAIL","message"}` to be retried). The raw body is verified with the platform key named by
 * `Wechatpay-Serial` (stale timestamps and probe signatures refused), decrypted, and checked against
 * the attempt and order (merchant, app, number, amount) before the order changes, exactly once, in
 * one transaction with its enrolments. Duplicates and late notifications are accepted and change
 * nothing. Every notification is recorded with how it was judged.
 */
export function payNotifyRoute(base: ScopeBase): Middleware<RequestState> {
  return async (ctx, next) => {
    const match = NOTIFY_PATH.exec(ctx.path);
    if (!match) return next();
    // The merchant, the attempt and the refund are found by WeChat's numbers before the project is
    // known (a lookup across projects); the order then changes in the project of the row concerned.
    return withBypass('wechat pay notification', () => notified(ctx, base, Number(match[1])));
  };
}

/** One notification to the merchant of `wxappId`: verified, judged, applied at most once, recorded. */
async function notified(ctx: ParameterizedContext<RequestState>, base: ScopeBase, wxappId: number) {
  const fail = (status: number, message: string) => {
    ctx.status = status;
    ctx.body = { code: 'FAIL', message };
  };
  if (ctx.method !== 'POST') return fail(405, 'method not allowed');
  const scope = makeScope(base, { request: { ip: ctx.ip, host: ctx.hostname, userAgent: 'wechatpay' } });
  const merchant = await merchantById(scope, wxappId);
  if (!merchant) return fail(404, 'unknown merchant');
  const body = await readRawBody(ctx.req, MAX_BODY_BYTES);
  if (!body) return fail(413, 'body too large');
  const record = (outcome: NotificationOutcome, fields: Partial<PayNotification>) =>
    PayNotification.create({
      wxappId,
      notificationId: null,
      eventType: null,
      outTradeNo: null,
      reason: null,
      ...fields,
      outcome,
    });

  let notification: ReturnType<typeof merchant.client.parseNotification>;
  try {
    notification = merchant.client.parseNotification({ headers: ctx.headers, body });
  } catch (error) {
    const reason = error instanceof WechatPayError ? `${error.code}: ${error.message}` : String(error);
    ctx.state.log.warn({ wxappId, reason }, 'payment notification refused');
    await record('REFUSED', { reason: reason.slice(0, 200) });
    return fail(401, 'notification refused');
  }
  const seen = { notificationId: notification.id.slice(0, 64), eventType: notification.eventType };
  if (notification.eventType !== 'TRANSACTION.SUCCESS') {
    const notice = notification.resource;
    const outcome = await applyRefundNotice(scope, wxappId, notice);
    await record(outcome, {
      ...seen,
      outTradeNo: notice.out_trade_no?.slice(0, 32) ?? null,
      reason: outcome === 'REFUSED' ? `refund ${notice.out_refund_no} does not match`.slice(0, 200) : null,
    });
    if (outcome === 'REFUSED') {
      ctx.state.log.error(
        { wxappId, outRefundNo: notice.out_refund_no },
        'refund notification does not match any refund',
      );
      return fail(400, 'refund mismatch');
    }
    ctx.status = 204;
    return;
  }
  const trade = notification.resource;
  const outTradeNo = trade.out_trade_no.slice(0, 32);
  const attempt = await PayAttempt.findOne({
    where: { outTradeNo, wxappId },
    // Looked up by the merchant's own unique number, before the project is known.
    allTenants: true,
  });
  const outcome = attempt
    ? await withProject(attempt.projectId, () =>
        applyPaidTrade(
          makeScope(base, { request: { ip: ctx.ip, host: ctx.hostname, userAgent: 'wechatpay' } }),
          attempt,
          trade,
          {
            source: 'NOTIFY',
            actorId: null,
          },
        ),
      )
    : 'REFUSED';
  await record(outcome, {
    ...seen,
    outTradeNo,
    reason: outcome === 'REFUSED' ? (attempt ? 'does not match the order' : 'unknown out_trade_no') : null,
  });
  if (outcome === 'REFUSED') {
    ctx.state.log.error({ wxappId, outTradeNo }, 'payment notification does not match any order');
    return fail(400, 'order mismatch');
  }
  ctx.status = 204;
}

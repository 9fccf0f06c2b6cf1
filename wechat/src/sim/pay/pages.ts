import type { TradeState } from '../../client/pay';
import { escapeHtml } from '../http';
import { openIdOf, type SimUser } from '../registry';
import type { DeliveryRecord } from './notifier';
import type { SimPayOrder } from './state';

const STATE_LABEL: Record<TradeState, string> = {
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  NOTPAY: '未支付',
  CLOSED: '已关闭',
  REVOKED: '已撤销',
  USERPAYING: '支付中',
  PAYERROR: '支付失败',
};

/** Fen as yuan with two decimals (`¥12.34`). */
export function yuan(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

function payerName(order: SimPayOrder, users: readonly SimUser[]): string {
  const openId = order.paidBy ?? order.payerOpenId;
  if (!openId) return '';
  return users.find((u) => openIdOf(order.appId, u.key) === openId)?.nickname ?? openId;
}

/** The buttons that make a user pay an unpaid order: JSAPI orders by their payer, Native by anyone. */
function payButtons(
  order: SimPayOrder,
  users: readonly SimUser[],
  action: string,
  fields: Record<string, string>,
) {
  if (order.state !== 'NOTPAY') return '';
  const candidates =
    order.tradeType === 'JSAPI'
      ? users.filter((u) => openIdOf(order.appId, u.key) === order.payerOpenId)
      : users;
  return candidates
    .map(
      (user) =>
        `<form method="post" action="${action}">${hidden({ ...fields, user: user.key })}<button type="submit">用 ${escapeHtml(user.nickname)} 支付</button></form>`,
    )
    .join('');
}

/** The order a Native `code_url` points to, as the WeChat app shows it after scanning. */
export function nativeOrderBody(order: SimPayOrder, users: readonly SimUser[]): string {
  const status =
    order.state === 'NOTPAY'
      ? '<p class="muted">请选择付款的微信用户</p>'
      : `<p>订单状态：${escapeHtml(STATE_LABEL[order.state])}</p>`;
  return `<main><h1>微信支付</h1><div class="card"><p class="muted">商户号 ${escapeHtml(order.mchId)}</p><h2>${escapeHtml(order.description)}</h2><p style="font-size:28px;margin:8px 0">${yuan(order.totalFen)}</p>${status}${payButtons(
    order,
    users,
    '/__sim/pay/native/pay',
    { code_url: order.codeUrl ?? '' },
  )}</div></main>`;
}

/** The outcome of a payment made from a person page. */
export function paidBody(order: SimPayOrder, users: readonly SimUser[]): string {
  return `<main><h1>支付成功</h1><div class="card"><h2>${escapeHtml(order.description)}</h2><p>${yuan(order.totalFen)}</p><p class="muted">付款人：${escapeHtml(payerName(order, users))}</p><p class="muted">微信支付单号：${escapeHtml(order.transactionId ?? '')}</p><a class="button secondary" href="/">返回模拟器首页</a></div></main>`;
}

/** A refusal shown on a person page. */
export function refusedBody(title: string, message: string): string {
  return `<main><h1>${escapeHtml(title)}</h1><div class="card"><p>${escapeHtml(message)}</p><a class="button secondary" href="/">返回模拟器首页</a></div></main>`;
}

/** The simulator index section: recent orders with their state, pay buttons and recent deliveries. */
export function paySection(
  orders: readonly SimPayOrder[],
  deliveries: readonly DeliveryRecord[],
  users: readonly SimUser[],
): string {
  const recent = [...orders].sort((a, b) => b.createdAt - a.createdAt).slice(0, 20);
  const rows = recent.length
    ? recent
        .map((order) => {
          const payer = payerName(order, users);
          return `<li><strong>${escapeHtml(order.description)}</strong> ${yuan(order.totalFen)} · ${
            order.tradeType === 'JSAPI' ? 'JSAPI' : '扫码'
          } · ${escapeHtml(STATE_LABEL[order.state])}${payer ? ` · ${escapeHtml(payer)}` : ''}<br><span class="muted">${escapeHtml(
            order.outTradeNo,
          )}</span>${payButtons(order, users, '/__sim/pay/pay', { mchId: order.mchId, outTradeNo: order.outTradeNo })}</li>`;
        })
        .join('')
    : '<li class="muted">暂无订单</li>';
  const sent = deliveries
    .slice(-10)
    .reverse()
    .map(
      (d) =>
        `<li>${escapeHtml(d.eventType)} ${escapeHtml(d.outTradeNo)} 第 ${d.attempt} 次：${escapeHtml(
          { delivered: '已送达', failed: '失败', dropped: '丢失', 'gave-up': '放弃' }[d.outcome],
        )}${d.status ? ` (${d.status})` : ''}</li>`,
    )
    .join('');
  return `<div class="card"><h2>微信支付</h2><ul>${rows}</ul>${
    sent ? `<h3>支付通知</h3><ul>${sent}</ul>` : ''
  }</div>`;
}

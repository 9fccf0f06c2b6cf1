import {
  ORDER_CHANNEL_LABEL,
  ORDER_CHANNELS,
  ORDER_STATUS,
  ORDER_STATUS_LABEL,
  type OrderStatus,
  type PayAttemptView,
} from '@px/api/contract';
import { formatDateTime } from '@px/config';

/** The state filter's choices. */
export const ORDER_STATUS_OPTIONS = ORDER_STATUS.map((value) => ({
  value,
  label: ORDER_STATUS_LABEL[value],
}));

/** The channel filter's choices. */
export const ORDER_CHANNEL_OPTIONS = ORDER_CHANNELS.map((value) => ({
  value,
  label: ORDER_CHANNEL_LABEL[value],
}));

/** The tag colour of each order state. */
export const ORDER_STATUS_COLOR: Readonly<Record<OrderStatus, string>> = {
  UNPAID: 'warning',
  PAID: 'success',
  CLOSED: 'default',
  REFUNDING: 'processing',
  REFUNDED: 'purple',
};

/** What the back office calls the states of a payment attempt. */
export const PAY_ATTEMPT_STATUS_LABEL: Readonly<Record<PayAttemptView['status'], string>> = {
  OPEN: '待支付',
  PAID: '已支付',
  CLOSED: '已关闭',
};

/** WeChat Pay's trade states (`trade_state` of a query) in Chinese; NOT_FOUND: WeChat knows no such payment. */
const TRADE_STATE_LABEL: Readonly<Record<string, string>> = {
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  NOTPAY: '未支付',
  CLOSED: '已关闭',
  REVOKED: '已撤销',
  USERPAYING: '用户支付中',
  PAYERROR: '支付失败',
  NOT_FOUND: '微信支付无此订单',
};

/** A trade state WeChat Pay answered, in Chinese (with the code), or the code when it is a new one. */
export function tradeStateText(state: string): string {
  const label = TRADE_STATE_LABEL[state];
  return label ? `${label}（${state}）` : state;
}

/** The file name of 导出: 订单列表-YYYYMMDD.xlsx (today, as the server names it). */
export function orderExportFileName(now: Date = new Date()): string {
  return `订单列表-${formatDateTime(now, 'YYYYMMDD')}.xlsx`;
}

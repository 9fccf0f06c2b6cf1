import { z } from 'zod';
import { staff, student } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import {
  type Abilities,
  type PageAnswer,
  zEmptyAsAbsent,
  zIdInput,
  zIdList,
  zInput,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';
import { CREATED_IN_ORDER, zCreatedRange } from './train-plan';

/**
 * Orders and payment (docs/product-decisions.md "Orders and payment"). Money is integer fen end to
 * end; an order's total is the sum of its items, priced when it was created; nothing a page sends
 * sets a price. A student checks out the cart into one order; a paid order (or a free one) enrols
 * the student in its classes.
 */

export const ORDER_STATUS = ['UNPAID', 'PAID', 'CLOSED', 'REFUNDING', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUS)[number];
/**
 * What an order pays for: `CLASS`, the classes of its items (the class order lists); `CMS`, an
 * examination's fee (its title, no items; listed and refunded under 考务订单).
 */
export const ORDER_KINDS = ['CLASS', 'CMS'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_STATUS_LABEL: Readonly<Record<OrderStatus, string>> = {
  UNPAID: '待支付',
  PAID: '已支付',
  CLOSED: '已关闭',
  REFUNDING: '退款中',
  REFUNDED: '已退款',
};

export const ORDER_CHANNELS = ['WX_JSAPI', 'WX_NATIVE', 'UNIT_BATCH', 'OFFLINE', 'FREE', 'PARTNER'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const ORDER_CHANNEL_LABEL: Readonly<Record<OrderChannel, string>> = {
  WX_JSAPI: '微信支付',
  WX_NATIVE: '微信扫码支付',
  UNIT_BATCH: '单位统一缴费',
  OFFLINE: '线下缴费',
  FREE: '免费开通',
  PARTNER: '合作平台结算',
};

export const ORDER_CLOSE_REASONS = ['TIMEOUT', 'CANCELLED'] as const;
export type OrderCloseReason = (typeof ORDER_CLOSE_REASONS)[number];
export const ORDER_CLOSE_REASON_LABEL: Readonly<Record<OrderCloseReason, string>> = {
  TIMEOUT: '超时未支付',
  CANCELLED: '已取消',
};

/** Unpaid orders close this long after they were created (domain "Status values"). */
export const ORDER_PAY_MINUTES = 30;

/** Who or what changed an order's state (its log). */
export const ORDER_LOG_SOURCES = [
  'STUDENT',
  'STAFF',
  'NOTIFY',
  'RECONCILE',
  'TIMEOUT',
  'SYSTEM',
  'PARTNER',
] as const;
export type OrderLogSource = (typeof ORDER_LOG_SOURCES)[number];
export const ORDER_LOG_SOURCE_LABEL: Readonly<Record<OrderLogSource, string>> = {
  STUDENT: '学员',
  STAFF: '工作人员',
  NOTIFY: '微信支付通知',
  RECONCILE: '微信支付查单',
  TIMEOUT: '超时关闭',
  SYSTEM: '系统',
  PARTNER: '合作平台',
};

/** How the page pays: JSAPI inside WeChat (`wx.chooseWXPay`), Native (a QR code) elsewhere. */
export const PAY_METHODS = ['JSAPI', 'NATIVE'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** One class of an order, as it was when the order was created. */
export interface OrderItemView {
  /** The item's id (`orderItemId` of a refund of only this class). */
  id: number;
  /** A successful refund of only this item gave its amount back. */
  refunded: boolean;
  classId: number;
  className: string;
  year: number;
  /** Fen. */
  amount: number;
}

/** An order as the student sees it. */
export interface OrderView {
  id: number;
  orderNo: string;
  status: OrderStatus;
  channel: OrderChannel | null;
  /** Fen. */
  totalAmount: number;
  /** Fen actually paid (0 for free orders). */
  paidAmount: number;
  /**
   * Fen given back by refunds. A PAID order with some refunded (one item of several refunded) shows
   * as 已支付（部分退款）: see `orderStatusText`.
   */
  refundedAmount: number;
  items: OrderItemView[];
  createdAt: string;
  /** When an unpaid order closes (null once it is no longer unpaid). */
  expiresAt: string | null;
  paidAt: string | null;
  closedAt: string | null;
  closeReason: OrderCloseReason | null;
  /** A child order of a unit's batch order: the unit pays it, the student does not. */
  byUnit: boolean;
  /** What it pays for: classes (its items) or `CMS`, an examination's fee named by `title`. */
  kind: OrderKind;
  /** The examination's fee (`CMS`): what it pays for (null for classes). */
  title: string | null;
  /** What the student may do to it now (去支付, 取消订单, 申请退款, 申请发票), and why not. */
  abilities: OrderAbilities;
}

/** A student's abilities on an order of theirs (docs/api-conventions.md "Abilities"). */
export type OrderAbilities = Abilities<'pay' | 'cancel' | 'refund' | 'invoice'>;

const zOrderStatus = z.enum(ORDER_STATUS, { error: '订单状态不正确' });
const zOrderChannel = z.enum(ORDER_CHANNELS, { error: '支付方式不正确' });

/**
 * `order/submit` (body): checks out cart items (cart item ids; all available items when absent)
 * into one order. Refused with the reason when a class is no longer offered, already enrolled or
 * already in an unpaid order. A total of 0 (free classes) is paid at once and enrols.
 */
export const orderSubmitInput = z.object({
  cartItemIds: zEmptyAsAbsent(zIdList()),
});

/** `order/submit`: the new order (PAID when it cost nothing). */
export interface OrderSubmitAnswer {
  order: OrderView;
}

/** One order of the caller (`order/my-order-detail`, `order/cancel`, `order/check-status`, `order/is-paid`). */
export const orderIdInput = zIdInput;

/** `order/pay`: starts (or resumes) paying an unpaid order the given way. */
export const orderPayInput = z.object({
  id: zInput.id(),
  method: z.enum(PAY_METHODS, { error: '支付方式应为 JSAPI 或 NATIVE' }),
});

/** What `wx.chooseWXPay` takes (the page passes it on unchanged). */
export interface JsapiPayParameters {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/**
 * `order/pay`: JSAPI parameters for `wx.chooseWXPay`, or the Native `code_url` to show as a QR code
 * (`order/pay-qr` draws it), or `PAID` when the order turned out to be paid already.
 */
export type OrderPayAnswer =
  | { kind: 'JSAPI'; params: JsapiPayParameters }
  | {
      kind: 'NATIVE';
      codeUrl: string;
      /** Simulator mode only: the simulator's page that plays scanning the code with WeChat. */
      simulatorScanUrl: string | null;
    }
  | { kind: 'PAID' };

/** `order/is-paid` and `order/check-status`: the order's state as the server knows it (never the page's word). */
export interface OrderStatusAnswer {
  id: number;
  status: OrderStatus;
  paid: boolean;
  /** Unpaid orders: when they close. */
  expiresAt: string | null;
}

/** `order/my-order-page`: the caller's orders, newest first, optionally of one state. */
export const myOrderPageInput = z.object({
  ...zPage,
  status: zEmptyAsAbsent(zOrderStatus),
});
export type MyOrderPage = PageAnswer<OrderView>;

/** `order/check-wait-pay`: the caller's newest unpaid order to resume, or null. */
export interface WaitPayAnswer {
  order: OrderView | null;
}

/** The filters of the back office's order list and its export. */
const orderFilterFields = {
  status: zEmptyAsAbsent(zOrderStatus),
  channel: zEmptyAsAbsent(zOrderChannel),
  /** Order number (exact) or WeChat transaction id (exact). */
  orderNo: zOptionalText(64),
  /** Student name (part), ID number or mobile (exact). */
  student: zOptionalText(50),
  classId: zInput.optionalId(),
  unitId: zInput.optionalId(),
  /** Created from / to (`YYYY-MM-DD`, China time, inclusive). */
  ...zCreatedRange,
};

/** `order/page`: one page of the filtered orders. */
export const orderPageInput = z.object({ ...zPage, ...orderFilterFields }).refine(...CREATED_IN_ORDER);

/** `order/export` (GET or POST, `.xlsx`): every order of the filters (no paging). */
export const orderExportInput = z.object(orderFilterFields).refine(...CREATED_IN_ORDER);

/** The filters of the order list and its export, as the back office holds them. */
export type OrderFilters = z.output<typeof orderExportInput>;

/** An order in the back office's list. */
export interface OrderRow extends Omit<OrderView, 'abilities' | 'kind' | 'title'> {
  accountId: number;
  studentName: string;
  /** Masked (first 6 and last 4 digits). */
  idCardNo: string | null;
  mobile: string | null;
  unitId: number | null;
  unitName: string | null;
  transactionId: string | null;
  remark: string | null;
  /** The staff member who created a free or offline order. */
  createdByName: string | null;
  /** The unit's batch order this order is a child of (`/order-manage/detail`), else null. */
  batchOrderId: number | null;
}
export type OrderPage = PageAnswer<OrderRow>;

/** A payment attempt at WeChat Pay. */
export interface PayAttemptView {
  outTradeNo: string;
  channel: 'WX_JSAPI' | 'WX_NATIVE';
  status: 'OPEN' | 'PAID' | 'CLOSED';
  mchId: string;
  transactionId: string | null;
  /** Fen. */
  amount: number;
  createdAt: string;
  paidAt: string | null;
}

/** A state change of an order. */
export interface OrderLogView {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  source: OrderLogSource;
  actorName: string | null;
  reason: string | null;
  createdAt: string;
}

/** `order/detail`: one order with its payments and history. */
export interface OrderDetail extends OrderRow {
  attempts: PayAttemptView[];
  logs: OrderLogView[];
}

/**
 * `order/free-order` (body): staff enrol students in classes without payment (channel FREE): one
 * paid order per student, priced as the classes cost now, with `paidAmount` 0, logged with who and
 * why. Every class must be on the shelf of the project (not necessarily open for enrolment); a
 * student already enrolled in (or with an unpaid order of) a class refuses the whole call.
 */
const zFreeClassIds = () =>
  zIdList().pipe(
    z.array(z.number()).min(1, { error: '请选择班级' }).max(20, { error: '一次最多 20 个班级' }),
  );

export const freeOrderInput = z.object({
  accountId: zInput.id(),
  classIds: zFreeClassIds(),
  reason: zRequiredText('开通原因', 200),
});

/** `order/batch-free-order` (body): `order/free-order` for several students at once, all or nothing. */
export const batchFreeOrderInput = z.object({
  accountIds: zIdList().pipe(
    z.array(z.number()).min(1, { error: '请选择学员' }).max(200, { error: '一次最多 200 名学员' }),
  ),
  classIds: zFreeClassIds(),
  reason: zRequiredText('开通原因', 200),
});

/** `order/free-order`: the orders created. */
export interface FreeOrderAnswer {
  orders: { id: number; orderNo: string; accountId: number }[];
}

/** `order/query-wechat`: asks WeChat Pay for the order's payments and applies what it says. */
export interface ReconcileAnswer {
  status: OrderStatus;
  /** What WeChat answered per open payment (`out_trade_no` -> trade state). */
  tradeStates: Record<string, string>;
  changed: boolean;
}

/** `order/student-options`: students of the project matching a name (part), ID number or mobile, for free orders. */
export const studentOptionsInput = z.object({ keyword: zRequiredText('学员姓名、身份证号或手机号', 50) });

/** A student to choose for a free order. */
export interface StudentOption {
  id: number;
  realName: string;
  /** Masked. */
  idCardNo: string | null;
  mobile: string | null;
  unitName: string | null;
}

/**
 * `order/class-options`: the project's classes (newest year first) by part of the name, to choose
 * for a free order or to filter the order list by.
 */
export const classOptionsInput = z.object({ name: zOptionalText(50) });

/** A class to choose for a free order (or the order list's filter). */
export interface ClassOption {
  id: number;
  name: string;
  year: number;
  /** Fen. */
  amount: number;
  onShelf: boolean;
}

/**
 * `order/refund` (body): staff refund a paid order, with a reason (logged): in full (what is left of
 * it), or only the item `orderItemId` (a partial refund: that item's amount and enrolment).
 */
export const orderRefundInput = z.object({
  id: zInput.id(),
  reason: zRequiredText('退款原因', 200),
  orderItemId: zInput.optionalId(),
});

/** An order's state as shown: a PAID order with refunds is 已支付（部分退款）. */
export function orderStatusText(order: Pick<OrderView, 'status' | 'refundedAmount'>): string {
  if (order.status === 'PAID' && order.refundedAmount > 0) return '已支付（部分退款）';
  return ORDER_STATUS_LABEL[order.status];
}

/** A refund as started: SUCCESS at once without WeChat (offline, free), else REFUNDING until it settles. */
export interface RefundAnswer {
  orderId: number;
  orderNo: string;
  orderStatus: OrderStatus;
  refundStatus: 'REFUNDING' | 'SUCCESS' | 'FAILED';
  /** Fen. */
  amount: number;
  outRefundNo: string;
}

const ORDER_LIST = '/order-manage/list' as const;
const FREE_ORDER = '/order-manage/free-order' as const;
/** The refund page; its holders may refund orders. */
export const REFUND_PAGE = '/invoice-manage/refund-list' as const;

/** The order calls (`order/...`). */
export const orderCalls = defineCalls('order', {
  /** Checks the cart out into one order (a free one is paid at once). */
  submit: { input: orderSubmitInput, answer: answer<OrderSubmitAnswer>(), access: student },
  /** Prepays an unpaid order of the caller through WeChat Pay (JSAPI or Native). */
  pay: { input: orderPayInput, answer: answer<OrderPayAnswer>(), access: student },
  /** The PNG QR code of the order's open Native payment. */
  'pay-qr': { input: orderIdInput, answer: fileAnswer(), access: student, methods: ['GET', 'POST'] },
  /** Whether the caller's order is paid (checked with WeChat Pay when a payment is open). */
  'is-paid': { input: orderIdInput, answer: answer<OrderStatusAnswer>(), access: student },
  /** The state of the caller's order (checked with WeChat Pay when a payment is open). */
  'check-status': { input: orderIdInput, answer: answer<OrderStatusAnswer>(), access: student },
  /** The caller's newest unpaid order, to resume instead of creating another. */
  'check-wait-pay': { input: z.object({}), answer: answer<WaitPayAnswer>(), access: student },
  /** Cancels an unpaid order of the caller (closed at WeChat Pay too). */
  cancel: { input: orderIdInput, answer: answer<OrderView>(), access: student },
  /** The caller's orders, newest first. */
  'my-order-page': { input: myOrderPageInput, answer: answer<MyOrderPage>(), access: student },
  /** One order of the caller. */
  'my-order-detail': { input: orderIdInput, answer: answer<OrderView>(), access: student },
  /** The project's orders, filtered, newest first. */
  page: { input: orderPageInput, answer: answer<OrderPage>(), access: staff(ORDER_LIST) },
  /** One order of the project with its payments and history. */
  detail: { input: orderIdInput, answer: answer<OrderDetail>(), access: staff(ORDER_LIST) },
  /** The filtered orders as a streamed `.xlsx`. */
  export: {
    input: orderExportInput,
    answer: fileAnswer(),
    access: staff(ORDER_LIST),
    methods: ['GET', 'POST'],
  },
  /** Reconciles one order with WeChat Pay. */
  'query-wechat': { input: orderIdInput, answer: answer<ReconcileAnswer>(), access: staff(ORDER_LIST) },
  /** Students of the project to choose for a free order (at most 20). */
  'student-options': {
    input: studentOptionsInput,
    answer: answer<StudentOption[]>(),
    access: staff(FREE_ORDER),
  },
  /**
   * Classes of the project to choose for a free order or the order list's class filter (at most
   * 50): names, years and prices, which readers of the list see in its orders anyway.
   */
  'class-options': {
    input: classOptionsInput,
    answer: answer<ClassOption[]>(),
    access: staff(ORDER_LIST, FREE_ORDER),
  },
  /** Enrols one student in classes without payment (logged). */
  'free-order': { input: freeOrderInput, answer: answer<FreeOrderAnswer>(), access: staff(FREE_ORDER) },
  /** Refunds a paid order in full (through WeChat Pay when it was paid there), logged with the reason. */
  refund: { input: orderRefundInput, answer: answer<RefundAnswer>(), access: staff(REFUND_PAGE) },
  /** Enrols several students in classes without payment (logged). */
  'batch-free-order': {
    input: batchFreeOrderInput,
    answer: answer<FreeOrderAnswer>(),
    access: staff(FREE_ORDER),
  },
});

import { orderCalls } from '../../contract/order';
import { implement } from '../../core/action';
import {
  classOptions,
  createFreeOrders,
  findWaitPay,
  getOrderDetail,
  orderList,
  orderView,
  pageMyOrders,
  studentOptions,
  submitOrder,
} from './order.service';
import {
  cancelOrder,
  checkOrder,
  payOrder,
  payQrImage,
  reconcileByStaff,
  studentOrder,
} from './order-pay.service';
import { refundByStaff } from './refund.service';

/** The order calls (`order/...`): the student's checkout, payment and orders; the back office's list. */
export const orderActions = implement(orderCalls, {
  submit: (ctx, input) => submitOrder(ctx, input.cartItemIds),
  pay: (ctx, input) => payOrder(ctx, input.id, input.method),
  'pay-qr': (ctx, input) => payQrImage(ctx, input.id),
  'is-paid': (ctx, input) => checkOrder(ctx, input.id),
  'check-status': (ctx, input) => checkOrder(ctx, input.id),
  'check-wait-pay': (ctx) => findWaitPay(ctx),
  cancel: async (ctx, input) => orderView(ctx, await cancelOrder(ctx, input.id)),
  'my-order-page': (ctx, input) => pageMyOrders(ctx, input),
  'my-order-detail': async (ctx, input) => orderView(ctx, await studentOrder(ctx, input.id)),
  page: (ctx, input) => orderList.page(ctx, input),
  detail: (ctx, input) => getOrderDetail(ctx, input.id),
  export: async (ctx, input) => orderList.export(ctx, input),
  'query-wechat': (ctx, input) => reconcileByStaff(ctx, input.id),
  'student-options': (ctx, input) => studentOptions(ctx, input.keyword),
  'class-options': (ctx, input) => classOptions(ctx, input.name),
  'free-order': (ctx, input) => createFreeOrders(ctx, { ...input, accountIds: [input.accountId] }),
  'batch-free-order': (ctx, input) => createFreeOrders(ctx, input),
  refund: (ctx, input) => refundByStaff(ctx, input),
});

import { defineJob } from '../../core/jobs';
import { batchesToReconcile, reconcileBatch } from './batch-order-pay.service';
import { ordersToReconcile, overdueOrders } from './order.service';
import { expireOrder, reconcileOrder } from './order-pay.service';
import { reconcileRefund, refundsToReconcile } from './refund.service';

declare module '../../core/jobs' {
  interface JobPayloads {
    /** `now` (ISO time) stands in for the clock, for tests; the schedule sends none. */
    'order.sweep': { now?: string };
  }
}

/** Orders a sweep handles at most per run (the next run, a minute later, takes the rest). */
const SWEEP_BATCH = 50;
/** An open payment is checked with WeChat when it has been quiet this long (a lost notification). */
const RECONCILE_AFTER_MS = 60_000;

/**
 * Every minute: closes unpaid orders past their 30 minutes (at WeChat Pay too; a payment that did go
 * through settles the order instead), and asks WeChat Pay about open payments (of orders and batch
 * orders) and refunds whose notification has not come, so a lost notification still ends in the
 * right state. One order's failure (WeChat unreachable) is logged and left for the next run.
 */
export const orderSweepJob = defineJob({
  name: 'order.sweep',
  schedule: '* * * * *',
  retryLimit: 0,
  async handler(scope, data) {
    const now = data.now ? new Date(data.now) : new Date();
    for (const order of await overdueOrders(now, SWEEP_BATCH)) {
      try {
        await expireOrder(scope, order, now, 'TIMEOUT');
      } catch (error) {
        scope.log.warn({ err: error, orderId: order.id }, 'closing an overdue order failed');
      }
    }
    for (const order of await ordersToReconcile(now, RECONCILE_AFTER_MS, SWEEP_BATCH)) {
      try {
        await reconcileOrder(scope, order, 'RECONCILE', null, now);
      } catch (error) {
        scope.log.warn({ err: error, orderId: order.id }, 'reconciling an order failed');
      }
    }
    for (const batch of await batchesToReconcile(now, RECONCILE_AFTER_MS, SWEEP_BATCH)) {
      try {
        await reconcileBatch(scope, batch, 'RECONCILE', null, now);
      } catch (error) {
        scope.log.warn({ err: error, batchOrderId: batch.id }, 'reconciling a batch order failed');
      }
    }
    for (const refund of await refundsToReconcile(now, RECONCILE_AFTER_MS, SWEEP_BATCH)) {
      try {
        await reconcileRefund(scope, refund, now);
      } catch (error) {
        scope.log.warn({ err: error, refundId: refund.id }, 'reconciling a refund failed');
      }
    }
  },
});

import type { OrderKind } from '../../contract/order';
import { domainEvent } from '../../core/events';

/**
 * An order became PAID (by WeChat Pay's word, a free checkout or staff), emitted once in the
 * transaction that marks it, under the order's row lock: what an order of another kind pays for
 * (an examination's fee, kind CMS) follows it there.
 */
export const orderPaid = domainEvent<{
  projectId: number;
  orderId: number;
  kind: OrderKind;
  /** The order was closed before the payment arrived. */
  late: boolean;
}>('order.paid');

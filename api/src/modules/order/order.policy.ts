import type { Transaction } from 'sequelize';
import type { OrderAbilities, OrderStatus } from '../../contract/order';
import type { ActorScope } from '../../core/action';
import {
  definePolicy,
  type FactProvider,
  factHook,
  type PolicyScope,
  refuse,
  type Verdict,
} from '../../core/policy';
import type { PayOrder } from './order.model';

/**
 * The order's record policy: what a student may do to an order of theirs (pay, cancel). Refunds and
 * invoices of an order are the refund-apply and invoice policies'; those modules sit above this one,
 * so they add their abilities to the student's orders through `orderAbilityHook`.
 */

/** What the order policy reads of an order. */
export interface OrderFacts {
  accountId: number;
  status: OrderStatus;
  batchOrderId: number | null;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'order.pay': OrderFacts;
    'order.cancel': OrderFacts;
  }
}

export const ORDER_NOT_FOUND = '订单不存在';
export const PAID_BY_UNIT = '该订单由单位统一缴费，无需个人支付或取消';
const ORDER_CLOSED = '订单已关闭，请重新下单';

/** Another student's order reads as missing. */
const notOwn = (scope: PolicyScope, order: OrderFacts): Verdict =>
  order.accountId === scope.principal.accountId ? null : refuse(ORDER_NOT_FOUND);

export const orderPolicy = definePolicy({
  /** The student pays their own UNPAID order (a unit's child order is paid by the unit). */
  'order.pay': (scope, order) =>
    notOwn(scope, order) ??
    (order.batchOrderId !== null ? refuse(PAID_BY_UNIT) : null) ??
    (order.status !== 'UNPAID' ? refuse(ORDER_CLOSED) : null),
  /** The student cancels their own UNPAID order (not a unit's child order). */
  'order.cancel': (scope, order) =>
    notOwn(scope, order) ??
    (order.status !== 'UNPAID' ? refuse('只能取消待支付的订单') : null) ??
    (order.batchOrderId !== null ? refuse(PAID_BY_UNIT) : null),
});

/** The abilities the modules above add (refund, invoice), by order id. */
export type OrderAbilityPart = Partial<OrderAbilities>;

/**
 * An answerer of `orderAbilityHook`: `judge` gets the asking student and the orders asked about
 * that are of their project (at least one), reads what it needs for all of them at once and answers
 * the part it adds to each order. A caller without a project or a principal adds nothing.
 */
export function studentOrderAbilities(
  judge: (
    actor: ActorScope,
    orders: PayOrder[],
    transaction?: Transaction,
  ) => Promise<(order: PayOrder) => OrderAbilityPart>,
): FactProvider<{ orders: readonly PayOrder[] }, ReadonlyMap<number, OrderAbilityPart>> {
  return async (scope, input, transaction) => {
    const parts = new Map<number, OrderAbilityPart>();
    if (!scope.project || !scope.principal) return parts;
    const actor = scope as ActorScope;
    const orders = input.orders.filter((order) => order.projectId === actor.project.id);
    if (orders.length === 0) return parts;
    const partOf = await judge(actor, orders, transaction);
    for (const order of orders) parts.set(order.id, partOf(order));
    return parts;
  };
}

/**
 * The student's abilities on their orders that the modules above the order module decide
 * (refund-apply: `refund`; invoice: `invoice`), by order id; answered in their listeners files.
 */
export const orderAbilityHook = factHook<
  { orders: readonly PayOrder[] },
  ReadonlyMap<number, OrderAbilityPart>
>('order.abilities');

/**
 * The orders (of those asked) with a refund application still open (refund-apply answers): an
 * order the student asked back is not invoiced meanwhile.
 */
export const openRefundApplyHook = factHook<
  { projectId: number; orderIds: readonly number[] },
  ReadonlySet<number>
>('order.open-refund-applies');

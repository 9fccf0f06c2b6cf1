import type { Transaction } from 'sequelize';
import type { ActorScope, Scope } from '../../core/action';
import { abilitiesOf, gatherFacts } from '../../core/policy';
import type { PayOrder } from '../order/order.model';
import { type OrderAbilityPart, openRefundApplyHook } from '../order/order.policy';
import { Invoice, InvoiceOrder } from './invoice.model';
import './invoice.policy';
import { invoiceableFen } from './invoice-state';

/**
 * The facts of the invoice policy that live outside the invoice's tables, and the student's 申请发票
 * ability on their orders (`OrderView.abilities`), answered to the order module's hook.
 */

/** The orders (of those asked) with a refund application still open (the refund-apply module answers). */
export async function refundsPending(
  scope: Scope & { project: { id: number } },
  orderIds: readonly number[],
  transaction?: Transaction,
): Promise<ReadonlySet<number>> {
  if (orderIds.length === 0) return new Set();
  const answers = await gatherFacts(
    scope,
    openRefundApplyHook,
    { projectId: scope.project.id, orderIds },
    transaction,
  );
  return new Set(answers.flatMap((open) => [...open]));
}

/** Whether the order has a refund application still open (the refund-apply module answers). */
export async function refundPending(
  scope: Scope & { project: { id: number } },
  orderId: number,
  transaction?: Transaction,
): Promise<boolean> {
  return (await refundsPending(scope, [orderId], transaction)).has(orderId);
}

/** The student's ability to apply for an invoice of each of their orders. */
export async function invoiceAbilities(
  scope: Scope,
  input: { orders: readonly PayOrder[] },
  transaction?: Transaction,
): Promise<ReadonlyMap<number, OrderAbilityPart>> {
  const parts = new Map<number, OrderAbilityPart>();
  if (!scope.project || !scope.principal) return parts;
  const actor = scope as ActorScope;
  const projectId = actor.project.id;
  const orders = input.orders.filter((order) => order.projectId === projectId);
  if (orders.length === 0) return parts;
  const ids = orders.map((order) => order.id);
  const links = await InvoiceOrder.findAll({ where: { projectId, orderId: ids, active: true }, transaction });
  const invoices = new Map(
    (links.length
      ? await Invoice.findAll({ where: { projectId, id: links.map((link) => link.invoiceId) }, transaction })
      : []
    ).map((invoice) => [invoice.id, invoice]),
  );
  const activeOf = new Map(links.map((link) => [link.orderId, invoices.get(link.invoiceId) ?? null]));
  const open = await refundsPending(actor, ids, transaction);
  for (const order of orders) {
    const facts = {
      order,
      amount: invoiceableFen(order),
      active: activeOf.get(order.id) ?? null,
      refundPending: open.has(order.id),
    };
    parts.set(order.id, abilitiesOf(actor, { invoice: ['invoice.apply', facts] }));
  }
  return parts;
}

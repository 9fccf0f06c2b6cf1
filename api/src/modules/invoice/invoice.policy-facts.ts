import type { Transaction } from 'sequelize';
import type { ActorScope, Scope } from '../../core/action';
import { abilitiesOf, gatherFacts } from '../../core/policy';
import { PayOrder } from '../order/order.model';
import { type OrderAbilityPart, openRefundApplyHook, studentOrdersOf } from '../order/order.policy';
import { Invoice, InvoiceOrder } from './invoice.model';
import type { InvoiceReapplyFacts } from './invoice.policy';
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

/** The active invoice of each of the orders (PENDING, ISSUING, ISSUED, RED_ISSUING), by order id. */
export async function activeInvoicesOf(
  projectId: number,
  orderIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, Invoice>> {
  if (orderIds.length === 0) return new Map();
  const links = await InvoiceOrder.findAll({
    where: { projectId, orderId: [...orderIds], active: true },
    transaction,
  });
  const invoices = new Map(
    (links.length
      ? await Invoice.findAll({ where: { projectId, id: links.map((link) => link.invoiceId) }, transaction })
      : []
    ).map((invoice) => [invoice.id, invoice]),
  );
  const active = new Map<number, Invoice>();
  for (const link of links) {
    const invoice = invoices.get(link.invoiceId);
    if (invoice) active.set(link.orderId, invoice);
  }
  return active;
}

/** The student's ability to apply for an invoice of each of their orders. */
export async function invoiceAbilities(
  scope: Scope,
  input: { orders: readonly PayOrder[] },
  transaction?: Transaction,
): Promise<ReadonlyMap<number, OrderAbilityPart>> {
  const parts = new Map<number, OrderAbilityPart>();
  const asked = studentOrdersOf(scope, input.orders);
  if (!asked || asked.orders.length === 0) return parts;
  const { actor, orders } = asked;
  const projectId = actor.project.id;
  const ids = orders.map((order) => order.id);
  const active = await activeInvoicesOf(projectId, ids, transaction);
  const open = await refundsPending(actor, ids, transaction);
  for (const order of orders) {
    const facts = {
      order,
      amount: invoiceableFen(order),
      active: active.get(order.id) ?? null,
      refundPending: open.has(order.id),
    };
    parts.set(order.id, abilitiesOf(actor, { invoice: ['invoice.apply', facts] }));
  }
  return parts;
}

/**
 * What the invoice policy reads to judge 重新申请 of each of the student's invoices, by invoice id:
 * a rejected or failed one with its order (the order's active invoice, if another, and its open
 * refund application); the others on the invoice alone. A fixed number of queries for a page.
 */
export async function reapplyFactsOf(
  scope: ActorScope,
  invoices: readonly Invoice[],
  transaction?: Transaction,
): Promise<Map<number, InvoiceReapplyFacts>> {
  const projectId = scope.project.id;
  const refused = invoices.filter((invoice) => invoice.status === 'REJECTED' || invoice.status === 'FAILED');
  const links = refused.length
    ? await InvoiceOrder.findAll({
        where: { projectId, invoiceId: refused.map((invoice) => invoice.id) },
        transaction,
      })
    : [];
  const orderIds = [...new Set(links.map((link) => link.orderId))];
  const orders = new Map(
    (orderIds.length ? await PayOrder.findAll({ where: { projectId, id: orderIds }, transaction }) : []).map(
      (order) => [order.id, order],
    ),
  );
  const active = await activeInvoicesOf(projectId, orderIds, transaction);
  const open = await refundsPending(scope, orderIds, transaction);
  const facts = new Map<number, InvoiceReapplyFacts>();
  for (const invoice of invoices) {
    const link = links.find((row) => row.invoiceId === invoice.id);
    const order = link ? orders.get(link.orderId) : undefined;
    const other = order ? active.get(order.id) : undefined;
    facts.set(invoice.id, {
      invoice,
      apply: order
        ? {
            order,
            amount: invoiceableFen(order),
            active: other && other.id !== invoice.id ? other : null,
            refundPending: open.has(order.id),
          }
        : null,
    });
  }
  return facts;
}

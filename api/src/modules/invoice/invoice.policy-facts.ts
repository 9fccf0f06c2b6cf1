import type { Transaction } from 'sequelize';
import type { ActorScope, Scope } from '../../core/action';
import { gatherFacts } from '../../core/policy';
import { PayOrder } from '../order/order.model';
import { openRefundApplyHook, studentOrderAbilities } from '../order/order.policy';
import { Invoice, InvoiceOrder } from './invoice.model';
import {
  type InvoiceApplyFacts,
  type InvoiceMarkFacts,
  type InvoiceReapplyFacts,
  orderInvoiceAbilities,
} from './invoice.policy';
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

/**
 * What the invoice policy reads to judge invoicing the order (申请发票, 重新申请, check-re-open):
 * what may be invoiced of it, its active invoice (another application's, for 重新申请), whether a
 * refund application of it is open.
 */
export const applyFacts = (
  order: PayOrder,
  active: InvoiceApplyFacts['active'],
  refundPending: boolean,
): InvoiceApplyFacts => ({ order, amount: invoiceableFen(order), active, refundPending });

/** What the invoice policy reads to judge marking the order (标记, 全部标记). */
export const markFacts = (
  order: PayOrder,
  active: InvoiceMarkFacts['active'],
  refundPending: boolean,
): InvoiceMarkFacts => ({ order, amount: invoiceableFen(order), active, refundPending });

/**
 * What the invoice policy reads to judge 重新申请 of the invoice: its order judged as for applying,
 * where the order's active invoice counts only when it is another application's; null when the
 * order is gone.
 */
export const reapplyFacts = (
  invoice: Invoice,
  order: PayOrder | null | undefined,
  active: Invoice | null | undefined,
  refundPending: boolean,
): InvoiceReapplyFacts => ({
  invoice,
  apply: order ? applyFacts(order, active && active.id !== invoice.id ? active : null, refundPending) : null,
});

/** Reads the facts of invoicing one order (its active invoice, its open refund application); `active` is the invoice. */
export async function orderApplyFacts(
  scope: Scope & { project: { id: number } },
  order: PayOrder,
  transaction?: Transaction,
): Promise<InvoiceApplyFacts & { active: Invoice | null }> {
  const active = (await activeInvoicesOf(scope.project.id, [order.id], transaction)).get(order.id) ?? null;
  return { ...applyFacts(order, active, await refundPending(scope, order.id, transaction)), active };
}

/** The student's ability to apply for an invoice of each of their orders. */
export const invoiceAbilities = studentOrderAbilities(async (actor, orders, transaction) => {
  const ids = orders.map((order) => order.id);
  const active = await activeInvoicesOf(actor.project.id, ids, transaction);
  const open = await refundsPending(actor, ids, transaction);
  return (order) =>
    orderInvoiceAbilities(actor, applyFacts(order, active.get(order.id) ?? null, open.has(order.id)));
});

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
    facts.set(
      invoice.id,
      reapplyFacts(invoice, order, order ? active.get(order.id) : null, order ? open.has(order.id) : false),
    );
  }
  return facts;
}

import { randomInt } from 'node:crypto';
import type { CreationAttributes, Transaction } from 'sequelize';
import {
  ACTIVE_INVOICE_STATUS,
  INVOICE_STATUS_LABEL,
  type InvoiceLogSource,
  type InvoiceStatus,
} from '../../contract/invoice';
import { BusinessError } from '../../core/errors';
import type { PayOrder } from '../order/order.model';
import { Invoice, InvoiceLog, InvoiceOrder } from './invoice.model';

/** An order's amount that may be invoiced: what was paid minus what was refunded, for a PAID order; else 0. */
export function invoiceableFen(order: Pick<PayOrder, 'status' | 'paidFen' | 'refundedFen'>): number {
  return order.status === 'PAID' ? Math.max(0, order.paidFen - order.refundedFen) : 0;
}

/** A request number of the platform: prefix, China time to the second and six random digits (23 characters). */
export function newRequestNo(prefix: 'INV' | 'RED', now = new Date()): string {
  const stamp = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** What moved an invoice: who or what, and why. */
export interface InvoiceMove {
  source: InvoiceLogSource;
  actorId: number | null;
  reason?: string | null;
}

/**
 * Creates an invoice in the caller's transaction with the orders it covers (each with the amount it
 * takes; the unique index of active `invoice_order` rows refuses an order that already has one, a
 * UniqueConstraintError the caller turns into words) and logs its first state.
 */
export async function createInvoice(
  fields: CreationAttributes<Invoice>,
  orders: readonly { orderId: number; amountFen: number }[],
  move: InvoiceMove,
  transaction: Transaction,
): Promise<Invoice> {
  const invoice = await Invoice.create(fields, { transaction });
  await InvoiceOrder.bulkCreate(
    orders.map((order) => ({ invoiceId: invoice.id, projectId: invoice.projectId, ...order })),
    { transaction },
  );
  await InvoiceLog.create(
    {
      invoiceId: invoice.id,
      projectId: invoice.projectId,
      fromStatus: null,
      toStatus: invoice.status,
      source: move.source,
      actorId: move.actorId,
      reason: move.reason?.slice(0, 200) ?? null,
    },
    { transaction },
  );
  return invoice;
}

/**
 * Moves an invoice to `to` in the caller's transaction: saves it (with any field changes already
 * set), holds or frees its orders (`invoice_order.active`, whose unique index refuses a second
 * active invoice of an order: a UniqueConstraintError the caller turns into words) and logs it.
 */
export async function moveInvoice(
  invoice: Invoice,
  to: InvoiceStatus,
  move: InvoiceMove,
  transaction: Transaction,
): Promise<void> {
  const from = invoice.status;
  const wasActive = ACTIVE_INVOICE_STATUS.includes(from);
  const active = ACTIVE_INVOICE_STATUS.includes(to);
  invoice.status = to;
  await invoice.save({ transaction });
  if (wasActive !== active)
    await InvoiceOrder.update(
      { active },
      { where: { invoiceId: invoice.id, projectId: invoice.projectId }, transaction },
    );
  await InvoiceLog.create(
    {
      invoiceId: invoice.id,
      projectId: invoice.projectId,
      fromStatus: from,
      toStatus: to,
      source: move.source,
      actorId: move.actorId,
      reason: move.reason?.slice(0, 200) ?? null,
    },
    { transaction },
  );
}

/** Refuses unless the invoice is in one of the states, naming what it is. */
export function expectStatus(invoice: Invoice, allowed: readonly InvoiceStatus[], action: string): void {
  if (!allowed.includes(invoice.status))
    throw new BusinessError(`发票${INVOICE_STATUS_LABEL[invoice.status]}，不能${action}`);
}

import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import { ACTIVE_INVOICE_STATUS, type InvoiceStatus } from '../../contract/invoice';
import {
  type InvoiceOrderFilters,
  type InvoiceOrderPage,
  type InvoiceOrderRow,
  type InvoiceReOpenAnswer,
  type invoiceOrderMarkAllInput,
  type invoiceOrderMarkInput,
  type invoiceOrderPageInput,
  MARK_ALL_LIMIT,
  type MarkAllAnswer,
  type OrderInvoiceState,
} from '../../contract/invoice-orders';
import type { ActorScope, TenantScope } from '../../core/action';
import { chinaDay } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { newestFirstPage } from '../../core/newest-first';
import { authorize, can, judge } from '../../core/policy';
import { Account } from '../account/account.model';
import { accountIdsMatching } from '../account/student-search';
import { audit } from '../audit/audit.service';
import { PayOrder, PayOrderItem } from '../order/order.model';
import { Unit } from '../unit/unit.model';
import { Invoice, InvoiceOrder } from './invoice.model';
import { markAbilities } from './invoice.policy';
import {
  activeInvoicesOf,
  applyFacts,
  markFacts,
  refundPending,
  refundsPending,
} from './invoice.policy-facts';
import { presentInvoiceOrder } from './invoice.presenter';
import { oneActive } from './invoice.service';
import { createInvoice, invoiceableFen, newRequestNo } from './invoice-state';

/**
 * 开票订单 (`/invoice-manage/order-manage`): the project's paid orders with how each stands with
 * invoices, 标记 (an order invoiced outside the platform: an ISSUED, marked invoice of it, so the one
 * active invoice per order rule holds for it like for any other), 全部标记 of every order a filter
 * matches (one transaction, at most MARK_ALL_LIMIT orders, audited), and `check-re-open`: whether an
 * order may be invoiced (again) now and why not.
 */

const NO_ORDER = '订单不存在';
/** Orders that were paid and count here: paid money, whatever was refunded since. */
const PAID_STATES = ['PAID', 'REFUNDING', 'REFUNDED'] as const;
const PENDING_STATES: readonly InvoiceStatus[] = ['PENDING', 'ISSUING'];

/** SQL of "the order has an invoice link whose invoice is in these states (and active, when asked)". */
function hasInvoiceSql(projectId: number, states: readonly InvoiceStatus[], activeOnly: boolean): string {
  const list = states.map((state) => `'${state}'`).join(', ');
  return `EXISTS (SELECT 1 FROM invoice_order io JOIN invoice i ON i.id = io.invoice_id
    WHERE io.project_id = ${projectId} AND io.order_id = "PayOrder"."id"${activeOnly ? ' AND io.active' : ''}
    AND i.status IN (${list}))`;
}

/** The where of an invoicing state. */
function stateWhere(scope: TenantScope, state: OrderInvoiceState): WhereOptions<PayOrder> {
  const projectId = scope.project.id;
  const literal = (sql: string) => scope.sequelize.literal(sql);
  const active = hasInvoiceSql(projectId, ACTIVE_INVOICE_STATUS, true);
  const reversed = hasInvoiceSql(projectId, ['REVERSED'], false);
  switch (state) {
    case 'PENDING':
      return literal(hasInvoiceSql(projectId, PENDING_STATES, true));
    case 'ISSUED':
      return literal(hasInvoiceSql(projectId, ['ISSUED', 'RED_ISSUING'], true));
    case 'REVERSED':
      return literal(`NOT ${active} AND ${reversed}`);
    case 'NONE':
      return literal(`NOT ${active} AND NOT ${reversed}`);
  }
}

/** The where of 开票订单's filters: the project's orders that were paid (money, not free). */
async function orderWhere(scope: TenantScope, input: InvoiceOrderFilters): Promise<WhereOptions<PayOrder>> {
  const projectId = scope.project.id;
  const and: WhereOptions<PayOrder>[] = [
    { projectId, kind: 'CLASS', status: [...PAID_STATES], paidFen: { [Op.gt]: 0 } },
  ];
  if (input.orderNo) and.push({ orderNo: input.orderNo });
  if (input.student) and.push({ accountId: await accountIdsMatching(projectId, input.student) });
  if (input.paidFrom) and.push({ paidAt: { [Op.gte]: chinaDay(input.paidFrom, false) } });
  if (input.paidTo) and.push({ paidAt: { [Op.lte]: chinaDay(input.paidTo, true) } });
  if (input.invoiceState) and.push(stateWhere(scope, input.invoiceState));
  return { [Op.and]: and };
}

/** How each order stands with invoices: its active invoice, else its last reversed one. */
async function invoicesOf(projectId: number, orderIds: number[], transaction?: Transaction) {
  const links = orderIds.length
    ? await InvoiceOrder.findAll({
        where: { projectId, orderId: orderIds },
        order: [['id', 'ASC']],
        transaction,
      })
    : [];
  const invoiceIds = [...new Set(links.map((link) => link.invoiceId))];
  const invoices = new Map(
    (invoiceIds.length
      ? await Invoice.findAll({ where: { projectId, id: invoiceIds }, transaction })
      : []
    ).map((invoice) => [invoice.id, invoice]),
  );
  const standing = new Map<
    number,
    { state: OrderInvoiceState; invoice: Invoice | null; invoiced: number; reversedBefore: boolean }
  >();
  for (const orderId of orderIds) {
    const mine = links.filter((link) => link.orderId === orderId);
    const active = mine.find((link) => link.active);
    const reversed = mine.filter((link) => invoices.get(link.invoiceId)?.status === 'REVERSED').pop();
    const invoice = active ? (invoices.get(active.invoiceId) ?? null) : null;
    const state: OrderInvoiceState = invoice
      ? PENDING_STATES.includes(invoice.status)
        ? 'PENDING'
        : 'ISSUED'
      : reversed
        ? 'REVERSED'
        : 'NONE';
    standing.set(orderId, {
      state,
      invoice: invoice ?? (reversed ? (invoices.get(reversed.invoiceId) ?? null) : null),
      invoiced: active?.amountFen ?? 0,
      reversedBefore: Boolean(reversed),
    });
  }
  return standing;
}

/** Orders as 开票订单 shows them (their invoices, items, students and units read), each with what the caller may do to it (标记). */
async function invoiceOrderRows(scope: ActorScope, orders: PayOrder[]): Promise<InvoiceOrderRow[]> {
  const projectId = scope.project.id;
  const ids = orders.map((order) => order.id);
  const standing = await invoicesOf(projectId, ids);
  const pending = await refundsPending(scope, ids);
  const items = ids.length
    ? await PayOrderItem.findAll({ where: { projectId, orderId: ids }, order: [['id', 'ASC']] })
    : [];
  const accountIds = [...new Set(orders.map((order) => order.accountId))];
  const accounts = new Map(
    (accountIds.length ? await Account.findAll({ where: { projectId, id: accountIds } }) : []).map((a) => [
      a.id,
      a,
    ]),
  );
  const unitIds = [...new Set(orders.flatMap((order) => (order.unitId ? [order.unitId] : [])))];
  const units = new Map(
    (unitIds.length ? await Unit.findAll({ where: { projectId, id: unitIds } }) : []).map((unit) => [
      unit.id,
      unit.name,
    ]),
  );
  return orders.map((order) => {
    const stand = standing.get(order.id);
    return presentInvoiceOrder(order, {
      account: accounts.get(order.accountId),
      unitName: order.unitId ? (units.get(order.unitId) ?? null) : null,
      classNames: items.filter((item) => item.orderId === order.id).map((item) => item.className),
      standing: stand,
      abilities: markAbilities(scope, markFacts(order, activeOf(stand), pending.has(order.id))),
    });
  });
}

/** `invoice/order-page`: one page of the project's paid orders with their invoicing state, newest first. */
export async function pageInvoiceOrders(
  scope: ActorScope,
  input: z.output<typeof invoiceOrderPageInput>,
): Promise<InvoiceOrderPage> {
  return newestFirstPage(PayOrder, await orderWhere(scope, input), input, (rows) =>
    invoiceOrderRows(scope, rows),
  );
}

/** The active invoice of an order's standing (a reversed one is not). */
const activeOf = (stand: { state: OrderInvoiceState; invoice: Invoice | null } | undefined) =>
  stand?.invoice && stand.state !== 'REVERSED' ? stand.invoice : null;

/**
 * Records each order (locked, checked by the caller) as invoiced outside the platform: one ISSUED,
 * marked invoice per order for what may be invoiced, titled to the student (an order of their own)
 * or the unit (an order its batch payment paid), logged with the remark.
 */
async function markOrders(
  scope: ActorScope,
  orders: PayOrder[],
  remark: string,
  invoiceNumber: string | null,
  transaction: Transaction,
): Promise<void> {
  const projectId = scope.project.id;
  const accounts = new Map(
    (
      await Account.findAll({
        attributes: ['id', 'realName'],
        where: { projectId, id: [...new Set(orders.map((order) => order.accountId))] },
        transaction,
      })
    ).map((account) => [account.id, account.realName]),
  );
  const unitIds = [
    ...new Set(orders.flatMap((order) => (order.batchOrderId && order.unitId ? [order.unitId] : []))),
  ];
  const units = new Map(
    (unitIds.length ? await Unit.findAll({ where: { projectId, id: unitIds }, transaction }) : []).map(
      (unit) => [unit.id, unit],
    ),
  );
  const now = new Date();
  for (const order of orders) {
    const unit = order.batchOrderId && order.unitId ? units.get(order.unitId) : undefined;
    const amount = invoiceableFen(order);
    await createInvoice(
      {
        projectId,
        kind: unit ? 'COLLECTIVE' : 'SINGLE',
        accountId: unit ? null : order.accountId,
        unitId: order.unitId,
        status: 'ISSUED',
        titleType: unit ? 'COMPANY' : 'PERSONAL',
        title: (unit ? unit.name : accounts.get(order.accountId)) || order.orderNo,
        taxNo: unit?.creditCode ?? null,
        email: null,
        amountFen: amount,
        requestNo: newRequestNo('INV'),
        marked: true,
        invoiceNumber,
        issuedAt: now,
        remark,
        createdBy: scope.principal.accountId,
      },
      [{ orderId: order.id, amountFen: amount }],
      { source: 'STAFF', actorId: scope.principal.accountId, reason: `标记线下开票：${remark}` },
      transaction,
    );
  }
}

/**
 * `invoice/order-mark` (标记): records a paid order without an active invoice as invoiced outside the
 * platform (an ISSUED, marked invoice of what may be invoiced), with the remark; audited. Refused for
 * another project's order, an order already invoiced or with an application waiting, or nothing left.
 */
export async function markOrder(
  scope: ActorScope,
  input: z.output<typeof invoiceOrderMarkInput>,
): Promise<InvoiceOrderRow> {
  const projectId = scope.project.id;
  await oneActive(
    () =>
      scope.sequelize.transaction(async (transaction) => {
        const order = await PayOrder.findOne({
          where: { id: input.orderId, projectId },
          transaction,
          lock: transaction.LOCK.UPDATE,
        });
        if (!order) throw new BusinessError(NO_ORDER);
        const active = (await activeInvoicesOf(projectId, [order.id], transaction)).get(order.id) ?? null;
        authorize(
          scope,
          'invoice.mark',
          markFacts(order, active, await refundPending(scope, order.id, transaction)),
        );
        await markOrders(scope, [order], input.remark, input.invoiceNumber ?? null, transaction);
        await audit(
          scope,
          {
            action: 'invoice.order-mark',
            projectId,
            targetType: 'pay_order',
            targetId: order.id,
            detail: {
              orderNo: order.orderNo,
              remark: input.remark,
              invoiceNumber: input.invoiceNumber ?? null,
            },
          },
          transaction,
        );
      }),
    '该订单已开票',
  );
  const order = await PayOrder.findOne({ where: { id: input.orderId, projectId } });
  const [row] = await invoiceOrderRows(scope, order ? [order] : []);
  return row as InvoiceOrderRow;
}

/**
 * `invoice/order-mark-all` (全部标记): marks every order the filters match that may be marked (paid,
 * something left, no active invoice), in one transaction with the orders locked; orders the filters
 * match that may not be marked are left as they are. More than MARK_ALL_LIMIT such orders refuse
 * the whole call (narrow the filters). One audit row names the filters and the orders.
 */
export async function markAllOrders(
  scope: ActorScope,
  input: z.output<typeof invoiceOrderMarkAllInput>,
): Promise<MarkAllAnswer> {
  const projectId = scope.project.id;
  const { remark, ...filters } = input;
  return oneActive(
    () =>
      scope.sequelize.transaction(async (transaction) => {
        const where = await orderWhere(scope, { ...filters, invoiceState: undefined });
        const markable: WhereOptions<PayOrder> = {
          [Op.and]: [
            where,
            { status: 'PAID' },
            scope.sequelize.literal(`"PayOrder"."paid_fen" > "PayOrder"."refunded_fen"`),
            scope.sequelize.literal(`NOT ${hasInvoiceSql(projectId, ACTIVE_INVOICE_STATUS, true)}`),
            ...(filters.invoiceState ? [stateWhere(scope, filters.invoiceState)] : []),
          ],
        };
        const orders = await PayOrder.findAll({
          where: markable,
          order: [['id', 'ASC']],
          limit: MARK_ALL_LIMIT + 1,
          transaction,
          lock: transaction.LOCK.UPDATE,
        });
        if (orders.length === 0) throw new BusinessError('没有可标记的订单');
        if (orders.length > MARK_ALL_LIMIT)
          throw new BusinessError(`可标记的订单超过 ${MARK_ALL_LIMIT} 个，请缩小筛选范围后再全部标记`);
        // Locked now: read their invoices again, so an application saved meanwhile is not overtaken;
        // an order whose refund application is open is left as it is (as 标记 refuses it).
        const ids = orders.map((order) => order.id);
        const active = await activeInvoicesOf(projectId, ids, transaction);
        const pending = await refundsPending(scope, ids, transaction);
        const open = orders.filter((order) =>
          can(scope, 'invoice.mark', markFacts(order, active.get(order.id) ?? null, pending.has(order.id))),
        );
        if (open.length === 0) throw new BusinessError('没有可标记的订单');
        await markOrders(scope, open, remark, null, transaction);
        await audit(
          scope,
          {
            action: 'invoice.order-mark-all',
            projectId,
            targetType: 'pay_order',
            detail: { filters, remark, count: open.length, orderIds: open.map((order) => order.id) },
          },
          transaction,
        );
        return { marked: open.length, orderNos: open.map((order) => order.orderNo) };
      }),
    '所选订单已有开票申请，请刷新后重试',
  );
}

/**
 * `invoice/check-re-open`: whether the order may be invoiced (again) now and why not, for the
 * student (their own order, not one their unit paid), a unit manager (their unit's orders) or
 * staff (any order of the project). After a red reversal the order may be invoiced again for what
 * is left (paid minus refunded); an issued invoice must be reversed first, a reversal must end.
 */
export async function checkReOpen(scope: ActorScope, orderId: number): Promise<InvoiceReOpenAnswer> {
  const projectId = scope.project.id;
  const order = await PayOrder.findOne({ where: { id: orderId, projectId } });
  authorize(scope, 'invoice.ask', { order });
  if (!order) throw new BusinessError(NO_ORDER); // refused by the policy already; narrows the type
  const stand = (await invoicesOf(projectId, [order.id])).get(order.id);
  const active = activeOf(stand);
  const facts = applyFacts(order, active, await refundPending(scope, order.id));
  const reason = judge(scope, 'invoice.apply', facts)?.reason ?? null;
  return {
    allowed: reason === null,
    reason,
    amount: facts.amount,
    invoiceId: active?.id ?? null,
    reversedBefore: stand?.reversedBefore ?? false,
    invoiceState: stand?.state ?? 'NONE',
  };
}

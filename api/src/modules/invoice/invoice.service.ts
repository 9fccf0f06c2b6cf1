import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import {
  type collectiveSaveInput,
  INVOICE_STATUS,
  type InvoiceAllowedAnswer,
  type InvoiceableOrder,
  type InvoiceDetail,
  type InvoiceFilters,
  type InvoiceRow,
  type InvoiceStatistics,
  type InvoiceUnitOption,
  type InvoiceView,
  type invoiceReSaveInput,
  type invoiceSaveInput,
} from '../../contract/invoice';
import type { ActorScope, TenantScope } from '../../core/action';
import { chinaDay } from '../../core/clock';
import { BusinessError, uniqueRefusal } from '../../core/errors';
import { newestFirstList, newestFirstPage } from '../../core/newest-first';
import { authorize, judge } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { Account } from '../account/account.model';
import { accountIdsMatching } from '../account/student-search';
import { PayOrder, PayOrderItem } from '../order/order.model';
import { presentStateLog } from '../order/order.presenter';
import { Unit } from '../unit/unit.model';
import { managedUnitId, visibleUnitRowsWhere, visibleUnitsWhere } from '../unit/unit.policy';
import { Invoice, InvoiceLog, InvoiceOrder } from './invoice.model';
import { HAS_INVOICE, type InvoiceReapplyFacts, reapplyAbilities } from './invoice.policy';
import { activeInvoicesOf, orderApplyFacts, reapplyFacts, reapplyFactsOf } from './invoice.policy-facts';
import {
  INVOICE_COLUMNS,
  presentInvoice,
  presentInvoiceableOrder,
  studentInvoiceView,
} from './invoice.presenter';
import { createInvoice, invoiceableFen, moveInvoice, newRequestNo } from './invoice-state';

/**
 * Invoice applications: the student's (allowed, can-add list, save, re-save, detail, my list), the
 * back office's list, statistics and detail, and collective invoices of a unit's orders. Issuing,
 * reversing and the platform's results live in invoice-issue.ts.
 */

const NO_INVOICE = '发票不存在';
const NO_ORDER = '订单不存在';

/** The invoice rows the caller may reach: the project's; a unit manager's own unit's only. */
function reachableWhere(scope: TenantScope): { projectId: number; unitId?: number } {
  const { principal } = scope;
  return principal
    ? visibleUnitRowsWhere({ project: scope.project, principal })
    : { projectId: scope.project.id };
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** Class names of orders, by order. */
async function classNamesOf(projectId: number, orderIds: number[], transaction?: Transaction) {
  const items = orderIds.length
    ? await PayOrderItem.findAll({
        where: { projectId, orderId: orderIds },
        order: [['id', 'ASC']],
        transaction,
      })
    : [];
  const names = new Map<number, string[]>();
  for (const item of items) names.set(item.orderId, [...(names.get(item.orderId) ?? []), item.className]);
  return names;
}

/** `invoice/invoice-allowed`: whether the student may apply for an invoice of their order now. */
export async function invoiceAllowed(scope: ActorScope, orderId: number): Promise<InvoiceAllowedAnswer> {
  const projectId = scope.project.id;
  const order = await PayOrder.findOne({
    where: { id: orderId, projectId, accountId: scope.principal.accountId },
  });
  if (!order) throw new BusinessError(NO_ORDER);
  const facts = await orderApplyFacts(scope, order);
  const verdict = judge(scope, 'invoice.apply', facts);
  return {
    allowed: verdict === null,
    reason: verdict?.reason ?? null,
    amount: facts.amount,
    invoiceId: facts.active?.id ?? null,
  };
}

/** Paid orders without an active invoice, as the apply screens list them. */
async function invoiceableOrders(
  projectId: number,
  where: WhereOptions<PayOrder>,
): Promise<InvoiceableOrder[]> {
  const orders = await PayOrder.findAll({
    where: {
      [Op.and]: [
        { projectId, status: 'PAID', kind: 'CLASS' },
        where,
        {
          id: {
            [Op.notIn]: PayOrder.sequelize?.literal(
              `(SELECT order_id FROM invoice_order WHERE active AND project_id = ${projectId})`,
            ),
          },
        },
      ],
    },
    order: [
      ['paidAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: 500,
  });
  const payable = orders.filter((order) => invoiceableFen(order) > 0);
  const ids = payable.map((order) => order.id);
  const names = await classNamesOf(projectId, ids);
  const students = new Map(
    (
      await Account.findAll({
        attributes: ['id', 'realName'],
        where: { projectId, id: [...new Set(payable.map((order) => order.accountId))] },
      })
    ).map((account) => [account.id, account.realName]),
  );
  return payable.map((order) =>
    presentInvoiceableOrder(order, names.get(order.id) ?? [], students.get(order.accountId) ?? ''),
  );
}

/** `invoice/can-add-list`: the student's own paid orders (not a unit's) that may be invoiced now. */
export function canAddList(scope: ActorScope): Promise<InvoiceableOrder[]> {
  return invoiceableOrders(scope.project.id, { accountId: scope.principal.accountId, batchOrderId: null });
}

/** Title fields as stored: a person's title carries no taxpayer number. */
function titleOf(input: { titleType: 'PERSONAL' | 'COMPANY'; title: string; taxNo?: string; email: string }) {
  return {
    titleType: input.titleType,
    title: input.title,
    taxNo: input.titleType === 'COMPANY' ? (input.taxNo ?? null) : null,
    email: input.email,
  };
}

/** Refuses an amount above what may be invoiced. */
function checkAmount(requested: number | undefined, max: number): number {
  const amount = requested ?? max;
  if (amount > max) throw new BusinessError(`开票金额不能超过实付金额减去已退款金额（¥${yuan(max)}）`);
  return amount;
}

/** Runs `work`, turning the one-active-invoice index's refusal into words. */
export function oneActive<T>(work: () => Promise<T>, message = HAS_INVOICE): Promise<T> {
  return work().catch(uniqueRefusal(new BusinessError(message)));
}

/**
 * `invoice/save`: the student applies for an invoice of a paid order of their own (PENDING). Refused
 * for another's order, an unpaid or unit-paid order, an amount above paid minus refunded, or an
 * order with an active invoice (also when two applications race: the unique index decides).
 */
export async function saveInvoice(
  scope: ActorScope,
  input: z.output<typeof invoiceSaveInput>,
): Promise<InvoiceView> {
  const projectId = scope.project.id;
  const id = await oneActive(() =>
    scope.sequelize.transaction(async (transaction) => {
      const order = await PayOrder.findOne({
        where: { id: input.orderId, projectId, accountId: scope.principal.accountId },
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      if (!order) throw new BusinessError(NO_ORDER);
      const facts = await orderApplyFacts(scope, order, transaction);
      authorize(scope, 'invoice.apply', facts);
      const amount = checkAmount(input.amount, facts.amount);
      const invoice = await createInvoice(
        {
          projectId,
          kind: 'SINGLE',
          accountId: scope.principal.accountId,
          unitId: order.unitId,
          status: 'PENDING',
          ...titleOf(input),
          amountFen: amount,
          requestNo: newRequestNo('INV'),
          createdBy: scope.principal.accountId,
        },
        [{ orderId: order.id, amountFen: amount }],
        { source: 'STUDENT', actorId: scope.principal.accountId },
        transaction,
      );
      return invoice.id;
    }),
  );
  return studentInvoice(scope, id);
}

/**
 * `invoice/re-save`: a REJECTED or FAILED application of the student applied for again with the
 * title corrected (PENDING, a new request number); its order must still allow the amount and have
 * no other active invoice.
 */
export async function reSaveInvoice(
  scope: ActorScope,
  input: z.output<typeof invoiceReSaveInput>,
): Promise<InvoiceView> {
  const projectId = scope.project.id;
  await oneActive(() =>
    scope.sequelize.transaction(async (transaction) => {
      const invoice = await Invoice.findOne({
        where: { id: input.id, projectId, accountId: scope.principal.accountId, kind: 'SINGLE' },
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      if (!invoice) throw new BusinessError(NO_INVOICE);
      const link = await InvoiceOrder.findOne({ where: { invoiceId: invoice.id, projectId }, transaction });
      const order = link
        ? await PayOrder.findOne({
            where: { id: link.orderId, projectId },
            transaction,
            lock: transaction.LOCK.UPDATE,
          })
        : null;
      const { active, refundPending } = order
        ? await orderApplyFacts(scope, order, transaction)
        : { active: null, refundPending: false };
      const facts = reapplyFacts(invoice, order, active, refundPending);
      authorize(scope, 'invoice.reapply', facts);
      if (!link || !order || !facts.apply) throw new BusinessError(NO_ORDER);
      const amount = checkAmount(input.amount, facts.apply.amount);
      Object.assign(invoice, {
        ...titleOf(input),
        amountFen: amount,
        requestNo: newRequestNo('INV'),
        serialNo: null,
        failure: null,
        rejectReason: null,
      });
      link.amountFen = amount;
      await link.save({ transaction });
      await moveInvoice(
        invoice,
        'PENDING',
        { source: 'STUDENT', actorId: scope.principal.accountId, reason: '重新提交' },
        transaction,
      );
    }),
  );
  return studentInvoice(scope, input.id);
}

/** Invoices as their pages show them: read what they are shown with, shaped by `presentInvoice`. */
async function invoiceRows(
  projectId: number,
  invoices: Invoice[],
  transaction?: Transaction,
): Promise<InvoiceRow[]> {
  const ids = invoices.map((invoice) => invoice.id);
  const links = ids.length
    ? await InvoiceOrder.findAll({
        where: { projectId, invoiceId: ids },
        order: [['id', 'ASC']],
        transaction,
      })
    : [];
  const orderIds = [...new Set(links.map((link) => link.orderId))];
  const orders = new Map(
    (orderIds.length ? await PayOrder.findAll({ where: { projectId, id: orderIds }, transaction }) : []).map(
      (order) => [order.id, order],
    ),
  );
  const classNames = await classNamesOf(projectId, orderIds, transaction);
  const accountIds = [
    ...new Set([
      ...invoices.flatMap((invoice) => (invoice.accountId ? [invoice.accountId] : [])),
      ...[...orders.values()].map((order) => order.accountId),
    ]),
  ];
  const accounts = new Map(
    (accountIds.length
      ? await Account.findAll({ where: { projectId, id: accountIds }, transaction })
      : []
    ).map((a) => [a.id, a]),
  );
  const unitIds = [...new Set(invoices.flatMap((invoice) => (invoice.unitId ? [invoice.unitId] : [])))];
  const units = new Map(
    (unitIds.length ? await Unit.findAll({ where: { projectId, id: unitIds }, transaction }) : []).map(
      (unit) => [unit.id, unit.name],
    ),
  );
  const lookups = { links, orders, classNames, accounts, units };
  return invoices.map((invoice) => presentInvoice(invoice, lookups));
}

/**
 * What a student sees of invoices (no staff remark, no request number), each with what they may do
 * (重新申请, judged by the invoice policy on facts read for all of them at once).
 */
async function studentViews(scope: ActorScope, invoices: Invoice[]): Promise<InvoiceView[]> {
  const rows = await invoiceRows(scope.project.id, invoices);
  const facts = await reapplyFactsOf(scope, invoices);
  return rows.map((row) => ({
    ...studentInvoiceView(row),
    abilities: reapplyAbilities(scope, facts.get(row.id) as InvoiceReapplyFacts),
  }));
}

/** The student's own invoice; refused like a missing one otherwise. */
export async function findStudentInvoice(scope: ActorScope, id: number): Promise<Invoice> {
  return findAccountInvoice(scope, scope.principal.accountId, id);
}

/** One invoice of a student of the project (the student a signed document link names). Throws BusinessError 发票不存在. */
export async function findAccountInvoice(
  scope: TenantScope,
  accountId: number,
  id: number,
): Promise<Invoice> {
  const invoice = await Invoice.findOne({
    where: { id, projectId: scope.project.id, accountId },
  });
  if (!invoice) throw new BusinessError(NO_INVOICE);
  return invoice;
}

/** `invoice/detail`: one invoice of the student. */
export async function studentInvoice(scope: ActorScope, id: number): Promise<InvoiceView> {
  const [view] = await studentViews(scope, [await findStudentInvoice(scope, id)]);
  return view as InvoiceView;
}

/** `invoice/my-list`: the student's invoices, newest first. */
export async function myInvoices(
  scope: ActorScope,
  input: { pageNum: number; pageSize: number },
): Promise<PageAnswer<InvoiceView>> {
  return newestFirstPage(
    Invoice,
    { projectId: scope.project.id, accountId: scope.principal.accountId },
    input,
    (rows) => studentViews(scope, rows),
  );
}

/** The project's invoice; refused like a missing one otherwise. */
export async function findProjectInvoice(
  scope: TenantScope,
  id: number,
  transaction?: Transaction,
): Promise<Invoice> {
  // A unit manager reaches their own unit's invoices only; another's read as missing.
  const invoice = await Invoice.findOne({
    where: { id, ...reachableWhere(scope) },
    transaction,
    lock: transaction ? transaction.LOCK.UPDATE : undefined,
  });
  if (!invoice) throw new BusinessError(NO_INVOICE);
  return invoice;
}

/** One invoice as the back office lists it. */
export async function invoiceRow(scope: TenantScope, id: number): Promise<InvoiceRow> {
  const [row] = await invoiceRows(scope.project.id, [await findProjectInvoice(scope, id)]);
  return row as InvoiceRow;
}

/** The where of the back office's filters. */
async function listWhere(scope: TenantScope, input: InvoiceFilters): Promise<WhereOptions<Invoice>> {
  const projectId = scope.project.id;
  const and: WhereOptions<Invoice>[] = [reachableWhere(scope)];
  if (input.status) and.push({ status: input.status });
  if (input.kind) and.push({ kind: input.kind });
  if (input.unitId) and.push({ unitId: input.unitId });
  if (input.keyword) {
    const order = await PayOrder.findOne({
      attributes: ['id'],
      where: { projectId, orderNo: input.keyword },
    });
    and.push({
      [Op.or]: [
        { title: { [Op.iLike]: containsPattern(input.keyword) } },
        { invoiceNumber: input.keyword },
        ...(order
          ? [
              {
                id: {
                  [Op.in]: scope.sequelize.literal(
                    `(SELECT invoice_id FROM invoice_order WHERE project_id = ${projectId} AND order_id = ${order.id})`,
                  ),
                },
              },
            ]
          : []),
      ],
    });
  }
  if (input.student) and.push({ accountId: await accountIdsMatching(projectId, input.student) });
  if (input.createdFrom) and.push({ createdAt: { [Op.gte]: chinaDay(input.createdFrom, false) } });
  if (input.createdTo) and.push({ createdAt: { [Op.lte]: chinaDay(input.createdTo, true) } });
  return { [Op.and]: and };
}

/**
 * `invoice/page` and `invoice/export-all`: the project's filtered invoices, newest first; the export
 * (no paging) as 发票列表-YYYYMMDD.xlsx, read a batch at a time.
 */
export const invoiceList = newestFirstList({
  model: Invoice,
  where: listWhere,
  present: (scope: TenantScope, rows: Invoice[], transaction?: Transaction) =>
    invoiceRows(scope.project.id, rows, transaction),
  title: '发票列表',
  columns: INVOICE_COLUMNS,
});

/** `invoice/statistics`: counts and amounts of the filtered invoices by state. */
export async function invoiceStatistics(
  scope: TenantScope,
  input: InvoiceFilters,
): Promise<InvoiceStatistics> {
  const rows = (await Invoice.findAll({
    attributes: [
      'status',
      [scope.sequelize.fn('COUNT', scope.sequelize.col('id')), 'count'],
      [scope.sequelize.fn('SUM', scope.sequelize.col('amount_fen')), 'amount'],
    ],
    where: await listWhere(scope, input),
    group: ['status'],
    raw: true,
  })) as unknown as { status: (typeof INVOICE_STATUS)[number]; count: string; amount: string }[];
  const byStatus = Object.fromEntries(
    INVOICE_STATUS.map((status) => [status, { count: 0, amount: 0 }]),
  ) as InvoiceStatistics['byStatus'];
  let total = 0;
  for (const row of rows) {
    byStatus[row.status] = { count: Number(row.count), amount: Number(row.amount) };
    total += Number(row.count);
  }
  return { total, byStatus };
}

/** `invoice/manage-detail`: one invoice of the project with its history. */
export async function invoiceDetail(scope: TenantScope, id: number): Promise<InvoiceDetail> {
  const row = await invoiceRow(scope, id);
  const logs = await InvoiceLog.findAll({
    where: { invoiceId: id, projectId: scope.project.id },
    order: [['id', 'ASC']],
  });
  const actorIds = [...new Set(logs.flatMap((log) => (log.actorId ? [log.actorId] : [])))];
  const actors = new Map(
    (actorIds.length
      ? await Account.findAll({ where: { projectId: scope.project.id, id: actorIds } })
      : []
    ).map((a) => [a.id, a.realName]),
  );
  return {
    ...row,
    logs: logs.map((log) => presentStateLog(log, log.actorId ? (actors.get(log.actorId) ?? null) : null)),
  };
}

/** `invoice/unit-options`: units of the project by part of the name (at most 20). */
export async function unitOptions(scope: ActorScope, name: string | undefined): Promise<InvoiceUnitOption[]> {
  const units = await Unit.findAll({
    where: { ...visibleUnitsWhere(scope), ...(name ? { name: { [Op.iLike]: containsPattern(name) } } : {}) },
    order: [['id', 'ASC']],
    limit: 20,
  });
  return units.map((unit) => ({ id: unit.id, name: unit.name, creditCode: unit.creditCode ?? null }));
}

/** The project's unit; refused like a missing one otherwise. */
async function projectUnit(scope: ActorScope, unitId: number, transaction?: Transaction): Promise<Unit> {
  const unit = await Unit.findOne({ where: { id: unitId, projectId: scope.project.id }, transaction });
  // A unit manager applies for their own unit only; another unit reads as missing.
  const own = managedUnitId(scope);
  if (!unit || (own !== null && own !== unit.id)) throw new BusinessError('单位不存在');
  return unit;
}

/** `invoice/unit-pool`: the unit's paid orders (paid by the unit's batch payments) without an active invoice. */
export async function unitPool(scope: ActorScope, unitId: number): Promise<InvoiceableOrder[]> {
  await projectUnit(scope, unitId);
  return invoiceableOrders(scope.project.id, { unitId, batchOrderId: { [Op.ne]: null } });
}

/**
 * `invoice/collective-save`: one PENDING invoice (titled to a company) of many orders of one unit,
 * each for what it may be invoiced; refused when an order is not the unit's, not paid by it, has
 * nothing left or an active invoice (the whole call: all or nothing).
 */
export async function collectiveSave(
  scope: ActorScope,
  input: z.output<typeof collectiveSaveInput>,
): Promise<InvoiceRow> {
  const projectId = scope.project.id;
  const id = await oneActive(
    () =>
      scope.sequelize.transaction(async (transaction) => {
        await projectUnit(scope, input.unitId, transaction);
        const orders = await PayOrder.findAll({
          where: { projectId, id: input.orderIds },
          order: [['id', 'ASC']],
          transaction,
          lock: transaction.LOCK.UPDATE,
        });
        const found = new Map(orders.map((order) => [order.id, order]));
        const active = await activeInvoicesOf(projectId, input.orderIds, transaction);
        for (const orderId of input.orderIds) {
          const order = found.get(orderId);
          if (!order || order.unitId !== input.unitId || !order.batchOrderId)
            throw new BusinessError(`订单 ${order?.orderNo ?? orderId} 不是该单位统一缴费的订单`);
          if (invoiceableFen(order) <= 0) throw new BusinessError(`订单 ${order.orderNo} 没有可开票金额`);
          if (active.has(orderId)) throw new BusinessError(`订单 ${order.orderNo} 已有开票申请`);
        }
        const amount = orders.reduce((sum, order) => sum + invoiceableFen(order), 0);
        const invoice = await createInvoice(
          {
            projectId,
            kind: 'COLLECTIVE',
            accountId: null,
            unitId: input.unitId,
            status: 'PENDING',
            titleType: 'COMPANY',
            title: input.title,
            taxNo: input.taxNo,
            email: input.email,
            amountFen: amount,
            requestNo: newRequestNo('INV'),
            createdBy: scope.principal.accountId,
          },
          orders.map((order) => ({ orderId: order.id, amountFen: invoiceableFen(order) })),
          { source: 'STAFF', actorId: scope.principal.accountId, reason: '集体发票' },
          transaction,
        );
        return invoice.id;
      }),
    '所选订单已有开票申请',
  );
  return invoiceRow(scope, id);
}

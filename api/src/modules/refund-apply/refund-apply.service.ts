import { formatFen } from '@px/config';
import { Op, type Transaction, type WhereOptions } from 'sequelize';
import {
  OPEN_REFUND_APPLY_STATUS,
  type RefundApplyData,
  type RefundApplyFields,
  type RefundApplyFilters,
  type RefundApplyRow,
  type RefundApplyView,
  type RefundableItem,
  type RefundTextAnswer,
} from '../../contract/refund-apply';
import type { ActorScope, Scope } from '../../core/action';
import { chinaDay } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { newestFirstList } from '../../core/newest-first';
import { authorize, judge } from '../../core/policy';
import { Account } from '../account/account.model';
import { accountIdsMatching } from '../account/student-search';
import { audit } from '../audit/audit.service';
import { Invoice, InvoiceOrder } from '../invoice/invoice.model';
import { Certificate } from '../my-certificate/my-certificate.model';
import { PayOrder, PayOrderItem, PayRefund } from '../order/order.model';
import { studentOrderAbilities } from '../order/order.policy';
import { lockOrder } from '../order/order-state';
import { refundOrder } from '../order/refund.service';
import { classHours } from '../train-class/class-read';
import { MyClass } from '../train-class/train-class.model';
import { RefundApply } from './refund-apply.model';
import {
  myRefundApplyAbilities,
  needsClassFacts,
  orderRefundAbilities,
  REFUND_APPLY_NOT_FOUND,
  REFUND_ORDER_NOT_FOUND,
  type RefundApplyFacts,
  refundApplyAbilities,
  refundApplyFacts,
} from './refund-apply.policy';
import { presentApplyFields, presentApplyRow, REFUND_APPLY_COLUMNS } from './refund-apply.presenter';

/**
 * Students' refund applications (docs/product-decisions.md "Refund applications"). The rules are
 * the project's (`studentRefund`, `refundOrderDays`, `refundClassProcess`, `refundOrderTimes`, no
 * certificate); approval hands the order (or its one item) to the refund engine of the order module
 * and the application follows that refund (`refund-apply.listeners.ts`).
 */

const NOT_FOUND = REFUND_APPLY_NOT_FOUND;
const ORDER_NOT_FOUND = REFUND_ORDER_NOT_FOUND;

/** The study progress (percent, 0..100) of each enrolment: credited required hours of the class's. */
async function progressOf(projectId: number, myClassIds: number[], transaction?: Transaction) {
  const rows = myClassIds.length
    ? await MyClass.findAll({ where: { projectId, id: myClassIds }, transaction })
    : [];
  const hours = await classHours(projectId, [...new Set(rows.map((row) => row.classId))], transaction);
  const progress = new Map<number, number>();
  for (const row of rows) {
    const required = hours.get(row.classId)?.requiredTenths ?? 0;
    const done = row.status === 'FINISHED_STUDY' || row.status === 'PASSED';
    progress.set(
      row.id,
      done ? 100 : required > 0 ? Math.min(100, Math.floor((row.requiredTenths * 100) / required)) : 0,
    );
  }
  return { progress, status: new Map(rows.map((row) => [row.id, row.status])) };
}

/** What applying for a refund of an order reads beyond the order itself. */
interface RefundData {
  /** Its items with what each would give back, its progress and whether it went back already. */
  items: (RefundableItem & { myClassId: number | null })[];
  /** Earlier applications that count against `refundOrderTimes` (withdrawn ones do not). */
  usedTimes: number;
  /** Its application still open, if any. */
  open: RefundApply | null;
  /** The enrolments of its items with a live certificate (read only for orders `needsClassFacts`). */
  certified: ReadonlySet<number>;
}

/**
 * What applying for a refund reads of each of the orders (of one project), by order id: a fixed
 * number of queries however many orders (items, refunds, enrolments, class hours, applications,
 * certificates), so a student's order list costs the same for one order or a page of them.
 */
async function refundDataOf(
  orders: readonly PayOrder[],
  transaction?: Transaction,
): Promise<Map<number, RefundData>> {
  const data = new Map<number, RefundData>();
  if (orders.length === 0) return data;
  const projectId = orders[0].projectId;
  if (orders.some((order) => order.projectId !== projectId))
    throw new Error('orders of one project expected');
  const orderIds = orders.map((order) => order.id);
  const items = await PayOrderItem.findAll({
    where: { projectId, orderId: orderIds },
    order: [['id', 'ASC']],
    transaction,
  });
  const refundedItems = new Set(
    (
      await PayRefund.findAll({
        attributes: ['orderItemId'],
        where: { projectId, orderId: orderIds, status: 'SUCCESS' },
        transaction,
      })
    ).map((refund) => refund.orderItemId),
  );
  const myClassIds = items.flatMap((item) => (item.myClassId ? [item.myClassId] : []));
  const { progress, status } = await progressOf(projectId, myClassIds, transaction);
  // Withdrawn applications do not count; the open ones (PENDING, APPROVED, REFUNDING) are among the rest.
  const applies = await RefundApply.findAll({
    where: { projectId, orderId: orderIds, status: { [Op.ne]: 'CANCELLED' } },
    order: [['id', 'ASC']],
    transaction,
  });
  const full = new Set(orders.filter((order) => needsClassFacts(order)).map((order) => order.id));
  const certifiable = items.flatMap((item) =>
    item.myClassId && full.has(item.orderId) ? [item.myClassId] : [],
  );
  const certified = new Set(
    certifiable.length
      ? (
          await Certificate.findAll({
            attributes: ['myClassId'],
            where: { projectId, myClassId: certifiable, deletedAt: null },
            transaction,
          })
        ).map((certificate) => certificate.myClassId as number)
      : [],
  );
  for (const order of orders) {
    const left = Math.max(0, order.paidFen - order.refundedFen);
    const own = applies.filter((apply) => apply.orderId === order.id);
    data.set(order.id, {
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          orderItemId: item.id,
          className: item.className,
          amount: Math.min(item.amountFen, left),
          progress: item.myClassId ? (progress.get(item.myClassId) ?? 0) : 0,
          refunded:
            order.status === 'REFUNDED' ||
            refundedItems.has(item.id) ||
            (item.myClassId !== null && status.get(item.myClassId) === 'REFUNDED'),
          myClassId: item.myClassId,
        })),
      usedTimes: own.length,
      open: own.find((apply) => OPEN_REFUND_APPLY_STATUS.includes(apply.status as never)) ?? null,
      certified,
    });
  }
  return data;
}

/**
 * What the refund-apply policy reads to judge an application for the order (or its item
 * `orderItemId`), and what would go back. An order the policy refuses before its classes matter
 * (not paid, not paid by the student) is judged without its certificates (`needsClassFacts`).
 */
function applyFacts(
  scope: ActorScope,
  order: PayOrder,
  orderItemId: number | null,
  data: RefundData,
): { facts: RefundApplyFacts; amount: number; items: RefundableItem[]; open: RefundApply | null } {
  const { items, usedTimes, open } = data;
  const left = Math.max(0, order.paidFen - order.refundedFen);
  const chosen =
    orderItemId === null
      ? items.filter((item) => !item.refunded)
      : items.filter((item) => item.orderItemId === orderItemId);
  const amount = orderItemId === null ? left : (chosen[0]?.amount ?? 0);
  const certificates = chosen.filter((item) => item.myClassId && data.certified.has(item.myClassId)).length;
  return {
    facts: refundApplyFacts(scope, order, {
      open: open !== null,
      usedTimes,
      itemMissing: orderItemId !== null && chosen.length === 0,
      chosen,
      certificates,
    }),
    amount,
    items: items.map(({ myClassId: _id, ...item }) => item),
    open,
  };
}

/**
 * Why the caller may not apply for the order (or its item `orderItemId`) now, or null (the
 * refund-apply policy's verdict); and what would go back.
 */
async function judgeApply(
  scope: ActorScope,
  order: PayOrder,
  orderItemId: number | null,
  transaction?: Transaction,
): Promise<{
  refusal: string | null;
  amount: number;
  items: RefundableItem[];
  usedTimes: number;
  open: RefundApply | null;
}> {
  const data = (await refundDataOf([order], transaction)).get(order.id) as RefundData;
  const { facts, amount, items, open } = applyFacts(scope, order, orderItemId, data);
  const verdict = judge(scope, 'refund-apply.apply', facts);
  return { refusal: verdict?.reason ?? null, amount, items, usedTimes: facts.usedTimes, open };
}

/**
 * The student's ability to apply for a refund of each of their orders (`OrderView.abilities`): the
 * orders the policy could allow are judged on facts read for all of them at once (`refundDataOf`),
 * the others on the order alone.
 */
export const refundAbilities = studentOrderAbilities(async (actor, orders, transaction) => {
  const data = await refundDataOf(
    orders.filter((order) => needsClassFacts(order)),
    transaction,
  );
  return (order) => {
    const known = data.get(order.id);
    // Refused before its classes matter: judged on the order alone.
    const facts = known ? applyFacts(actor, order, null, known).facts : refundApplyFacts(actor, order);
    return orderRefundAbilities(actor, facts);
  };
});

/** The orders (of those asked) with an application still open. */
export async function ordersWithOpenApply(
  _scope: Scope,
  input: { projectId: number; orderIds: readonly number[] },
  transaction?: Transaction,
): Promise<ReadonlySet<number>> {
  if (input.orderIds.length === 0) return new Set();
  const rows = await RefundApply.findAll({
    attributes: ['orderId'],
    where: {
      projectId: input.projectId,
      orderId: [...input.orderIds],
      status: [...OPEN_REFUND_APPLY_STATUS],
    },
    transaction,
  });
  return new Set(rows.map((row) => row.orderId));
}

/** The caller's own order, or 订单不存在 (another student's order is never found). */
async function ownOrder(scope: ActorScope, orderId: number, transaction?: Transaction): Promise<PayOrder> {
  const order = transaction
    ? await lockOrder(scope.project.id, orderId, transaction)
    : await PayOrder.findOne({ where: { projectId: scope.project.id, id: orderId } });
  // An examination's fee is refunded by 考务 staff (cms-order/refund), never applied for here.
  if (!order || order.accountId !== scope.principal.accountId || order.kind === 'CMS')
    throw new BusinessError(ORDER_NOT_FOUND);
  return order;
}

/** Applications' own fields: read their orders and items, shaped by `presentApplyFields`. */
async function applyFields(
  projectId: number,
  applies: RefundApply[],
  transaction?: Transaction,
): Promise<RefundApplyFields[]> {
  const orderIds = [...new Set(applies.map((apply) => apply.orderId))];
  const orders = new Map(
    (orderIds.length ? await PayOrder.findAll({ where: { projectId, id: orderIds }, transaction }) : []).map(
      (order) => [order.id, order],
    ),
  );
  const items = orderIds.length
    ? await PayOrderItem.findAll({
        where: { projectId, orderId: orderIds },
        order: [['id', 'ASC']],
        transaction,
      })
    : [];
  return applies.map((apply) => presentApplyFields(apply, orders.get(apply.orderId), items));
}

/** Applications as the student sees them: their fields and what the caller may do to each (撤销申请). */
async function applyViews(
  scope: ActorScope,
  applies: RefundApply[],
  transaction?: Transaction,
): Promise<RefundApplyView[]> {
  const fields = await applyFields(scope.project.id, applies, transaction);
  return applies.map((apply, index) => ({
    ...(fields[index] as RefundApplyFields),
    abilities: myRefundApplyAbilities(scope, apply),
  }));
}

/**
 * What approving a refund does to the order's invoice, by order id, for the orders with an active
 * invoice: nothing happens to the invoice by itself (the refund engine does not touch invoices), so
 * staff are told what is left to do in 发票列表.
 */
async function invoiceWarnings(
  projectId: number,
  orderIds: number[],
  transaction?: Transaction,
): Promise<Map<number, string>> {
  const warnings = new Map<number, string>();
  if (orderIds.length === 0) return warnings;
  const links = await InvoiceOrder.findAll({
    where: { projectId, orderId: [...new Set(orderIds)], active: true },
    transaction,
  });
  const invoices = new Map(
    (links.length
      ? await Invoice.findAll({
          where: { projectId, id: [...new Set(links.map((link) => link.invoiceId))] },
          transaction,
        })
      : []
    ).map((invoice) => [invoice.id, invoice]),
  );
  for (const link of links) {
    const invoice = invoices.get(link.invoiceId);
    if (!invoice) continue;
    const what = `${formatFen(link.amountFen)}`;
    const warning = ((): string | null => {
      switch (invoice.status) {
        case 'ISSUED':
          return `该订单已开具发票（${invoice.invoiceNumber ? `发票号码 ${invoice.invoiceNumber}，` : ''}${what}）。退款不会自动红冲该发票：退款后发票仍为“已开票”，发票列表会标记“订单已退款，需红冲”，请在发票列表中红冲。`;
        case 'ISSUING':
          return `该订单的发票正在开具中（${what}）。退款不会撤回开票：开具后发票列表会标记“订单已退款，需红冲”，请届时红冲。`;
        case 'PENDING':
          return `该订单有待开票的发票申请（${what}）。退款不会处理该申请：退款后它不能再按原金额开票，请在发票列表中驳回或作废。`;
        case 'RED_ISSUING':
          return `该订单的发票正在红冲中（${what}），退款不影响红冲。`;
        default:
          return null;
      }
    })();
    if (warning) warnings.set(link.orderId, warning);
  }
  return warnings;
}

/**
 * Applications as the back office lists them: read the students, payments, auditors and refunds,
 * judge what staff may do, shaped by `presentApplyRow`.
 */
async function applyRows(
  scope: ActorScope,
  applies: RefundApply[],
  transaction?: Transaction,
): Promise<RefundApplyRow[]> {
  const projectId = scope.project.id;
  const fields = await applyFields(projectId, applies, transaction);
  const accountIds = [
    ...new Set(
      applies.flatMap((apply) => (apply.auditedBy ? [apply.accountId, apply.auditedBy] : [apply.accountId])),
    ),
  ];
  const accounts = new Map(
    (accountIds.length
      ? await Account.findAll({
          attributes: ['id', 'realName', 'idCardNo', 'mobile', 'accountName'],
          where: { id: accountIds, [Op.or]: [{ projectId }, { projectId: null }] },
          paranoid: false,
          transaction,
        })
      : []
    ).map((account) => [account.id, account]),
  );
  const orderIds = [...new Set(applies.map((apply) => apply.orderId))];
  const orders = new Map(
    (orderIds.length ? await PayOrder.findAll({ where: { projectId, id: orderIds }, transaction }) : []).map(
      (order) => [order.id, order],
    ),
  );
  const refundIds = applies.flatMap((apply) => (apply.payRefundId ? [apply.payRefundId] : []));
  const refunds = new Map(
    (refundIds.length
      ? await PayRefund.findAll({ where: { projectId, id: refundIds }, transaction })
      : []
    ).map((refund) => [refund.id, refund]),
  );
  const warnings = await invoiceWarnings(
    projectId,
    applies
      .filter((apply) => apply.status === 'PENDING' || apply.status === 'APPROVED')
      .map((a) => a.orderId),
    transaction,
  );
  const lookups = { accounts, orders, refunds };
  return applies.map((apply, index) =>
    presentApplyRow(apply, fields[index] as RefundApplyFields, lookups, {
      ...refundApplyAbilities(scope, apply),
      approveWarning: warnings.get(apply.orderId) ?? null,
    }),
  );
}

/** `refund-apply/refund-text`: the project's refund rules and text. */
export function refundText(scope: ActorScope): RefundTextAnswer {
  const settings = scope.project.settings;
  return {
    studentRefund: settings.studentRefund === 1,
    refundText: settings.refundText,
    refundOrderDays: settings.refundOrderDays,
    refundClassProcess: settings.refundClassProcess,
    refundOrderTimes: settings.refundOrderTimes,
  };
}

/** `refund-apply/get-data`: whether the caller may apply for their order now, and what would go back. */
export async function applyData(scope: ActorScope, orderId: number): Promise<RefundApplyData> {
  const order = await ownOrder(scope, orderId);
  const judged = await judgeApply(scope, order, null);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    allowed: judged.refusal === null,
    refusal: judged.refusal,
    refundable: Math.max(0, order.paidFen - order.refundedFen),
    items: judged.items,
    open: judged.open ? ((await applyViews(scope, [judged.open]))[0] ?? null) : null,
    usedTimes: judged.usedTimes,
    refundText: scope.project.settings.refundText,
  };
}

/** `refund-apply/submit`: the caller applies for their paid order (or one class of it), PENDING. */
export async function submitApply(
  scope: ActorScope,
  input: { orderId: number; orderItemId?: number; reason: string },
): Promise<RefundApplyView> {
  const apply = await scope.sequelize.transaction(async (transaction) => {
    // The order's row lock serialises two submissions of one order.
    const order = await ownOrder(scope, input.orderId, transaction);
    const judged = await judgeApply(scope, order, input.orderItemId ?? null, transaction);
    if (judged.refusal) throw new BusinessError(judged.refusal);
    return RefundApply.create(
      {
        projectId: order.projectId,
        orderId: order.id,
        orderItemId: input.orderItemId ?? null,
        accountId: scope.principal.accountId,
        status: 'PENDING',
        amountFen: judged.amount,
        reason: input.reason,
      },
      { transaction },
    );
  });
  return (await applyViews(scope, [apply]))[0] as RefundApplyView;
}

/** Locks an application of the project (FOR UPDATE) or refuses as 退款申请不存在. */
async function lockApply(scope: ActorScope, id: number, transaction: Transaction): Promise<RefundApply> {
  const apply = await RefundApply.findOne({
    where: { projectId: scope.project.id, id },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!apply) throw new BusinessError(NOT_FOUND);
  return apply;
}

/** `refund-apply/cancel`: the caller withdraws their pending application. */
export async function cancelApply(scope: ActorScope, id: number): Promise<RefundApplyView> {
  const apply = await scope.sequelize.transaction(async (transaction) => {
    const found = await lockApply(scope, id, transaction);
    authorize(scope, 'refund-apply.cancel', found);
    return found.update({ status: 'CANCELLED', finishedAt: new Date() }, { transaction });
  });
  return (await applyViews(scope, [apply]))[0] as RefundApplyView;
}

/** `refund-apply/my-list`: the caller's applications, newest first. */
export async function myApplies(scope: ActorScope): Promise<RefundApplyView[]> {
  const applies = await RefundApply.findAll({
    where: { projectId: scope.project.id, accountId: scope.principal.accountId },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: 200,
  });
  return applyViews(scope, applies);
}

/** One application of the project as the back office lists it. */
async function rowOf(scope: ActorScope, id: number): Promise<RefundApplyRow> {
  const apply = await RefundApply.findOne({ where: { projectId: scope.project.id, id } });
  if (!apply) throw new BusinessError(NOT_FOUND);
  return (await applyRows(scope, [apply]))[0] as RefundApplyRow;
}

/**
 * `refund-apply/do`: staff approve a pending application (PENDING -> APPROVED, audited), then the
 * refund engine refunds the order or its item: the application becomes REFUNDING with the refund
 * (in the refund's own transaction) and follows it to SUCCESS or FAILED. A refusal by the engine
 * (the order is no longer paid, WeChat refused) fails the application with the reason. An APPROVED
 * application (the refund never started: the process stopped between) is approved again.
 */
export async function doApply(scope: ActorScope, id: number): Promise<RefundApplyRow> {
  const actorId = scope.principal.accountId;
  const apply = await scope.sequelize.transaction(async (transaction) => {
    const found = await lockApply(scope, id, transaction);
    authorize(scope, 'refund-apply.approve', found);
    await found.update({ status: 'APPROVED', auditedBy: actorId, auditedAt: new Date() }, { transaction });
    await audit(
      scope,
      {
        action: 'refund-apply.approve',
        projectId: scope.project.id,
        targetType: 'refund_apply',
        targetId: found.id,
        detail: { orderId: found.orderId, orderItemId: found.orderItemId, amountFen: found.amountFen },
      },
      transaction,
    );
    return found;
  });
  try {
    await refundOrder(
      scope,
      { projectId: apply.projectId, id: apply.orderId },
      `学员申请退款：${apply.reason}`.slice(0, 200),
      { source: 'STAFF', actorId },
      {
        orderItemId: apply.orderItemId,
        onStarted: async (_scope, refund, transaction) => {
          const current = await RefundApply.findOne({
            where: { projectId: apply.projectId, id: apply.id },
            transaction,
            lock: transaction.LOCK.UPDATE,
          });
          if (current?.status !== 'APPROVED') throw new BusinessError('该申请已被处理');
          await current.update(
            { status: 'REFUNDING', payRefundId: refund.id, amountFen: refund.amountFen },
            { transaction },
          );
        },
      },
    );
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    // Refused before the refund started: the application fails with the reason (after it started,
    // the refund's failure has moved it already).
    await RefundApply.update(
      { status: 'FAILED', failure: error.message.slice(0, 200), finishedAt: new Date() },
      { where: { projectId: apply.projectId, id: apply.id, status: 'APPROVED' } },
    );
  }
  return rowOf(scope, apply.id);
}

/** `refund-apply/reject`: staff reject a pending application with a reason (audited). */
export async function rejectApply(
  scope: ActorScope,
  input: { id: number; reason: string },
): Promise<RefundApplyRow> {
  await scope.sequelize.transaction(async (transaction) => {
    const found = await lockApply(scope, input.id, transaction);
    authorize(scope, 'refund-apply.reject', found);
    const now = new Date();
    await found.update(
      {
        status: 'REJECTED',
        rejectReason: input.reason,
        auditedBy: scope.principal.accountId,
        auditedAt: now,
        finishedAt: now,
      },
      { transaction },
    );
    await audit(
      scope,
      {
        action: 'refund-apply.reject',
        projectId: scope.project.id,
        targetType: 'refund_apply',
        targetId: found.id,
        detail: { reason: input.reason },
      },
      transaction,
    );
  });
  return rowOf(scope, input.id);
}

/** The conditions of the back office's list and export. */
async function listWhere(scope: ActorScope, input: RefundApplyFilters): Promise<WhereOptions<RefundApply>> {
  const projectId = scope.project.id;
  const and: WhereOptions<RefundApply>[] = [{ projectId }];
  if (input.status) and.push({ status: input.status });
  if (input.orderNo) {
    const orders = await PayOrder.findAll({
      attributes: ['id'],
      where: { projectId, orderNo: input.orderNo },
    });
    and.push({ orderId: orders.map((order) => order.id) });
  }
  if (input.student) and.push({ accountId: await accountIdsMatching(projectId, input.student) });
  if (input.createdFrom) and.push({ createdAt: { [Op.gte]: chinaDay(input.createdFrom, false) } });
  if (input.createdTo) and.push({ createdAt: { [Op.lte]: chinaDay(input.createdTo, true) } });
  return { [Op.and]: and };
}

/**
 * `refund-apply/list` and `refund-apply/export`: the project's applications, filtered, newest first;
 * the export (no paging) as 退款申请-YYYYMMDD.xlsx (China day), read a batch at a time.
 */
export const refundApplyList = newestFirstList({
  model: RefundApply,
  where: listWhere,
  present: (scope: ActorScope, rows: RefundApply[], transaction?: Transaction) =>
    applyRows(scope, rows, transaction),
  title: '退款申请',
  columns: REFUND_APPLY_COLUMNS,
});

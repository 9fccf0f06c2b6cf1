import { maskIdCardNumber } from '@px/config';
import { Op, type Transaction, UniqueConstraintError, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import { CLASS_APPLY_MESSAGES } from '../../contract/class-apply';
import type {
  ClassOption,
  FreeOrderAnswer,
  MyOrderPage,
  myOrderPageInput,
  OrderAbilities,
  OrderDetail,
  OrderFilters,
  OrderItemView,
  OrderRow,
  OrderSubmitAnswer,
  OrderView,
  StudentOption,
  WaitPayAnswer,
} from '../../contract/order';
import type { ActorScope, TenantScope } from '../../core/action';
import { chinaDay } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { NEWEST_FIRST, newestFirstList, newestFirstPage } from '../../core/newest-first';
import { abilitiesOf, gatherFacts } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { namesById } from '../../db/lookups';
import { Account } from '../account/account.model';
import { accountIdsMatching } from '../account/student-search';
import { audit } from '../audit/audit.service';
import { ShopCartItem } from '../cart/cart.model';
import { classesAwaitingApproval } from '../train-class/class-apply.model';
import { chinaToday, notOfferedReason } from '../train-class/class-read';
import { createEnrolment } from '../train-class/enrolment.service';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { TrainPlan } from '../train-plan/train-plan.model';
import { Unit } from '../unit/unit.model';
import { PayAttempt, PayOrder, PayOrderItem, PayOrderLog, PayRefund } from './order.model';
import { orderAbilityHook } from './order.policy';
import {
  ORDER_COLUMNS,
  presentOrderItem,
  presentOrderRow,
  presentOrderView,
  presentPayAttempt,
  presentStateLog,
} from './order.presenter';
import { logOrder, markOrderPaid, newOrderNo, orderExpiry } from './order-state';

/**
 * Orders: checkout of the cart into one order, the student's orders, and the back office's list,
 * detail and free orders. Paying lives in order-pay.service.
 */

/** Advisory-lock namespace serialising the checkouts of one student. */
export const CHECKOUT_LOCK_NAMESPACE = 4_711_020;
const NOT_IN_CART = '所选班级不在您的购物车中';
const NOTHING_TO_PAY = '购物车中没有可结算的班级';

/** Why a class cannot go into a new order of a student, in words. */
const REFUSAL: Record<'OFF_SHELF' | 'ENROL_CLOSED' | 'ENROLLED' | 'PENDING_PAY' | 'NOT_APPROVED', string> = {
  OFF_SHELF: '已下架',
  NOT_APPROVED: CLASS_APPLY_MESSAGES.NOT_APPROVED,
  ENROL_CLOSED: '不在报名时间内',
  ENROLLED: '已报名',
  PENDING_PAY: '已在待支付的订单中，请先完成支付或取消该订单',
};

/** The items of orders, by order id. */
async function itemsOf(projectId: number, orderIds: number[], transaction?: Transaction) {
  const rows = orderIds.length
    ? await PayOrderItem.findAll({
        where: { orderId: orderIds, projectId },
        order: [['id', 'ASC']],
        transaction,
      })
    : [];
  const refunded = new Set(
    (rows.length
      ? await PayRefund.findAll({
          attributes: ['orderItemId'],
          where: { projectId, orderId: orderIds, status: 'SUCCESS', orderItemId: { [Op.ne]: null } },
          transaction,
        })
      : []
    ).map((refund) => refund.orderItemId),
  );
  const byOrder = new Map<number, OrderItemView[]>();
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(presentOrderItem(row, refunded.has(row.id)));
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** Who may refund or invoice an order when no module above answers (never: those modules always do). */
const UNDECIDED: Pick<OrderAbilities, 'canRefund' | 'refundRefusal' | 'canInvoice' | 'invoiceRefusal'> = {
  canRefund: false,
  refundRefusal: '该订单不能申请退款',
  canInvoice: false,
  invoiceRefusal: '该订单不能申请发票',
};

/**
 * The student's abilities on their orders, by order id: paying and cancelling by the order policy,
 * refunding and invoicing by the policies of the modules above (`orderAbilityHook`).
 */
export async function orderAbilities(
  scope: ActorScope,
  orders: PayOrder[],
  transaction?: Transaction,
): Promise<Map<number, OrderAbilities>> {
  const parts = await gatherFacts(scope, orderAbilityHook, { orders }, transaction);
  return new Map(
    orders.map((order) => [
      order.id,
      Object.assign(
        {},
        UNDECIDED,
        abilitiesOf(scope, { pay: ['order.pay', order], cancel: ['order.cancel', order] }),
        ...parts.map((part) => part.get(order.id) ?? {}),
      ) as OrderAbilities,
    ]),
  );
}

/** One order with its items and abilities, as the student sees it. */
export async function orderView(
  scope: ActorScope,
  order: PayOrder,
  transaction?: Transaction,
): Promise<OrderView> {
  const [view] = await orderViews(scope, [order], transaction);
  return view as OrderView;
}

/** Orders with their items and abilities, as the student sees them. */
async function orderViews(scope: ActorScope, orders: PayOrder[], transaction?: Transaction) {
  const items = await itemsOf(
    scope.project.id,
    orders.map((order) => order.id),
    transaction,
  );
  const abilities = await orderAbilities(scope, orders, transaction);
  return orders.map((order) =>
    presentOrderView(order, items.get(order.id) ?? [], abilities.get(order.id) as OrderAbilities),
  );
}

/** Whether the student may not put a class into a new order, and why (enrolled or pending payment). */
export async function enrolmentRefusals(
  projectId: number,
  accountId: number,
  classIds: number[],
  transaction: Transaction,
): Promise<Map<number, 'ENROLLED' | 'PENDING_PAY'>> {
  const rows = await MyClass.findAll({
    where: {
      projectId,
      accountId,
      classId: classIds,
      status: ['PENDING_PAY', 'STUDYING', 'FINISHED_STUDY', 'PASSED', 'EXPIRED'],
    },
    transaction,
  });
  return new Map(rows.map((row) => [row.classId, row.status === 'PENDING_PAY' ? 'PENDING_PAY' : 'ENROLLED']));
}

/** Creates the PENDING_PAY (or, paid at once, STUDYING) enrolments of new order items. */
export async function enrol(
  order: PayOrder,
  classes: TrainClass[],
  status: 'PENDING_PAY' | 'STUDYING',
  transaction: Transaction,
): Promise<void> {
  try {
    for (const cls of classes) {
      const enrolment = await createEnrolment(
        { projectId: order.projectId, accountId: order.accountId, classId: cls.id },
        status,
        transaction,
      );
      await PayOrderItem.create(
        {
          orderId: order.id,
          projectId: order.projectId,
          classId: cls.id,
          className: cls.name,
          classYear: cls.year,
          amountFen: cls.amountFen,
          myClassId: enrolment.id,
        },
        { transaction },
      );
    }
  } catch (error) {
    // The partial unique index on active enrolments decides between concurrent checkouts.
    if (error instanceof UniqueConstraintError) throw new BusinessError('所选班级已报名或已在待支付的订单中');
    throw error;
  }
}

/**
 * `order/submit`: checks the student's cart out (the items `cartItemIds`, else every available item)
 * into one order priced as the classes cost now. Refused, naming the class and the reason, when a
 * class is no longer offered, already enrolled or in an unpaid order. The items leave the cart.
 * A total of 0 is paid at once (channel FREE) and the student is enrolled.
 */
export async function submitOrder(
  scope: ActorScope,
  cartItemIds: number[] | undefined,
  now = new Date(),
): Promise<OrderSubmitAnswer> {
  const projectId = scope.project.id;
  const { accountId } = scope.principal;
  const today = chinaToday(now);
  return scope.sequelize.transaction(async (transaction) => {
    await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, :accountId)', {
      replacements: { namespace: CHECKOUT_LOCK_NAMESPACE, accountId },
      transaction,
    });
    const cart = await ShopCartItem.findAll({
      where: { projectId, accountId, ...(cartItemIds ? { id: cartItemIds } : {}) },
      order: [
        ['createdAt', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction,
    });
    if (cartItemIds && cart.length !== cartItemIds.length) throw new BusinessError(NOT_IN_CART);
    const classIds = cart.map((item) => item.classId);
    const classes = await TrainClass.findAll({ where: { projectId, id: classIds }, transaction });
    const planStatus = new Map(
      (
        await TrainPlan.findAll({
          attributes: ['id', 'status'],
          where: { projectId, id: [...new Set(classes.map((cls) => cls.planId))] },
          transaction,
        })
      ).map((plan) => [plan.id, plan.status]),
    );
    const refusals = await enrolmentRefusals(projectId, accountId, classIds, transaction);
    const awaiting = await classesAwaitingApproval(projectId, accountId, classIds, transaction);
    const byId = new Map(classes.map((cls) => [cls.id, cls]));
    const chosen: TrainClass[] = [];
    for (const item of cart) {
      const cls = byId.get(item.classId);
      const reason = cls
        ? (refusals.get(cls.id) ??
          notOfferedReason(cls, planStatus.get(cls.planId) ?? '', today) ??
          (awaiting.has(cls.id) ? 'NOT_APPROVED' : null))
        : 'OFF_SHELF';
      if (reason === null && cls) chosen.push(cls);
      else if (cartItemIds)
        throw new BusinessError(`班级「${cls?.name ?? item.classId}」${REFUSAL[reason ?? 'OFF_SHELF']}`);
    }
    if (chosen.length === 0) throw new BusinessError(NOTHING_TO_PAY);
    const student = await Account.findOne({ where: { id: accountId, projectId }, transaction });
    const totalFen = chosen.reduce((sum, cls) => sum + cls.amountFen, 0);
    const order = await PayOrder.create(
      {
        projectId,
        orderNo: newOrderNo(now),
        accountId,
        unitId: student?.unitId ?? null,
        status: 'UNPAID',
        channel: null,
        totalFen,
        expiresAt: totalFen > 0 ? orderExpiry(now) : null,
      },
      { transaction },
    );
    await enrol(order, chosen, 'PENDING_PAY', transaction);
    await ShopCartItem.destroy({
      where: { projectId, accountId, classId: chosen.map((cls) => cls.id) },
      transaction,
    });
    await logOrder(order, null, { source: 'STUDENT', actorId: accountId }, transaction);
    if (totalFen === 0) {
      await markOrderPaid(
        scope,
        order,
        { channel: 'FREE', paidFen: 0, paidAt: now },
        { source: 'SYSTEM', actorId: null, reason: '免费班级，无需支付' },
        transaction,
      );
    }
    return { order: await orderView(scope, order, transaction) };
  });
}

/** `order/my-order-page`: the student's orders, newest first. */
export async function pageMyOrders(
  scope: ActorScope,
  input: z.output<typeof myOrderPageInput>,
): Promise<MyOrderPage> {
  const where: WhereOptions<PayOrder> = {
    projectId: scope.project.id,
    accountId: scope.principal.accountId,
    // An examination's fee shows with its application (我的报名), not among the class orders.
    kind: 'CLASS',
    ...(input.status ? { status: input.status } : {}),
  };
  return newestFirstPage(PayOrder, where, input, (rows) => orderViews(scope, rows));
}

/** `order/check-wait-pay`: the student's newest UNPAID order that can still be paid, or null. */
export async function findWaitPay(scope: ActorScope, now = new Date()): Promise<WaitPayAnswer> {
  const order = await PayOrder.findOne({
    where: {
      projectId: scope.project.id,
      accountId: scope.principal.accountId,
      kind: 'CLASS',
      status: 'UNPAID',
      expiresAt: { [Op.gt]: now },
    },
    order: NEWEST_FIRST,
  });
  return { order: order ? await orderView(scope, order) : null };
}

/** The conditions of the back office's order list and export. */
async function listWhere(scope: TenantScope, input: OrderFilters): Promise<WhereOptions<PayOrder>> {
  const projectId = scope.project.id;
  // Examination fee orders are listed under 考务订单 (cms-order/page).
  const and: WhereOptions<PayOrder>[] = [{ projectId, kind: 'CLASS' }];
  if (input.status) and.push({ status: input.status });
  if (input.channel) and.push({ channel: input.channel });
  if (input.unitId) and.push({ unitId: input.unitId });
  if (input.orderNo) and.push({ [Op.or]: [{ orderNo: input.orderNo }, { transactionId: input.orderNo }] });
  if (input.classId)
    and.push({
      id: {
        [Op.in]: scope.sequelize.literal(
          `(SELECT order_id FROM pay_order_item WHERE project_id = ${projectId} AND class_id = ${Number(input.classId)})`,
        ),
      },
    });
  if (input.student) and.push({ accountId: await accountIdsMatching(projectId, input.student) });
  if (input.createdFrom) and.push({ createdAt: { [Op.gte]: chinaDay(input.createdFrom, false) } });
  if (input.createdTo) and.push({ createdAt: { [Op.lte]: chinaDay(input.createdTo, true) } });
  return { [Op.and]: and };
}

/** Orders as the back office lists them: read what they are shown with, shaped by `presentOrderRow`. */
async function orderRows(
  projectId: number,
  orders: PayOrder[],
  transaction?: Transaction,
): Promise<OrderRow[]> {
  const accountIds = [
    ...new Set(
      orders.flatMap((order) => (order.createdBy ? [order.accountId, order.createdBy] : [order.accountId])),
    ),
  ];
  const accounts = new Map(
    (
      await Account.findAll({
        attributes: ['id', 'realName', 'idCardNo', 'mobile', 'accountName'],
        where: { id: accountIds, [Op.or]: [{ projectId }, { projectId: null }] },
        paranoid: false,
        transaction,
      })
    ).map((account) => [account.id, account]),
  );
  const units = await namesById(
    Unit,
    orders.map((order) => order.unitId),
    { where: { projectId }, transaction },
  );
  const items = await itemsOf(
    projectId,
    orders.map((order) => order.id),
    transaction,
  );
  const lookups = { items, accounts, units };
  return orders.map((order) => presentOrderRow(order, lookups));
}

/**
 * `order/page` and `order/export`: the project's orders, filtered, newest first; the export (no
 * paging) as 订单列表-YYYYMMDD.xlsx (China day), read a batch at a time through the export cursor
 * (one snapshot): memory stays flat however many there are.
 */
export const orderList = newestFirstList({
  model: PayOrder,
  where: listWhere,
  present: (scope: TenantScope, rows: PayOrder[], transaction?: Transaction) =>
    orderRows(scope.project.id, rows, transaction),
  title: '订单列表',
  columns: ORDER_COLUMNS,
});

/** `order/detail`: one order of the project with its payments and history. Throws BusinessError 订单不存在. */
export async function getOrderDetail(scope: TenantScope, id: number): Promise<OrderDetail> {
  const projectId = scope.project.id;
  const order = await PayOrder.findOne({ where: { id, projectId } });
  if (!order) throw new BusinessError('订单不存在');
  const [row] = await orderRows(projectId, [order]);
  const attempts = await PayAttempt.findAll({ where: { orderId: id, projectId }, order: [['id', 'ASC']] });
  const logs = await PayOrderLog.findAll({ where: { orderId: id, projectId }, order: [['id', 'ASC']] });
  const actorIds = [...new Set(logs.flatMap((log) => (log.actorId ? [log.actorId] : [])))];
  const actors = new Map(
    (
      await Account.findAll({
        attributes: ['id', 'realName', 'accountName'],
        where: { id: actorIds, [Op.or]: [{ projectId }, { projectId: null }] },
        paranoid: false,
      })
    ).map((account) => [account.id, account.realName || account.accountName || '']),
  );
  return {
    ...(row as OrderRow),
    attempts: attempts.map(presentPayAttempt),
    logs: logs.map((log) => presentStateLog(log, log.actorId ? (actors.get(log.actorId) ?? null) : null)),
  };
}

/**
 * `order/free-order` and `order/batch-free-order`: enrols students of the project in classes of
 * the project without payment: one PAID order per student (channel FREE, priced as the classes cost
 * now, nothing paid), its enrolments STUDYING, logged and audited with who and why. All or nothing:
 * an unknown student or class, or a student already enrolled in (or with an unpaid order of) a
 * class, refuses the whole call naming them.
 */
export async function createFreeOrders(
  scope: ActorScope,
  input: { accountIds: number[]; classIds: number[]; reason: string },
  now = new Date(),
): Promise<FreeOrderAnswer> {
  const projectId = scope.project.id;
  return scope.sequelize.transaction(async (transaction) => {
    const students = await Account.findAll({
      where: { projectId, id: input.accountIds, roleSystem: 3 },
      transaction,
    });
    if (students.length !== input.accountIds.length) throw new BusinessError('所选学员不存在');
    const classes = await TrainClass.findAll({ where: { projectId, id: input.classIds }, transaction });
    if (classes.length !== input.classIds.length) throw new BusinessError('所选班级不存在');
    const orders: FreeOrderAnswer['orders'] = [];
    for (const student of students) {
      await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, :accountId)', {
        replacements: { namespace: CHECKOUT_LOCK_NAMESPACE, accountId: student.id },
        transaction,
      });
      const refusals = await enrolmentRefusals(projectId, student.id, input.classIds, transaction);
      const refused = classes.find((cls) => refusals.has(cls.id));
      if (refused) {
        const why = refusals.get(refused.id) === 'PENDING_PAY' ? '有待支付的订单' : '已报名';
        throw new BusinessError(`学员「${student.realName}」${why}班级「${refused.name}」`);
      }
      const order = await PayOrder.create(
        {
          projectId,
          orderNo: newOrderNo(now),
          accountId: student.id,
          unitId: student.unitId ?? null,
          status: 'PAID',
          channel: 'FREE',
          totalFen: classes.reduce((sum, cls) => sum + cls.amountFen, 0),
          paidFen: 0,
          paidAt: now,
          expiresAt: null,
          remark: input.reason,
          createdBy: scope.principal.accountId,
        },
        { transaction },
      );
      await enrol(order, classes, 'STUDYING', transaction);
      await logOrder(
        order,
        null,
        { source: 'STAFF', actorId: scope.principal.accountId, reason: input.reason },
        transaction,
      );
      orders.push({ id: order.id, orderNo: order.orderNo, accountId: student.id });
    }
    await audit(
      scope,
      {
        action: 'order.free',
        projectId,
        targetType: 'order',
        targetId: orders.map((order) => order.id).join(','),
        detail: { accountIds: input.accountIds, classIds: input.classIds, reason: input.reason },
      },
      transaction,
    );
    return { orders };
  });
}

/**
 * `order/student-options`: up to 20 enabled students of the project whose name contains the keyword,
 * or whose ID number or mobile is it, for choosing whom a free order enrols.
 */
export async function studentOptions(scope: TenantScope, keyword: string): Promise<StudentOption[]> {
  const projectId = scope.project.id;
  const students = await Account.findAll({
    where: {
      projectId,
      roleSystem: 3,
      status: 'ENABLED',
      [Op.or]: [
        { realName: { [Op.iLike]: containsPattern(keyword) } },
        { idCardNo: keyword.toUpperCase() },
        { mobile: keyword },
      ],
    },
    order: [['id', 'DESC']],
    limit: 20,
  });
  const units = await namesById(
    Unit,
    students.map((student) => student.unitId),
    { where: { projectId } },
  );
  return students.map((student) => ({
    id: student.id,
    realName: student.realName,
    idCardNo: student.idCardNo ? maskIdCardNumber(student.idCardNo) : null,
    mobile: student.mobile,
    unitName: student.unitId ? (units.get(student.unitId) ?? null) : null,
  }));
}

/** `order/class-options`: up to 50 classes of the project (newest year, then name), by part of the name. */
export async function classOptions(scope: TenantScope, name: string | undefined): Promise<ClassOption[]> {
  const classes = await TrainClass.findAll({
    where: { projectId: scope.project.id, ...(name ? { name: { [Op.iLike]: containsPattern(name) } } : {}) },
    order: [
      ['year', 'DESC'],
      ['name', 'ASC'],
    ],
    limit: 50,
  });
  return classes.map((cls) => ({
    id: cls.id,
    name: cls.name,
    year: cls.year,
    amount: cls.amountFen,
    onShelf: cls.onShelf,
  }));
}

/** UNPAID orders past their time (any project), oldest first, for the sweep. */
export function overdueOrders(now: Date, limit: number): Promise<PayOrder[]> {
  return PayOrder.findAll({
    where: { status: 'UNPAID', expiresAt: { [Op.lte]: now } },
    order: [['expiresAt', 'ASC']],
    limit,
    // The sweep spans projects on purpose.
    allTenants: true,
  });
}

/** UNPAID orders with an open payment not checked with WeChat for `quietMs` (any project), for the sweep. */
export function ordersToReconcile(now: Date, quietMs: number, limit: number): Promise<PayOrder[]> {
  const before = new Date(now.getTime() - quietMs);
  return PayOrder.findAll({
    where: {
      status: 'UNPAID',
      createdAt: { [Op.lte]: before },
      [Op.or]: [{ checkedAt: null }, { checkedAt: { [Op.lte]: before } }],
      id: {
        [Op.in]: PayOrder.sequelize?.literal("(SELECT order_id FROM pay_attempt WHERE status = 'OPEN')"),
      },
    } as WhereOptions<PayOrder>,
    order: [['createdAt', 'ASC']],
    limit,
    // The sweep spans projects on purpose.
    allTenants: true,
  });
}

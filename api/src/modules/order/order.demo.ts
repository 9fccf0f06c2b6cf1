import { Op, type Transaction } from 'sequelize';
import { Account } from '../account/account.model';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { PayOrder, PayOrderItem } from './order.model';
import { logOrder, newOrderNo } from './order-state';

/** The class the demo student 张三 has paid for, to study at once (its course has the pop-up question). */
export const DEMO_STUDENT_CLASS = '职业道德与安全素养提升班';

/**
 * Enrols the demo student in DEMO_STUDENT_CLASS (STUDYING); `seedOrderDemo` then gives the
 * enrolment its paid order. The other classes stay free for the student to try the cart and pay.
 */
export async function seedStudentEnrolmentDemo(
  projectId: number,
  accountId: number,
  transaction: Transaction,
): Promise<void> {
  const cls = await TrainClass.findOne({ where: { projectId, name: DEMO_STUDENT_CLASS }, transaction });
  if (!cls) throw new Error(`demo class ${DEMO_STUDENT_CLASS} is missing`);
  await MyClass.create({ projectId, accountId, classId: cls.id, status: 'STUDYING' }, { transaction });
}

/** What the demo's paid orders say they were (no WeChat payment stands behind them). */
const DEMO_REMARK = '演示数据：线下缴费';

/**
 * The orders behind the demo enrolments: each demo student enrolled in classes gets one PAID order
 * (channel OFFLINE) holding those enrolments, dated a few days back (the enrolments too), and the
 * first of them also an order that closed unpaid, so the back office's order list shows history.
 * Enrolments that already belong to an order are left alone.
 */
export async function seedOrderDemo(projectId: number, transaction: Transaction): Promise<void> {
  const enrolments = await MyClass.findAll({
    where: {
      projectId,
      status: 'STUDYING',
      id: {
        [Op.notIn]: PayOrder.sequelize?.literal(
          '(SELECT my_class_id FROM pay_order_item WHERE my_class_id IS NOT NULL)',
        ),
      },
    },
    order: [['id', 'ASC']],
    transaction,
  });
  const byStudent = new Map<number, MyClass[]>();
  for (const enrolment of enrolments)
    byStudent.set(enrolment.accountId, [...(byStudent.get(enrolment.accountId) ?? []), enrolment]);
  const classes = new Map(
    (await TrainClass.findAll({ where: { projectId }, transaction })).map((cls) => [cls.id, cls]),
  );
  let daysAgo = byStudent.size + 1;
  for (const [accountId, held] of byStudent) {
    const student = await Account.findOne({ where: { id: accountId, projectId }, transaction });
    const paidAt = new Date(Date.now() - daysAgo-- * 24 * 3600_000);
    const items = held.flatMap((enrolment) => {
      const cls = classes.get(enrolment.classId);
      return cls ? [{ enrolment, cls }] : [];
    });
    const order = await PayOrder.create(
      {
        projectId,
        orderNo: newOrderNo(paidAt),
        accountId,
        unitId: student?.unitId ?? null,
        status: 'PAID',
        channel: 'OFFLINE',
        totalFen: items.reduce((sum, item) => sum + item.cls.amountFen, 0),
        paidFen: items.reduce((sum, item) => sum + item.cls.amountFen, 0),
        expiresAt: null,
        paidAt,
        remark: DEMO_REMARK,
        createdAt: paidAt,
      },
      { transaction },
    );
    for (const { enrolment, cls } of items)
      await PayOrderItem.create(
        {
          orderId: order.id,
          projectId,
          classId: cls.id,
          className: cls.name,
          classYear: cls.year,
          amountFen: cls.amountFen,
          myClassId: enrolment.id,
        },
        { transaction },
      );
    await logOrder(order, null, { source: 'SYSTEM', actorId: null, reason: DEMO_REMARK }, transaction);
    // The enrolments began with the order (the archive shows when a student enrolled).
    await PayOrder.sequelize?.query(
      'UPDATE my_class SET created_at = :paidAt WHERE project_id = :projectId AND id IN (:ids)',
      { replacements: { paidAt, projectId, ids: items.map((item) => item.enrolment.id) }, transaction },
    );
  }
  const [first] = byStudent.keys();
  const other = [...classes.values()].find(
    (cls) =>
      cls.onShelf && cls.amountFen > 0 && !byStudent.get(first ?? 0)?.some((e) => e.classId === cls.id),
  );
  if (first === undefined || !other) return;
  const createdAt = new Date(Date.now() - 2 * 24 * 3600_000);
  const closed = await PayOrder.create(
    {
      projectId,
      orderNo: newOrderNo(createdAt),
      accountId: first,
      unitId: null,
      status: 'CLOSED',
      channel: null,
      totalFen: other.amountFen,
      expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
      closedAt: new Date(createdAt.getTime() + 30 * 60_000),
      closeReason: 'TIMEOUT',
      createdAt,
    },
    { transaction },
  );
  await PayOrderItem.create(
    {
      orderId: closed.id,
      projectId,
      classId: other.id,
      className: other.name,
      classYear: other.year,
      amountFen: other.amountFen,
      myClassId: null,
    },
    { transaction },
  );
  await logOrder(
    closed,
    null,
    { source: 'SYSTEM', actorId: null, reason: '演示数据：超时未支付' },
    transaction,
  );
}

import type { ProjectSettings } from '@px/config';
import { Op, type Transaction } from 'sequelize';
import type { z } from 'zod';
import {
  type ChangeClassOptions,
  type ChangeClassPage,
  type ChangeClassRules,
  type ChangeClassView,
  type changeClassApplyInput,
  type changeClassAuditInput,
  type changeClassCancelInput,
  type changeClassPageInput,
  CHANGE_CLASS_MESSAGES as M,
} from '../../contract/change-class';
import type { ActorScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { authorize, judge } from '../../core/policy';
import { SqlFilter, type SqlPageQuery, sqlAnswers, sqlPageAnswer } from '../../db/sql-page';
import { audit } from '../audit/audit.service';
import { PayOrder, PayOrderItem } from '../order/order.model';
import { moveItemEnrolment } from '../order/order-state';
import { chinaToday, classHours, findOfferedClass, offeredWhere } from '../train-class/class-read';
import { changeEnrolmentClass } from '../train-class/enrolment.service';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { ChangeClassApply } from './change-class.model';
import { CHANGE_NOT_FOUND, progressPercentOf } from './change-class.policy';
import { type ChangeClassRow, presentChangeClass, presentChangeOptions } from './change-class.presenter';

/**
 * Class changes (docs/product-decisions.md "Class changes"). A student may ask to move an
 * enrolment they paid for themselves while it is STUDYING or FINISHED_STUDY, within
 * `openChangeClassDays` days of payment and at most `openChangeClassProcess` percent of its required
 * hours, to another offered class they are not enrolled in whose price is the one paid
 * (`openChangeClassSameAmount`) or not above it. The rules are checked again when the back office
 * approves; approval ends the old enrolment (CHANGED_OUT), starts one in the target (STUDYING) and
 * points the order's item at it, so the order pays for the new class (a later refund ends it).
 * Money never moves in a change.
 */

function rulesOf(settings: ProjectSettings): ChangeClassRules {
  return {
    sameAmount: settings.openChangeClassSameAmount === 1,
    maxProgress: settings.openChangeClassProcess,
    days: settings.openChangeClassDays,
  };
}

/** An enrolment of the student with the order item and the order that paid for it. */
interface Paid {
  myClass: MyClass;
  item: PayOrderItem | null;
  order: PayOrder | null;
  progressPercent: number;
}

async function paidEnrolment(
  scope: ActorScope,
  accountId: number,
  myClassId: number,
  transaction?: Transaction,
): Promise<Paid> {
  const projectId = scope.project.id;
  const myClass = await MyClass.findOne({
    where: { projectId, id: myClassId, accountId },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!myClass) throw new BusinessError(M.NOT_YOURS);
  const item = await PayOrderItem.findOne({
    where: { projectId, myClassId },
    order: [['id', 'DESC']],
    transaction,
  });
  const order = item ? await PayOrder.findOne({ where: { projectId, id: item.orderId }, transaction }) : null;
  const hours = await classHours(projectId, [myClass.classId], transaction);
  const required = hours.get(myClass.classId)?.requiredTenths ?? 0;
  return { myClass, item, order, progressPercent: progressPercentOf(myClass.requiredTenths, required) };
}

/** Why the enrolment may not move at all (whatever the target), or null: the change-class policy's verdict. */
function refusalOf(scope: ActorScope, paid: Paid): string | null {
  const verdict = judge(scope, 'change-class.apply', {
    settings: scope.project.settings,
    now: scope.providers.clock.now(),
    myClass: paid.myClass,
    order: paid.item ? paid.order : null,
    progressPercent: paid.progressPercent,
  });
  return verdict?.reason ?? null;
}

/** Why the enrolment may not move to `target`, or null. */
async function targetRefusal(
  scope: ActorScope,
  paid: Paid,
  target: TrainClass | null,
  transaction?: Transaction,
): Promise<string | null> {
  if (!target) return M.TARGET;
  if (target.id === paid.myClass.classId) return M.SAME_CLASS;
  const paidFen = paid.item?.amountFen ?? 0;
  if (rulesOf(scope.project.settings).sameAmount && target.amountFen !== paidFen) return M.SAME_AMOUNT;
  if (target.amountFen > paidFen) return M.DEARER;
  const enrolled = await MyClass.count({
    where: {
      projectId: scope.project.id,
      accountId: paid.myClass.accountId,
      classId: target.id,
      status: { [Op.notIn]: ['REFUNDED', 'CHANGED_OUT'] },
    },
    transaction,
  });
  return enrolled > 0 ? M.ENROLLED : null;
}

const VIEW_SELECT = `
  SELECT c.id, c.project_id, c.status, c.account_id, a.real_name, a.id_card_no, a.mobile, c.my_class_id,
         c.from_class_id, f.name AS from_class_name, c.to_class_id, t.name AS to_class_name,
         c.order_id, o.order_no, c.paid_fen, c.to_amount_fen, c.progress_percent, c.reason, c.remark,
         auditor.real_name AS audited_by_name, c.audited_at, c.new_my_class_id, c.created_at
    FROM change_class_apply c
    JOIN account a ON a.id = c.account_id
    JOIN train_class f ON f.id = c.from_class_id
    JOIN train_class t ON t.id = c.to_class_id
    JOIN pay_order o ON o.id = c.order_id
    LEFT JOIN account auditor ON auditor.id = c.audited_by`;

/** The list query of the project's applications matching the filter (over `c`, `a`), newest first. */
function viewQuery(scope: ActorScope, filter: SqlFilter, transaction?: Transaction): SqlPageQuery {
  return {
    select: VIEW_SELECT,
    countFrom: 'FROM change_class_apply c JOIN account a ON a.id = c.account_id',
    filter: filter.where('c.project_id = :projectId', { projectId: scope.project.id }),
    orderBy: 'c.created_at DESC, c.id DESC',
    transaction,
  };
}

/** One page of the project's applications matching the filter, newest first. */
function pageViews(
  scope: ActorScope,
  filter: SqlFilter,
  page: { pageNum: number; pageSize: number },
): Promise<ChangeClassPage> {
  return sqlPageAnswer<ChangeClassRow, ChangeClassView>(
    scope.sequelize,
    viewQuery(scope, filter),
    page,
    (row) => presentChangeClass(scope, row),
  );
}

async function viewOf(scope: ActorScope, id: number, transaction?: Transaction): Promise<ChangeClassView> {
  const [view] = await sqlAnswers<ChangeClassRow, ChangeClassView>(
    scope.sequelize,
    viewQuery(scope, new SqlFilter('c.id = :id', { id }), transaction),
    (row) => presentChangeClass(scope, row),
  );
  if (!view) throw new BusinessError(CHANGE_NOT_FOUND);
  return view;
}

/** `change-class/options`: the rules, whether the enrolment may move, and where to. */
export async function changeOptions(scope: ActorScope, myClassId: number): Promise<ChangeClassOptions> {
  const accountId = scope.principal.accountId;
  const paid = await paidEnrolment(scope, accountId, myClassId);
  const current = await TrainClass.findOne({
    where: { projectId: scope.project.id, id: paid.myClass.classId },
  });
  const pendingRow = await ChangeClassApply.findOne({
    where: { projectId: scope.project.id, myClassId, status: 'PENDING' },
  });
  const pending = pendingRow ? await viewOf(scope, pendingRow.id) : null;
  const refusal = refusalOf(scope, paid) ?? (pending ? M.PENDING : null);
  const targets: TrainClass[] = [];
  if (!refusal) {
    const offered = await TrainClass.findAll({
      where: {
        ...offeredWhere(chinaToday(scope.providers.clock.now())),
        projectId: scope.project.id,
        id: { [Op.ne]: paid.myClass.classId },
      } as never,
      order: [
        ['year', 'DESC'],
        ['id', 'ASC'],
      ],
    });
    for (const target of offered) {
      if ((await targetRefusal(scope, paid, target)) === null) targets.push(target);
    }
  }
  return presentChangeOptions({
    rules: rulesOf(scope.project.settings),
    refusal,
    current,
    paidFen: paid.item?.amountFen ?? 0,
    progressPercent: paid.progressPercent,
    targets,
    pending,
  });
}

/** `change-class/do-change-my-class`: the student's application, checked against every rule. */
export async function applyForChange(
  scope: ActorScope,
  input: z.output<typeof changeClassApplyInput>,
): Promise<ChangeClassView> {
  const id = await scope.sequelize.transaction(async (transaction) => {
    const paid = await paidEnrolment(scope, scope.principal.accountId, input.myClassId, transaction);
    const refusal = refusalOf(scope, paid);
    if (refusal) throw new BusinessError(refusal);
    const pending = await ChangeClassApply.count({
      where: { projectId: scope.project.id, myClassId: paid.myClass.id, status: 'PENDING' },
      transaction,
    });
    if (pending > 0) throw new BusinessError(M.PENDING);
    const target = await findOfferedClass(
      scope.project.id,
      input.toClassId,
      chinaToday(scope.providers.clock.now()),
      transaction,
    );
    const targetRefused = await targetRefusal(scope, paid, target, transaction);
    if (targetRefused || !target) throw new BusinessError(targetRefused ?? M.TARGET);
    const created = await ChangeClassApply.create(
      {
        projectId: scope.project.id,
        accountId: paid.myClass.accountId,
        myClassId: paid.myClass.id,
        fromClassId: paid.myClass.classId,
        toClassId: target.id,
        orderId: paid.order?.id as number,
        paidFen: paid.item?.amountFen ?? 0,
        toAmountFen: target.amountFen,
        progressPercent: paid.progressPercent,
        status: 'PENDING',
        reason: input.reason,
      },
      { transaction },
    );
    return created.id;
  });
  return viewOf(scope, id);
}

/** `change-class/my-list`: the student's applications. */
export async function myChanges(
  scope: ActorScope,
  page: { pageNum: number; pageSize: number },
): Promise<ChangeClassPage> {
  return pageViews(
    scope,
    new SqlFilter('c.account_id = :accountId', { accountId: scope.principal.accountId }),
    page,
  );
}

/** `change-class/page`: the project's applications, by state and student. */
export async function pageChanges(
  scope: ActorScope,
  input: z.output<typeof changeClassPageInput>,
): Promise<ChangeClassPage> {
  const filter = new SqlFilter()
    .equals('c.status', 'status', input.status)
    .student(input.keyword, 'a', 'keyword');
  return pageViews(scope, filter, input);
}

/** `change-class/detail`. */
export function changeDetail(scope: ActorScope, id: number): Promise<ChangeClassView> {
  return viewOf(scope, id);
}

/** A pending application of the project, locked; throws when missing or already handled. */
async function lockPending(
  scope: ActorScope,
  id: number,
  transaction: Transaction,
  accountId?: number,
): Promise<ChangeClassApply> {
  const row = await ChangeClassApply.findOne({
    where: { projectId: scope.project.id, id, ...(accountId !== undefined ? { accountId } : {}) },
    lock: transaction.LOCK.UPDATE,
    transaction,
  });
  if (!row) throw new BusinessError(CHANGE_NOT_FOUND);
  authorize(scope, accountId !== undefined ? 'change-class.withdraw' : 'change-class.decide', row);
  return row;
}

/**
 * `change-class/audit`: approval checks the rules again (the enrolment may have moved on, the
 * target closed) and makes the change; rejection keeps everything as it was.
 */
export async function auditChange(
  scope: ActorScope,
  input: z.output<typeof changeClassAuditInput>,
): Promise<ChangeClassView> {
  await scope.sequelize.transaction(async (transaction) => {
    const row = await lockPending(scope, input.id, transaction);
    const now = scope.providers.clock.now();
    const audited = { remark: input.remark ?? null, auditedBy: scope.principal.accountId, auditedAt: now };
    if (!input.pass) {
      await row.update({ ...audited, status: 'REJECTED' }, { transaction });
    } else {
      const paid = await paidEnrolment(scope, row.accountId, row.myClassId, transaction);
      // The progress rule was met when the student asked; the rest must still hold.
      const refusal = refusalOf(scope, { ...paid, progressPercent: row.progressPercent });
      const target = await findOfferedClass(scope.project.id, row.toClassId, chinaToday(now), transaction);
      const targetRefused = refusal ?? (await targetRefusal(scope, paid, target, transaction));
      if (targetRefused) throw new BusinessError(`不能通过：${targetRefused}`);
      const started = await changeEnrolmentClass(
        paid.myClass.id,
        { projectId: scope.project.id, accountId: row.accountId, classId: row.toClassId },
        transaction,
      );
      await moveItemEnrolment(scope.project.id, (paid.item as PayOrderItem).id, started.id, transaction);
      await row.update({ ...audited, status: 'DONE', newMyClassId: started.id }, { transaction });
    }
    await audit(
      scope,
      {
        action: input.pass ? 'change-class.approve' : 'change-class.reject',
        projectId: scope.project.id,
        targetType: 'change_class_apply',
        targetId: row.id,
        detail: { remark: input.remark ?? null, myClassId: row.myClassId, toClassId: row.toClassId },
      },
      transaction,
    );
  });
  return viewOf(scope, input.id);
}

/** `change-class/cancel` (back office) and `change-class/my-cancel` (the student's own). */
export async function cancelChange(
  scope: ActorScope,
  input: z.output<typeof changeClassCancelInput> | { id: number },
  own: boolean,
): Promise<ChangeClassView> {
  await scope.sequelize.transaction(async (transaction) => {
    const row = await lockPending(scope, input.id, transaction, own ? scope.principal.accountId : undefined);
    await row.update(
      {
        status: 'CANCELLED',
        remark: 'remark' in input ? input.remark : null,
        ...(own ? {} : { auditedBy: scope.principal.accountId, auditedAt: scope.providers.clock.now() }),
      },
      { transaction },
    );
    if (!own)
      await audit(
        scope,
        {
          action: 'change-class.cancel',
          projectId: scope.project.id,
          targetType: 'change_class_apply',
          targetId: row.id,
          detail: { remark: 'remark' in input ? input.remark : null },
        },
        transaction,
      );
  });
  return viewOf(scope, input.id);
}

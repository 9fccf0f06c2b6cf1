import { type Transaction, UniqueConstraintError } from 'sequelize';
import type { z } from 'zod';
import {
  type ClassApplyPage,
  type ClassApplyRow,
  type classApplyAuditInput,
  type classApplyInput,
  type classApplyPageInput,
  CLASS_APPLY_MESSAGES as M,
  type MyClassApply,
} from '../../contract/class-apply';
import { ACTIVE_MY_CLASS_STATUS } from '../../contract/train-class';
import type { ActorScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { authorize } from '../../core/policy';
import { SqlFilter, type SqlPageQuery, sqlAnswers, sqlPageAnswer } from '../../db/sql-page';
import { audit } from '../audit/audit.service';
import { ClassApply } from '../train-class/class-apply.model';
import { CLASS_NOT_OFFERED, chinaToday, findOfferedClass } from '../train-class/class-read';
import { MyClass } from '../train-class/train-class.model';
import { presentMyClassApply } from '../train-class/train-class.presenter';
import { type ClassApplyRowData, presentClassApplyRow } from './class-apply.presenter';
import './my-class.policy';

/**
 * `my-class/apply`: the student applies to enrol in an offered class marked 报名需审核. Refused when
 * the class needs no application, the student is enrolled, or an application of theirs is pending
 * or approved (the partial unique index decides between two at once). After a rejection the student
 * may apply again.
 */
export async function applyForClass(
  scope: ActorScope,
  input: z.output<typeof classApplyInput>,
  today = chinaToday(scope.providers.clock.now()),
): Promise<MyClassApply> {
  const projectId = scope.project.id;
  const { accountId } = scope.principal;
  try {
    return await scope.sequelize.transaction(async (transaction) => {
      const cls = await findOfferedClass(projectId, input.classId, today, transaction);
      if (!cls) throw new BusinessError(CLASS_NOT_OFFERED);
      if (!cls.applyRequired) throw new BusinessError(M.NOT_REQUIRED);
      const enrolled = await MyClass.count({
        where: { projectId, accountId, classId: cls.id, status: [...ACTIVE_MY_CLASS_STATUS] },
        transaction,
      });
      if (enrolled) throw new BusinessError(M.ENROLLED);
      const open = await ClassApply.findOne({
        where: { projectId, accountId, classId: cls.id, status: ['PENDING', 'APPROVED'] },
        transaction,
      });
      if (open) throw new BusinessError(open.status === 'PENDING' ? M.PENDING : M.APPROVED);
      const row = await ClassApply.create(
        { projectId, accountId, classId: cls.id, status: 'PENDING', reason: input.reason ?? '' },
        { transaction },
      );
      return presentMyClassApply(row);
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new BusinessError(M.PENDING);
    throw error;
  }
}

const ROW_SELECT = `
  SELECT c.id, c.status, c.account_id, a.real_name, a.id_card_no, a.mobile, u.name AS unit_name,
         c.class_id, t.name AS class_name, t.year AS class_year, t.amount_fen, c.reason, c.remark,
         auditor.real_name AS audited_by_name, c.audited_at, c.created_at
    FROM class_apply c
    JOIN account a ON a.id = c.account_id
    JOIN train_class t ON t.id = c.class_id
    LEFT JOIN unit u ON u.id = a.unit_id
    LEFT JOIN account auditor ON auditor.id = c.audited_by`;

/** The list query of the project's applications matching the filter (over `c`, `a`), pending first then newest. */
function rowQuery(scope: ActorScope, filter: SqlFilter, transaction?: Transaction): SqlPageQuery {
  return {
    select: ROW_SELECT,
    countFrom: 'FROM class_apply c JOIN account a ON a.id = c.account_id',
    filter: filter.where('c.project_id = :projectId', { projectId: scope.project.id }),
    orderBy: "(c.status = 'PENDING') DESC, c.created_at DESC, c.id DESC",
    transaction,
  };
}

/**
 * `class-apply/page`: the project's applications (CANCELLED ones are never made by the product),
 * pending first then newest, by state, class and student (name, ID number or mobile).
 */
export async function pageClassApplies(
  scope: ActorScope,
  input: z.output<typeof classApplyPageInput>,
): Promise<ClassApplyPage> {
  const filter = new SqlFilter("c.status <> 'CANCELLED'")
    .equals('c.status', 'status', input.status)
    .equals('c.class_id', 'classId', input.classId)
    .student(input.student);
  return sqlPageAnswer<ClassApplyRowData, ClassApplyRow>(
    scope.sequelize,
    rowQuery(scope, filter),
    input,
    (row) => presentClassApplyRow(scope, row),
  );
}

/**
 * `class-apply/audit`: approves a pending application (the student may now enrol: cart, order,
 * payment) or rejects it with the remark the student reads on the class's page. Audited.
 */
export async function auditClassApply(
  scope: ActorScope,
  input: z.output<typeof classApplyAuditInput>,
): Promise<ClassApplyRow> {
  return scope.sequelize.transaction(async (transaction) => {
    const row = await ClassApply.findOne({
      where: { projectId: scope.project.id, id: input.id },
      lock: transaction.LOCK.UPDATE,
      transaction,
    });
    if (!row) throw new BusinessError(M.NOT_FOUND);
    authorize(scope, 'class-apply.decide', row);
    await row.update(
      {
        status: input.pass ? 'APPROVED' : 'REJECTED',
        remark: input.remark ?? null,
        auditedBy: scope.principal.accountId,
        auditedAt: scope.providers.clock.now(),
      },
      { transaction },
    );
    await audit(
      scope,
      {
        action: input.pass ? 'class-apply.approve' : 'class-apply.reject',
        projectId: scope.project.id,
        targetType: 'class_apply',
        targetId: row.id,
        detail: { accountId: row.accountId, classId: row.classId, remark: input.remark ?? null },
      },
      transaction,
    );
    const [view] = await sqlAnswers<ClassApplyRowData, ClassApplyRow>(
      scope.sequelize,
      rowQuery(scope, new SqlFilter('c.id = :id', { id: row.id }), transaction),
      (found) => presentClassApplyRow(scope, found),
    );
    if (!view) throw new BusinessError(M.NOT_FOUND);
    return view;
  });
}

import { Op, QueryTypes, type Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { MyClass } from './train-class.model';

/**
 * The enrolments (`my_class`) that paying for classes makes, starts, removes and refunds. This module
 * owns the table; the order module calls these inside its own transaction, with the order locked, a
 * unit's import enrols its students through `enrolUnitStudents`, a unit class transfer moves them
 * through `moveToUnitClass` and an approved class change through `changeEnrolmentClass`.
 */

type Db = Pick<Scope, 'sequelize'>;

/** A student and a class of the project. */
export interface EnrolmentOf {
  projectId: number;
  accountId: number;
  classId: number;
}

/** Creates the enrolment of a new order item: PENDING_PAY until it is paid, STUDYING when paid at once. */
export function createEnrolment(
  of: EnrolmentOf,
  status: 'PENDING_PAY' | 'STUDYING',
  transaction: Transaction,
): Promise<MyClass> {
  return MyClass.create({ ...of, status }, { transaction });
}

/**
 * Enrols a student in a class as STUDYING (a paid order item whose pending enrolment went with its
 * closed order), unless the student holds an active enrolment of the class already. Answers the new
 * enrolment's id, or null when there was one.
 */
export async function enrolPaid(db: Db, of: EnrolmentOf, transaction: Transaction): Promise<number | null> {
  const [enrolment] = await db.sequelize.query<{ id: number }>(
    `INSERT INTO my_class (project_id, account_id, class_id, status)
     VALUES (:projectId, :accountId, :classId, 'STUDYING')
     ON CONFLICT (account_id, class_id)
       WHERE status IN ('PENDING_PAY', 'STUDYING', 'FINISHED_STUDY', 'PASSED', 'EXPIRED')
     DO NOTHING RETURNING id`,
    { replacements: { ...of }, transaction, type: QueryTypes.SELECT },
  );
  return enrolment ? enrolment.id : null;
}

/**
 * Enrols students of a unit in a class as PENDING_PAY (a unit's import: its batch order pays for
 * them), skipping each student who holds an active enrolment of the class already. Answers the new
 * enrolments' ids by student (a skipped student is not in the map).
 */
export async function enrolUnitStudents(
  db: Db,
  of: { projectId: number; classId: number; unitClassId: number; accountIds: readonly number[] },
  transaction: Transaction,
): Promise<Map<number, number>> {
  if (of.accountIds.length === 0) return new Map();
  const enrolled = await db.sequelize.query<{ id: number; account_id: number }>(
    `INSERT INTO my_class (project_id, account_id, class_id, unit_class_id, status, created_at, updated_at)
     SELECT :projectId, account_id, :classId, :unitClassId, 'PENDING_PAY', NOW(), NOW()
       FROM unnest(CAST(ARRAY[:accountIds] AS INTEGER[])) AS a(account_id)
     ON CONFLICT (account_id, class_id)
       WHERE status IN ('PENDING_PAY', 'STUDYING', 'FINISHED_STUDY', 'PASSED', 'EXPIRED')
     DO NOTHING RETURNING id, account_id`,
    {
      replacements: {
        projectId: of.projectId,
        classId: of.classId,
        unitClassId: of.unitClassId,
        accountIds: [...of.accountIds],
      },
      transaction,
      type: QueryTypes.SELECT,
    },
  );
  return new Map(enrolled.map((row) => [Number(row.account_id), Number(row.id)]));
}

/** Starts the PENDING_PAY enrolments among `ids` (their order was paid): they become STUDYING. */
export async function startPendingEnrolments(
  projectId: number,
  ids: readonly number[],
  transaction: Transaction,
): Promise<void> {
  if (ids.length === 0) return;
  await MyClass.update(
    { status: 'STUDYING' },
    { where: { id: [...ids], projectId, status: 'PENDING_PAY' }, transaction },
  );
}

/** Removes the PENDING_PAY enrolments among `ids` (their order closed unpaid). */
export async function removePendingEnrolments(
  projectId: number,
  ids: readonly number[],
  transaction: Transaction,
): Promise<void> {
  if (ids.length === 0) return;
  await MyClass.destroy({ where: { id: [...ids], projectId, status: 'PENDING_PAY' }, transaction });
}

/** Marks the enrolments among `ids` REFUNDED (their order, or its item, was refunded). */
export async function refundEnrolments(
  projectId: number,
  ids: readonly number[],
  transaction: Transaction,
): Promise<void> {
  if (ids.length === 0) return;
  await MyClass.update(
    { status: 'REFUNDED' },
    { where: { id: [...ids], projectId, status: { [Op.ne]: 'REFUNDED' } }, transaction },
  );
}

/**
 * Moves the enrolments among `ids` to another unit class of their class (a unit class transfer; the
 * caller has locked and checked them).
 */
export async function moveToUnitClass(
  db: Db,
  of: { projectId: number; unitClassId: number; ids: readonly number[] },
  transaction: Transaction,
): Promise<void> {
  if (of.ids.length === 0) return;
  await db.sequelize.query(
    `UPDATE my_class SET unit_class_id = :unitClassId, updated_at = NOW()
      WHERE project_id = :projectId AND id IN (:ids)`,
    { replacements: { projectId: of.projectId, unitClassId: of.unitClassId, ids: [...of.ids] }, transaction },
  );
}

/**
 * Changes a student's enrolment to another class (an approved class change; the caller has locked
 * and checked it): enrolment `fromId` ends CHANGED_OUT and a STUDYING one of `to.classId` starts.
 * Answers the new enrolment.
 */
export async function changeEnrolmentClass(
  fromId: number,
  to: EnrolmentOf,
  transaction: Transaction,
): Promise<MyClass> {
  await MyClass.update(
    { status: 'CHANGED_OUT' },
    { where: { id: fromId, projectId: to.projectId, accountId: to.accountId }, transaction },
  );
  return MyClass.create({ ...to, status: 'STUDYING' }, { transaction });
}

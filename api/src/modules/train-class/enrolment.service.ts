import { Op, QueryTypes, type Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { MyClass } from './train-class.model';

/**
 * The enrolments (`my_class`) that paying for classes makes, starts, removes and refunds. This module
 * owns the table; the order module calls these inside its own transaction, with the order locked.
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

import type { Transaction } from 'sequelize';
import type { OrderStatus } from '../../contract/order';
import type { ActorScope, Scope } from '../../core/action';
import { SqlFilter, sqlAnswers } from '../../db/sql-page';
import type { MyClassAbilityPart, MyClassAsk } from '../my-class/my-class.policy';
import { myClassChangeAbilities, needsPaymentFacts, progressPercentOf } from './change-class.policy';

/**
 * The student's 转班 on their enrolments (`MyClassItem.canChangeClass`), answered to the my-class
 * module's hook: the change-class policy's `change-class.offer` on what it reads of each enrolment.
 */

/** What is read of an enrolment beside its row: the order that paid it (through its newest item), a pending application. */
interface EnrolmentPaymentRow {
  id: number;
  order_account_id: number | null;
  order_status: OrderStatus | null;
  batch_order_id: number | null;
  paid_at: Date | null;
  pending: boolean;
}

const PAYMENT_SELECT = `
  SELECT m.id, o.account_id AS order_account_id, o.status AS order_status, o.batch_order_id, o.paid_at,
         EXISTS (SELECT 1 FROM change_class_apply c
                  WHERE c.project_id = m.project_id AND c.my_class_id = m.id AND c.status = 'PENDING') AS pending
    FROM my_class m
    LEFT JOIN LATERAL (SELECT i.order_id FROM pay_order_item i
                        WHERE i.project_id = m.project_id AND i.my_class_id = m.id
                        ORDER BY i.id DESC LIMIT 1) item ON TRUE
    LEFT JOIN pay_order o ON o.project_id = m.project_id AND o.id = item.order_id`;

/** The payment facts of the enrolments (of the project), by enrolment id. */
async function paymentsOf(
  scope: ActorScope,
  myClassIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, EnrolmentPaymentRow>> {
  if (myClassIds.length === 0) return new Map();
  const rows = await sqlAnswers<EnrolmentPaymentRow, EnrolmentPaymentRow>(
    scope.sequelize,
    {
      select: PAYMENT_SELECT,
      countFrom: 'FROM my_class m',
      filter: new SqlFilter('m.project_id = :projectId AND m.id IN (:ids)', {
        projectId: scope.project.id,
        ids: [...myClassIds],
      }),
      orderBy: 'm.id',
      transaction,
    },
    (row) => row,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The 转班 of each of the student's enrolments asked about (of their project), by enrolment id. */
export async function myClassChangeParts(
  scope: Scope,
  input: { enrolments: readonly MyClassAsk[] },
  transaction?: Transaction,
): Promise<ReadonlyMap<number, MyClassAbilityPart>> {
  const parts = new Map<number, MyClassAbilityPart>();
  if (!scope.project || !scope.principal) return parts;
  const actor = scope as ActorScope;
  const { settings } = actor.project;
  const asked = input.enrolments.filter(({ row }) => row.projectId === actor.project.id);
  // An enrolment refused before its payment matters is judged on its row alone.
  const payments = await paymentsOf(
    actor,
    asked.filter(({ row }) => needsPaymentFacts(row.status)).map(({ row }) => row.id),
    transaction,
  );
  const now = actor.providers.clock.now();
  for (const { row, classRequiredTenths } of asked) {
    const payment = payments.get(row.id);
    parts.set(
      row.id,
      myClassChangeAbilities(actor, {
        settings,
        now,
        myClass: row,
        order:
          payment?.order_status && payment.order_account_id !== null
            ? {
                accountId: payment.order_account_id,
                status: payment.order_status,
                batchOrderId: payment.batch_order_id,
                paidAt: payment.paid_at,
              }
            : null,
        progressPercent: progressPercentOf(row.requiredTenths, classRequiredTenths),
        pending: payment?.pending ?? false,
      }),
    );
  }
  return parts;
}

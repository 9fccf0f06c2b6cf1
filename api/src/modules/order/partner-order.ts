import type { Transaction } from 'sequelize';
import type { TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { chinaToday, notOfferedReason } from '../train-class/class-read';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { TrainPlan } from '../train-plan/train-plan.model';
import { PayOrder } from './order.model';
import { CHECKOUT_LOCK_NAMESPACE, enrol, enrolmentRefusals } from './order.service';
import { logOrder, newOrderNo } from './order-state';

/** What enrolling a student for a partner came to. */
export type PartnerEnrolment =
  | { kind: 'CREATED'; order: PayOrder; myClassId: number }
  /** Already enrolled in the class (any way): nothing was made. */
  | { kind: 'EXISTING'; myClassId: number };

/**
 * Enrols a student of the project in an offered class for a partner platform, in the caller's
 * transaction: one PAID order of channel PARTNER (priced as the class costs now, settled between
 * the partner and the project, so nothing is paid through us: `paidFen` 0), its enrolment
 * STUDYING, logged with the partner app. A student already enrolled answers that enrolment; one with
 * an unpaid order of the class, or a class not offered now, is refused (BusinessError).
 */
export async function enrolForPartner(
  scope: TenantScope,
  input: {
    accountId: number;
    unitId: number | null;
    classId: number;
    appId: number;
    appName: string;
    requestId: string;
  },
  transaction: Transaction,
): Promise<PartnerEnrolment> {
  const projectId = scope.project.id;
  const now = scope.providers.clock.now();
  await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, :accountId)', {
    replacements: { namespace: CHECKOUT_LOCK_NAMESPACE, accountId: input.accountId },
    transaction,
  });
  const cls = await TrainClass.findOne({ where: { projectId, id: input.classId }, transaction });
  if (!cls) throw new BusinessError('班级不存在');
  const refusal = (await enrolmentRefusals(projectId, input.accountId, [cls.id], transaction)).get(cls.id);
  if (refusal === 'ENROLLED') {
    const existing = await MyClass.findOne({
      where: {
        projectId,
        accountId: input.accountId,
        classId: cls.id,
        status: ['STUDYING', 'FINISHED_STUDY', 'PASSED', 'EXPIRED'],
      },
      transaction,
    });
    if (existing) return { kind: 'EXISTING', myClassId: existing.id };
  }
  if (refusal === 'PENDING_PAY') throw new BusinessError(`学员已有班级「${cls.name}」的待支付订单`);
  const plan = await TrainPlan.findOne({
    attributes: ['status'],
    where: { projectId, id: cls.planId },
    transaction,
  });
  const notOffered = notOfferedReason(cls, plan?.status ?? '', chinaToday(now));
  if (notOffered === 'OFF_SHELF') throw new BusinessError(`班级「${cls.name}」未上架`);
  if (notOffered === 'ENROL_CLOSED') throw new BusinessError(`班级「${cls.name}」不在报名时间内`);
  const order = await PayOrder.create(
    {
      projectId,
      orderNo: newOrderNo(now),
      accountId: input.accountId,
      unitId: input.unitId,
      status: 'PAID',
      channel: 'PARTNER',
      totalFen: cls.amountFen,
      paidFen: 0,
      paidAt: now,
      expiresAt: null,
      remark: `合作平台「${input.appName}」报名 ${input.requestId}`.slice(0, 200),
      createdBy: null,
    },
    { transaction },
  );
  await enrol(order, [cls], 'STUDYING', transaction);
  await logOrder(
    order,
    null,
    { source: 'PARTNER', actorId: null, detail: { appId: input.appId, requestId: input.requestId } },
    transaction,
  );
  const enrolment = await MyClass.findOne({
    where: { projectId, accountId: input.accountId, classId: cls.id, status: 'STUDYING' },
    transaction,
  });
  if (!enrolment) throw new Error('partner enrolment missing after insert');
  return { kind: 'CREATED', order, myClassId: enrolment.id };
}

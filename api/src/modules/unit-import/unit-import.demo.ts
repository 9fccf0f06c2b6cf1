import { idCardCheckChar, ROLE_SYSTEM } from '@px/config';
import type { Sequelize, Transaction } from 'sequelize';
import { Account } from '../account/account.model';
import { Role } from '../account/role.model';
import { addBatchChildren, newBatchNo } from '../order/batch-order-state';
import { BatchOrder } from '../order/order.model';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { UnitClass } from '../unit-class/unit-class.model';
import { UnitImport } from './unit-import.model';

/** The demo unit's staff imported into its unit class, awaiting the unit's payment (README). */
export const DEMO_UNIT_STAFF = [
  { realName: '陈建国', idBody: '11010519850312003', mobile: '13700000101' },
  { realName: '刘海燕', idBody: '11010519880726004', mobile: '13700000102' },
  { realName: '杨志强', idBody: '11010519920105001', mobile: '13700000103' },
] as const;

/** A demo staff member's ID number (with its check character). */
export const demoStaffIdCardNo = (idBody: string) => idBody + idCardCheckChar(idBody);

/**
 * The demo unit class's first import, as the job leaves one: three staff of the demo unit (new
 * accounts, no password) enrolled PENDING_PAY through the unit class, one child order each under a
 * batch order that waits for the unit's one Native payment (批量缴费).
 */
export async function seedUnitImportDemo(
  sequelize: Sequelize,
  projectId: number,
  unitClassName: string,
  managerId: number,
  transaction: Transaction,
): Promise<void> {
  const unitClass = await UnitClass.findOne({ where: { projectId, name: unitClassName }, transaction });
  if (!unitClass) throw new Error('the demo unit class is missing');
  const trainClass = await TrainClass.findOne({ where: { projectId, id: unitClass.classId }, transaction });
  const role = await Role.findOne({ where: { projectId, code: 'student' }, transaction });
  if (!trainClass || !role) throw new Error('the demo class or student role is missing');
  const staff = [];
  for (const person of DEMO_UNIT_STAFF) {
    const account = await Account.create(
      {
        projectId,
        unitId: unitClass.unitId,
        roleId: role.id,
        roleSystem: ROLE_SYSTEM.STUDENT,
        realName: person.realName,
        idCardNo: demoStaffIdCardNo(person.idBody),
        mobile: person.mobile,
        passwordHash: null,
      },
      { transaction },
    );
    const enrolment = await MyClass.create(
      {
        projectId,
        accountId: account.id,
        classId: trainClass.id,
        unitClassId: unitClass.id,
        status: 'PENDING_PAY',
      },
      { transaction },
    );
    staff.push({ account, enrolment });
  }
  const batch = await BatchOrder.create(
    {
      projectId,
      unitId: unitClass.unitId,
      unitClassId: unitClass.id,
      batchNo: newBatchNo(),
      status: 'CREATED',
      createdBy: managerId,
    },
    { transaction },
  );
  const orderIds = await addBatchChildren(
    { sequelize },
    batch,
    staff.map(({ account, enrolment }) => ({
      accountId: account.id,
      myClassId: enrolment.id,
      classId: trainClass.id,
      className: trainClass.name,
      classYear: trainClass.year,
      amountFen: trainClass.amountFen,
    })),
    { source: 'STAFF', actorId: managerId, reason: '单位导入学员' },
    transaction,
  );
  const done = await UnitImport.create(
    {
      projectId,
      unitId: unitClass.unitId,
      unitClassId: unitClass.id,
      batchOrderId: batch.id,
      fileName: '演示单位职工名单.xlsx',
      status: 'DONE',
      total: staff.length,
      processed: staff.length,
      okCount: staff.length,
      failedCount: 0,
      createdBy: managerId,
      finishedAt: new Date(),
    },
    { transaction },
  );
  await sequelize.query(
    `INSERT INTO unit_import_row (import_id, row_no, real_name, id_card_no, mobile, status, account_id, order_id)
     SELECT :importId, n + 1, real_name, id_card_no, mobile, 'DONE', account_id, order_id
       FROM unnest(CAST(ARRAY[:names] AS VARCHAR[]), CAST(ARRAY[:idCardNos] AS VARCHAR[]),
                   CAST(ARRAY[:mobiles] AS VARCHAR[]), CAST(ARRAY[:accountIds] AS INTEGER[]),
                   CAST(ARRAY[:orderIds] AS INTEGER[])) WITH ORDINALITY
            AS r(real_name, id_card_no, mobile, account_id, order_id, n)`,
    {
      replacements: {
        importId: done.id,
        names: staff.map(({ account }) => account.realName),
        idCardNos: staff.map(({ account }) => account.idCardNo),
        mobiles: staff.map(({ account }) => account.mobile),
        accountIds: staff.map(({ account }) => account.id),
        orderIds: staff.map(({ account }) => orderIds.get(account.id) ?? null),
      },
      transaction,
    },
  );
}

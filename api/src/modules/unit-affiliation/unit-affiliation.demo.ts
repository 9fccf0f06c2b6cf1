import { ROLE_SYSTEM } from '@px/config';
import type { Transaction } from 'sequelize';
import { Account } from '../account/account.model';
import { Role } from '../account/role.model';
import { Unit } from '../unit/unit.model';
import { UnitAffiliation } from './unit-affiliation.model';

/** The demo unit affiliated under the demo unit, and its students (README). */
export const DEMO_AFFILIATED_UNIT = {
  name: '演示培训单位（分部）',
  /** A valid unified social credit code (check character verified by the seed test). */
  creditCode: '91370102MA7D2F1K35',
  students: [
    { realName: '孙立伟', idCardNo: '370102199504123016', mobile: '13700000201' },
    { realName: '周晓敏', idCardNo: '370103199708262022', mobile: '13700000202' },
  ],
} as const;

/**
 * Affiliates a small demo unit, 演示培训单位（分部）, under the demo unit with two students of its own
 * (no password: SMS code, WeChat or 忘记密码), so the demo unit manager sees them under 挂靠单位学员.
 * The affiliation is made by the project admin `createdBy`.
 */
export async function seedUnitAffiliationDemo(
  projectId: number,
  supervisingUnitId: number,
  createdBy: number,
  transaction: Transaction,
): Promise<void> {
  const role = await Role.findOne({ where: { projectId, code: 'student' }, transaction });
  if (!role) throw new Error('the student role is missing');
  const branch = await Unit.create(
    {
      projectId,
      name: DEMO_AFFILIATED_UNIT.name,
      creditCode: DEMO_AFFILIATED_UNIT.creditCode,
      contactName: '孙主任',
      contactMobile: '13900000001',
      regionCode: '370112',
      address: '山东省济南市历城区示范路2号',
      trainTypes: ['public'],
      remark: '演示数据：挂靠在演示培训单位下',
    },
    { transaction },
  );
  await UnitAffiliation.create(
    { projectId, unitId: branch.id, supervisingUnitId, createdBy },
    { transaction },
  );
  for (const person of DEMO_AFFILIATED_UNIT.students) {
    await Account.create(
      {
        projectId,
        unitId: branch.id,
        roleId: role.id,
        roleSystem: ROLE_SYSTEM.STUDENT,
        ...person,
        passwordHash: null,
      },
      { transaction },
    );
  }
}

import type { Transaction } from 'sequelize';
import { IdentityCheck } from './identity-check.model';

/**
 * The demo's identity checks: the demo student's registration check, matched by the simulated
 * service (学员管理 shows 张三 as 已核验; the others are unchecked until staff press 实名核验).
 */
export async function seedIdentityDemo(
  projectId: number,
  student: { id: number; realName: string; idCardNo: string | null },
  transaction: Transaction,
): Promise<void> {
  if (!student.idCardNo) return;
  await IdentityCheck.create(
    {
      projectId,
      accountId: student.id,
      purpose: 'REGISTER',
      realName: student.realName,
      idCardNo: student.idCardNo,
      result: 'MATCH',
      code: '0',
      description: '姓名和身份证号一致',
      requestId: null,
      simulated: true,
      checkedBy: null,
    },
    { transaction },
  );
}

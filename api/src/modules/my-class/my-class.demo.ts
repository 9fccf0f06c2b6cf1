import type { Transaction } from 'sequelize';
import { Account } from '../account/account.model';
import { ClassApply } from '../train-class/class-apply.model';
import { DEMO_REVIEWERS } from '../train-class/class-evaluation.demo';
import { DEMO_APPLY_CLASS } from '../train-class/train-class.demo';
import { TrainClass } from '../train-class/train-class.model';

/**
 * The demo of enrolment applications (after the classes and the reviewers): 李四 has applied to
 * the class marked 报名需审核 and waits in 报名审核; 王五's application was rejected with a reason.
 */
export async function seedClassApplyDemo(projectId: number, transaction: Transaction): Promise<void> {
  const cls = await TrainClass.findOne({ where: { projectId, name: DEMO_APPLY_CLASS }, transaction });
  if (!cls) throw new Error(`the demo class ${DEMO_APPLY_CLASS} is missing`);
  // One statement: statements of one transaction share its connection, which runs them one at a time.
  const found = await Account.findAll({
    where: { projectId, idCardNo: DEMO_REVIEWERS.slice(0, 2).map((reviewer) => reviewer.idCardNo) },
    transaction,
  });
  const [lisi, wangwu] = DEMO_REVIEWERS.slice(0, 2).map((reviewer) =>
    found.find((account) => account.idCardNo === reviewer.idCardNo),
  );
  if (!lisi || !wangwu) throw new Error('the demo reviewers are missing');
  await ClassApply.create(
    {
      projectId,
      accountId: lisi.id,
      classId: cls.id,
      status: 'PENDING',
      reason: '单位安排参加本年度安全管理研修',
    },
    { transaction },
  );
  await ClassApply.create(
    {
      projectId,
      accountId: wangwu.id,
      classId: cls.id,
      status: 'REJECTED',
      reason: '想了解特种作业安全管理',
      remark: '本期仅面向特种作业单位的安全管理人员',
      auditedAt: new Date(),
    },
    { transaction },
  );
}

import { DEMO_REGULATOR_APP } from '@px/regulator/sim';
import type { Sequelize, Transaction } from 'sequelize';
import { Account } from '../account/account.model';
import { issueClassCertificate } from '../my-certificate/certificate-issue';
import { DEMO_PASSED_CLASS } from '../my-certificate/my-certificate.demo';
import { DEMO_REVIEWERS } from '../train-class/class-evaluation.demo';
import { MyClass, TrainClass, TrainClassCourse } from '../train-class/train-class.model';
import { insertOriginalPushes } from './push.service';
import { RegulatorPushConfig } from './push-config.model';

/**
 * The demo project reports to the regulator simulator with the simulator's demo app (its page at
 * `监管平台 (sim)` lists the same app id and secret): on, both base types, automatic.
 */
export async function seedRegulatorDemo(projectId: number, transaction: Transaction): Promise<void> {
  await RegulatorPushConfig.create(
    {
      projectId,
      enabled: true,
      endpoint: null,
      appId: DEMO_REGULATOR_APP.appId,
      appSecret: DEMO_REGULATOR_APP.secret,
      baseTypes: ['public', 'specialized'],
      pushMode: 'AUTO',
      updatedBy: null,
    },
    { transaction },
  );
}

/** The demo students who passed last year's class besides 张三: 王五 (accepted) and 赵六 (refused). */
const [, WANGWU, ZHAOLIU] = DEMO_REVIEWERS;

/**
 * What the simulated regulator's population register says at start: 赵六's ID number belongs to
 * 赵陆 (the name was mistyped when 赵六 registered), so his record is refused ID_NAME_MISMATCH and
 * waits in 推送异常 until staff correct the name.
 */
export const DEMO_REGULATOR_REGISTER: readonly { idNumber: string; name: string }[] = [
  { idNumber: ZHAOLIU.idCardNo, name: '赵陆' },
];

/**
 * The demo's reporting: 王五 and 赵六 passed last year's class too (with their certificates), and the
 * three passed enrolments (张三's, theirs) wait as pushes written when they passed; the server's
 * sender delivers them at start: 张三's and 王五's are accepted, 赵六's refused (the register
 * above).
 */
export async function seedRegulatorPushDemo(
  sequelize: Sequelize,
  projectId: number,
  transaction: Transaction,
): Promise<void> {
  const cls = await TrainClass.findOne({ where: { projectId, name: DEMO_PASSED_CLASS }, transaction });
  if (!cls) throw new Error(`demo class ${DEMO_PASSED_CLASS} is missing`);
  const required =
    (await TrainClassCourse.sum('hoursTenths', {
      where: { projectId, classId: cls.id, kind: 'REQUIRED' },
      transaction,
    })) || 0;
  const passedAt = new Date(`${cls.studyEndDate}T10:00:00+08:00`);
  const students = await Account.findAll({
    where: { projectId, idCardNo: [WANGWU.idCardNo, ZHAOLIU.idCardNo] },
    order: [['id', 'ASC']],
    transaction,
  });
  for (const student of students) {
    const enrolment = await MyClass.create(
      {
        projectId,
        accountId: student.id,
        classId: cls.id,
        status: 'PASSED',
        requiredTenths: required,
        electiveTenths: 0,
        finishedStudyAt: passedAt,
        passedAt,
        createdAt: new Date(`${cls.studyStartDate}T09:00:00+08:00`),
      },
      { transaction },
    );
    await issueClassCertificate(
      { projectId, myClassId: enrolment.id, accountId: student.id, classId: cls.id, passedAt, score: null },
      transaction,
    );
  }
  const passed = await MyClass.findAll({
    attributes: ['id'],
    where: { projectId, classId: cls.id, status: 'PASSED' },
    order: [['id', 'ASC']],
    transaction,
  });
  await insertOriginalPushes(
    sequelize,
    projectId,
    passed.map((row) => row.id),
    'AUTO',
    null,
    transaction,
  );
}

import type { Transaction } from 'sequelize';
import type { SkillLevel } from '../../contract/my-certificate';
import { AuditLog } from '../audit/audit-log.model';
import { chinaToday } from '../train-class/class-read';
import { MyClass, TrainClass, TrainClassCourse } from '../train-class/train-class.model';
import { issueClassCertificate, issueSkillCertificate } from './certificate-issue';
import type { Certificate } from './my-certificate.model';

/** The demo class the demo student has passed (last year's, free, with the demo template). */
export const DEMO_PASSED_CLASS = '公需科目综合学习班（上年度）';

/**
 * The demo student's passed enrolment in DEMO_PASSED_CLASS (its required hours credited, passed at
 * the end of last year's class) and the certificate issued for it, as `enrolmentPassed` would issue
 * it (seeds have no request scope, so the issuing service is called directly): the class
 * certificate and the year certificate of last year. Throws when the class is missing.
 */
export async function seedCertificateIssueDemo(
  projectId: number,
  accountId: number,
  transaction: Transaction,
): Promise<Certificate> {
  const cls = await TrainClass.findOne({ where: { projectId, name: DEMO_PASSED_CLASS }, transaction });
  if (!cls) throw new Error(`demo class ${DEMO_PASSED_CLASS} is missing`);
  const required = await TrainClassCourse.sum('hoursTenths', {
    where: { projectId, classId: cls.id, kind: 'REQUIRED' },
    transaction,
  });
  const passedAt = new Date(`${cls.studyEndDate}T10:00:00+08:00`);
  const enrolment = await MyClass.create(
    {
      projectId,
      accountId,
      classId: cls.id,
      status: 'PASSED',
      requiredTenths: required || 0,
      electiveTenths: 0,
      finishedStudyAt: passedAt,
      passedAt,
      createdAt: new Date(`${cls.studyStartDate}T09:00:00+08:00`),
    },
    { transaction },
  );
  const { certificate } = await issueClassCertificate(
    { projectId, myClassId: enrolment.id, accountId, classId: cls.id, passedAt, score: null },
    transaction,
  );
  return certificate;
}

/** The skill certificate the demo student holds. */
export const DEMO_SKILL_CERTIFICATE: {
  skillName: string;
  skillCode: string;
  skillLevel: SkillLevel;
  score: number;
} = {
  skillName: '电工',
  skillCode: '6-31-01-03',
  skillLevel: 'L4',
  score: 85,
};

/**
 * The demo student's skill certificate DEMO_SKILL_CERTIFICATE (电工 四级/中级工, assessed 30 days
 * before the seed, issued by `issuer` with the default layout), through the same issuing service as
 * `my-certificate/skill-init` (seeds have no request scope, so it is called directly, unaudited).
 */
export function seedSkillCertificateDemo(
  projectId: number,
  accountId: number,
  issuer: string,
  transaction: Transaction,
  now: Date = new Date(),
): Promise<Certificate> {
  return issueSkillCertificate(
    {
      projectId,
      accountId,
      ...DEMO_SKILL_CERTIFICATE,
      assessDate: chinaToday(new Date(now.getTime() - 30 * 86_400_000)),
      issuer,
    },
    now,
    transaction,
  );
}

/**
 * The demo of 证书待补打: staff corrected a typo in the name on the demo student's class
 * certificate (issued as 张叁) and have not reprinted it since; the audit entry is what
 * `my-certificate/save` writes, so the certificate waits for a reprint on the home page and in 证书管理.
 */
export async function seedCertificateCorrectionDemo(
  certificate: Certificate,
  actorId: number,
  transaction: Transaction,
): Promise<void> {
  const name = certificate.studentName;
  await AuditLog.create(
    {
      projectId: certificate.projectId,
      actorId,
      action: 'certificate.update',
      targetType: 'certificate',
      targetId: String(certificate.id),
      detail: { before: { studentName: `${name.slice(0, -1)}叁` }, after: { studentName: name } },
    },
    { transaction },
  );
}

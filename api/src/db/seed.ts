import { randomBytes } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import { Account } from '../modules/account/account.model';
import { createBuiltinRoles, PLATFORM_ADMIN_ROLE } from '../modules/account/builtin-roles';
import { hashPassword } from '../modules/account/password';
import { Role } from '../modules/account/role.model';
import { seedBannerDemo } from '../modules/banner/banner.demo';
import { seedCertificateDemo } from '../modules/certificate/certificate.demo';
import { DEMO_CMS, seedCmsDemo } from '../modules/cms/cms.demo';
import { seedCourseDemo } from '../modules/course/course.demo';
import { seedVocationDemo } from '../modules/dictionary/vocation.demo';
import { seedExamDemo } from '../modules/exam/exam.demo';
import { seedExceptionCaseDemo, seedExceptionLogDemo } from '../modules/exception/exception.demo';
import { seedIdentityDemo } from '../modules/identity/identity.demo';
import type { IdentityPerson } from '../modules/identity/identity.provider';
import { seedInvoiceConfigDemo } from '../modules/invoice/invoice.demo';
import {
  DEMO_PASSED_CLASS,
  DEMO_SKILL_CERTIFICATE,
  seedCertificateCorrectionDemo,
  seedCertificateIssueDemo,
  seedSkillCertificateDemo,
} from '../modules/my-certificate/my-certificate.demo';
import { seedClassApplyDemo } from '../modules/my-class/my-class.demo';
import { DEMO_STUDENT_CLASS, seedOrderDemo, seedStudentEnrolmentDemo } from '../modules/order/order.demo';
import { Project } from '../modules/project/project.model';
import { DEMO_REFUND_TEXT, seedRefundApplyDemo } from '../modules/refund-apply/refund-apply.demo';
import { seedRegulatorDemo, seedRegulatorPushDemo } from '../modules/regulator/regulator.demo';
import { seedResourceDemo, seedSharedResourceDemo } from '../modules/resource/resource.demo';
import { openLedgers } from '../modules/study/ledger';
import { seedCorrectionDemo, seedStudyReportDemo } from '../modules/study-report/study-report.demo';
import { DEMO_REVIEWERS, seedEvaluationDemo } from '../modules/train-class/class-evaluation.demo';
import {
  DEMO_APPLY_CLASS,
  DEMO_EXAM_CLASS,
  seedTrainClassDemo,
} from '../modules/train-class/train-class.demo';
import { seedTrainCatalogueDemo } from '../modules/train-plan/train-plan.demo';
import { Unit } from '../modules/unit/unit.model';
import {
  DEMO_AFFILIATED_UNIT,
  seedUnitAffiliationDemo,
} from '../modules/unit-affiliation/unit-affiliation.demo';
import { DEMO_UNIT_CLASS, seedUnitClassDemo } from '../modules/unit-class/unit-class.demo';
import {
  DEMO_UNIT_STAFF,
  demoStaffIdCardNo,
  seedUnitImportDemo,
} from '../modules/unit-import/unit-import.demo';

/** Names of the demo data, also used by tests and README. */
export const DEMO = {
  projectCode: 'demo',
  projectName: '演示项目',
  title: '演示职业培训平台',
  projectTitle: '演示职业培训管理后台',
  unitName: '演示培训单位',
  /** A valid unified social credit code (check character verified). */
  unitCreditCode: '91350100M000100Y43',
  /** Demo accounts; README lists them. */
  accounts: {
    platformAdmin: { account: 'admin', password: 'Admin123', name: '平台管理员' },
    projectAdmin: { account: 'projectadmin', password: 'Admin123', name: '项目管理员' },
    customerService: { account: 'service', password: 'Service123', name: '客服小王' },
    unitManager: { account: 'unit', password: 'Unit1234', name: '单位管理员' },
    /** 考务人员: the examinations' pages (/cms-manage). */
    cmsStaff: { account: 'kaowu', password: 'Kaowu123', name: '考务老师' },
    student: { idCardNo: '370102199003071238', mobile: '13800000000', password: 'Study123', name: '张三' },
    /** A student without an ID number, enrolled in 张三's demo class: study asks for it first (/student/info). */
    incompleteStudent: { mobile: '13800000009', password: 'Study123', name: '孙七' },
  },
  /** The class the demo student has paid for and may study at once. */
  studentClass: DEMO_STUDENT_CLASS,
  /** The free class with an exam (one short lesson, then a 20-minute exam). */
  examClass: DEMO_EXAM_CLASS,
  /** The free class marked 报名需审核 (李四's application waits in 报名审核). */
  applyClass: DEMO_APPLY_CLASS,
  /** Last year's class the demo student has passed, with its certificate issued. */
  passedClass: DEMO_PASSED_CLASS,
  /** The demo student's skill certificate (电工 四级/中级工), issued by the project. */
  skillCertificate: DEMO_SKILL_CERTIFICATE,
  /** The demo unit's unit class, of the first offered demo class. */
  unitClass: DEMO_UNIT_CLASS,
  /** Staff of the demo unit imported into its unit class, their batch order awaiting payment. */
  unitStaff: DEMO_UNIT_STAFF.map((person) => person.realName),
  /** A unit affiliated under the demo unit, with its students (挂靠单位学员 of the demo unit manager). */
  affiliatedUnit: DEMO_AFFILIATED_UNIT,
  /** The examinations: an open batch with applications in every state, and one with published scores. */
  cms: DEMO_CMS,
} as const;

/**
 * The demo's people as the simulated identity service's 证件库 knows them (server.ts gives them to
 * the simulator): every demo student with an ID number, and 孙七 with the number the tour completes
 * the profile with (docs/tour.md).
 */
export const DEMO_RESIDENTS: readonly IdentityPerson[] = [
  { name: DEMO.accounts.student.name, idNumber: DEMO.accounts.student.idCardNo },
  { name: DEMO.accounts.incompleteStudent.name, idNumber: '37010219900307106X' },
  ...DEMO_REVIEWERS.map((person) => ({ name: person.realName, idNumber: person.idCardNo })),
  ...DEMO_UNIT_STAFF.map((person) => ({ name: person.realName, idNumber: demoStaffIdCardNo(person.idBody) })),
  ...DEMO_AFFILIATED_UNIT.students.map((person) => ({ name: person.realName, idNumber: person.idCardNo })),
];

/**
 * Creates the demo project (the default project, reachable at localhost) and a demo unit when the
 * database holds no project at all. Runs in one transaction under an advisory lock, so instances
 * booting together seed once. Returns whether it seeded.
 */
export async function seedDemoData(sequelize: Sequelize): Promise<boolean> {
  return sequelize.transaction(async (transaction) => {
    await sequelize.query('SELECT pg_advisory_xact_lock(4711002)', { transaction });
    if ((await Project.count({ transaction })) > 0) return false;
    const project = await Project.create(
      {
        code: DEMO.projectCode,
        name: DEMO.projectName,
        isDefault: true,
        domains: ['localhost', '127.0.0.1'],
        // Only what differs from the defaults, so later default changes reach the demo too.
        settings: {
          title: DEMO.title,
          shortTitle: '演示培训',
          projectTitle: DEMO.projectTitle,
          customerPhone: '400-000-0000',
          // Class changes open, to a class of the same price (张三 may move to 工程造价人员安全培训班).
          openChangeClass: 1,
          openChangeClassProcess: 50,
          openChangeClassDays: 30,
          refundText: DEMO_REFUND_TEXT,
          // Registration checks name and ID number with the (simulated) identity service.
          idCardVerify: 1,
          // 学习提醒 also sends the official account's template message (the simulator's).
          studyRemindTemplateId: 'demoStudyRemindTpl01',
          // 字幕/音轨切换: the study player offers 语言 for 岗前安全须知（双语）, a video in two languages.
          videoLanguage: 1,
        },
      },
      { transaction },
    );
    const unit = await Unit.create(
      {
        projectId: project.id,
        name: DEMO.unitName,
        creditCode: DEMO.unitCreditCode,
        contactName: '李老师',
        contactMobile: '13900000000',
        regionCode: '370102',
        address: '山东省济南市历下区示范路1号',
        trainTypes: ['public', 'specialized'],
      },
      { transaction },
    );

    const { accounts } = DEMO;
    const platformRole = await Role.create({ ...PLATFORM_ADMIN_ROLE, projectId: null }, { transaction });
    const roles = await createBuiltinRoles(project.id, transaction);
    const roleOf = (code: string): Role => {
      const role = roles.get(code);
      if (!role) throw new Error(`built-in role ${code} missing`);
      return role;
    };
    const create = async (
      role: Role,
      fields: { accountName?: string; realName: string; idCardNo?: string; mobile?: string; unitId?: number },
      password: string,
    ) =>
      Account.create(
        {
          projectId: role.projectId,
          roleId: role.id,
          roleSystem: role.roleSystem,
          ...fields,
          passwordHash: await hashPassword(password),
        },
        { transaction },
      );
    await create(
      platformRole,
      { accountName: accounts.platformAdmin.account, realName: accounts.platformAdmin.name },
      accounts.platformAdmin.password,
    );
    const projectAdmin = await create(
      roleOf('project-admin'),
      { accountName: accounts.projectAdmin.account, realName: accounts.projectAdmin.name },
      accounts.projectAdmin.password,
    );
    const customerService = await create(
      roleOf('customer-service'),
      { accountName: accounts.customerService.account, realName: accounts.customerService.name },
      accounts.customerService.password,
    );
    const cmsStaff = await create(
      roleOf('cms-staff'),
      { accountName: accounts.cmsStaff.account, realName: accounts.cmsStaff.name },
      accounts.cmsStaff.password,
    );
    const unitManager = await create(
      roleOf('unit-manager'),
      { accountName: accounts.unitManager.account, realName: accounts.unitManager.name, unitId: unit.id },
      accounts.unitManager.password,
    );
    const student = await create(
      roleOf('student'),
      {
        realName: accounts.student.name,
        idCardNo: accounts.student.idCardNo,
        mobile: accounts.student.mobile,
        unitId: unit.id,
      },
      accounts.student.password,
    );
    await seedIdentityDemo(project.id, student, transaction);
    await seedVocationDemo(transaction);
    // Other students, with passwords nobody knows: they enrol in and evaluate a few demo classes.
    const reviewers = [];
    for (const reviewer of DEMO_REVIEWERS) {
      reviewers.push(await create(roleOf('student'), { ...reviewer }, randomBytes(18).toString('base64url')));
    }
    await seedTrainCatalogueDemo(project.id, transaction);
    await seedResourceDemo(project.id, transaction);
    await seedSharedResourceDemo(transaction);
    await seedCourseDemo(project.id, transaction);
    await seedCertificateDemo(project.id, transaction);
    await seedTrainClassDemo(project.id, transaction);
    await seedExamDemo(project.id, transaction);
    await seedEvaluationDemo(
      project.id,
      reviewers.map((reviewer) => reviewer.id),
      transaction,
    );
    await seedClassApplyDemo(project.id, transaction);
    await seedStudentEnrolmentDemo(project.id, student.id, transaction);
    await seedOrderDemo(project.id, transaction);
    // After the orders: 孙七's enrolment has no order (the demo of /student/info, not of payments).
    const incomplete = await create(
      roleOf('student'),
      { realName: accounts.incompleteStudent.name, mobile: accounts.incompleteStudent.mobile },
      accounts.incompleteStudent.password,
    );
    await seedStudentEnrolmentDemo(project.id, incomplete.id, transaction);
    await seedStudyReportDemo(project.id, transaction);
    await seedBannerDemo(project.id, transaction);
    const passedCertificate = await seedCertificateIssueDemo(project.id, student.id, transaction);
    await seedCertificateCorrectionDemo(passedCertificate, projectAdmin.id, transaction);
    await seedSkillCertificateDemo(project.id, student.id, DEMO.title, transaction);
    await seedUnitClassDemo(project.id, unit.id, unitManager.id, transaction);
    await seedUnitImportDemo(sequelize, project.id, DEMO_UNIT_CLASS, unitManager.id, transaction);
    await seedUnitAffiliationDemo(project.id, unit.id, projectAdmin.id, transaction);
    await seedRefundApplyDemo(project.id, transaction);
    await seedExceptionCaseDemo(
      project.id,
      { admin: projectAdmin.id, service: customerService.id },
      transaction,
    );
    await seedExceptionLogDemo(sequelize, transaction);
    await seedInvoiceConfigDemo(project.id, transaction);
    await seedRegulatorDemo(project.id, transaction);
    await seedRegulatorPushDemo(sequelize, project.id, transaction);
    await seedCmsDemo(
      project.id,
      { student, staffId: cmsStaff.id, unitId: unit.id, issuer: DEMO.title },
      transaction,
    );
    // The demo's enrolments made with their hours directly start their study ledgers here.
    await openLedgers(sequelize, project.id, new Date(), transaction);
    await seedCorrectionDemo(sequelize, project.id, customerService.id, transaction);
    return true;
  });
}

import { isIdCardNumber, isUnifiedSocialCreditCode, ROLE_SYSTEM } from '@px/config';
import { DEMO_REGULATOR_APP } from '@px/regulator/sim';
import { Op, QueryTypes } from 'sequelize';
import type { CertificateItem } from '../contract/my-certificate';
import type { StudyDetail, StudyReportRow } from '../contract/study-report';
import { Account } from '../modules/account/account.model';
import { Certificate } from '../modules/my-certificate/my-certificate.model';
import { PayOrder, PayOrderItem } from '../modules/order/order.model';
import { Project } from '../modules/project/project.model';
import { RefundApply } from '../modules/refund-apply/refund-apply.model';
import { RegulatorPushConfig } from '../modules/regulator/push-config.model';
import { getPushConfig } from '../modules/regulator/push-config.service';
import { DEMO_REVIEWERS } from '../modules/train-class/class-evaluation.demo';
import { MyClass } from '../modules/train-class/train-class.model';
import { Unit } from '../modules/unit/unit.model';
import { createTestApp, type TestApp } from '../testing/app';
import { encryptLoginField } from '../testing/crypto';
import { signIn } from '../testing/factories';
import { DEMO, seedDemoData } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoData(t.sequelize)).toBe(true);
}, 120_000);
afterAll(() => t.close());

async function signInOverHttp(account: string, password: string, roleType: 1 | 3) {
  const body = {
    account: await encryptLoginField(t.sequelize, account),
    password: await encryptLoginField(t.sequelize, password),
    roleType,
  };
  const check = await t.http
    .post('/api/login/check-account-before-login.action')
    .send({ account: body.account, roleType });
  expect(check.body.respCode).toBe(200);
  return t.http.post('/api/login/login.action').send(body);
}

test.each([
  [
    'platform admin',
    DEMO.accounts.platformAdmin.account,
    DEMO.accounts.platformAdmin.password,
    1,
    ROLE_SYSTEM.PLATFORM,
  ],
  [
    'project admin',
    DEMO.accounts.projectAdmin.account,
    DEMO.accounts.projectAdmin.password,
    1,
    ROLE_SYSTEM.PROJECT,
  ],
  [
    'customer service',
    DEMO.accounts.customerService.account,
    DEMO.accounts.customerService.password,
    1,
    ROLE_SYSTEM.PROJECT,
  ],
  ['CMS staff', DEMO.accounts.cmsStaff.account, DEMO.accounts.cmsStaff.password, 1, ROLE_SYSTEM.PROJECT],
  [
    'unit manager',
    DEMO.accounts.unitManager.account,
    DEMO.accounts.unitManager.password,
    1,
    ROLE_SYSTEM.UNIT,
  ],
  [
    'student by ID number',
    DEMO.accounts.student.idCardNo,
    DEMO.accounts.student.password,
    3,
    ROLE_SYSTEM.STUDENT,
  ],
  ['student by mobile', DEMO.accounts.student.mobile, DEMO.accounts.student.password, 3, ROLE_SYSTEM.STUDENT],
] as const)(
  'the demo %s signs in with the README credentials',
  async (_who, account, password, roleType, roleSystem) => {
    const res = await signInOverHttp(account, password, roleType);
    expect(res.body).toMatchObject({ respCode: 200, attribute: { roleSystem } });
    const info = await t.http
      .get('/api/login/get-account-info.action')
      .set('token', res.body.attribute.tokenCode);
    expect(info.body.respCode).toBe(200);
  },
);

test('the demo unit manager manages the demo unit; the student registered through it', async () => {
  const [manager, student] = await Promise.all([
    Account.findOne({ where: { accountName: DEMO.accounts.unitManager.account }, allTenants: true }),
    Account.findOne({ where: { idCardNo: DEMO.accounts.student.idCardNo }, allTenants: true }),
  ]);
  expect(manager?.unitId).toBeTruthy();
  expect(student?.unitId).toBe(manager?.unitId);
});

test('the demo unit manager sees the demo unit class, of an offered class, with its imported staff awaiting payment', async () => {
  const manager = await Account.findOne({
    where: { accountName: DEMO.accounts.unitManager.account },
    allTenants: true,
  });
  const token = await signIn(manager as Account);
  const page = await t.http.post('/api/unit-class/page.action').set('token', token).send({});
  expect(page.body.respCode).toBe(200);
  expect(page.body.attribute.list).toHaveLength(1);
  const [row] = page.body.attribute.list;
  expect(row).toMatchObject({ name: DEMO.unitClass, unitName: DEMO.unitName, state: 'OPEN' });
  const options = await t.http.post('/api/unit-class/class-options.action').set('token', token).send({});
  expect(options.body.attribute.map((option: { id: number }) => option.id)).toContain(row.classId);
  expect(row.studentCount).toBe(DEMO.unitStaff.length);
  const students = await t.http
    .post('/api/unit-class/students.action')
    .set('token', token)
    .send({ id: row.id });
  expect(
    students.body.attribute.list.map((student: { realName: string }) => student.realName).sort(),
  ).toEqual([...DEMO.unitStaff].sort());
  const batches = await t.http.post('/api/batch-order/page.action').set('token', token).send({});
  expect(batches.body.attribute.list).toEqual([
    expect.objectContaining({ status: 'CREATED', orderCount: DEMO.unitStaff.length, payable: true }),
  ]);
  const imports = await t.http.post('/api/batch-import-order/page.action').set('token', token).send({});
  expect(imports.body.attribute.list[0]).toMatchObject({ status: 'DONE', okCount: DEMO.unitStaff.length });
});

test('the demo unit manager sees the unit affiliated under the demo unit and its students, read-only', async () => {
  const { affiliatedUnit } = DEMO;
  expect(isUnifiedSocialCreditCode(affiliatedUnit.creditCode)).toBe(true);
  for (const student of affiliatedUnit.students) expect(isIdCardNumber(student.idCardNo)).toBe(true);
  const manager = await Account.findOne({
    where: { accountName: DEMO.accounts.unitManager.account },
    allTenants: true,
  });
  const token = await signIn(manager as Account);
  const unitId = manager?.unitId;
  const query = await t.http.post('/api/unit/affiliation-query.action').set('token', token).send({ unitId });
  expect(query.body.respCode).toBe(200);
  expect(query.body.attribute.list).toEqual([
    expect.objectContaining({
      name: affiliatedUnit.name,
      creditCode: affiliatedUnit.creditCode,
      status: 'ENABLED',
      studentCount: affiliatedUnit.students.length,
    }),
  ]);
  const students = await t.http
    .post('/api/unit/affiliation-students.action')
    .set('token', token)
    .send({ unitId });
  expect(students.body.attribute.list.map((row: { realName: string }) => row.realName).sort()).toEqual(
    affiliatedUnit.students.map((student) => student.realName).sort(),
  );
  const branchId = query.body.attribute.list[0].unitId;
  const save = await t.http
    .post('/api/unit/affiliation-save.action')
    .set('token', token)
    .send({ unitId, affiliatedUnitIds: [] });
  expect(save.status).toBe(403);
  const branch = await t.http
    .post('/api/unit/affiliation-query.action')
    .set('token', token)
    .send({ unitId: branchId });
  expect(branch.body).toMatchObject({ respCode: -1, respDesc: '单位不存在' });
});

test('seeding again does nothing', async () => {
  expect(await seedDemoData(t.sequelize)).toBe(false);
  expect(await Project.count()).toBe(1);
});

test('the demo unit manager cannot sign in while the demo unit is disabled', async () => {
  const manager = await Account.findOne({
    where: { accountName: DEMO.accounts.unitManager.account },
    allTenants: true,
  });
  await Unit.update({ status: 'DISABLED' }, { where: { id: manager?.unitId ?? 0 }, allTenants: true });
  try {
    const res = await signInOverHttp(
      DEMO.accounts.unitManager.account,
      DEMO.accounts.unitManager.password,
      1,
    );
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '所属单位已停用，请联系管理员' });
  } finally {
    await Unit.update({ status: 'ENABLED' }, { where: { id: manager?.unitId ?? 0 }, allTenants: true });
  }
});

test('every demo enrolment belongs to a paid order (but 孙七’s, the /student/info demo); one demo order closed unpaid', async () => {
  const incomplete = await Account.findOne({
    where: { mobile: DEMO.accounts.incompleteStudent.mobile },
    allTenants: true,
  });
  // 孙七 (no ID number) is enrolled without an order so the demo's order lists stay as they were.
  expect(await MyClass.count({ where: { accountId: incomplete?.id ?? 0 }, allTenants: true })).toBe(1);
  const enrolments = await MyClass.findAll({
    where: { status: 'STUDYING', accountId: { [Op.ne]: incomplete?.id ?? 0 } },
    allTenants: true,
  });
  expect(enrolments.length).toBeGreaterThan(0);
  const items = await PayOrderItem.findAll({
    where: { myClassId: enrolments.map((row) => row.id) },
    allTenants: true,
  });
  expect(items).toHaveLength(enrolments.length);
  const orders = await PayOrder.findAll({ allTenants: true });
  expect(
    orders.filter((order) => order.status === 'PAID').every((order) => order.channel === 'OFFLINE'),
  ).toBe(true);
  expect(orders.filter((order) => order.status === 'CLOSED')).toHaveLength(1);
});

test('the demo project takes refund applications with a refund text; one of 李四 awaits approval', async () => {
  const project = await Project.findOne({ where: { code: DEMO.projectCode } });
  expect(project?.settings).toMatchObject({ refundText: expect.stringContaining('原路退回') });
  const applies = await RefundApply.findAll({ allTenants: true });
  expect(applies.map((apply) => apply.status)).toEqual(['PENDING']);
  const lisi = await Account.findOne({ where: { id: applies[0]?.accountId ?? 0 }, allTenants: true });
  expect(lisi?.realName).toBe('李四');
});

test('the demo student holds a valid certificate of the class passed last year, printed from the demo template and found by the public query', async () => {
  const student = await Account.findOne({
    where: { idCardNo: DEMO.accounts.student.idCardNo },
    allTenants: true,
  });
  const token = await signIn(student as Account);
  const mine = await t.http.post('/api/my-certificate/mine.action').set('token', token).send({});
  const list = mine.body.attribute.list as CertificateItem[];
  const certificate = list.find((item) => item.kind === 'CLASS');
  expect(certificate).toMatchObject({
    className: DEMO.passedClass,
    studentName: DEMO.accounts.student.name,
    status: 'VALID',
  });
  // The second skill certificate: 育婴员, from the demo's published examination (DEMO.cms).
  expect(list.map((item) => item.kind).sort()).toEqual(['CLASS', 'SKILL', 'SKILL', 'YEAR']);
  expect(list.find((item) => item.kind === 'SKILL' && item.skillName === '育婴员')).toMatchObject({
    skillCode: '4-10-01-02',
    skillLevel: 'L4',
    status: 'VALID',
  });
  expect(
    list.find((item) => item.kind === 'SKILL' && item.skillName === DEMO.skillCertificate.skillName),
  ).toMatchObject({
    className: '电工 四级/中级工',
    skillName: DEMO.skillCertificate.skillName,
    skillCode: DEMO.skillCertificate.skillCode,
    skillLevel: 'L4',
    score: 85,
    issuer: DEMO.title,
    status: 'VALID',
  });
  const row = await Certificate.findOne({ where: { id: certificate?.id }, allTenants: true });
  expect(row?.templateId).not.toBeNull();
  const query = await t.http
    .post('/api/my-certificate/query.action')
    .set('Host', 'localhost')
    .send({ code: certificate?.verifyCode });
  expect(query.body.attribute).toMatchObject({ status: 'VALID', className: DEMO.passedClass });
});

test('the study archive shows the demo study: credited time, refused beats and a pop-up answer', async () => {
  const admin = await Account.findOne({
    where: { accountName: DEMO.accounts.projectAdmin.account },
    allTenants: true,
  });
  const token = await signIn(admin as Account);
  const call = (path: string, body: object) =>
    t.http.post(`/api/study-report/${path}.action`).set('token', token).send(body);
  const page = await call('page', { student: DEMO_REVIEWERS[0].realName });
  const studied = (page.body.attribute.list as StudyReportRow[]).filter((row) => row.lastStudyAt !== null);
  expect(studied).toHaveLength(1);
  expect(studied[0]).toMatchObject({ status: 'STUDYING', creditedRequiredHours: 0.5 });
  const detail = (await call('detail', { myClassId: studied[0]?.myClassId })).body.attribute as StudyDetail;
  expect(detail.lessons.slice(0, 2)).toEqual([
    expect.objectContaining({
      creditedSeconds: 12,
      coverage: 1,
      finishedAt: expect.any(String),
      refusedBeats: 2,
    }),
    expect.objectContaining({ creditedSeconds: 3, finishedAt: null, refusedBeats: 2 }),
  ]);
  expect(detail.refusalCounts.map((entry) => entry.reason).sort()).toEqual([
    'AWAITING_QUESTION',
    'HIDDEN',
    'SEEK_AHEAD',
    'SPEED',
  ]);
  expect(detail.popupAnswers).toEqual([expect.objectContaining({ answer: 'B', correct: true })]);
});

// Last: it changes the demo data the tests above read.
test('approving the demo refund application refunds 李四’s offline demo order at once', async () => {
  const [apply] = await RefundApply.findAll({ allTenants: true });
  const admin = await Account.findOne({
    where: { accountName: DEMO.accounts.projectAdmin.account },
    allTenants: true,
  });
  const token = await signIn(admin as Account);
  const done = await t.http.post('/api/refund-apply/do.action').set('token', token).send({ id: apply?.id });
  expect(done.body.attribute).toMatchObject({ status: 'SUCCESS', studentName: '李四' });
  expect((await PayOrder.findOne({ where: { id: apply?.orderId ?? 0 }, allTenants: true }))?.status).toBe(
    'REFUNDED',
  );
});

test('the demo project reports to the regulator simulator with its demo app, automatically', async () => {
  const project = await Project.findOne({ where: { code: DEMO.projectCode } });
  if (!project) throw new Error('no demo project');
  const config = await getPushConfig(t.scope(), project.id);
  expect(config).toMatchObject({
    enabled: true,
    appId: DEMO_REGULATOR_APP.appId,
    secretSet: true,
    baseTypes: ['public', 'specialized'],
    pushMode: 'AUTO',
  });
  const stored = await RegulatorPushConfig.findByPk(project.id);
  expect(stored?.appSecret).toBe(DEMO_REGULATOR_APP.secret);
});

test('the demo examinations: an open batch with an application in every state, and published scores 张三 passed', async () => {
  const rows = await t.sequelize.query<{ name: string; status: string; n: number }>(
    `SELECT b.name, a.status, COUNT(*)::int AS n FROM cms_apply a JOIN cms_batch b ON b.id = a.batch_id
      GROUP BY b.name, a.status`,
    { type: QueryTypes.SELECT },
  );
  const open = Object.fromEntries(
    rows.filter((row) => row.name === DEMO.cms.openBatch).map((row) => [row.status, row.n]),
  );
  expect(open).toEqual({ SUBMITTED: 2, REJECTED: 1, APPROVED: 1, PAID: 2, CANCELLED: 1 });
  const published = rows.filter((row) => row.name === DEMO.cms.publishedBatch);
  expect(published).toEqual([expect.objectContaining({ status: 'SCORED', n: 3 })]);
  const open2 = await t.http.post('/api/cms-batch/open-list.action').send({});
  expect(open2.body.attribute.map((batch: { name: string }) => batch.name)).toEqual([DEMO.cms.openBatch]);
  // Each batch names an occupation of the vocational resource tree by its code, with the node's name.
  const occupations = await t.sequelize.query<{ occupation: string; tree_name: string | null }>(
    'SELECT b.occupation, v.name AS tree_name FROM cms_batch b LEFT JOIN vocation v ON v.code = b.occupation_code',
    { type: QueryTypes.SELECT },
  );
  expect(occupations.map((row) => `${row.occupation}=${row.tree_name}`).sort()).toEqual(
    ['焊工=焊工', '育婴员=育婴员'].sort(),
  );
});

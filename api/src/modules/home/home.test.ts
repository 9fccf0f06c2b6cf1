import { ROLE_SYSTEM } from '@px/config';
import { QueryTypes } from 'sequelize';
import type { HomeTodo } from '../../contract/home';
import { DEMO, seedDemoData } from '../../db/seed';
import type { TestApp } from '../../testing/app';
import { createTestApp } from '../../testing/app';
import { buildAccount, buildHostedProject, buildUnit, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { Project } from '../project/project.model';

let t: TestApp;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.sequelize);
  demoId = ((await Project.findOne({ where: { code: DEMO.projectCode } })) as Project).id;
});
afterAll(() => t.close());

const todo = async (token: string) => {
  const res = await t.http.post('/api/home/todo.action').set('token', token).send({});
  expect(res.body).toMatchObject({ respCode: 200 });
  return res.body.attribute as HomeTodo;
};
const counts = (answer: HomeTodo) => Object.fromEntries(answer.items.map((item) => [item.key, item.count]));
const demoAccount = async (accountName: string) =>
  signIn((await Account.findOne({ where: { projectId: demoId, accountName } })) as Account);
const sql = (text: string) => t.sequelize.query(text, { replacements: { demoId }, type: QueryTypes.UPDATE });

test('the demo project admin gets every count of the project, each with its filtered list', async () => {
  const answer = await todo(await demoAccount(DEMO.accounts.projectAdmin.account));
  // The demo: 李四's refund application waits, the demo unit's batch order awaits payment.
  expect(answer.items).toEqual([
    {
      key: 'refundApplies',
      title: '退款申请待审核',
      count: 1,
      page: '/invoice-manage/refund-list',
      query: { status: 'PENDING' },
    },
    {
      key: 'invoices',
      title: '发票申请待开票',
      count: 0,
      page: '/invoice-manage/invoice-list',
      query: { status: 'PENDING' },
    },
    {
      key: 'changeClasses',
      title: '转班申请待审核',
      count: 0,
      page: '/train-manage/change-class-manage',
      query: { status: 'PENDING' },
    },
    {
      key: 'classApplies',
      title: '报名申请待审核',
      count: 1,
      page: '/train-manage/class-apply',
      query: { status: 'PENDING' },
    },
    {
      key: 'unpaidBatchOrders',
      title: '单位批量订单待支付',
      count: 1,
      page: '/train-manage/batch-pay-order',
      query: { status: 'CREATED' },
    },
    {
      key: 'failedImports',
      title: '学员导入失败',
      count: 0,
      page: '/train-manage/import-student',
      query: { statuses: 'INVALID,FAILED' },
    },
    {
      key: 'openExceptions',
      title: '推送异常待处理',
      count: 0,
      page: '/customer/my-class-push-log-exception-manage',
      query: {},
    },
    {
      key: 'reprintCertificates',
      title: '证书待补打',
      count: 1,
      page: '/customer/my-certificate-manage',
      query: { reprint: 'DUE' },
    },
    {
      key: 'openCases',
      title: '异常登记待处理',
      count: 1,
      page: '/customer/exception-register',
      query: { status: 'PENDING' },
    },
  ]);
});

test('证书待补打 counts the certificates corrected since their last reprint, as the filtered list shows them', async () => {
  const token = await demoAccount(DEMO.accounts.projectAdmin.account);
  const due = async () => {
    const res = await t.http
      .post('/api/my-certificate/page.action')
      .set('token', token)
      .send({ reprint: 'DUE', pageNum: 1, pageSize: 20 });
    expect(res.body).toMatchObject({ respCode: 200 });
    return res.body.attribute as { total: number; list: { id: number; studentName: string }[] };
  };
  // The demo: 张三's class certificate, its name corrected and not reprinted since.
  const before = await due();
  expect(before.list.map((row) => row.studentName)).toEqual([DEMO.accounts.student.name]);
  expect(counts(await todo(token)).reprintCertificates).toBe(1);
  const id = before.list[0]?.id as number;
  const reprint = await t.http.post('/api/my-certificate/reprint.action').set('token', token).send({ id });
  expect(reprint.status).toBe(200);
  expect((await due()).total).toBe(0);
  expect(counts(await todo(token)).reprintCertificates).toBe(0);
  // Corrected again after the reprint: due again (and a disabled one is not, it cannot be reprinted).
  const detail = await t.http.post('/api/my-certificate/find.action').set('token', token).send({ id });
  const cert = detail.body.attribute;
  const saved = await t.http.post('/api/my-certificate/save.action').set('token', token).send({
    id,
    studentName: cert.studentName,
    className: cert.className,
    publicHours: cert.publicHours,
    specializedHours: cert.specializedHours,
    electiveHours: cert.electiveHours,
    score: cert.score,
    issueDate: cert.issueDate,
  });
  expect(saved.body).toMatchObject({ respCode: 200 });
  expect(counts(await todo(token)).reprintCertificates).toBe(1);
  await t.http.post('/api/my-certificate/disable.action').set('token', token).send({ id });
  expect(counts(await todo(token)).reprintCertificates).toBe(0);
  await t.http.post('/api/my-certificate/enable.action').set('token', token).send({ id });
  expect((await due()).total).toBe(1);
});

test('each count follows the rows: an import failing and a refund decided move them', async () => {
  const token = await demoAccount(DEMO.accounts.projectAdmin.account);
  await sql(`UPDATE unit_import SET status = 'FAILED' WHERE project_id = :demoId`);
  await sql(`UPDATE refund_apply SET status = 'REJECTED' WHERE project_id = :demoId`);
  try {
    expect(counts(await todo(token))).toMatchObject({
      refundApplies: 0,
      failedImports: 1,
      unpaidBatchOrders: 1,
    });
  } finally {
    await sql(`UPDATE unit_import SET status = 'DONE' WHERE project_id = :demoId`);
    await sql(`UPDATE refund_apply SET status = 'PENDING' WHERE project_id = :demoId`);
  }
});

test('only what the role opens: customer service gets the push exceptions, reprints and registered cases, finance the invoice ones', async () => {
  const service = await todo(await demoAccount(DEMO.accounts.customerService.account));
  expect(service.items.map((item) => item.key)).toEqual([
    'openExceptions',
    'reprintCertificates',
    'openCases',
  ]);
  // The certificate list without the grant of 证书打印: no reprint count.
  const lister = await buildAccount({
    projectId: demoId,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/home', '/customer', '/customer/my-certificate-manage'],
  });
  expect((await todo(await signIn(lister.account))).items.map((item) => item.key)).toEqual([]);
  const finance = await buildAccount({
    projectId: demoId,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/home', '/invoice-manage', '/invoice-manage/refund-list', '/invoice-manage/invoice-list'],
  });
  expect((await todo(await signIn(finance.account))).items.map((item) => item.key)).toEqual([
    'refundApplies',
    'invoices',
  ]);
});

test('a unit manager gets the batch orders and imports of their own unit only', async () => {
  const own = await todo(await demoAccount(DEMO.accounts.unitManager.account));
  expect(counts(own)).toEqual({ unpaidBatchOrders: 1, failedImports: 0 });
  const otherUnit = await buildUnit(demoId);
  const other = await buildAccount({
    projectId: demoId,
    roleSystem: ROLE_SYSTEM.UNIT,
    unitId: otherUnit.id,
    menu: [
      '/home',
      '/train-manage/batch-pay-order',
      '/train-manage/import-student',
      '/invoice-manage/refund-list',
    ],
  });
  // The refund list is not a unit manager's even when granted: no refund count.
  expect(counts(await todo(await signIn(other.account)))).toEqual({ unpaidBatchOrders: 0, failedImports: 0 });
});

test('another project’s staff with every page count their own project only; students are refused', async () => {
  const { project } = await buildHostedProject();
  const staff = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: [
      '/invoice-manage/refund-list',
      '/train-manage/batch-pay-order',
      '/train-manage/change-class-manage',
    ],
  });
  expect(counts(await todo(await signIn(staff.account)))).toEqual({
    refundApplies: 0,
    changeClasses: 0,
    unpaidBatchOrders: 0,
  });
  const student = await buildAccount({ projectId: demoId, roleSystem: ROLE_SYSTEM.STUDENT });
  const res = await t.http
    .post('/api/home/todo.action')
    .set('token', await signIn(student.account))
    .send({});
  expect(res.body).toMatchObject({ respCode: 403 });
  expect((await t.http.post('/api/home/todo.action').send({})).body).toMatchObject({ respCode: 401 });
});

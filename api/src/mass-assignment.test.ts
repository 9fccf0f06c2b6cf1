import { type AnyCall, ROLE_SYSTEM } from '@px/config';
import { catalogueCalls } from './contract/catalogue';
import { DEMO, seedDemoData } from './db/seed';
import { Account } from './modules/account/account.model';
import { Role } from './modules/account/role.model';
import { ShopCartItem } from './modules/cart/cart.model';
import { PayOrder } from './modules/order/order.model';
import { Project } from './modules/project/project.model';
import { TrainClass } from './modules/train-class/train-class.model';
import { TrainPlan } from './modules/train-plan/train-plan.model';
import { createTestApp, type TestApp } from './testing/app';
import { encryptLoginField } from './testing/crypto';
import { buildAccount, buildHostedProject, signIn } from './testing/factories';
import { exampleValue, keepsUnknownFields, schemaFields } from './testing/schema-fields';

/*
 * Issue 17, mass assignment. No call takes a field that sets the tenant, an owner, a role, a price
 * or a state unless it exists to set it: every such field of every call's schema needs an entry in
 * ALLOWED with the reason, and no schema keeps fields it does not declare (plain `z.object` strips
 * them, so a handler never sees them). Then a few writes are sent with such fields added and read
 * back: the fields are ignored, never written.
 */

/** Field names that set who owns a row, who may do what, what it costs or where it stands. */
const SENSITIVE: Record<string, RegExp> = {
  tenant: /^(projectIds?|tenantId)$/,
  owner: /^(accountIds?|studentIds?|ownerId|userId|createdBy|creatorId|actorId)$/,
  role: /^(roleIds?|roleSystem|menu|permissions?|isAdmin|isSuper|impersonatorId)$/,
  price: /^(amount|amountFen|price|priceFen|totalFen|paidFen|refundedFen|fee|discount)$/,
  state: /^(status|state|paid|paidAt|passed|onShelf|enabled|isDefault|needComplete|verified|deletedAt)$/,
};

const FILTER = 'a list or export filter: it selects rows and sets nothing';
const PLATFORM =
  'platform staff only: the platform manages projects, their staff, WeChat apps and partner apps';

/** Every sensitive field a call takes, by call and field path, with why it may. */
const ALLOWED: Record<string, Record<string, string>> = {
  'order/my-order-page': { status: FILTER },
  'refund-apply/list': { status: FILTER },
  'refund-apply/export': { status: FILTER },
  'invoice/save': {
    amount: 'the student may invoice less than the order allows; the server caps it at paid minus refunded',
  },
  'invoice/re-save': { amount: 'as invoice/save: capped by the server at paid minus refunded' },
  'invoice/page': { status: FILTER },
  'my-class-push-log/report-list': { status: FILTER },
  'my-class-push-log/fail-export': { status: FILTER },
  'invoice/statistics': { status: FILTER },
  'invoice/export-all': { status: FILTER },
  'invoice/upload-callback': {
    state: "the invoice platform's result, taken only from a body signed with the platform's secret",
    totalFen: "the issued invoice's total the platform reports (signed); checked against the invoice",
  },
  'change-class/page': { status: FILTER },
  'class-apply/page': { status: FILTER },
  'exception-log/page': { state: FILTER },
  'exception-register/page': { status: FILTER },
  'exception-register/save': {
    accountId: "the student the case is about: checked to be a student of the caller's project",
  },
  'order/page': { status: FILTER },
  'order/export': { status: FILTER },
  'order/free-order': {
    accountId: 'the student staff open a class for free (the order is theirs, made by staff)',
  },
  'order/batch-free-order': { accountIds: 'the students staff open classes for free' },
  'my-class/page': { status: FILTER },
  'student/list': { status: FILTER },
  'student/update': { status: 'staff enable or disable a student of their project (the call exists to)' },
  'study-report/page': { status: FILTER },
  'study-report/export': { status: FILTER },
  'study-report/student': {
    accountId: "the student whose report staff read (a read of the project's student)",
  },
  'exam-score/page': { passed: FILTER },
  'exam-score/export': { passed: FILTER },
  'my-certificate/page': { status: FILTER },
  'my-certificate/skill-init': { accountId: 'the student a skill certificate is issued to, by staff' },
  'project/list': { status: FILTER },
  'project/save': { isDefault: PLATFORM },
  'project/create-admin': { projectId: PLATFORM },
  'project/disable': { status: PLATFORM },
  'unit/list': { status: FILTER },
  'unit/disable': { status: 'enables or disables a unit: the call exists to' },
  'unit-class/page': { state: FILTER },
  'batch-order/page': { status: FILTER },
  'course/query': { status: FILTER },
  'course/save': { status: 'a course is saved as a draft or published by its editor' },
  'certificate/template-page': { status: FILTER },
  'certificate/template-status': { status: 'enables or disables a template: the call exists to' },
  'banner/page': { status: FILTER },
  'banner/save': { status: 'a banner is saved shown or hidden by its editor' },
  'banner/status': { status: 'shows or hides a banner: the call exists to' },
  'train-plan/page': { status: FILTER },
  'class/create': { amount: "the class's price, set by the staff who create and edit classes" },
  'class/on-shelf': { onShelf: 'puts classes on or off the shelf: the call exists to' },
  'class/amount': { amount: "sets a class's price: the call exists to" },
  'class/batch-modify': { amount: 'sets the price of several classes: the call exists to' },
  'class/evaluate-status': { status: 'shows or hides an evaluation: the call exists to' },
  'login/switch-login': {
    accountId: "another account of the signed-in person's own (checked against the caller)",
  },
  'sms/outbox': { projectId: FILTER },
  ...Object.fromEntries(
    ['list', 'data', 'top', 'last-date', 'delete-cache-key', 'export'].map((name) => [
      `dashboard/${name}`,
      {
        projectId:
          'the project platform staff choose; project staff naming another are refused (dashboard policy)',
      },
    ]),
  ),
  'account/query': { roleId: FILTER, status: FILTER },
  'account/add': { roleId: "the staff account's role, one of the project's roles (checked in the project)" },
  'account/disable': { status: 'enables or disables an account: the call exists to' },
  'role/query': { roleSystem: FILTER },
  'regulator/save-push-config': {
    enabled: "platform staff turn a project's reporting to the regulator on or off (the call exists to)",
  },
  'role/page': { roleSystem: FILTER },
  'role/save': {
    roleSystem: "the kind of role being defined (project roles are 2, 3 or 4; checked against the caller's)",
    menu: 'the pages a role grants: the call exists to',
  },
  'super-account/accounts': { projectId: FILTER },
  'shared-resource/candidates': { projectId: FILTER },
  'shared-resource/share': {
    projectId: 'platform staff only: the project whose video the platform copies into the shared library',
  },
  'super-account/sign-in-as': { accountId: PLATFORM },
  'wechat/oauth-login': {
    state: "WeChat's OAuth state echoed back (our own one-time token), not a row's state",
  },
  'wxapp/list': { status: FILTER },
  'wxapp/disable': { status: PLATFORM },
  'wxapp/config-project-list': { projectIds: PLATFORM },
  'wxapp/check-follow': { accountId: PLATFORM },
  'wxapp/bind': { accountId: PLATFORM },
  'partner-app/list': { projectId: FILTER },
  'partner-app/save': {
    projectId: `${PLATFORM}; partner apps are registered per project by platform staff, ignored on update`,
    enabled: 'whether the partner app may call the API, set by platform staff (the call exists to)',
  },
  'partner-app/notices': { status: FILTER },
  'dictionary/vocation-toggle': {
    enabled: 'platform staff disable or enable a node of the vocational resource tree (the call exists to)',
  },
  'cms-batch/page': { enabled: FILTER },
  'cms-batch/save': {
    fee: "the batch's examination fee staff of 报名管理 set (the call exists to); orders take it when made",
    enabled: 'whether the batch takes applications, set by staff of 报名管理 (the call exists to)',
  },
  'cms-apply/page': { status: FILTER },
  'cms-apply/export': { status: FILTER },
  'cms-order/page': { status: FILTER },
};

/** Schemas that keep fields they do not declare, with why. */
const OPEN_SCHEMAS: Record<string, Record<string, string>> = {
  'project/save-setting': {
    settings: 'a partial settings object, merged and checked whole by the settings schema',
  },
  'project/save-own-setting': {
    settings:
      'a partial settings object; the service takes only the keys project staff may change (PROJECT_STAFF_SETTING_KEYS)',
  },
};

const sensitiveFields = (call: AnyCall) =>
  schemaFields(call.input).filter((field) =>
    Object.values(SENSITIVE).some((pattern) => pattern.test(field.name)),
  );

test('a call takes a field setting tenant, owner, role, price or state only with a reason', () => {
  const problems: string[] = [];
  const keys = new Set(catalogueCalls().map((call) => call.key));
  for (const call of catalogueCalls()) {
    const allowed = ALLOWED[call.key] ?? {};
    const fields = sensitiveFields(call);
    for (const field of fields)
      if (!allowed[field.path])
        problems.push(`${call.key} takes ${field.path}: add it to ALLOWED with the reason, or drop it`);
    for (const path of Object.keys(allowed))
      if (!fields.some((field) => field.path === path))
        problems.push(`${call.key}: ALLOWED names ${path}, which it does not take`);
  }
  for (const key of Object.keys(ALLOWED)) if (!keys.has(key)) problems.push(`${key}: no such call`);
  expect(problems).toEqual([]);
});

test('no input schema passes on fields it does not declare, but the listed settings objects', () => {
  const open = catalogueCalls().flatMap((call) =>
    keepsUnknownFields(call.input)
      .filter((path) => !OPEN_SCHEMAS[call.key]?.[path])
      .map((path) => `${call.key} ${path || '(the input)'}`),
  );
  expect(open).toEqual([]);
});

test('what a handler receives never holds a field its call does not declare, whatever is sent', () => {
  const sent = {
    projectId: 987654,
    accountId: 987654,
    studentId: 987654,
    roleId: 987654,
    roleSystem: ROLE_SYSTEM.PLATFORM,
    menu: ['/system-manage/project'],
    status: 'PAID',
    state: 'CLOSED',
    amount: 1,
    amountFen: 1,
    price: 1,
    totalFen: 1,
    paid: true,
    createdBy: 987654,
  };
  const leaks: string[] = [];
  let parsed = 0;
  for (const call of catalogueCalls()) {
    const example = exampleValue(call.input);
    if (!example || typeof example !== 'object' || Array.isArray(example)) continue;
    const declared = new Set(
      schemaFields(call.input)
        .filter((field) => !field.path.includes('.'))
        .map((f) => f.name),
    );
    const result = call.input.safeParse({ ...sent, ...(example as object) });
    if (!result.success) continue;
    parsed++;
    for (const name of Object.keys(result.data as object))
      if (!declared.has(name)) leaks.push(`${call.key} passes ${name} on`);
  }
  console.log(
    `mass assignment: ${parsed} calls parsed an input carrying undeclared tenant, owner, role, price and state fields`,
  );
  expect(parsed).toBeGreaterThan(150);
  expect(leaks).toEqual([]);
});

describe('writes sent with such fields ignore them', () => {
  let t: TestApp;
  let projectId: number;
  let otherProject: number;
  let staff: string;
  let student: Account;
  let studentToken: string;
  let otherStudent: Account;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.sequelize);
    projectId = ((await Project.findOne({ where: { code: DEMO.projectCode } })) as Project).id;
    otherProject = (await buildHostedProject()).project.id;
    const admin = (await Account.findOne({
      where: { accountName: DEMO.accounts.projectAdmin.account },
      allTenants: true,
    })) as Account;
    staff = await signIn(admin);
    student = (await Account.findOne({
      where: { idCardNo: DEMO.accounts.student.idCardNo },
      allTenants: true,
    })) as Account;
    studentToken = await signIn(student);
    otherStudent = (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT })).account;
  }, 60_000);
  afterAll(() => t?.close());

  const hashOf = async (id: number) =>
    (await Account.scope('withPassword').findOne({ where: { id }, allTenants: true }))?.passwordHash;

  const post = (key: string, body: object, token: string) =>
    t.http.post(`/api/${key}.action`).set('token', token).send(body);

  test("train-plan/save makes a plan of the caller's project in the state a new plan starts in", async () => {
    const answer = await post(
      'train-plan/save',
      {
        year: 2026,
        name: '批量赋值计划',
        industry: 'construction',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        projectId: otherProject,
        status: 'CLOSED',
        publishedAt: '2020-01-01T00:00:00.000Z',
        createdBy: otherStudent.id,
      },
      staff,
    );
    expect([answer.body.respCode, answer.body.respDesc]).toEqual([200, '成功']);
    const plans = await TrainPlan.findAll({ where: { projectId: otherProject }, allTenants: true });
    expect(plans).toEqual([]);
    const plan = (await TrainPlan.findOne({ where: { projectId, name: '批量赋值计划' } })) as TrainPlan;
    const fresh = await post(
      'train-plan/save',
      {
        year: 2026,
        name: '对照计划',
        industry: 'construction',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      },
      staff,
    );
    expect(fresh.body.respCode).toBe(200);
    const control = (await TrainPlan.findOne({ where: { projectId, name: '对照计划' } })) as TrainPlan;
    expect([plan.status, plan.publishedAt]).toEqual([control.status, null]);
  });

  test("account/add makes a staff account of the caller's project with the role it names, enabled", async () => {
    const role = (await Role.findOne({ where: { projectId, roleSystem: ROLE_SYSTEM.PROJECT } })) as Role;
    const answer = await post(
      'account/add',
      {
        accountName: 'massassign1',
        realName: '批量赋值',
        roleId: role.id,
        roleSystem: ROLE_SYSTEM.PLATFORM,
        projectId: null,
        status: 'DISABLED',
        unitId: null,
        password: await encryptLoginField(t.sequelize, 'Staff1234'),
        passwordHash: 'x',
      },
      staff,
    );
    expect([answer.body.respCode, answer.body.respDesc]).toEqual([200, '成功']);
    const account = (await Account.findOne({
      where: { accountName: 'massassign1' },
      allTenants: true,
    })) as Account;
    expect([account.projectId, account.roleSystem, account.roleId, account.status]).toEqual([
      projectId,
      ROLE_SYSTEM.PROJECT,
      role.id,
      'ENABLED',
    ]);
    expect(await hashOf(account.id)).toMatch(/^\$argon2/);
  });

  test('student/update keeps the student a student of the project, whatever role or project is sent', async () => {
    const before = (await hashOf(otherStudent.id)) as string;
    const adminRole = (await Role.findOne({ where: { projectId, roleSystem: ROLE_SYSTEM.PROJECT } })) as Role;
    const answer = await post(
      'student/update',
      {
        id: otherStudent.id,
        realName: '改名学员',
        mobile: otherStudent.mobile,
        status: 'ENABLED',
        roleId: adminRole.id,
        roleSystem: ROLE_SYSTEM.PROJECT,
        projectId: otherProject,
        accountName: 'hijack',
        passwordHash: 'x',
      },
      staff,
    );
    expect([answer.body.respCode, answer.body.respDesc]).toEqual([200, '成功']);
    const after = (await Account.findOne({ where: { id: otherStudent.id }, allTenants: true })) as Account;
    expect([after.realName, after.projectId, after.roleSystem, after.roleId, after.accountName]).toEqual([
      '改名学员',
      projectId,
      ROLE_SYSTEM.STUDENT,
      otherStudent.roleId,
      otherStudent.accountName,
    ]);
    expect(await hashOf(after.id)).toBe(before);
  });

  test("shop-cart/save and order/submit: the cart item and the order are the caller's, at the class's price", async () => {
    const onShelf = await TrainClass.findAll({
      where: { projectId, onShelf: true },
      order: [['id', 'DESC']],
    });
    const bought = new Set(
      (
        await t.sequelize.query<{ class_id: number }>(
          'SELECT class_id FROM my_class WHERE project_id = :projectId AND account_id = :accountId',
          { replacements: { projectId, accountId: student.id }, type: 'SELECT' as never },
        )
      ).map((row) => row.class_id),
    );
    const theClass = onShelf.find((row) => row.amountFen > 0 && !bought.has(row.id)) as TrainClass;
    expect(theClass).toBeDefined();
    const saved = await post(
      'shop-cart/save',
      { classId: theClass.id, accountId: otherStudent.id, projectId: otherProject, amount: 1, price: 1 },
      studentToken,
    );
    expect(saved.body.respCode).toBe(200);
    const item = (await ShopCartItem.findOne({ where: { projectId, classId: theClass.id } })) as ShopCartItem;
    expect([item.accountId, item.projectId]).toEqual([student.id, projectId]);

    const submitted = await post(
      'order/submit',
      {
        cartItemIds: [item.id],
        accountId: otherStudent.id,
        amount: 1,
        totalFen: 1,
        paidFen: 1,
        status: 'PAID',
        projectId: otherProject,
      },
      studentToken,
    );
    expect(submitted.body.respCode).toBe(200);
    const order = (await PayOrder.findOne({
      where: { projectId, id: submitted.body.attribute.order.id },
    })) as PayOrder;
    expect([order.accountId, order.totalFen, order.paidFen, order.status]).toEqual([
      student.id,
      theClass.amountFen,
      0,
      'UNPAID',
    ]);
  });
});

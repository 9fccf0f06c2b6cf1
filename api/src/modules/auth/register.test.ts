import { ROLE_SYSTEM } from '@px/config';
import { Op } from 'sequelize';
import { createTestApp, type TestApp } from '../../testing/app';
import { encryptLoginField } from '../../testing/crypto';
import { buildAccount, buildHostedProject, buildProject, buildUnit } from '../../testing/factories';
import { Account } from '../account/account.model';
import { verifyPassword } from '../account/password';
import { Role } from '../account/role.model';
import { AuditLog } from '../audit/audit-log.model';
import type { Project } from '../project/project.model';
import { Session } from '../session/session.model';
import { authenticateToken } from '../session/session.service';
import { codeCount, freshIdCardNo, freshMobile, latestCode, post, wrongCode } from '../sms/sms.testing';
import { SmsCode } from '../sms/sms-code.model';

const SEND = '/api/register/send-msg-code.action';
const REGISTER = '/api/register/do-register.action';

let t: TestApp;
let project: Project;
let host: string;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
  ({ project, host } = await buildHostedProject());
});
afterAll(() => t.close());

/** Sends a registration code to a fresh mobile and reads it from the outbox. */
async function codeFor(mobile: string, target = { host }, unitId?: number): Promise<string> {
  const res = await post(t, SEND, target).send({ mobile, unitId });
  expect(res.body).toMatchObject({ respCode: 200, attribute: { resendSeconds: 60 } });
  return (await latestCode(mobile)) as string;
}

async function form(mobile: string, msgCode: string, extra: Record<string, unknown> = {}) {
  return {
    realName: '李四',
    idCardNo: freshIdCardNo(),
    mobile,
    msgCode,
    password: await encryptLoginField(t.sequelize, 'Study123'),
    ...extra,
  };
}

/** What a refused registration must leave untouched, in any project. */
async function counts() {
  return {
    accounts: await Account.count({ paranoid: false, allTenants: true }),
    sessions: await Session.count({ allTenants: true }),
    audits: await AuditLog.count({ allTenants: true }),
    usedCodes: await SmsCode.count({ where: { usedAt: { [Op.ne]: null } }, allTenants: true }),
  };
}

/** The account registered with a mobile, in any project. */
const accountOf = (mobile: string) => Account.findOne({ where: { mobile }, allTenants: true });
/** How many accounts have a mobile, in any project. */
const accountsWith = (mobile: string) => Account.count({ where: { mobile }, allTenants: true });

test('registers a student with the built-in student role and signs it in', async () => {
  const mobile = freshMobile();
  const code = await codeFor(mobile);
  const body = await form(mobile, code, { email: 'lisi@example.com' });
  const res = await post(t, REGISTER, { host }).send(body);
  expect(res.body).toMatchObject({ respCode: 200, attribute: { roleSystem: 3 } });
  expect(JSON.stringify(res.body)).not.toContain(code);

  const principal = await authenticateToken(t.sequelize, res.body.attribute.tokenCode);
  expect(principal).toMatchObject({ projectId: project.id, roleSystem: 3, unitId: null });
  const account = (await Account.scope('withPassword').findOne({
    where: { mobile },
    allTenants: true,
  })) as Account;
  expect(account).toMatchObject({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.STUDENT,
    realName: '李四',
    idCardNo: body.idCardNo,
    email: 'lisi@example.com',
    accountName: null,
    status: 'ENABLED',
  });
  expect(account.lastLoginAt).not.toBeNull();
  const role = (await Role.findOne({ where: { id: account.roleId }, allTenants: true })) as Role;
  expect(role).toMatchObject({ projectId: project.id, code: 'student', roleSystem: 3 });
  expect(await verifyPassword(account.passwordHash, 'Study123')).toBe(true);
  expect(account.passwordHash).not.toContain('Study123');
  const entry = await AuditLog.findOne({
    where: { action: 'account.register', targetId: String(account.id) },
    allTenants: true,
  });
  expect(entry).toMatchObject({ projectId: project.id, detail: { via: 'register', unitId: null } });
});

test('an ID number with a lower-case x is stored upper-cased', async () => {
  const mobile = freshMobile();
  const code = await codeFor(mobile);
  const res = await post(t, REGISTER, { host }).send(
    await form(mobile, code, { idCardNo: '11010519491231002x' }),
  );
  expect(res.body.respCode).toBe(200);
  expect((await accountOf(mobile))?.idCardNo).toBe('11010519491231002X');
});

test('send-msg-code refuses a mobile already registered in the project, sending nothing', async () => {
  const mobile = freshMobile();
  await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT, overrides: { mobile } });
  const res = await post(t, SEND, { host }).send({ mobile });
  expect(res.body).toMatchObject({ respCode: -1, respDesc: '该手机号已注册' });
  expect(await codeCount(mobile)).toBe(0);
});

test('an ID number already registered in the project is refused naming the field; nothing is written', async () => {
  const idCardNo = freshIdCardNo();
  await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.STUDENT,
    overrides: { idCardNo, mobile: freshMobile() },
  });
  const mobile = freshMobile();
  const code = await codeFor(mobile);
  const before = await counts();
  const res = await post(t, REGISTER, { host }).send(await form(mobile, code, { idCardNo }));
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ respCode: -1, respDesc: '参数错误：idCardNo 该身份证号已注册' });
  expect(res.body.attribute.errors).toEqual([
    { field: 'idCardNo', rule: 'unique', message: '该身份证号已注册' },
  ]);
  expect(await counts()).toEqual(before);

  // The code was not consumed: the person corrects the ID number and goes on.
  const retry = await post(t, REGISTER, { host }).send(await form(mobile, code));
  expect(retry.body.respCode).toBe(200);
});

test('a mobile registered meanwhile is refused naming the field; nothing is written', async () => {
  const mobile = freshMobile();
  const code = await codeFor(mobile);
  await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT, overrides: { mobile } });
  const before = await counts();
  const res = await post(t, REGISTER, { host }).send(await form(mobile, code));
  expect(res.body).toMatchObject({ respCode: -1, respDesc: '参数错误：mobile 该手机号已注册' });
  expect(await counts()).toEqual(before);
});

test('both fields are named when both are taken', async () => {
  const mobile = freshMobile();
  const code = await codeFor(mobile);
  const idCardNo = freshIdCardNo();
  await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.STUDENT,
    overrides: { mobile, idCardNo },
  });
  const res = await post(t, REGISTER, { host }).send(await form(mobile, code, { idCardNo }));
  expect(res.body.attribute.errors.map((error: { field: string }) => error.field)).toEqual([
    'idCardNo',
    'mobile',
  ]);
});

test('the same person may register in several projects', async () => {
  const other = await buildHostedProject();
  const mobile = freshMobile();
  const idCardNo = freshIdCardNo();
  const first = await post(t, REGISTER, { host }).send(
    await form(mobile, await codeFor(mobile), { idCardNo }),
  );
  expect(first.body.respCode).toBe(200);
  await t.sequelize.query(
    "UPDATE sms_code SET created_at = created_at - interval '61 seconds' WHERE mobile = :mobile",
    {
      replacements: { mobile },
    },
  );
  const second = await post(t, REGISTER, { host: other.host }).send(
    await form(mobile, await codeFor(mobile, { host: other.host }), { idCardNo }),
  );
  expect(second.body.respCode).toBe(200);
  const accounts = await Account.findAll({ where: { idCardNo }, allTenants: true });
  expect(accounts.map((account) => account.projectId).sort()).toEqual([project.id, other.project.id].sort());
});

test('a wrong code writes nothing', async () => {
  const mobile = freshMobile();
  const code = await codeFor(mobile);
  const res = await post(t, REGISTER, { host }).send(await form(mobile, wrongCode(code)));
  expect(res.body).toMatchObject({ respCode: -1, respDesc: '验证码错误，还可尝试4次' });
  expect(await accountsWith(mobile)).toBe(0);
});

test('a code sent for another purpose does not register', async () => {
  const mobile = freshMobile();
  await post(t, '/api/forget/send-msg-code-by-forget.action', { host }).send({ mobile });
  const res = await post(t, REGISTER, { host }).send(await form(mobile, '123456'));
  expect(res.body).toMatchObject({ respCode: -1, respDesc: '请先获取短信验证码' });
});

test('a project without the built-in student role refuses, writing nothing', async () => {
  const bare = await buildProject({ domains: ['bare.example.com'] });
  const mobile = freshMobile();
  const code = await codeFor(mobile, { host: 'bare.example.com' });
  const res = await post(t, REGISTER, { host: 'bare.example.com' }).send(await form(mobile, code));
  expect(res.body).toMatchObject({ respCode: -1, respDesc: '该项目未开放学员注册，请联系管理员' });
  expect(await Account.count({ where: { projectId: bare.id } })).toBe(0);
});

describe('the password', () => {
  test('plain text is refused naming the field', async () => {
    const mobile = freshMobile();
    const code = await codeFor(mobile);
    const res = await post(t, REGISTER, { host }).send(
      await form(mobile, code, { password: 'Study123Study123Study123' }),
    );
    expect(res.body).toMatchObject({
      respCode: -1,
      respDesc: '参数错误：password 须加密后提交，请刷新页面后重试',
    });
    expect(await accountsWith(mobile)).toBe(0);
  });

  test('a password breaking the rule is refused naming the field', async () => {
    const mobile = freshMobile();
    const code = await codeFor(mobile);
    const res = await post(t, REGISTER, { host }).send(
      await form(mobile, code, { password: await encryptLoginField(t.sequelize, '123456') }),
    );
    expect(res.body.respDesc).toBe(
      '参数错误：password 密码须以字母开头，6-19位字母、数字或下划线，且至少包含一个数字',
    );
    expect(await accountsWith(mobile)).toBe(0);
  });
});

test('bad fields are refused naming each', async () => {
  const res = await post(t, REGISTER, { host }).send({
    realName: ' ',
    idCardNo: '370102199003071239',
    mobile: '1380000',
    msgCode: '12',
    password: 'x',
    email: 'not-mail',
  });
  expect(res.status).toBe(400);
  expect(res.body.attribute.errors.map((error: { field: string }) => error.field).sort()).toEqual(
    ['email', 'idCardNo', 'mobile', 'msgCode', 'password', 'realName'].sort(),
  );
});

describe('registration through a unit', () => {
  test('binds the student to a unit of the same project', async () => {
    const unit = await buildUnit(project.id);
    const mobile = freshMobile();
    const code = await codeFor(mobile, { host }, unit.id);
    const res = await post(t, REGISTER, { host }).send(await form(mobile, code, { unitId: unit.id }));
    expect(res.body).toMatchObject({ respCode: 200 });
    expect((await accountOf(mobile))?.unitId).toBe(unit.id);
    expect(await authenticateToken(t.sequelize, res.body.attribute.tokenCode)).toMatchObject({
      unitId: unit.id,
    });
  });

  test("refuses a unit of another project than the host's, naming unitId; nothing is written", async () => {
    const other = await buildHostedProject();
    const foreign = await buildUnit(other.project.id);
    const mobile = freshMobile();
    const send = await post(t, SEND, { host }).send({ mobile, unitId: foreign.id });
    expect(send.body).toMatchObject({ respCode: -1, respDesc: '参数错误：unitId 该单位不属于当前项目' });
    expect(await codeCount(mobile)).toBe(0);

    const code = await codeFor(mobile);
    const before = await counts();
    const res = await post(t, REGISTER, { host }).send(await form(mobile, code, { unitId: foreign.id }));
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '参数错误：unitId 该单位不属于当前项目' });
    expect(await counts()).toEqual(before);
  });

  test("on a host bound to no project, the unit's project is the registration's", async () => {
    const other = await buildHostedProject();
    const unit = await buildUnit(other.project.id);
    const mobile = freshMobile();
    const shared = { host: 'shared.example.org' };
    const code = await codeFor(mobile, shared, unit.id);
    const res = await post(t, REGISTER, shared).send(await form(mobile, code, { unitId: unit.id }));
    expect(res.body.respCode).toBe(200);
    expect(await accountOf(mobile)).toMatchObject({
      projectId: other.project.id,
      unitId: unit.id,
    });
  });

  test('refuses a disabled unit naming unitId', async () => {
    const unit = await buildUnit(project.id, { status: 'DISABLED' });
    const mobile = freshMobile();
    const code = await codeFor(mobile);
    const res = await post(t, REGISTER, { host }).send(await form(mobile, code, { unitId: unit.id }));
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '参数错误：unitId 该单位已停用' });
    expect(await accountsWith(mobile)).toBe(0);
  });

  test('an unknown unit is refused naming unitId', async () => {
    const res = await post(t, SEND, { host }).send({ mobile: freshMobile(), unitId: 999_999 });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '参数错误：unitId 单位不存在' });
  });
});

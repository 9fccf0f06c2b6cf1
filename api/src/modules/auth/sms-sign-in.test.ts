import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { encryptLoginField } from '../../testing/crypto';
import { buildAccount, buildHostedProject, buildUnit, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { verifyPassword } from '../account/password';
import { Role } from '../account/role.model';
import { AuditLog } from '../audit/audit-log.model';
import type { Project } from '../project/project.model';
import { authenticateToken } from '../session/session.service';
import { codeCount, freshIdCardNo, freshMobile, latestCode, post } from '../sms/sms.testing';
import { SmsCode } from '../sms/sms-code.model';
import { SmsOutbox } from '../sms/sms-outbox.model';

const LOGIN_SEND = '/api/login/send-msg-code-by-login.action';
const LOGIN = '/api/login/login-by-mobile.action';
const FORGET_SEND = '/api/forget/send-msg-code-by-forget.action';
const FORGET = '/api/forget/forget-password.action';

let t: TestApp;
let project: Project;
let host: string;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
  ({ project, host } = await buildHostedProject());
});
afterAll(() => t.close());

async function student(
  options: { target?: Project; status?: 'ENABLED' | 'DISABLED'; mobile?: string | null } = {},
) {
  const mobile = options.mobile === undefined ? freshMobile() : options.mobile;
  const built = await buildAccount({
    projectId: (options.target ?? project).id,
    roleSystem: ROLE_SYSTEM.STUDENT,
    overrides: { mobile, idCardNo: freshIdCardNo(), status: options.status ?? 'ENABLED' },
  });
  return { ...built, mobile: mobile as string };
}

const encrypt = (value: string) => encryptLoginField(t.sequelize, value);

describe('login-by-mobile', () => {
  test('signs an existing student in', async () => {
    const { account, mobile } = await student();
    expect((await post(t, LOGIN_SEND, { host }).send({ mobile })).body.respCode).toBe(200);
    const res = await post(t, LOGIN, { host }).send({ mobile, msgCode: await latestCode(mobile) });
    expect(res.body).toMatchObject({ respCode: 200, attribute: { roleSystem: 3 } });
    expect(await authenticateToken(t.sequelize, res.body.attribute.tokenCode)).toMatchObject({
      accountId: account.id,
      projectId: project.id,
    });
    expect(
      (await Account.findOne({ where: { id: account.id, projectId: project.id } }))?.lastLoginAt,
    ).not.toBeNull();
  });

  test('without loginAsRegister an unknown mobile gets no code and cannot sign in', async () => {
    const mobile = freshMobile();
    const send = await post(t, LOGIN_SEND, { host }).send({ mobile });
    expect(send.body).toMatchObject({ respCode: -1, respDesc: '该手机号未注册' });
    expect(await codeCount(mobile)).toBe(0);
    const login = await post(t, LOGIN, { host }).send({ mobile, msgCode: '123456' });
    expect(login.body).toMatchObject({ respCode: -1, respDesc: '该手机号未注册' });
  });

  test('a disabled student gets no code', async () => {
    const { mobile } = await student({ status: 'DISABLED' });
    const res = await post(t, LOGIN_SEND, { host }).send({ mobile });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '账号已停用，请联系管理员' });
    expect(await codeCount(mobile)).toBe(0);
  });

  test('a student of another project is unknown here', async () => {
    const other = await buildHostedProject();
    const { mobile } = await student({ target: other.project });
    const res = await post(t, LOGIN_SEND, { host }).send({ mobile });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '该手机号未注册' });
  });

  test('refused when the project does not offer SMS sign-in', async () => {
    const closed = await buildHostedProject({ settings: { loginType: ['password'] } });
    const { mobile } = await student({ target: closed.project });
    const send = await post(t, LOGIN_SEND, { host: closed.host }).send({ mobile });
    expect(send.body).toMatchObject({ respCode: -1, respDesc: '当前项目未开放短信登录' });
    const login = await post(t, LOGIN, { host: closed.host }).send({ mobile, msgCode: '123456' });
    expect(login.body).toMatchObject({ respCode: -1, respDesc: '当前项目未开放短信登录' });
  });

  describe('with loginAsRegister', () => {
    let open: { project: Project; host: string };
    beforeAll(async () => {
      open = await buildHostedProject({ settings: { loginAsRegister: 1 } });
    });

    test('an unknown mobile gets a code and, with ID number and name, becomes a student', async () => {
      const mobile = freshMobile();
      const unit = await buildUnit(open.project.id);
      expect((await post(t, LOGIN_SEND, { host: open.host }).send({ mobile })).body.respCode).toBe(200);
      const msgCode = await latestCode(mobile);

      const missing = await post(t, LOGIN, { host: open.host }).send({ mobile, msgCode });
      expect(missing.status).toBe(400);
      expect(missing.body.attribute.errors).toEqual([
        { field: 'idCardNo', rule: 'required', message: '首次登录请填写身份证号' },
        { field: 'realName', rule: 'required', message: '首次登录请填写姓名' },
      ]);
      expect(await Account.count({ where: { mobile }, allTenants: true })).toBe(0);

      const idCardNo = freshIdCardNo();
      const res = await post(t, LOGIN, { host: open.host }).send({
        mobile,
        msgCode,
        idCardNo,
        realName: '王五',
        unitId: unit.id,
      });
      expect(res.body).toMatchObject({ respCode: 200, attribute: { roleSystem: 3 } });
      const account = (await Account.scope('withPassword').findOne({
        where: { mobile },
        allTenants: true,
      })) as Account;
      expect(account).toMatchObject({
        projectId: open.project.id,
        idCardNo,
        realName: '王五',
        unitId: unit.id,
        passwordHash: null,
      });
      expect((await Role.findOne({ where: { id: account.roleId, projectId: open.project.id } }))?.code).toBe(
        'student',
      );
      expect(await authenticateToken(t.sequelize, res.body.attribute.tokenCode)).toMatchObject({
        accountId: account.id,
      });
      expect(
        await AuditLog.count({
          where: { action: 'account.register', targetId: String(account.id) },
          allTenants: true,
        }),
      ).toBe(1);
    });

    test('an existing student still signs in with the code alone', async () => {
      const { account, mobile } = await student({ target: open.project });
      await post(t, LOGIN_SEND, { host: open.host }).send({ mobile });
      const res = await post(t, LOGIN, { host: open.host }).send({
        mobile,
        msgCode: await latestCode(mobile),
      });
      expect(await authenticateToken(t.sequelize, res.body.attribute.tokenCode)).toMatchObject({
        accountId: account.id,
      });
    });

    test('an ID number already registered in the project is refused naming it; nothing is written', async () => {
      const existing = await student({ target: open.project });
      const mobile = freshMobile();
      await post(t, LOGIN_SEND, { host: open.host }).send({ mobile });
      const res = await post(t, LOGIN, { host: open.host }).send({
        mobile,
        msgCode: await latestCode(mobile),
        idCardNo: existing.account.idCardNo,
        realName: '赵六',
      });
      expect(res.body).toMatchObject({ respCode: -1, respDesc: '参数错误：idCardNo 该身份证号已注册' });
      expect(await Account.count({ where: { mobile }, allTenants: true })).toBe(0);
      expect((await SmsCode.findOne({ where: { mobile, projectId: open.project.id } }))?.usedAt).toBeNull();
    });
  });
});

describe('forgotten password', () => {
  test('answers alike for a registered and an unknown mobile, but sends only to the registered one', async () => {
    const { mobile } = await student();
    const unknown = freshMobile();
    const known = await post(t, FORGET_SEND, { host }).send({ mobile });
    const stranger = await post(t, FORGET_SEND, { host }).send({ mobile: unknown });
    expect(stranger.body).toEqual(known.body);
    expect(known.body).toEqual({ respCode: 200, respDesc: '成功', attribute: { resendSeconds: 60 } });
    expect(await SmsOutbox.count({ where: { mobile }, allTenants: true })).toBe(1);
    expect(await SmsOutbox.count({ where: { mobile: unknown }, allTenants: true })).toBe(0);

    // The rate rule answers alike too.
    const knownAgain = await post(t, FORGET_SEND, { host }).send({ mobile });
    const strangerAgain = await post(t, FORGET_SEND, { host }).send({ mobile: unknown });
    expect(knownAgain.body.respDesc).toMatch(/^发送过于频繁/);
    expect(strangerAgain.body.respDesc).toMatch(/^发送过于频繁/);
  });

  test('sets the new password, ends every session of the account, and is audited', async () => {
    const { account, mobile } = await student();
    const tokens = [await signIn(account), await signIn(account)];
    await post(t, FORGET_SEND, { host }).send({ mobile });
    const res = await post(t, FORGET, { host }).send({
      mobile,
      msgCode: await latestCode(mobile),
      password: await encrypt('NewPass9'),
    });
    expect(res.body).toMatchObject({ respCode: 200, attribute: null });
    const stored = (await Account.scope('withPassword').findOne({
      where: { id: account.id, projectId: project.id },
    })) as Account;
    expect(await verifyPassword(stored.passwordHash, 'NewPass9')).toBe(true);
    expect(await verifyPassword(stored.passwordHash, 'Passw0rd')).toBe(false);
    expect(stored.passwordChangedAt).not.toBeNull();
    for (const token of tokens) expect(await authenticateToken(t.sequelize, token)).toBeNull();
    expect(
      await AuditLog.findOne({
        where: { action: 'account.forget-password', targetId: String(account.id) },
        allTenants: true,
      }),
    ).toMatchObject({ projectId: project.id, actorId: null });
  });

  test('a password breaking the rule is refused naming it and the code stays usable', async () => {
    const { account, mobile } = await student();
    await post(t, FORGET_SEND, { host }).send({ mobile });
    const msgCode = await latestCode(mobile);
    const res = await post(t, FORGET, { host }).send({ mobile, msgCode, password: await encrypt('short') });
    expect(res.body.attribute.errors[0].field).toBe('password');
    const ok = await post(t, FORGET, { host }).send({ mobile, msgCode, password: await encrypt('Better12') });
    expect(ok.body.respCode).toBe(200);
    const stored = (await Account.scope('withPassword').findOne({
      where: { id: account.id, projectId: project.id },
    })) as Account;
    expect(await verifyPassword(stored.passwordHash, 'Better12')).toBe(true);
  });

  test('a code never delivered cannot be used: an unknown mobile changes nothing', async () => {
    const unknown = freshMobile();
    await post(t, FORGET_SEND, { host }).send({ mobile: unknown });
    const audits = await AuditLog.count({ allTenants: true });
    const res = await post(t, FORGET, { host }).send({
      mobile: unknown,
      msgCode: '000000',
      password: await encrypt('NewPass9'),
    });
    expect(res.body.respCode).toBe(-1);
    expect(await AuditLog.count({ allTenants: true })).toBe(audits);
  });
});

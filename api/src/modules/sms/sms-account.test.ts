import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { encryptLoginField } from '../../testing/crypto';
import { buildAccount, buildUnit, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { verifyPassword } from '../account/password';
import { Role } from '../account/role.model';
import { AuditLog } from '../audit/audit-log.model';
import type { Project } from '../project/project.model';
import { authenticateToken } from '../session/session.service';
import {
  buildHostedProject,
  codeCount,
  freshIdCardNo,
  freshMobile,
  latestCode,
  passResendInterval,
  post,
} from './sms.testing';
import { SmsCode } from './sms-code.model';
import { SmsOutbox } from './sms-outbox.model';

const LOGIN_SEND = '/api/login/send-msg-code-by-login.action';
const LOGIN = '/api/login/login-by-mobile.action';
const FORGET_SEND = '/api/forget/send-msg-code-by-forget.action';
const FORGET = '/api/forget/forget-password.action';
const SIGNED_IN_SEND = '/api/sms/send-msg-code.action';
const MODIFY_MOBILE = '/api/login/modify-mobile.action';
const MODIFY_PASSWORD = '/api/login/modify-password-by-mobile.action';

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
    expect((await Account.findByPk(account.id))?.lastLoginAt).not.toBeNull();
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
      expect(await Account.count({ where: { mobile } })).toBe(0);

      const idCardNo = freshIdCardNo();
      const res = await post(t, LOGIN, { host: open.host }).send({
        mobile,
        msgCode,
        idCardNo,
        realName: '王五',
        unitId: unit.id,
      });
      expect(res.body).toMatchObject({ respCode: 200, attribute: { roleSystem: 3 } });
      const account = (await Account.scope('withPassword').findOne({ where: { mobile } })) as Account;
      expect(account).toMatchObject({
        projectId: open.project.id,
        idCardNo,
        realName: '王五',
        unitId: unit.id,
        passwordHash: null,
      });
      expect((await Role.findByPk(account.roleId))?.code).toBe('student');
      expect(await authenticateToken(t.sequelize, res.body.attribute.tokenCode)).toMatchObject({
        accountId: account.id,
      });
      expect(
        await AuditLog.count({ where: { action: 'account.register', targetId: String(account.id) } }),
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
      expect(await Account.count({ where: { mobile } })).toBe(0);
      expect((await SmsCode.findOne({ where: { mobile } }))?.usedAt).toBeNull();
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
    expect(await SmsOutbox.count({ where: { mobile } })).toBe(1);
    expect(await SmsOutbox.count({ where: { mobile: unknown } })).toBe(0);

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
    const stored = (await Account.scope('withPassword').findByPk(account.id)) as Account;
    expect(await verifyPassword(stored.passwordHash, 'NewPass9')).toBe(true);
    expect(await verifyPassword(stored.passwordHash, 'Passw0rd')).toBe(false);
    expect(stored.passwordChangedAt).not.toBeNull();
    for (const token of tokens) expect(await authenticateToken(t.sequelize, token)).toBeNull();
    expect(
      await AuditLog.findOne({ where: { action: 'account.forget-password', targetId: String(account.id) } }),
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
    const stored = (await Account.scope('withPassword').findByPk(account.id)) as Account;
    expect(await verifyPassword(stored.passwordHash, 'Better12')).toBe(true);
  });

  test('a code never delivered cannot be used: an unknown mobile changes nothing', async () => {
    const unknown = freshMobile();
    await post(t, FORGET_SEND, { host }).send({ mobile: unknown });
    const audits = await AuditLog.count();
    const res = await post(t, FORGET, { host }).send({
      mobile: unknown,
      msgCode: '000000',
      password: await encrypt('NewPass9'),
    });
    expect(res.body.respCode).toBe(-1);
    expect(await AuditLog.count()).toBe(audits);
  });
});

describe('modify mobile (signed in)', () => {
  test('a student binds a new mobile with the code sent to it; audited', async () => {
    const { account, mobile: old } = await student();
    const token = await signIn(account);
    const mobile = freshMobile();
    const send = await post(t, SIGNED_IN_SEND, { host, token }).send({ purpose: 'modify-mobile', mobile });
    expect(send.body).toMatchObject({ respCode: 200, attribute: { resendSeconds: 60 } });
    expect(await SmsOutbox.count({ where: { mobile: old } })).toBe(0);
    const res = await post(t, MODIFY_MOBILE, { host, token }).send({
      mobile,
      msgCode: await latestCode(mobile),
    });
    expect(res.body).toMatchObject({ respCode: 200 });
    expect((await Account.findByPk(account.id))?.mobile).toBe(mobile);
    expect(
      await AuditLog.findOne({ where: { action: 'account.modify-mobile', targetId: String(account.id) } }),
    ).toMatchObject({ actorId: account.id, detail: { from: old, to: mobile } });
  });

  test('refuses a mobile used by another student of the project, at sending and at binding', async () => {
    const { account } = await student();
    const other = await student();
    const token = await signIn(account);
    const send = await post(t, SIGNED_IN_SEND, { host, token }).send({
      purpose: 'modify-mobile',
      mobile: other.mobile,
    });
    expect(send.body).toMatchObject({ respCode: -1, respDesc: '参数错误：mobile 该手机号已被其他学员使用' });
    expect(await codeCount(other.mobile)).toBe(0);

    // Taken between the code and the binding.
    const mobile = freshMobile();
    await post(t, SIGNED_IN_SEND, { host, token }).send({ purpose: 'modify-mobile', mobile });
    await Account.update({ mobile }, { where: { id: other.account.id } });
    const res = await post(t, MODIFY_MOBILE, { host, token }).send({
      mobile,
      msgCode: await latestCode(mobile),
    });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '参数错误：mobile 该手机号已被其他学员使用' });
    expect((await Account.findByPk(account.id))?.mobile).not.toBe(mobile);
  });

  test('a student of another project may use the same mobile', async () => {
    const other = await buildHostedProject();
    const elsewhere = await student({ target: other.project });
    const { account } = await student();
    const token = await signIn(account);
    await post(t, SIGNED_IN_SEND, { host, token }).send({
      purpose: 'modify-mobile',
      mobile: elsewhere.mobile,
    });
    const res = await post(t, MODIFY_MOBILE, { host, token }).send({
      mobile: elsewhere.mobile,
      msgCode: await latestCode(elsewhere.mobile),
    });
    expect(res.body.respCode).toBe(200);
  });

  test('staff may change their mobile too; the current mobile is refused', async () => {
    const staff = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.PROJECT });
    await staff.account.update({ mobile: freshMobile() });
    const token = await signIn(staff.account);
    const same = await post(t, SIGNED_IN_SEND, { host, token }).send({
      purpose: 'modify-mobile',
      mobile: staff.account.mobile,
    });
    expect(same.body).toMatchObject({ respCode: -1, respDesc: '新手机号不能与当前手机号相同' });
    const mobile = freshMobile();
    await post(t, SIGNED_IN_SEND, { host, token }).send({ purpose: 'modify-mobile', mobile });
    const res = await post(t, MODIFY_MOBILE, { host, token }).send({
      mobile,
      msgCode: await latestCode(mobile),
    });
    expect(res.body.respCode).toBe(200);
    expect((await Account.findByPk(staff.account.id))?.mobile).toBe(mobile);
  });

  test('a code for another purpose does not bind', async () => {
    const { account } = await student();
    const token = await signIn(account);
    const mobile = freshMobile();
    await post(t, FORGET_SEND, { host }).send({ mobile });
    const res = await post(t, MODIFY_MOBILE, { host, token }).send({ mobile, msgCode: '123456' });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '请先获取短信验证码' });
  });

  test('needs a session and names a missing mobile', async () => {
    const anonymous = await post(t, SIGNED_IN_SEND, { host }).send({
      purpose: 'modify-mobile',
      mobile: freshMobile(),
    });
    expect(anonymous.status).toBe(401);
    const { account } = await student();
    const token = await signIn(account);
    const missing = await post(t, SIGNED_IN_SEND, { host, token }).send({ purpose: 'modify-mobile' });
    expect(missing.body).toMatchObject({ respCode: -1, respDesc: '参数错误：mobile 请输入新手机号' });
    const badPurpose = await post(t, SIGNED_IN_SEND, { host, token }).send({ purpose: 'register' });
    expect(badPurpose.body.attribute.errors[0].field).toBe('purpose');
  });

  test('refused while platform staff are signed in as the account', async () => {
    const { account } = await student();
    const admin = await buildAccount({ projectId: null, roleSystem: ROLE_SYSTEM.PLATFORM });
    const token = await signIn(account, { impersonatorId: admin.account.id });
    const res = await post(t, SIGNED_IN_SEND, { host, token }).send({
      purpose: 'modify-mobile',
      mobile: freshMobile(),
    });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '超级账号登录期间不能进行此操作' });
  });
});

describe('modify password by mobile (signed in)', () => {
  test("sets the password with the code sent to the account's own mobile; other sessions end", async () => {
    const { account, mobile } = await student();
    const current = await signIn(account);
    const other = await signIn(account);
    const send = await post(t, SIGNED_IN_SEND, { host, token: current }).send({
      purpose: 'modify-password',
      mobile: freshMobile(),
    });
    expect(send.body.respCode).toBe(200);
    expect((await SmsCode.findOne({ where: { mobile } }))?.purpose).toBe('modify-password');

    const res = await post(t, MODIFY_PASSWORD, { host, token: current }).send({
      msgCode: await latestCode(mobile),
      password: await encrypt('Changed99'),
    });
    expect(res.body).toMatchObject({ respCode: 200 });
    const stored = (await Account.scope('withPassword').findByPk(account.id)) as Account;
    expect(await verifyPassword(stored.passwordHash, 'Changed99')).toBe(true);
    expect(await authenticateToken(t.sequelize, current)).not.toBeNull();
    expect(await authenticateToken(t.sequelize, other)).toBeNull();
    expect(
      await AuditLog.count({
        where: { action: 'account.modify-password-by-mobile', targetId: String(account.id) },
      }),
    ).toBe(1);
  });

  test('a wrong code changes nothing; the code is single use', async () => {
    const { account, mobile } = await student();
    const token = await signIn(account);
    await post(t, SIGNED_IN_SEND, { host, token }).send({ purpose: 'modify-password' });
    const msgCode = (await latestCode(mobile)) as string;
    const wrong = await post(t, MODIFY_PASSWORD, { host, token }).send({
      msgCode: msgCode === '000000' ? '000001' : '000000',
      password: await encrypt('Changed99'),
    });
    expect(wrong.body.respDesc).toBe('验证码错误，还可尝试4次');
    const ok = await post(t, MODIFY_PASSWORD, { host, token }).send({
      msgCode,
      password: await encrypt('Changed99'),
    });
    expect(ok.body.respCode).toBe(200);
    const again = await post(t, MODIFY_PASSWORD, { host, token }).send({
      msgCode,
      password: await encrypt('Other999'),
    });
    expect(again.body.respDesc).toBe('验证码已失效，请重新获取');
  });

  test('an account without a mobile is told so', async () => {
    const staff = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.PROJECT });
    const token = await signIn(staff.account);
    const res = await post(t, SIGNED_IN_SEND, { host, token }).send({ purpose: 'modify-password' });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '当前账号未绑定手机号' });
  });

  test('the signed-in send follows the same 60-second rule', async () => {
    const { account, mobile } = await student();
    const token = await signIn(account);
    await post(t, SIGNED_IN_SEND, { host, token }).send({ purpose: 'modify-password' });
    const again = await post(t, SIGNED_IN_SEND, { host, token }).send({ purpose: 'modify-password' });
    expect(again.body.respDesc).toMatch(/^发送过于频繁/);
    await passResendInterval(t, mobile);
    expect(
      (await post(t, SIGNED_IN_SEND, { host, token }).send({ purpose: 'modify-password' })).body.respCode,
    ).toBe(200);
  });
});

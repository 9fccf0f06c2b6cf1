import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { encryptLoginField } from '../../testing/crypto';
import { buildAccount, buildHostedProject, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import type { Project } from '../project/project.model';
import { authenticateToken } from '../session/session.service';
import {
  codeCount,
  freshIdCardNo,
  freshMobile,
  latestCode,
  passResendInterval,
  post,
} from '../sms/sms.testing';
import { SmsCode } from '../sms/sms-code.model';
import { SmsOutbox } from '../sms/sms-outbox.model';
import { Account } from './account.model';
import { verifyPassword } from './password';

const FORGET_SEND = '/api/forget/send-msg-code-by-forget.action';
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

describe('modify mobile (signed in)', () => {
  test('a student binds a new mobile with the code sent to it; audited', async () => {
    const { account, mobile: old } = await student();
    const token = await signIn(account);
    const mobile = freshMobile();
    const send = await post(t, SIGNED_IN_SEND, { host, token }).send({ purpose: 'modify-mobile', mobile });
    expect(send.body).toMatchObject({ respCode: 200, attribute: { resendSeconds: 60 } });
    expect(await SmsOutbox.count({ where: { mobile: old }, allTenants: true })).toBe(0);
    const res = await post(t, MODIFY_MOBILE, { host, token }).send({
      mobile,
      msgCode: await latestCode(mobile),
    });
    expect(res.body).toMatchObject({ respCode: 200 });
    expect((await Account.findOne({ where: { id: account.id, projectId: project.id } }))?.mobile).toBe(
      mobile,
    );
    expect(
      await AuditLog.findOne({
        where: { action: 'account.modify-mobile', targetId: String(account.id) },
        allTenants: true,
      }),
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
    await Account.update({ mobile }, { where: { id: other.account.id, projectId: project.id } });
    const res = await post(t, MODIFY_MOBILE, { host, token }).send({
      mobile,
      msgCode: await latestCode(mobile),
    });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '参数错误：mobile 该手机号已被其他学员使用' });
    expect((await Account.findOne({ where: { id: account.id, projectId: project.id } }))?.mobile).not.toBe(
      mobile,
    );
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
    expect((await Account.findOne({ where: { id: staff.account.id, projectId: project.id } }))?.mobile).toBe(
      mobile,
    );
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
    expect((await SmsCode.findOne({ where: { mobile, projectId: project.id } }))?.purpose).toBe(
      'modify-password',
    );

    const res = await post(t, MODIFY_PASSWORD, { host, token: current }).send({
      msgCode: await latestCode(mobile),
      password: await encrypt('Changed99'),
    });
    expect(res.body).toMatchObject({ respCode: 200 });
    const stored = (await Account.scope('withPassword').findOne({
      where: { id: account.id, projectId: project.id },
    })) as Account;
    expect(await verifyPassword(stored.passwordHash, 'Changed99')).toBe(true);
    expect(await authenticateToken(t.sequelize, current)).not.toBeNull();
    expect(await authenticateToken(t.sequelize, other)).toBeNull();
    expect(
      await AuditLog.count({
        where: { action: 'account.modify-password-by-mobile', targetId: String(account.id) },
        allTenants: true,
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

import { ROLE_SYSTEM } from '@px/config';
import { LOGIN_MESSAGES } from '../../contract/login';
import { createTestApp, type TestApp } from '../../testing/app';
import { encryptLoginField } from '../../testing/crypto';
import { buildAccount, buildProject, buildUnit } from '../../testing/factories';
import { Account } from '../account/account.model';
import type { Project } from '../project/project.model';
import { Session } from '../session/session.model';
import { hashToken } from '../session/session.service';
import { loginBody, postLogin, signInOverHttp } from './test-support';

let t: TestApp;
let project: Project;
let other: Project;
const HOST = 'login.example.com';
const OTHER_HOST = 'other.example.com';

beforeAll(async () => {
  t = await createTestApp();
  project = await buildProject({ domains: [HOST] });
  other = await buildProject({ domains: [OTHER_HOST] });
});
afterAll(() => t.close());

const onHost = { host: HOST };

describe('two-step login', () => {
  test('staff: check the account, then sign in; the session is opened with ip and user agent', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    const name = account.accountName as string;
    const check = await postLogin(
      t,
      'check-account-before-login',
      { account: await encryptLoginField(t.sequelize, name), roleType: 1 },
      onHost,
    );
    expect(check.body).toEqual({
      respCode: 200,
      respDesc: expect.any(String),
      attribute: { needCaptcha: false, captchaType: 'image', lockedUntil: null },
    });

    const res = await postLogin(
      t,
      'login',
      await loginBody(t.sequelize, { account: name, password }),
      onHost,
    ).set('User-Agent', 'jest-agent');
    expect(res.body.respCode).toBe(200);
    expect(res.body.attribute).toEqual({ tokenCode: expect.any(String), roleSystem: 2 });
    const session = await Session.findOne({
      where: { tokenHash: hashToken(res.body.attribute.tokenCode) },
      allTenants: true,
    });
    expect(session).toMatchObject({
      accountId: account.id,
      projectId: project.id,
      roleSystem: 2,
      userAgent: 'jest-agent',
    });
    expect(session?.ip).toBeTruthy();
    const signedIn = await Account.findOne({ where: { id: account.id, projectId: project.id } });
    expect(signedIn?.lastLoginAt).toBeInstanceOf(Date);

    const info = await t.http
      .get('/api/login/get-account-info.action')
      .set('token', res.body.attribute.tokenCode);
    expect(info.body.attribute.accountId).toBe(account.id);
  });

  test('staff account names are case-insensitive', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    const answer = await signInOverHttp(
      t,
      { account: (account.accountName as string).toUpperCase(), password },
      onHost,
    );
    expect(answer.respCode).toBe(200);
  });

  test('unit managers sign in at the back office; students may not', async () => {
    const unit = await buildUnit(project.id);
    const manager = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.UNIT,
      unitId: unit.id,
    });
    const answer = await signInOverHttp(
      t,
      { account: manager.account.accountName as string, password: manager.password },
      onHost,
    );
    expect(answer).toMatchObject({ respCode: 200, attribute: { roleSystem: 4 } });

    const student = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { accountName: 'studentname' },
    });
    const refused = await signInOverHttp(t, { account: 'studentname', password: student.password }, onHost);
    expect(refused).toMatchObject({ respCode: -1, respDesc: LOGIN_MESSAGES.BAD_CREDENTIALS });
  });

  test('platform staff sign in on any project; project staff only in their own', async () => {
    const platform = await buildAccount({ projectId: null, roleSystem: ROLE_SYSTEM.PLATFORM });
    for (const host of [HOST, OTHER_HOST]) {
      const answer = await signInOverHttp(
        t,
        { account: platform.account.accountName as string, password: platform.password },
        { host },
      );
      expect(answer).toMatchObject({ respCode: 200, attribute: { roleSystem: 1 } });
    }
    const staff = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.PROJECT });
    const elsewhere = await signInOverHttp(
      t,
      { account: staff.account.accountName as string, password: staff.password },
      { host: OTHER_HOST },
    );
    expect(elsewhere).toMatchObject({ respCode: -1, respDesc: LOGIN_MESSAGES.BAD_CREDENTIALS });
  });

  test('unitId names the project instead of the host', async () => {
    const unit = await buildUnit(other.id);
    const staff = await buildAccount({ projectId: other.id, roleSystem: ROLE_SYSTEM.PROJECT });
    const answer = await signInOverHttp(
      t,
      { account: staff.account.accountName as string, password: staff.password, unitId: unit.id },
      onHost,
    );
    expect(answer.respCode).toBe(200);
  });

  test('students sign in with the ID number (a lower-case x too) or the mobile, at the H5 door', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: '11010519491231002X', mobile: '13912345678' },
    });
    const check = await postLogin(
      t,
      'check-account-before-login',
      { account: await encryptLoginField(t.sequelize, '11010519491231002x'), roleType: 3 },
      onHost,
    );
    expect(check.body.attribute).toEqual({ needCaptcha: false, captchaType: 'slider', lockedUntil: null });
    for (const typed of ['11010519491231002x', '11010519491231002X', '13912345678']) {
      const answer = await signInOverHttp(t, { account: typed, password, roleType: 3 }, onHost);
      expect(answer).toMatchObject({ respCode: 200, attribute: { roleSystem: 3 } });
    }
    // Not at the back office, and not in another project.
    const backOffice = await signInOverHttp(t, { account: '13912345678', password, roleType: 1 }, onHost);
    expect(backOffice.respDesc).toBe(LOGIN_MESSAGES.BAD_CREDENTIALS);
    const elsewhere = await signInOverHttp(
      t,
      { account: '13912345678', password, roleType: 3 },
      { host: OTHER_HOST },
    );
    expect(elsewhere.respDesc).toBe(LOGIN_MESSAGES.BAD_CREDENTIALS);
    expect(account.id).toBeGreaterThan(0);
  });

  test('students may not sign in by password when the project allows only other ways', async () => {
    const closed = await buildProject({
      domains: ['sms-only.example.com'],
      settings: { loginType: ['sms'] },
    });
    const { account, password } = await buildAccount({
      projectId: closed.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
    });
    const answer = await signInOverHttp(
      t,
      { account: account.mobile as string, password, roleType: 3 },
      { host: 'sms-only.example.com' },
    );
    expect(answer).toMatchObject({ respCode: -1, respDesc: LOGIN_MESSAGES.PASSWORD_LOGIN_CLOSED });
  });
});

describe('refusals', () => {
  test('a wrong password and an unknown account answer exactly alike', async () => {
    const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.PROJECT });
    const wrong = await signInOverHttp(
      t,
      { account: account.accountName as string, password: 'Wrong123' },
      onHost,
    );
    const unknown = await signInOverHttp(t, { account: 'nobody-here', password: 'Wrong123' }, onHost);
    expect(wrong).toEqual({
      respCode: -1,
      respDesc: '账号或密码错误',
      attribute: { needCaptcha: false, captchaType: 'image', lockedUntil: null },
    });
    expect(unknown).toEqual(wrong);
  });

  test('a disabled account is told so only after the right password', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    await Account.update({ status: 'DISABLED' }, { where: { id: account.id, projectId: project.id } });
    const wrong = await signInOverHttp(
      t,
      { account: account.accountName as string, password: 'Wrong123' },
      onHost,
    );
    expect(wrong.respDesc).toBe(LOGIN_MESSAGES.BAD_CREDENTIALS);
    const right = await signInOverHttp(t, { account: account.accountName as string, password }, onHost);
    expect(right).toMatchObject({ respCode: -1, respDesc: '账号已停用，请联系管理员' });
    expect(await Session.count({ where: { accountId: account.id }, allTenants: true })).toBe(0);
  });

  test('a deleted account cannot sign in', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    await account.destroy();
    const answer = await signInOverHttp(t, { account: account.accountName as string, password }, onHost);
    expect(answer.respDesc).toBe(LOGIN_MESSAGES.BAD_CREDENTIALS);
  });

  test('plain-text credentials are refused naming the field, and nothing is recorded', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    const short = await postLogin(
      t,
      'login',
      { account: account.accountName, password, roleType: 1 },
      onHost,
    );
    expect(short.status).toBe(400);
    expect(short.body.respCode).toBe(-1);
    expect(short.body.attribute.errors.map((error: { field: string }) => error.field)).toEqual(
      expect.arrayContaining(['account', 'password']),
    );
    // Long enough to pass the length check, but not cipher text of our key.
    const plainLong = await postLogin(
      t,
      'login',
      {
        account: await encryptLoginField(t.sequelize, account.accountName as string),
        password: `${password}-but-plain-text`,
        roleType: 1,
      },
      onHost,
    );
    expect(plainLong.status).toBe(400);
    expect(plainLong.body.respDesc).toBe('参数错误：password 须加密后提交，请刷新页面后重试');
    const check = await postLogin(
      t,
      'check-account-before-login',
      { account: 'plain-account-name-x', roleType: 1 },
      onHost,
    );
    expect(check.body.attribute.errors[0].field).toBe('account');
    expect(await Session.count({ where: { accountId: account.id }, allTenants: true })).toBe(0);
  });

  test('a bad roleType is refused naming the field', async () => {
    const res = await postLogin(
      t,
      'login',
      await loginBody(t.sequelize, { account: 'a', password: 'b', roleType: 2 as 1 }),
      onHost,
    );
    expect(res.status).toBe(400);
    expect(res.body.attribute.errors[0].field).toBe('roleType');
  });
});

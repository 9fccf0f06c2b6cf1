import { ROLE_SYSTEM } from '@px/config';
import { LOGIN_MESSAGES } from '../../contract/login';
import { createTestApp, type TestApp } from '../../testing/app';
import { encryptLoginField } from '../../testing/crypto';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { verifyPassword } from '../account/password';
import { AuditLog } from '../audit/audit-log.model';
import type { Project } from '../project/project.model';
import { Session } from '../session/session.model';
import { hashToken } from '../session/session.service';
import { loginBody, postLogin, signInOverHttp } from './test-support';

let t: TestApp;
let project: Project;
const HOST = 'family.example.com';

beforeAll(async () => {
  t = await createTestApp();
  project = await buildProject({
    domains: [HOST],
    settings: {
      title: '家庭测试平台',
      shortTitle: '家庭',
      customerPhone: '400-123-4567',
      versionCode: '2.3.4',
    },
  });
});
afterAll(() => t.close());

const accountInfo = (token: string) => t.http.get('/api/login/get-account-info.action').set('token', token);

describe('get-account-info', () => {
  test('answers name, avatar, role and the granted part of the menu as a tree', async () => {
    const unit = await buildUnit(project.id);
    const { account, role } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.UNIT,
      unitId: unit.id,
      menu: ['/home', '/unit-manage/detail', '/student-manage/student'],
      overrides: { realName: '李经理', imagePath: '/files/avatar.png' },
    });
    const token = await signIn(account);
    const res = await accountInfo(token);
    expect(res.body).toMatchObject({ respCode: 200 });
    expect(res.body.attribute).toEqual({
      accountId: account.id,
      userName: '李经理',
      imagePath: '/files/avatar.png',
      projectId: project.id,
      unitId: unit.id,
      impersonatedBy: null,
      roleRP: {
        roleName: role.name,
        roleSystem: 4,
        menu: [
          { url: '/home', title: '首页', childrenMenuRPs: [] },
          {
            url: '/student-manage',
            title: '学员管理',
            childrenMenuRPs: [{ url: '/student-manage/student', title: '学员列表', childrenMenuRPs: [] }],
          },
          {
            url: '/unit-manage',
            title: '单位管理',
            childrenMenuRPs: [{ url: '/unit-manage/detail', title: '单位详情', childrenMenuRPs: [] }],
          },
        ],
      },
    });
    // POST too.
    const post = await t.http.post('/api/login/get-account-info.action').set('token', token);
    expect(post.body.attribute.accountId).toBe(account.id);
  });

  test('shows the account name when the real name is empty', async () => {
    const { account } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      overrides: { realName: '' },
    });
    const res = await accountInfo(await signIn(account));
    expect(res.body.attribute.userName).toBe(account.accountName);
  });

  test('answers 401 without a token or with an unknown one', async () => {
    expect((await t.http.get('/api/login/get-account-info.action')).status).toBe(401);
    const res = await accountInfo('x'.repeat(43));
    expect(res.status).toBe(401);
    expect(res.body.respCode).toBe(401);
  });
});

describe('login-out and check-login', () => {
  test('logout revokes the session: get-account-info answers 401 after; logout again still succeeds', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    const login = await signInOverHttp(
      t,
      { account: account.accountName as string, password },
      { host: HOST },
    );
    const token = login.attribute?.tokenCode as string;
    expect((await accountInfo(token)).status).toBe(200);
    expect((await t.http.post('/api/login/check-login.action').set('token', token)).body.attribute).toEqual({
      valid: true,
    });

    const out = await t.http.post('/api/login/login-out.action').set('token', token);
    expect(out.body).toMatchObject({ respCode: 200 });
    const session = await Session.findOne({ where: { tokenHash: hashToken(token) }, allTenants: true });
    expect(session?.revokedAt).toBeInstanceOf(Date);
    expect((await accountInfo(token)).status).toBe(401);
    expect((await t.http.post('/api/login/check-login.action').set('token', token)).body.attribute).toEqual({
      valid: false,
    });

    const again = await t.http.post('/api/login/login-out.action').set('token', token);
    expect(again.status).toBe(200);
    expect(again.body.respCode).toBe(200);
    expect((await t.http.post('/api/login/login-out.action')).body.respCode).toBe(200);
  });

  test('check-login reads the token cookie too, and answers false without a token', async () => {
    const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
    const token = await signIn(account);
    const byCookie = await t.http.get('/api/login/check-login.action').set('Cookie', `token=${token}`);
    expect(byCookie.body.attribute).toEqual({ valid: true });
    expect((await t.http.get('/api/login/check-login.action')).body).toMatchObject({
      respCode: 200,
      attribute: { valid: false },
    });
  });
});

describe('modify-password', () => {
  const modify = async (token: string, oldPassword: string, newPassword: string) =>
    t.http
      .post('/api/login/modify-password.action')
      .set('token', token)
      .send({
        oldPassword: await encryptLoginField(t.sequelize, oldPassword),
        newPassword: await encryptLoginField(t.sequelize, newPassword),
      });

  test('changes the password, ends the other sessions, keeps this one, and is audited', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    const current = await signIn(account);
    const other = await signIn(account);
    const res = await modify(current, password, 'Newpass99');
    expect(res.body).toMatchObject({ respCode: 200 });

    expect((await accountInfo(current)).status).toBe(200);
    expect((await accountInfo(other)).status).toBe(401);
    const stored = await Account.scope('withPassword').findOne({
      where: { id: account.id, projectId: project.id },
    });
    expect(await verifyPassword(stored?.passwordHash, 'Newpass99')).toBe(true);
    expect(stored?.passwordChangedAt).toBeInstanceOf(Date);
    expect(
      await AuditLog.count({
        where: { action: 'account.modify-password', actorId: account.id, targetId: String(account.id) },
        allTenants: true,
      }),
    ).toBe(1);

    const old = await signInOverHttp(t, { account: account.accountName as string, password }, { host: HOST });
    expect(old.respDesc).toBe(LOGIN_MESSAGES.BAD_CREDENTIALS);
    const renewed = await signInOverHttp(
      t,
      { account: account.accountName as string, password: 'Newpass99' },
      { host: HOST },
    );
    expect(renewed.respCode).toBe(200);
  });

  test('a wrong old password is refused and nothing changes', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
    });
    const current = await signIn(account);
    const other = await signIn(account);
    const res = await modify(current, 'Wrongold1', 'Newpass99');
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '原密码错误' });
    const stored = await Account.scope('withPassword').findOne({
      where: { id: account.id, projectId: project.id },
    });
    expect(await verifyPassword(stored?.passwordHash, password)).toBe(true);
    expect((await accountInfo(other)).status).toBe(200);
  });

  test('10 wrong old passwords within 15 minutes lock the change, even with the right one', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    const token = await signIn(account);
    for (let i = 0; i < 10; i += 1) {
      expect((await modify(token, 'Wrongold1', 'Newpass99')).body.respDesc).toBe(
        LOGIN_MESSAGES.OLD_PASSWORD_WRONG,
      );
    }
    const locked = await modify(token, password, 'Newpass99');
    expect(locked.body).toMatchObject({ respCode: -1, respDesc: '原密码错误次数过多，请15分钟后再试' });
  });

  test('the new password must follow the password rule and differ from the old one', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    const token = await signIn(account);
    for (const bad of ['abc12', '1startsWithDigit', 'nodigitshere', 'has-dash1']) {
      const res = await modify(token, password, bad);
      expect(res.status).toBe(400);
      expect(res.body.attribute.errors).toEqual([
        {
          field: 'newPassword',
          rule: 'password',
          message: '密码须以字母开头，6-19位字母、数字或下划线，且至少包含一个数字',
        },
      ]);
    }
    const same = await modify(token, password, password);
    expect(same.body).toMatchObject({ respCode: -1, respDesc: '新密码不能与原密码相同' });
  });

  test('plain text is refused; signed-out callers get 401', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    const token = await signIn(account);
    const plain = await t.http
      .post('/api/login/modify-password.action')
      .set('token', token)
      .send({ oldPassword: password, newPassword: 'Newpass99' });
    expect(plain.status).toBe(400);
    const anonymous = await t.http.post('/api/login/modify-password.action').send({});
    expect(anonymous.status).toBe(401);
  });

  test('refused while a super account is signed in as the account', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    const admin = await buildAccount({ projectId: null, roleSystem: ROLE_SYSTEM.PLATFORM });
    const token = await signIn(account, { impersonatorId: admin.account.id });
    const res = await modify(token, password, 'Newpass99');
    expect(res.body).toMatchObject({ respCode: -1, respDesc: LOGIN_MESSAGES.NOT_WHILE_IMPERSONATING });
  });
});

describe('switch-login', () => {
  test('lists the enabled accounts of the same ID number and switches to one, ending the current session', async () => {
    const idCardNo = '110101199003074477';
    const second = await buildProject({ name: '第二项目', settings: { title: '第二平台' } });
    const third = await buildProject({ status: 'DISABLED' });
    const me = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo },
    });
    const there = await buildAccount({
      projectId: second.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo },
    });
    await buildAccount({ projectId: third.id, roleSystem: ROLE_SYSTEM.STUDENT, overrides: { idCardNo } });
    const stranger = await buildAccount({ projectId: second.id, roleSystem: ROLE_SYSTEM.STUDENT });
    const token = await signIn(me.account);

    const list = await t.http.post('/api/login/switch-login.action').set('token', token);
    expect(list.body.attribute).toEqual({
      list: [
        {
          accountId: me.account.id,
          projectId: project.id,
          projectName: project.name,
          title: '家庭测试平台',
          realName: '测试学员',
          current: true,
        },
        {
          accountId: there.account.id,
          projectId: second.id,
          projectName: '第二项目',
          title: '第二平台',
          realName: '测试学员',
          current: false,
        },
      ],
    });

    const refused = await t.http
      .post('/api/login/switch-login.action')
      .set('token', token)
      .send({ accountId: stranger.account.id });
    expect(refused.body).toMatchObject({ respCode: -1, respDesc: '无法切换到该账号' });

    const switched = await t.http
      .post('/api/login/switch-login.action')
      .set('token', token)
      .send({ accountId: there.account.id });
    expect(switched.body.attribute).toEqual({ tokenCode: expect.any(String), roleSystem: 3 });
    expect((await accountInfo(token)).status).toBe(401);
    const info = await accountInfo(switched.body.attribute.tokenCode);
    expect(info.body.attribute).toMatchObject({ accountId: there.account.id, projectId: second.id });
  });

  test('is for students only', async () => {
    const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.PROJECT });
    const res = await t.http.post('/api/login/switch-login.action').set('token', await signIn(account));
    expect(res.status).toBe(403);
  });
});

describe('index2 and index2Login', () => {
  const OPEN_HOST = 'index2-open.example.com';
  let open: Project;
  beforeAll(async () => {
    open = await buildProject({ domains: [OPEN_HOST], settings: { index2Open: 1, title: '入口二平台' } });
  });

  test('index2 tells whether the entry is open, with the title', async () => {
    const closed = await t.http.get('/api/login/index2.action').set('Host', HOST);
    expect(closed.body.attribute).toEqual({ open: false, title: '家庭测试平台' });
    const opened = await t.http.post('/api/login/index2.action').set('Host', OPEN_HOST);
    expect(opened.body.attribute).toEqual({ open: true, title: '入口二平台' });
  });

  test('students sign in with ID number and password while open; answers attribute.data.tokenCode', async () => {
    const { account, password } = await buildAccount({
      projectId: open.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: '11010519491231002X' },
    });
    const body = await loginBody(t.sequelize, { account: '11010519491231002x', password });
    delete body.roleType;
    const res = await postLogin(t, 'index2Login', body, { host: OPEN_HOST });
    expect(res.body).toMatchObject({ respCode: 200, attribute: { data: { tokenCode: expect.any(String) } } });
    const info = await accountInfo(res.body.attribute.data.tokenCode);
    expect(info.body.attribute.accountId).toBe(account.id);

    const wrong = await postLogin(
      t,
      'index2Login',
      await loginBody(t.sequelize, { account: '11010519491231002X', password: 'Wrong123' }),
      { host: OPEN_HOST },
    );
    expect(wrong.body).toMatchObject({ respCode: -1, respDesc: LOGIN_MESSAGES.BAD_CREDENTIALS });
    // The mobile is not an ID number.
    const byMobile = await postLogin(
      t,
      'index2Login',
      await loginBody(t.sequelize, { account: account.mobile as string, password }),
      { host: OPEN_HOST },
    );
    expect(byMobile.status).toBe(400);
    expect(byMobile.body.attribute.errors[0]).toMatchObject({
      field: 'account',
      message: '身份证号格式不正确',
    });
  });

  test('refused with -1 while index2Open is 0', async () => {
    const { password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: '11010519491231002X' },
    });
    const res = await postLogin(
      t,
      'index2Login',
      await loginBody(t.sequelize, { account: '11010519491231002X', password }),
      { host: HOST },
    );
    expect(res.body).toMatchObject({ respCode: -1, respDesc: LOGIN_MESSAGES.INDEX2_CLOSED });
  });
});

describe('get-agreement and about-us', () => {
  test('the agreement and the privacy policy carry the project title', async () => {
    const res = await t.http.get('/api/login/get-agreement.action').set('Host', HOST);
    expect(res.body.attribute.title).toBe('家庭测试平台');
    expect(res.body.attribute.userAgreement).toContain('《家庭测试平台用户服务协议》');
    expect(res.body.attribute.privacyPolicy).toContain('《家庭测试平台隐私政策》');
    expect(res.body.attribute.userAgreement).not.toContain('{title}');
  });

  test('about-us answers titles, customer phone and version', async () => {
    const res = await t.http.get('/api/login/about-us.action').set('Host', HOST);
    expect(res.body.attribute).toEqual({
      title: '家庭测试平台',
      shortTitle: '家庭',
      customerPhone: '400-123-4567',
      versionCode: '2.3.4',
    });
  });
});

import { ROLE_SYSTEM } from '@px/config';
import { buildPushXml, signJsSdk } from '@px/wechat';
import {
  BRIDGE_SCRIPT_PATH,
  createWechatSimulator,
  mpSimulator,
  openIdOf,
  type SimApp,
  type WechatSimulator,
} from '@px/wechat/sim';
import { createTestApp, type TestApp } from '../../testing/app';
import { encryptLoginField } from '../../testing/crypto';
import { buildAccount, buildHostedProject, buildUnit, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { freshIdCardNo, freshMobile, latestCode } from '../sms/sms.testing';
import { createWechatGateway } from './wechat.gateway';
import { WechatBinding, Wxapp, WxappProject } from './wxapp.model';

const APP: SimApp = {
  appId: 'wx0123456789abcdef',
  appSecret: 'f'.repeat(32),
  name: '测试服务号',
  token: 'flowToken2026',
  encodingAESKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  pushMode: 'safe',
};
const PUBLIC_URL = 'http://h5.example.test';

let t: TestApp;
let sim: WechatSimulator;
let host: string;
let projectId: number;

const call = (group: string, name: string, body: object = {}, token?: string) => {
  const request = t.http.post(`/api/${group}/${name}.action`).set('host', host);
  return (token ? request.set('token', token) : request).send(body);
};

beforeAll(async () => {
  sim = createWechatSimulator({ apps: [{ ...APP }] });
  await sim.listen();
  const wechat = createWechatGateway({
    endpoints: sim.endpoints(),
    publicUrl: PUBLIC_URL,
    bridgeScript: `${sim.url()}${BRIDGE_SCRIPT_PATH}`,
  });
  t = await createTestApp({ providers: { wechat } });
  const hosted = await buildHostedProject();
  host = hosted.host;
  projectId = hosted.project.id;
  const wxapp = await Wxapp.create({
    name: APP.name,
    appId: APP.appId,
    appSecret: APP.appSecret,
    pushToken: APP.token,
    encodingAesKey: APP.encodingAESKey,
    pushMode: 'safe',
    mchId: null,
    mchSerialNo: null,
    mchPrivateKey: null,
    apiV3Key: null,
    platformSerialNo: null,
    platformPublicKey: null,
  });
  await WxappProject.create({ projectId, wxappId: wxapp.id });
  mpSimulator(sim).setServerUrl(APP.appId, `${await t.listen()}/api/wechat/push/${APP.appId}`);
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

/** What a person does on WeChat's consent page: picks a user (or refuses); answers where WeChat returns. */
async function consent(authorizeUrl: string, user: string | null): Promise<URL> {
  const params = new URL(authorizeUrl.replace('#wechat_redirect', '')).searchParams;
  const page = await fetch(authorizeUrl.replace('#wechat_redirect', ''));
  expect(page.status).toBe(200);
  const form = new URLSearchParams({
    appid: params.get('appid') ?? '',
    redirect_uri: params.get('redirect_uri') ?? '',
    response_type: 'code',
    scope: params.get('scope') ?? '',
    state: params.get('state') ?? '',
    ...(user ? { user } : { decision: 'refuse' }),
  });
  const answer = await fetch(`${sim.url()}/__sim/oauth/consent`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

async function oauthReturn(user: string | null, redirect = '/my', scope = 'snsapi_base') {
  const started = await call('wechat', 'oauth-url', { redirect, scope });
  expect(started.body.respCode).toBe(200);
  const back = await consent(started.body.attribute.url, user);
  return { back, code: back.searchParams.get('code'), state: back.searchParams.get('state') ?? '' };
}

describe('OAuth sign-in', () => {
  test("the authorize URL is WeChat's, returning to the H5 /auth-redirect with a state", async () => {
    const answer = await call('wechat', 'oauth-url', { redirect: '/my?tab=1' });
    const url = answer.body.attribute.url as string;
    expect(url.startsWith(`${sim.url()}/connect/oauth2/authorize?appid=${APP.appId}&redirect_uri=`)).toBe(
      true,
    );
    expect(url.endsWith('#wechat_redirect')).toBe(true);
    const params = new URL(url).searchParams;
    expect(params.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth-redirect`);
    expect(params.get('state')).toMatch(/^[a-zA-Z0-9]{16,128}$/);
  });

  test('an unknown WeChat user binds by registering; afterwards OAuth signs them straight in', async () => {
    const first = await oauthReturn('zhangsan', '/my', 'snsapi_userinfo');
    expect(first.back.origin + first.back.pathname).toBe(`${PUBLIC_URL}/auth-redirect`);
    const bind = await call('wechat', 'oauth-login', { code: first.code, state: first.state });
    expect(bind.body.attribute).toMatchObject({ status: 'bind', redirect: '/my', nickname: '张三' });
    const scene = bind.body.attribute.scene as string;

    const mobile = freshMobile();
    await call('register', 'send-msg-code', { mobile });
    const registered = await call('register', 'do-register', {
      realName: '张三',
      idCardNo: freshIdCardNo(),
      mobile,
      msgCode: await latestCode(mobile),
      password: await encryptLoginField(t.sequelize, 'Study123'),
      scene,
    });
    expect(registered.body.respCode).toBe(200);
    const account = await Account.findOne({ where: { mobile, projectId } });
    const binding = await WechatBinding.findOne({ where: { accountId: account?.id }, allTenants: true });
    expect(binding).toMatchObject({ nickname: '张三', projectId });

    const again = await oauthReturn('zhangsan');
    const signedIn = await call('wechat', 'oauth-login', { code: again.code, state: again.state });
    expect(signedIn.body.attribute).toMatchObject({ status: 'signed-in', redirect: '/my' });
    const info = await t.http
      .get('/api/login/get-account-info.action')
      .set('token', signedIn.body.attribute.tokenCode);
    expect(info.body.attribute.accountId).toBe(account?.id);

    // A scene is single use.
    const reuse = await call('login', 'login-by-mobile', { mobile, msgCode: '000000', scene });
    expect(reuse.body.respCode).toBe(-1);
  });

  test('an existing student binds at /login-wx-binding with account and password', async () => {
    const { account, password } = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: freshIdCardNo() },
    });
    const { code, state } = await oauthReturn('lisi');
    const bind = await call('wechat', 'oauth-login', { code, state });
    const login = await call('login', 'login', {
      account: await encryptLoginField(t.sequelize, account.idCardNo ?? ''),
      password: await encryptLoginField(t.sequelize, password),
      roleType: 3,
      scene: bind.body.attribute.scene,
    });
    expect(login.body.respCode).toBe(200);
    expect(await WechatBinding.count({ where: { accountId: account.id }, allTenants: true })).toBe(1);
  });

  test('a WeChat user bound to one account cannot bind a second: refused, nothing written, no session', async () => {
    // The same WeChat user goes through OAuth twice before binding (two tabs): two scenes.
    const sceneOf = async () => {
      const { code, state } = await oauthReturn('wangwu');
      return (await call('wechat', 'oauth-login', { code, state })).body.attribute.scene as string;
    };
    const [sceneA, sceneB] = [await sceneOf(), await sceneOf()];
    const first = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: freshIdCardNo() },
    });
    const other = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: freshIdCardNo() },
    });
    const login = async (built: typeof first, scene: string) =>
      call('login', 'login', {
        account: await encryptLoginField(t.sequelize, built.account.idCardNo ?? ''),
        password: await encryptLoginField(t.sequelize, built.password),
        roleType: 3,
        scene,
      });
    expect((await login(first, sceneA)).body.respCode).toBe(200);
    const refused = await login(other, sceneB);
    expect(refused.body).toMatchObject({ respCode: -1, respDesc: '该微信已绑定其他账号' });
    const sessions = await t.sequelize.query(
      'SELECT count(*)::int AS n FROM session WHERE account_id = :id',
      {
        replacements: { id: other.account.id },
        plain: true,
      },
    );
    expect(sessions).toEqual({ n: 0 });
    expect(await WechatBinding.count({ where: { accountId: other.account.id }, allTenants: true })).toBe(0);
    expect(await WechatBinding.count({ where: { accountId: first.account.id }, allTenants: true })).toBe(1);
  });

  test('one official account serving two projects: the same WeChat user binds an account in each', async () => {
    const other = await buildHostedProject();
    const wxapp = await Wxapp.findOne({ where: { appId: APP.appId } });
    await WxappProject.create({ projectId: other.project.id, wxappId: wxapp?.id ?? 0 });
    const inProject = async (projectHost: string, idCardNo: string) => {
      const started = await t.http.post('/api/wechat/oauth-url.action').set('host', projectHost).send({});
      const back = await consent(started.body.attribute.url, 'lisi');
      const answer = await t.http
        .post('/api/wechat/oauth-login.action')
        .set('host', projectHost)
        .send({ code: back.searchParams.get('code'), state: back.searchParams.get('state') });
      if (answer.body.attribute.status !== 'bind') return answer.body.attribute.status;
      const mobile = freshMobile();
      await t.http.post('/api/register/send-msg-code.action').set('host', projectHost).send({ mobile });
      const registered = await t.http
        .post('/api/register/do-register.action')
        .set('host', projectHost)
        .send({
          realName: '李四',
          idCardNo,
          mobile,
          msgCode: await latestCode(mobile),
          password: await encryptLoginField(t.sequelize, 'Study123'),
          scene: answer.body.attribute.scene,
        });
      expect(registered.body.respCode).toBe(200);
      return 'registered';
    };
    // 李四 has an account bound in the first project (made here, or by an earlier test).
    expect(['registered', 'signed-in']).toContain(await inProject(host, freshIdCardNo()));
    // The other project knows no account of that WeChat user: it asks to bind, then signs in by OAuth.
    expect(await inProject(other.host, freshIdCardNo())).toBe('registered');
    expect(await inProject(other.host, freshIdCardNo())).toBe('signed-in');
    const bindings = await WechatBinding.findAll({
      where: { wxappId: wxapp?.id, openId: openIdOf(APP.appId, 'lisi') },
      allTenants: true,
    });
    expect(bindings.map((b) => b.projectId).sort()).toEqual([projectId, other.project.id].sort());
  });

  test('a code works once, a state works once, a forged state is refused, a refusal brings no code', async () => {
    const { code, state } = await oauthReturn('zhaoliu');
    expect((await call('wechat', 'oauth-login', { code, state })).body.respCode).toBe(200);
    const reusedState = await call('wechat', 'oauth-login', { code, state });
    expect(reusedState.body).toMatchObject({ respCode: -1, respDesc: '授权状态无效，请重新进入' });

    const fresh = await call('wechat', 'oauth-url', {});
    const freshState = new URL(fresh.body.attribute.url).searchParams.get('state');
    const reusedCode = await call('wechat', 'oauth-login', { code, state: freshState });
    expect(reusedCode.body).toMatchObject({ respCode: -1, respDesc: '微信授权已失效，请重新进入' });

    const forged = await call('wechat', 'oauth-login', {
      code: 'x',
      state: 'abcdef0123456789abcdef0123456789',
    });
    expect(forged.body.respDesc).toBe('授权状态无效，请重新进入');

    const refused = await oauthReturn(null);
    expect(refused.code).toBeNull();
    const noCode = await call('wechat', 'oauth-login', { state: refused.state });
    expect(noCode.body.attribute.errors[0].field).toBe('code');
  });

  test('a project without WeChat sign-in, or without an official account, refuses to start OAuth', async () => {
    const closed = await buildHostedProject({ settings: { loginType: ['password'] } });
    const answer = await t.http.post('/api/wechat/oauth-url.action').set('host', closed.host).send({});
    expect(answer.body.respDesc).toBe('当前项目未开放微信登录');
    const unserved = await buildHostedProject();
    const none = await t.http.post('/api/wechat/oauth-url.action').set('host', unserved.host).send({});
    expect(none.body.respDesc).toBe('当前项目未配置微信公众号');
  });
});

describe('JS-SDK config', () => {
  test('the signature verifies against the ticket WeChat holds, for that URL only', async () => {
    const url = 'http://h5.example.test/my?from=menu';
    const answer = await call('wechat', 'js-sdk-config', { url: `${url}#section` });
    const config = answer.body.attribute;
    expect(config).toMatchObject({ appId: APP.appId, bridgeScript: `${sim.url()}${BRIDGE_SCRIPT_PATH}` });
    const tickets = mpSimulator(sim).jsApiTickets(APP.appId);
    const sign = (page: string) =>
      tickets.map(
        (ticket) =>
          signJsSdk({ ticket, nonceStr: config.nonceStr, timestamp: config.timestamp, url: page }).signature,
      );
    expect(sign(url)).toContain(config.signature);
    expect(sign(`${url}&x=1`)).not.toContain(config.signature);
  });
});

describe('unit registration QR code', () => {
  test('scanning the unit code answers the follower with the unit registration link; registering records the unit', async () => {
    const unit = await buildUnit(projectId, { name: '扫码单位' });
    const manager = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.UNIT,
      unitId: unit.id,
      menu: ['/unit-manage/detail'],
    });
    const token = await signIn(manager.account);
    const qr = await call('unit', 'h5-register-qr-code', {}, token);
    expect(qr.body.attribute).toMatchObject({
      unitId: unit.id,
      unitName: '扫码单位',
      registerUrl: `${PUBLIC_URL}/register?unitId=${unit.id}`,
      expiresAt: null,
    });
    // The same code every time.
    expect((await call('unit', 'h5-register-qr-code', {}, token)).body.attribute.imageUrl).toBe(
      qr.body.attribute.imageUrl,
    );
    const image = await fetch(qr.body.attribute.imageUrl);
    expect(image.headers.get('content-type')).toContain('image/png');

    const ticket = decodeURIComponent(new URL(qr.body.attribute.imageUrl).searchParams.get('ticket') ?? '');
    const scanned = await mpSimulator(sim).scan(ticket, 'zhaoliu');
    expect(scanned.event).toBe('subscribe');
    expect(scanned.delivery?.delivered).toBe(true);
    expect(scanned.delivery?.reply?.Content).toContain(`${PUBLIC_URL}/register?unitId=${unit.id}`);
    expect(scanned.delivery?.reply?.Content).toContain('扫码单位');

    // A follower scanning again gets SCAN and the same link.
    const again = await mpSimulator(sim).scan(ticket, 'zhaoliu');
    expect(again.event).toBe('SCAN');
    expect(again.delivery?.reply?.Content).toContain(`unitId=${unit.id}`);

    const mobile = freshMobile();
    await call('register', 'send-msg-code', { mobile, unitId: unit.id });
    await call('register', 'do-register', {
      realName: '扫码学员',
      idCardNo: freshIdCardNo(),
      mobile,
      msgCode: await latestCode(mobile),
      password: await encryptLoginField(t.sequelize, 'Study123'),
      unitId: unit.id,
    });
    const students = await call('unit', 'register-students', {}, token);
    expect(students.body.attribute.list.map((s: { realName: string }) => s.realName)).toEqual(['扫码学员']);
  });

  test('a push with a wrong signature is refused and recorded nowhere; the verification GET answers echostr', async () => {
    const base = await t.listen();
    // A well-formed subscribe event: only the signature is wrong, so nothing but the check stops it.
    const forged = await fetch(`${base}/api/wechat/push/${APP.appId}?signature=bad&timestamp=1&nonce=2`, {
      method: 'POST',
      body: buildPushXml({
        ToUserName: 'gh_forged',
        FromUserName: 'oForgedSender000000000000000',
        CreateTime: 1_700_000_000,
        MsgType: 'event',
        Event: 'subscribe',
        EventKey: '',
      }),
    });
    expect(forged.status).toBe(401);
    const recorded = await t.sequelize.query(
      "SELECT count(*)::int AS n FROM wechat_push_event WHERE from_user = 'oForgedSender000000000000000'",
      { plain: true },
    );
    expect(recorded).toEqual({ n: 0 });
    const check = await mpSimulator(sim).checkServer(APP.appId);
    expect(check).toMatchObject({ ok: true });
  });
});

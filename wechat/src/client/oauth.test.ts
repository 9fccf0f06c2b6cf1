import { createClock } from '../sim/clock';
import { DEMO_WECHAT_APP, DEMO_WECHAT_USERS } from '../sim/demo';
import { mpModule } from '../sim/mp';
import { openIdOf, type SimApp } from '../sim/registry';
import { createSimulator, type WechatSimulator } from '../sim/server';
import { WECHAT_ENDPOINTS, type WechatEndpoints } from './endpoints';
import { WechatApiError } from './http';
import { exchangeOAuthCode, oauthAuthorizeUrl, oauthUserInfo } from './oauth';

const APP = DEMO_WECHAT_APP;
const OTHER_APP: SimApp = {
  ...APP,
  appId: 'wx0a1b2c3d4e5f6a7b',
  appSecret: 'aaaabbbbccccddddeeeeffff00001111',
};
const REDIRECT = 'https://px.example.com/auth-redirect?redirect=%2Fmy';

describe('oauthAuthorizeUrl', () => {
  test("has WeChat's parameters in WeChat's order and ends with #wechat_redirect", () => {
    expect(
      oauthAuthorizeUrl({
        appId: 'wx520c15f417810387',
        redirectUri:
          'https://chong.qq.com/php/index.php?d=&c=wxAdapter&m=mobileDeal&showwxpaytitle=1&vb2ctag=4_2030_5_1194_60',
        scope: 'snsapi_base',
        state: '123',
        endpoints: WECHAT_ENDPOINTS,
      }),
    ).toBe(
      // The example of WeChat's web OAuth documentation.
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx520c15f417810387&redirect_uri=https%3A%2F%2Fchong.qq.com%2Fphp%2Findex.php%3Fd%3D%26c%3DwxAdapter%26m%3DmobileDeal%26showwxpaytitle%3D1%26vb2ctag%3D4_2030_5_1194_60&response_type=code&scope=snsapi_base&state=123#wechat_redirect',
    );
  });

  test('refuses a bad state, scope or redirect URI', () => {
    const base = {
      appId: APP.appId,
      redirectUri: REDIRECT,
      scope: 'snsapi_base' as const,
      endpoints: WECHAT_ENDPOINTS,
    };
    expect(() => oauthAuthorizeUrl({ ...base, state: 'a'.repeat(128) })).not.toThrow();
    for (const state of ['', 'a'.repeat(129), 'a-b', 'a b', 'ä', 'a&b=c']) {
      expect(() => oauthAuthorizeUrl({ ...base, state })).toThrow(TypeError);
    }
    expect(() => oauthAuthorizeUrl({ ...base, state: 's', redirectUri: '/auth-redirect' })).toThrow(
      TypeError,
    );
    expect(() => oauthAuthorizeUrl({ ...base, state: 's', redirectUri: 'javascript:alert(1)' })).toThrow(
      TypeError,
    );
    expect(() =>
      oauthAuthorizeUrl({ ...base, state: 's', scope: 'snsapi_login' as unknown as 'snsapi_base' }),
    ).toThrow(TypeError);
  });
});

interface ConsentForm {
  action: string;
  fields: URLSearchParams;
  button: string;
}

/** Reads the consent page's forms as a browser would see them. */
function formsOf(html: string): ConsentForm[] {
  const decode = (text: string) =>
    text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
  return [...html.matchAll(/<form method="post" action="([^"]+)">(.*?)<\/form>/g)].map((match) => {
    const fields = new URLSearchParams();
    for (const input of (match[2] ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      fields.append(input[1] ?? '', decode(input[2] ?? ''));
    }
    const button = decode(/<button[^>]*>([^<]*)<\/button>/.exec(match[2] ?? '')?.[1] ?? '');
    return { action: decode(match[1] ?? ''), fields, button };
  });
}

let sim: WechatSimulator;
let endpoints: WechatEndpoints;

beforeEach(async () => {
  sim = createSimulator({
    apps: [APP, OTHER_APP],
    users: DEMO_WECHAT_USERS,
    clock: createClock(() => 1_700_000_000_000),
    modules: [mpModule],
  });
  await sim.listen();
  endpoints = sim.endpoints();
});
afterEach(() => sim.close());

/** Opens the authorize URL like the WeChat browser and clicks the button labelled `button`. */
async function clickConsent(authorizeUrl: string, button: string): Promise<URL> {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = formsOf(html).find((f) => f.button === button);
  if (!form) throw new Error(`no button ${button} on the consent page`);
  const answer = await fetch(new URL(form.action, authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.fields.toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

const authorize = (scope: 'snsapi_base' | 'snsapi_userinfo', redirectUri = REDIRECT, appId = APP.appId) =>
  oauthAuthorizeUrl({ appId, redirectUri, scope, state: 'csrf123ABC', endpoints });

async function apiError(promise: Promise<unknown>): Promise<WechatApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WechatApiError) return error;
    throw error;
  }
  throw new Error('expected a WechatApiError');
}

const exchange = (code: string, app: SimApp = APP) =>
  exchangeOAuthCode({ appId: app.appId, appSecret: app.appSecret, code, endpoints });

test('the full snsapi_userinfo dance: consent as 张三, code exchange, profile; the code works once', async () => {
  const back = await clickConsent(authorize('snsapi_userinfo'), '以 张三 身份授权');
  expect(`${back.origin}${back.pathname}`).toBe('https://px.example.com/auth-redirect');
  expect(back.searchParams.get('redirect')).toBe('/my');
  expect(back.searchParams.get('state')).toBe('csrf123ABC');
  const code = back.searchParams.get('code') ?? '';
  expect(code).not.toBe('');

  const grant = await exchange(code);
  expect(grant).toEqual({
    openId: openIdOf(APP.appId, 'zhangsan'),
    accessToken: expect.any(String),
    refreshToken: expect.any(String),
    expiresIn: 7200,
    scope: 'snsapi_userinfo',
    unionId: expect.any(String),
  });
  const profile = await oauthUserInfo({ accessToken: grant.accessToken, openId: grant.openId, endpoints });
  expect(profile).toMatchObject({
    openId: grant.openId,
    nickname: '张三',
    unionId: grant.unionId,
    privilege: [],
  });
  expect((await fetch(profile.headImgUrl)).status).toBe(200);

  expect((await apiError(exchange(code))).errcode).toBe(40163);
  expect(sim.events().some((e) => e.kind === 'oauth.consent' && e.detail.user === 'zhangsan')).toBe(true);
});

test('snsapi_base: the chooser still shows (with a note), the openid comes back, userinfo is 48001', async () => {
  const page = await (await fetch(authorize('snsapi_base'))).text();
  expect(page).toContain('静默授权');
  expect(formsOf(page).map((f) => f.button)).toEqual([
    '以 张三 身份授权',
    '以 李四 身份授权',
    '以 王五 身份授权',
    '以 赵六 身份授权',
    '拒绝',
  ]);
  const back = await clickConsent(authorize('snsapi_base'), '以 李四 身份授权');
  const grant = await exchange(back.searchParams.get('code') ?? '');
  expect(grant.openId).toBe(openIdOf(APP.appId, 'lisi'));
  expect(grant.scope).toBe('snsapi_base');
  expect(grant.unionId).toBeUndefined();
  expect(
    (await apiError(oauthUserInfo({ accessToken: grant.accessToken, openId: grant.openId, endpoints })))
      .errcode,
  ).toBe(48001);
});

test('a code dies after 5 minutes (40029)', async () => {
  const back = await clickConsent(authorize('snsapi_base'), '以 张三 身份授权');
  sim.clock.advance(5 * 60_000);
  expect((await apiError(exchange(back.searchParams.get('code') ?? ''))).errcode).toBe(40029);
});

test('a code is bound to its app (40029 for another), and a wrong secret is 40125', async () => {
  const back = await clickConsent(authorize('snsapi_base'), '以 张三 身份授权');
  const code = back.searchParams.get('code') ?? '';
  expect((await apiError(exchange(code, OTHER_APP))).errcode).toBe(40029);
  expect((await apiError(exchange(code, { ...APP, appSecret: 'wrong' }))).errcode).toBe(40125);
  expect((await apiError(exchange('made-up'))).errcode).toBe(40029);
  await expect(exchange(code)).resolves.toMatchObject({ openId: openIdOf(APP.appId, 'zhangsan') });
});

test('refusing returns to the redirect URI with the state and no code', async () => {
  const back = await clickConsent(authorize('snsapi_userinfo'), '拒绝');
  expect(back.searchParams.get('state')).toBe('csrf123ABC');
  expect(back.searchParams.has('code')).toBe(false);
  expect(back.searchParams.get('redirect')).toBe('/my');
});

test('the code goes before a #fragment of the redirect URI', async () => {
  const back = await clickConsent(
    authorize('snsapi_base', 'https://px.example.com/h5/#/auth'),
    '以 张三 身份授权',
  );
  expect(back.hash).toBe('#/auth');
  expect(back.pathname).toBe('/h5/');
  expect(back.searchParams.get('code')).toBeTruthy();
});

test('web access tokens: unknown 40001, expired 42001, another openid 40003', async () => {
  const back = await clickConsent(authorize('snsapi_userinfo'), '以 张三 身份授权');
  const grant = await exchange(back.searchParams.get('code') ?? '');
  const info = (accessToken: string, openId = grant.openId) =>
    oauthUserInfo({ accessToken, openId, endpoints });
  expect((await apiError(info('made-up'))).errcode).toBe(40001);
  expect((await apiError(info(grant.accessToken, openIdOf(APP.appId, 'lisi')))).errcode).toBe(40003);
  sim.clock.advance(7200_000);
  expect((await apiError(info(grant.accessToken))).errcode).toBe(42001);
});

describe('the authorize page refuses what WeChat refuses', () => {
  const open = (query: string) =>
    fetch(`${endpoints.open}/connect/oauth2/authorize?${query}`).then((r) => r.text());
  const valid = () =>
    new URLSearchParams({
      appid: APP.appId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'abc',
    });
  const broken = (change: (params: URLSearchParams) => void) => {
    const params = valid();
    change(params);
    return params.toString();
  };

  test.each([
    ['an unknown appid', (p: URLSearchParams) => p.set('appid', 'wxunknown'), 'appid参数错误'],
    ['no appid', (p: URLSearchParams) => p.delete('appid'), 'appid不能为空'],
    ['a relative redirect_uri', (p: URLSearchParams) => p.set('redirect_uri', '/x'), 'redirect_uri参数错误'],
    ['no redirect_uri', (p: URLSearchParams) => p.delete('redirect_uri'), 'redirect_uri不能为空'],
    ['response_type=token', (p: URLSearchParams) => p.set('response_type', 'token'), 'response_type参数错误'],
    ['an unknown scope', (p: URLSearchParams) => p.set('scope', 'snsapi_login'), 'scope参数错误'],
    ['a state with symbols', (p: URLSearchParams) => p.set('state', 'a-b'), 'state参数错误'],
    ['sim_user (no such thing in WeChat)', (p: URLSearchParams) => p.set('sim_user', 'zhangsan'), 'sim_user'],
  ])('%s', async (_name, change, message) => {
    const page = await open(broken(change));
    expect(page).toContain(message);
    expect(page).not.toContain('身份授权');
  });

  test('a forged consent POST is checked the same way', async () => {
    const form = valid();
    form.set('appid', 'wxunknown');
    form.set('user', 'zhangsan');
    const answer = await fetch(`${endpoints.open}/__sim/oauth/consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('appid参数错误');
  });
});

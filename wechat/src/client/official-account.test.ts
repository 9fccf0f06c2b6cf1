import QRCode from 'qrcode';
import { createClock } from '../sim/clock';
import { DEMO_WECHAT_APP, DEMO_WECHAT_USERS } from '../sim/demo';
import { mpError } from '../sim/http';
import { mpModule, mpSimulator } from '../sim/mp';
import { QR_IMAGE_OPTIONS } from '../sim/mp/qrcode';
import { openIdOf, type SimApp } from '../sim/registry';
import { createSimulator, type WechatSimulator } from '../sim/server';
import type { CredentialStore, StoredCredential } from './credentials';
import type { WechatEndpoints } from './endpoints';
import { type FetchLike, WechatApiError } from './http';
import { createOfficialAccountClient, type OfficialAccountClient } from './official-account';
import { signJsSdk } from './signature';

/** A Map-based CredentialStore (the API's is PostgreSQL), with a per-key mutex as its lock. */
function memoryStore() {
  const values = new Map<string, StoredCredential>();
  const locks = new Map<string, Promise<unknown>>();
  const store: CredentialStore = {
    get: async (key) => values.get(key) ?? null,
    set: async (key, credential) => {
      values.set(key, credential);
    },
    expireIf: async (key, value) => {
      if (values.get(key)?.value === value) values.delete(key);
    },
    withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const run = (locks.get(key) ?? Promise.resolve()).then(fn);
      locks.set(
        key,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return { store, values };
}

/** fetch that counts requests by path and lets a test act before a request goes out. */
function countingFetch() {
  const counts = new Map<string, number>();
  let before: ((url: URL) => Promise<void>) | null = null;
  const fetchFn: FetchLike = async (input, init) => {
    const url = new URL(input);
    counts.set(url.pathname, (counts.get(url.pathname) ?? 0) + 1);
    if (before) await before(url);
    return fetch(input, init);
  };
  return {
    fetch: fetchFn,
    count: (path: string) => counts.get(path) ?? 0,
    reset: () => counts.clear(),
    beforeRequest: (hook: ((url: URL) => Promise<void>) | null) => {
      before = hook;
    },
  };
}

const OTHER_APP: SimApp = {
  ...DEMO_WECHAT_APP,
  appId: 'wx0a1b2c3d4e5f6a7b',
  appSecret: 'aaaabbbbccccddddeeeeffff00001111',
  name: '另一个服务号',
};
const APP = DEMO_WECHAT_APP;

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

function client(overrides: { store?: CredentialStore; fetch?: FetchLike; appSecret?: string } = {}) {
  const store = overrides.store ?? memoryStore().store;
  return createOfficialAccountClient({
    appId: APP.appId,
    appSecret: overrides.appSecret ?? APP.appSecret,
    endpoints,
    store,
    now: () => sim.clock.now(),
    ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
  });
}

async function apiError(promise: Promise<unknown>): Promise<WechatApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WechatApiError) return error;
    throw error;
  }
  throw new Error('expected a WechatApiError');
}

const zhangsan = () => openIdOf(APP.appId, 'zhangsan');

describe('access token', () => {
  test('N concurrent accessToken() calls make one stable_token fetch, stored under access_token:<appId>', async () => {
    const counter = countingFetch();
    const { store, values } = memoryStore();
    const oa = client({ store, fetch: counter.fetch });
    const tokens = await Promise.all(Array.from({ length: 10 }, () => oa.accessToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(counter.count('/cgi-bin/stable_token')).toBe(1);
    expect(values.get(`access_token:${APP.appId}`)).toEqual({
      value: tokens[0],
      expiresAt: sim.clock.now() + 7200_000,
    });
  });

  test('two processes sharing the store fetch once', async () => {
    const counter = countingFetch();
    const { store } = memoryStore();
    const a = client({ store, fetch: counter.fetch });
    const b = client({ store, fetch: counter.fetch });
    const tokens = await Promise.all([a.accessToken(), b.accessToken(), a.accessToken(), b.accessToken()]);
    expect(new Set(tokens).size).toBe(1);
    expect(counter.count('/cgi-bin/stable_token')).toBe(1);
  });

  test('is refreshed in its last 5 minutes; the old one works until it expires, then 42001', async () => {
    const counter = countingFetch();
    const oa = client({ fetch: counter.fetch });
    const first = await oa.accessToken();
    sim.clock.advance(7200_000 - 5 * 60_000 - 1000);
    expect(await oa.accessToken()).toBe(first);
    sim.clock.advance(2000);
    const second = await oa.accessToken();
    expect(second).not.toBe(first);
    expect(counter.count('/cgi-bin/stable_token')).toBe(2);
    const info = (token: string) =>
      fetch(`${endpoints.api}/cgi-bin/user/info?access_token=${token}&openid=${zhangsan()}`).then((r) =>
        r.json(),
      );
    expect(await info(first)).toMatchObject({ subscribe: 0 });
    sim.clock.advance(5 * 60_000);
    expect(await info(first)).toEqual({ errcode: 42001, errmsg: 'access_token expired' });
    expect(await info(second)).toMatchObject({ subscribe: 0 });
  });

  test('a wrong secret is WeChat 40125', async () => {
    const error = await apiError(client({ appSecret: 'wrong' }).accessToken());
    expect(error.errcode).toBe(40125);
    expect(error.message).not.toContain('wrong');
  });

  test('40001: the stored token is expired and the call retried once with a fresh one', async () => {
    const counter = countingFetch();
    const { store, values } = memoryStore();
    const oa = client({ store, fetch: counter.fetch });
    await oa.accessToken();
    sim.faults.inject({
      path: '/cgi-bin/user/info',
      times: 1,
      response: mpError(40001, 'invalid credential, access_token is invalid or not latest'),
    });
    expect(await oa.userInfo(zhangsan())).toMatchObject({ subscribed: false });
    expect(counter.count('/cgi-bin/user/info')).toBe(2);
    expect(counter.count('/cgi-bin/stable_token')).toBe(2);
    expect(values.has(`access_token:${APP.appId}`)).toBe(true);

    counter.reset();
    sim.faults.inject({
      path: '/cgi-bin/user/info',
      times: 2,
      response: mpError(42001, 'access_token expired'),
    });
    expect((await apiError(oa.userInfo(zhangsan()))).errcode).toBe(42001);
    expect(counter.count('/cgi-bin/user/info')).toBe(2);
  });

  test('40001 after another process refreshed: only the failed token is expired, the new one is used', async () => {
    const counter = countingFetch();
    const { store, values } = memoryStore();
    const oa = client({ store, fetch: counter.fetch });
    const old = await oa.accessToken();
    let fresh = '';
    counter.beforeRequest(async (url) => {
      if (url.pathname !== '/cgi-bin/user/info' || fresh) return;
      // Another instance force-refreshes (the old token stops working at once) and stores its token.
      const answer = await fetch(`${endpoints.api}/cgi-bin/stable_token`, {
        method: 'POST',
        body: JSON.stringify({
          grant_type: 'client_credential',
          appid: APP.appId,
          secret: APP.appSecret,
          force_refresh: true,
        }),
      }).then((r) => r.json() as Promise<{ access_token: string }>);
      fresh = answer.access_token;
      await store.set(`access_token:${APP.appId}`, { value: fresh, expiresAt: sim.clock.now() + 7200_000 });
    });
    expect(await oa.userInfo(zhangsan())).toMatchObject({ subscribed: false });
    expect(fresh).not.toBe(old);
    expect(values.get(`access_token:${APP.appId}`)?.value).toBe(fresh);
    expect(counter.count('/cgi-bin/stable_token')).toBe(1);
    expect(counter.count('/cgi-bin/user/info')).toBe(2);
  });

  test('-1 (busy) is retried once', async () => {
    const counter = countingFetch();
    const oa = client({ fetch: counter.fetch });
    sim.faults.inject({ path: '/cgi-bin/user/info', times: 1, response: mpError(-1, 'system error') });
    expect(await oa.userInfo(zhangsan())).toMatchObject({ subscribed: false });
    sim.faults.inject({ path: '/cgi-bin/user/info', times: 2, response: mpError(-1, 'system error') });
    expect((await apiError(oa.userInfo(zhangsan()))).errcode).toBe(-1);
    expect(counter.count('/cgi-bin/user/info')).toBe(4);
    sim.faults.inject({ path: '/cgi-bin/stable_token', times: 1, response: mpError(-1, 'system error') });
    sim.faults.inject({
      path: '/cgi-bin/user/info',
      times: 1,
      response: mpError(40001, 'invalid credential'),
    });
    expect(await oa.userInfo(zhangsan())).toMatchObject({ subscribed: false });
  });

  test('other errcodes are not retried', async () => {
    const counter = countingFetch();
    const oa = client({ fetch: counter.fetch });
    expect((await apiError(oa.userInfo('o-not-a-user'))).errcode).toBe(40003);
    expect(counter.count('/cgi-bin/user/info')).toBe(1);
  });
});

describe('JS-SDK', () => {
  test('the ticket is fetched once and stored; wx.config values sign the URL without its fragment', async () => {
    const counter = countingFetch();
    const { store, values } = memoryStore();
    const oa = client({ store, fetch: counter.fetch });
    const [a, b] = await Promise.all([oa.jsApiTicket(), oa.jsApiTicket()]);
    expect(a).toBe(b);
    expect(counter.count('/cgi-bin/ticket/getticket')).toBe(1);
    expect(values.get(`jsapi_ticket:${APP.appId}`)?.value).toBe(a);

    const config = await oa.jsSdkConfig('https://px.example.com/my?tab=1#/x');
    expect(config.appId).toBe(APP.appId);
    expect(config.timestamp).toBe(Math.floor(sim.clock.now() / 1000));
    expect(config.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(config.signature).toBe(
      signJsSdk({
        ticket: a as string,
        nonceStr: config.nonceStr,
        timestamp: config.timestamp,
        url: 'https://px.example.com/my?tab=1',
      }).signature,
    );
    expect(mpSimulator(sim).jsApiTickets(APP.appId)).toContain(a);
  });

  test('the ticket is renewed before it expires and WeChat stops accepting the old one after 7200 s', async () => {
    const oa = client();
    const first = await oa.jsApiTicket();
    sim.clock.advance(7200_000 - 4 * 60_000);
    const second = await oa.jsApiTicket();
    expect(second).not.toBe(first);
    expect(mpSimulator(sim).jsApiTickets(APP.appId)).toEqual(expect.arrayContaining([first, second]));
    sim.clock.advance(5 * 60_000);
    expect(mpSimulator(sim).jsApiTickets(APP.appId)).toEqual([second]);
  });
});

describe('parametric QR codes', () => {
  const pngOf = (url: string) => QRCode.toBuffer(url, QR_IMAGE_OPTIONS);

  test('a temporary integer code: created, shown as a PNG of its url, gone after it expires', async () => {
    const oa = client();
    const code = await oa.createQrCode({ scene: 42, expireSeconds: 600 });
    expect(code.expireSeconds).toBe(600);
    expect(code.ticket).toMatch(/=$/);
    expect(code.imageUrl).toBe(
      `${endpoints.mp}/cgi-bin/showqrcode?ticket=${encodeURIComponent(code.ticket)}`,
    );
    const [record] = mpSimulator(sim).qrCodes({ appId: APP.appId });
    expect(record).toMatchObject({ actionName: 'QR_SCENE', sceneId: 42, url: code.url });
    const image = await fetch(code.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.equals(await pngOf(code.url))).toBe(true);
    expect(bytes.equals(await pngOf(`${code.url}x`))).toBe(false);

    sim.clock.advance(600_000);
    expect((await fetch(code.imageUrl)).status).toBe(404);
    await expect(mpSimulator(sim).scan(code.ticket, 'zhangsan')).rejects.toMatchObject({ status: 410 });
  });

  test('permanent and string codes pick the right action; the same permanent scene is the same ticket', async () => {
    const oa = client();
    const permanentStr = await oa.createQrCode({ scene: 'unit_7' });
    expect(permanentStr.expireSeconds).toBeNull();
    expect((await oa.createQrCode({ scene: 'unit_7' })).ticket).toBe(permanentStr.ticket);
    await oa.createQrCode({ scene: 'bind_9', expireSeconds: 2_592_000 });
    await oa.createQrCode({ scene: 100_000 });
    const actions = mpSimulator(sim)
      .qrCodes()
      .map((q) => [q.actionName, q.sceneId ?? q.sceneStr]);
    expect(actions).toEqual([
      ['QR_LIMIT_STR_SCENE', 'unit_7'],
      ['QR_STR_SCENE', 'bind_9'],
      ['QR_LIMIT_SCENE', 100_000],
    ]);
    sim.clock.advance(2_592_000_000);
    expect((await fetch(permanentStr.imageUrl)).status).toBe(200);
  });

  test('refuses scenes and lifetimes WeChat refuses, without calling WeChat', async () => {
    const counter = countingFetch();
    const oa = client({ fetch: counter.fetch });
    const refused: Array<Parameters<OfficialAccountClient['createQrCode']>[0]> = [
      { scene: 0 },
      { scene: 100_001 },
      { scene: 1.5, expireSeconds: 60 },
      { scene: 4_294_967_296, expireSeconds: 60 },
      { scene: '' },
      { scene: 'x'.repeat(65) },
      { scene: '报'.repeat(22) },
      { scene: 1, expireSeconds: 0 },
      { scene: 1, expireSeconds: 2_592_001 },
      { scene: 1, expireSeconds: 1.5 },
    ];
    for (const request of refused) await expect(oa.createQrCode(request)).rejects.toThrow(RangeError);
    expect(counter.count('/cgi-bin/qrcode/create')).toBe(0);
    await expect(oa.createQrCode({ scene: 4_294_967_295, expireSeconds: 60 })).resolves.toBeDefined();
    await expect(oa.createQrCode({ scene: '报'.repeat(21) })).resolves.toBeDefined();
  });
});

describe('follow check', () => {
  test('userInfo follows the scan, carries the scene, and refuses an openid of another account', async () => {
    const oa = client();
    expect(await oa.userInfo(zhangsan())).toEqual({
      openId: zhangsan(),
      subscribed: false,
      unionId: expect.any(String),
    });
    const code = await oa.createQrCode({ scene: 42, expireSeconds: 600 });
    sim.clock.advance(1000);
    await mpSimulator(sim).scan(code.ticket, 'zhangsan');
    expect(await oa.userInfo(zhangsan())).toEqual({
      openId: zhangsan(),
      subscribed: true,
      unionId: expect.any(String),
      subscribeScene: 'ADD_SCENE_QR_CODE',
      subscribeTime: Math.floor(sim.clock.now() / 1000),
      qrScene: 42,
      qrSceneStr: '',
    });
    expect((await apiError(oa.userInfo(openIdOf(OTHER_APP.appId, 'zhangsan')))).errcode).toBe(40003);
    await mpSimulator(sim).unfollow(APP.appId, 'zhangsan');
    expect((await oa.userInfo(zhangsan())).subscribed).toBe(false);
  });
});

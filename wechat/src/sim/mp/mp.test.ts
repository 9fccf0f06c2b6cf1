import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerServerCheck, type PushFields, readPush, textReply } from '../../client/push';
import { createClock } from '../clock';
import { DEMO_WECHAT_APP, DEMO_WECHAT_USERS } from '../demo';
import { openIdOf, type SimApp } from '../registry';
import { createSimulator, type WechatSimulator } from '../server';
import { type FollowChange, mpModule, mpSimulator, originalIdOf } from '.';
import { wechatTextHtml } from './pages';

const SAFE_APP: SimApp = { ...DEMO_WECHAT_APP, pushMode: 'safe' };
const PLAIN_APP: SimApp = {
  ...DEMO_WECHAT_APP,
  appId: 'wx1111222233334444',
  appSecret: '11112222333344445555666677778888',
  name: '明文模式服务号',
  token: 'plainToken',
  pushMode: 'plain',
};
const START = 1_700_000_000_000;

let sim: WechatSimulator;
let base: string;

beforeEach(async () => {
  sim = createSimulator({
    apps: [SAFE_APP, PLAIN_APP],
    users: DEMO_WECHAT_USERS,
    clock: createClock(() => START),
    modules: [mpModule],
  });
  base = await sim.listen();
});
afterEach(() => sim.close());

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body) }).then(async (r) => ({
    status: r.status,
    body: (r.status === 204 ? null : await r.json()) as Json | null,
  }));
type Json = Record<string, unknown>;
const get = (path: string) => fetch(`${base}${path}`).then((r) => r.json() as Promise<Json>);

async function basicToken(app: SimApp = SAFE_APP): Promise<string> {
  const answer = await get(
    `/cgi-bin/token?grant_type=client_credential&appid=${app.appId}&secret=${app.appSecret}`,
  );
  return String(answer.access_token);
}
async function stableToken(app: SimApp = SAFE_APP, forceRefresh = false) {
  return (
    await post('/cgi-bin/stable_token', {
      grant_type: 'client_credential',
      appid: app.appId,
      secret: app.appSecret,
      force_refresh: forceRefresh,
    })
  ).body as { access_token: string; expires_in: number };
}
const userInfo = (token: string, userKey = 'zhangsan', app: SimApp = SAFE_APP) =>
  get(`/cgi-bin/user/info?access_token=${token}&openid=${openIdOf(app.appId, userKey)}&lang=zh_CN`);

describe('access tokens', () => {
  test('credentials are checked: 40002, 40013, 40125, 41002, 41004; stable_token only by POST JSON', async () => {
    const token = (query: string) => get(`/cgi-bin/token?${query}`);
    expect(
      await token(`grant_type=password&appid=${SAFE_APP.appId}&secret=${SAFE_APP.appSecret}`),
    ).toMatchObject({ errcode: 40002 });
    expect(await token(`grant_type=client_credential&appid=wxnope&secret=x`)).toMatchObject({
      errcode: 40013,
    });
    expect(await token(`grant_type=client_credential&appid=${SAFE_APP.appId}&secret=wrong`)).toMatchObject({
      errcode: 40125,
    });
    expect(await token(`grant_type=client_credential&secret=x`)).toMatchObject({ errcode: 41002 });
    expect(await token(`grant_type=client_credential&appid=${SAFE_APP.appId}`)).toMatchObject({
      errcode: 41004,
    });
    const stable = (body: unknown) => post('/cgi-bin/stable_token', body).then((r) => r.body);
    expect(await stable({ grant_type: 'client_credential', appid: 'wxnope', secret: 'x' })).toMatchObject({
      errcode: 40013,
    });
    expect(
      await stable({ grant_type: 'client_credential', appid: SAFE_APP.appId, secret: 'x' }),
    ).toMatchObject({ errcode: 40125 });
    expect(await stable('not an object')).toMatchObject({ errcode: 47001 });
    expect(await get('/cgi-bin/stable_token')).toMatchObject({ errcode: 43002 });
  });

  test('a new basic token leaves the previous one working for 5 minutes only; tokens last 7200 s', async () => {
    const first = await basicToken();
    sim.clock.advance(60_000);
    const second = await basicToken();
    expect(second).not.toBe(first);
    expect(await userInfo(first)).toMatchObject({ subscribe: 0 });
    sim.clock.advance(5 * 60_000 - 1);
    expect(await userInfo(first)).toMatchObject({ subscribe: 0 });
    sim.clock.advance(1);
    expect(await userInfo(first)).toMatchObject({ errcode: 40001 });
    expect(await userInfo(second)).toMatchObject({ subscribe: 0 });
    sim.clock.advance(7200_000 - 5 * 60_000);
    expect(await userInfo(second)).toEqual({ errcode: 42001, errmsg: 'access_token expired' });
  });

  test('stable_token: the same token until its last 5 minutes, whose old token keeps working until it expires', async () => {
    const first = await stableToken();
    expect(first.expires_in).toBe(7200);
    sim.clock.advance(3600_000);
    expect(await stableToken()).toEqual({ access_token: first.access_token, expires_in: 3600 });
    sim.clock.advance(3600_000 - 5 * 60_000);
    const second = await stableToken();
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.expires_in).toBe(7200);
    expect(await userInfo(first.access_token)).toMatchObject({ subscribe: 0 });
    sim.clock.advance(5 * 60_000);
    expect(await userInfo(first.access_token)).toMatchObject({ errcode: 42001 });
    expect(await userInfo(second.access_token)).toMatchObject({ subscribe: 0 });
  });

  test('force_refresh ends the previous stable token at once, at most every 30 s; basic and stable tokens are apart', async () => {
    const basic = await basicToken();
    const first = await stableToken();
    const forced = await stableToken(SAFE_APP, true);
    expect(forced.access_token).not.toBe(first.access_token);
    expect(await userInfo(first.access_token)).toMatchObject({ errcode: 40001 });
    expect((await stableToken(SAFE_APP, true)).access_token).toBe(forced.access_token);
    sim.clock.advance(30_000);
    expect((await stableToken(SAFE_APP, true)).access_token).not.toBe(forced.access_token);
    expect(await userInfo(basic)).toMatchObject({ subscribe: 0 });
  });

  test('endpoints needing a token: 41001 without, 40001 unknown; tokens of one app do not serve another', async () => {
    expect(await get(`/cgi-bin/user/info?openid=${openIdOf(SAFE_APP.appId, 'zhangsan')}`)).toMatchObject({
      errcode: 41001,
    });
    expect(await userInfo('made-up')).toMatchObject({ errcode: 40001 });
    const token = await basicToken();
    expect(await userInfo(token, 'zhangsan', PLAIN_APP)).toMatchObject({ errcode: 40003 });
    expect(await get(`/cgi-bin/user/info?access_token=${token}`)).toMatchObject({ errcode: 41009 });
    expect(await get(`/cgi-bin/ticket/getticket?access_token=${token}&type=wx_card`)).toMatchObject({
      errcode: 40097,
    });
  });
});

describe('QR code creation as WeChat checks it', () => {
  const create = async (body: unknown) =>
    (await fetch(`${base}/cgi-bin/qrcode/create?access_token=${await basicToken()}`, {
      method: 'POST',
      body: JSON.stringify(body),
    }).then((r) => r.json())) as Record<string, unknown>;

  test.each([
    [{ action_name: 'QR_SOMETHING', action_info: { scene: { scene_id: 1 } } }, 40052],
    [{ action_info: { scene: { scene_id: 1 } } }, 40052],
    [{ action_name: 'QR_LIMIT_SCENE', action_info: { scene: { scene_id: 100_001 } } }, 40053],
    [{ action_name: 'QR_LIMIT_SCENE', action_info: { scene: { scene_id: 0 } } }, 40053],
    [
      { action_name: 'QR_SCENE', expire_seconds: 60, action_info: { scene: { scene_id: 4_294_967_296 } } },
      40053,
    ],
    [{ action_name: 'QR_LIMIT_STR_SCENE', action_info: { scene: { scene_str: 'x'.repeat(65) } } }, 40053],
    [{ action_name: 'QR_STR_SCENE', expire_seconds: 60, action_info: { scene: {} } }, 40053],
    [{ action_name: 'QR_SCENE', expire_seconds: -5, action_info: { scene: { scene_id: 1 } } }, 40097],
  ])('refuses %j with %i', async (body, errcode) => {
    expect(await create(body)).toMatchObject({ errcode });
  });

  test('temporary codes default to 30 s and are capped at 30 days', async () => {
    expect(await create({ action_name: 'QR_SCENE', action_info: { scene: { scene_id: 7 } } })).toMatchObject({
      expire_seconds: 30,
    });
    expect(
      await create({
        action_name: 'QR_STR_SCENE',
        expire_seconds: 9_999_999,
        action_info: { scene: { scene_str: 'a' } },
      }),
    ).toMatchObject({ expire_seconds: 2_592_000 });
    const permanent = await create({
      action_name: 'QR_LIMIT_SCENE',
      action_info: { scene: { scene_id: 7 } },
    });
    expect(permanent).not.toHaveProperty('expire_seconds');
    expect(String(permanent.url)).toMatch(new RegExp(`^${base}/q/[A-Za-z0-9]{20}$`));
  });
});

type Behaviour = 'reply' | 'success' | 'empty' | 'error' | 'hang' | 'garbage' | 'unencrypted';

/** A tiny "our server": verifies pushes with readPush and answers as told, request by request. */
async function ourServer(app: SimApp, behaviours: Behaviour[]) {
  const received: Array<{ fields: PushFields; mode: string; query: URLSearchParams }> = [];
  const checks: string[] = [];
  let index = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const query = new URL(req.url ?? '/', 'http://x').searchParams;
      if (req.method === 'GET') {
        try {
          const echo = answerServerCheck(app.token, query);
          checks.push(echo);
          res.end(behaviours[0] === 'garbage' ? 'nope' : echo);
        } catch {
          res.writeHead(401).end();
        }
        return;
      }
      const behaviour = behaviours[Math.min(index, behaviours.length - 1)] ?? 'success';
      index += 1;
      let push: ReturnType<typeof readPush>;
      try {
        push = readPush({
          token: app.token,
          appId: app.appId,
          encodingAESKey: app.encodingAESKey,
          query,
          body: Buffer.concat(chunks),
        });
      } catch {
        res.writeHead(403).end();
        return;
      }
      received.push({ fields: push.fields, mode: push.mode, query });
      const reply = {
        toUser: push.fields.FromUserName ?? '',
        fromUser: push.fields.ToUserName ?? '',
        content: `欢迎关注，请点击报名：https://px.example.com/register?scene=${push.fields.EventKey}`,
        createTime: 1_700_000_100,
      };
      if (behaviour === 'hang') return;
      if (behaviour === 'error') res.writeHead(500).end('oops');
      else if (behaviour === 'success') res.end('success');
      else if (behaviour === 'empty') res.end('');
      else if (behaviour === 'garbage') res.end('<html>hello</html>');
      else if (behaviour === 'unencrypted') res.end(textReply(reply));
      else
        res.end(
          textReply({
            ...reply,
            ...(push.mode === 'safe'
              ? {
                  encryption: {
                    token: app.token,
                    appId: app.appId,
                    encodingAESKey: app.encodingAESKey,
                    timestamp: 1_700_000_100,
                    nonce: 'r1',
                  },
                }
              : {}),
          }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/wechat/push/${app.appId}?tenant=1`;
  sim.onClose(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url, received, checks };
}

async function createCode(app: SimApp, scene: number | string, expireSeconds?: number) {
  const token = await basicToken(app);
  const str = typeof scene === 'string';
  const answer = await fetch(`${base}/cgi-bin/qrcode/create?access_token=${token}`, {
    method: 'POST',
    body: JSON.stringify({
      ...(expireSeconds ? { expire_seconds: expireSeconds } : {}),
      action_name: `QR_${expireSeconds ? '' : 'LIMIT_'}${str ? 'STR_' : ''}SCENE`,
      action_info: { scene: str ? { scene_str: scene } : { scene_id: scene } },
    }),
  }).then((r) => r.json());
  return answer as { ticket: string; url: string };
}

describe('pushes to our server', () => {
  test.each([
    ['safe', SAFE_APP],
    ['plain', PLAIN_APP],
  ])(
    '%s mode: a scan by a newcomer pushes subscribe with qrscene_; again, SCAN; the text reply is recorded',
    async (mode, app) => {
      const server = await ourServer(app, ['reply']);
      expect(await post(`/__sim/mp/apps/${app.appId}`, { serverUrl: server.url })).toMatchObject({
        status: 204,
      });
      const code = await createCode(app, 42, 600);
      const openId = openIdOf(app.appId, 'zhangsan');

      const first = await post('/__sim/mp/scan', { ticket: code.ticket, user: 'zhangsan' });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ event: 'subscribe', openId, delivery: { delivered: true } });
      expect((first.body as unknown as FollowChange).delivery?.reply?.Content).toBe(
        '欢迎关注，请点击报名：https://px.example.com/register?scene=qrscene_42',
      );
      expect(server.received[0]).toMatchObject({
        mode,
        fields: {
          ToUserName: originalIdOf(app),
          FromUserName: openId,
          CreateTime: String(START / 1000),
          MsgType: 'event',
          Event: 'subscribe',
          EventKey: 'qrscene_42',
          Ticket: code.ticket,
        },
      });
      expect(server.received[0]?.query.get('openid')).toBe(openId);
      expect(server.received[0]?.query.get('tenant')).toBe('1');
      expect(server.received[0]?.query.has('msg_signature')).toBe(mode === 'safe');

      const again = await mpSimulator(sim).scan(code.ticket, 'zhangsan');
      expect(again.event).toBe('SCAN');
      expect(server.received[1]?.fields).toMatchObject({
        Event: 'SCAN',
        EventKey: '42',
        Ticket: code.ticket,
      });
      const pushes = sim.events().filter((e) => e.kind === 'mp.push');
      expect(pushes.map((e) => [e.detail.event, e.detail.ok, e.detail.replyContent])).toEqual([
        ['subscribe', true, expect.stringContaining('qrscene_42')],
        ['SCAN', true, expect.stringContaining('scene=42')],
      ]);
    },
  );

  test('a string scene: qrscene_<str> and SCAN with <str>', async () => {
    const server = await ourServer(PLAIN_APP, ['success']);
    mpSimulator(sim).setServerUrl(PLAIN_APP.appId, server.url);
    const code = await createCode(PLAIN_APP, 'unit_7');
    await mpSimulator(sim).scan(code.ticket, 'lisi');
    await mpSimulator(sim).scan(code.ticket, 'lisi');
    expect(server.received.map((r) => [r.fields.Event, r.fields.EventKey])).toEqual([
      ['subscribe', 'qrscene_unit_7'],
      ['SCAN', 'unit_7'],
    ]);
  });

  test('retries (same message) when the answer is an error, late, or not a valid reply; success ends it', async () => {
    mpSimulator(sim).configurePush({ timeoutMs: 300 });
    const server = await ourServer(SAFE_APP, ['error', 'hang', 'unencrypted', 'reply']);
    mpSimulator(sim).setServerUrl(SAFE_APP.appId, server.url);
    const code = await createCode(SAFE_APP, 5, 600);
    const change = await mpSimulator(sim).scan(code.ticket, 'wangwu');
    expect(change.delivery?.attempts.map((a) => [a.attempt, a.ok, a.status])).toEqual([
      [1, false, 500],
      [2, false, null],
      [3, false, 200],
    ]);
    expect(change.delivery?.delivered).toBe(false);
    expect(server.received).toHaveLength(3);
    expect(new Set(server.received.map((r) => `${r.fields.FromUserName}:${r.fields.CreateTime}`)).size).toBe(
      1,
    );

    mpSimulator(sim).configurePush({ attempts: 4 });
    const retried = await mpSimulator(sim).unfollow(SAFE_APP.appId, 'wangwu');
    expect(retried.delivery?.attempts.map((a) => a.ok)).toEqual([true]);

    const empty = await ourServer(SAFE_APP, ['garbage', 'empty']);
    mpSimulator(sim).setServerUrl(SAFE_APP.appId, empty.url);
    const follow = await mpSimulator(sim).follow(SAFE_APP.appId, 'wangwu');
    expect(follow.delivery?.attempts.map((a) => a.ok)).toEqual([false, true]);
    expect(follow.delivery?.reply).toBeNull();
  });

  test('follow and unfollow hooks push subscribe (empty EventKey) and unsubscribe, once each', async () => {
    const server = await ourServer(PLAIN_APP, ['success']);
    mpSimulator(sim).setServerUrl(PLAIN_APP.appId, server.url);
    expect((await post('/__sim/mp/follow', { appId: PLAIN_APP.appId, user: 'zhaoliu' })).body).toMatchObject({
      event: 'subscribe',
    });
    expect((await post('/__sim/mp/follow', { appId: PLAIN_APP.appId, user: 'zhaoliu' })).body).toMatchObject({
      event: null,
    });
    expect(mpSimulator(sim).isFollowing(PLAIN_APP.appId, 'zhaoliu')).toBe(true);
    expect(await userInfo(await basicToken(PLAIN_APP), 'zhaoliu', PLAIN_APP)).toMatchObject({
      subscribe: 1,
      subscribe_scene: 'ADD_SCENE_SEARCH',
      qr_scene: 0,
      qr_scene_str: '',
    });
    expect(
      (await post('/__sim/mp/unfollow', { appId: PLAIN_APP.appId, user: 'zhaoliu' })).body,
    ).toMatchObject({ event: 'unsubscribe' });
    expect(
      (await post('/__sim/mp/unfollow', { appId: PLAIN_APP.appId, user: 'zhaoliu' })).body,
    ).toMatchObject({ event: null });
    expect(server.received.map((r) => [r.fields.Event, r.fields.EventKey])).toEqual([
      ['subscribe', ''],
      ['unsubscribe', ''],
    ]);
  });

  test('without a server URL the event is recorded, not sent', async () => {
    const change = await mpSimulator(sim).follow(SAFE_APP.appId, 'zhangsan');
    expect(change.delivery).toMatchObject({ delivered: false, attempts: [] });
    expect(sim.events().at(-1)).toMatchObject({ kind: 'mp.push', detail: { error: 'no serverUrl' } });
  });

  test('hooks refuse unknown tickets, users and apps, and bad server URLs', async () => {
    const code = await createCode(SAFE_APP, 1, 60);
    expect(await post('/__sim/mp/scan', { ticket: 'nope', user: 'zhangsan' })).toMatchObject({ status: 404 });
    expect(await post('/__sim/mp/scan', { ticket: code.ticket, user: 'nobody' })).toMatchObject({
      status: 400,
    });
    expect(await post('/__sim/mp/follow', { appId: 'wxnope', user: 'zhangsan' })).toMatchObject({
      status: 404,
    });
    expect(await post('/__sim/mp/apps/wxnope', { serverUrl: 'http://127.0.0.1:1/' })).toMatchObject({
      status: 404,
    });
    expect(await post(`/__sim/mp/apps/${SAFE_APP.appId}`, { serverUrl: 'ftp://x' })).toMatchObject({
      status: 400,
    });
    expect(
      await post(`/__sim/mp/apps/${SAFE_APP.appId}`, { serverUrl: 'http://x', pushMode: 'loud' }),
    ).toMatchObject({
      status: 400,
    });
  });

  test('the server check GETs echostr, signed, and reports whether it came back verbatim', async () => {
    const good = await ourServer(SAFE_APP, ['success']);
    expect(await get(`/__sim/mp/server-check/${SAFE_APP.appId}`)).toEqual({
      ok: false,
      status: null,
      error: 'no serverUrl',
    });
    mpSimulator(sim).setServerUrl(SAFE_APP.appId, good.url);
    expect(await get(`/__sim/mp/server-check/${SAFE_APP.appId}`)).toEqual({ ok: true, status: 200 });
    expect(good.checks[0]).toMatch(/^\d+$/);
    const bad = await ourServer(SAFE_APP, ['garbage']);
    mpSimulator(sim).setServerUrl(SAFE_APP.appId, bad.url);
    expect(await get(`/__sim/mp/server-check/${SAFE_APP.appId}`)).toMatchObject({ ok: false, status: 200 });
    mpSimulator(sim).setServerUrl(SAFE_APP.appId, 'http://127.0.0.1:9/');
    expect(await get(`/__sim/mp/server-check/${SAFE_APP.appId}`)).toMatchObject({ ok: false, status: null });
  });
});

describe('pages for people', () => {
  test('the index lists apps, follow states and live codes with scan buttons', async () => {
    await createCode(SAFE_APP, 42, 600);
    await mpSimulator(sim).follow(SAFE_APP.appId, 'lisi');
    const page = await (await fetch(`${base}/`)).text();
    expect(page).toContain(SAFE_APP.name);
    expect(page).toContain('场景值 <b>42</b>');
    expect(page).toContain('用 张三 扫码');
    expect(page).toContain('李四：已关注');
    expect(page).toContain('张三：未关注');
    sim.clock.advance(600_000);
    expect(await (await fetch(`${base}/`)).text()).not.toContain('场景值 <b>42</b>');
  });

  test("a code's url opens its person page; its scan form answers a page with the server's reply", async () => {
    const server = await ourServer(SAFE_APP, ['reply']);
    mpSimulator(sim).setServerUrl(SAFE_APP.appId, server.url);
    const code = await createCode(SAFE_APP, 9, 600);
    const page = await (await fetch(code.url)).text();
    expect(page).toContain('用 王五 扫码');
    expect(page).toContain(`/cgi-bin/showqrcode?ticket=${encodeURIComponent(code.ticket)}`);
    expect(await (await fetch(`${base}/__sim/qr/${encodeURIComponent(code.ticket)}`)).text()).toContain(
      '用 王五 扫码',
    );
    const answer = await fetch(`${base}/__sim/mp/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ticket: code.ticket, user: 'wangwu' }).toString(),
    });
    const result = await answer.text();
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(result).toContain('已推送事件 subscribe');
    expect(result).toContain('公众号回复');
    expect(result).toContain('欢迎关注');
    sim.clock.advance(600_000);
    expect((await fetch(code.url)).status).toBe(410);
  });

  test('avatars for headimgurl', async () => {
    const answer = await fetch(`${base}/__sim/mp/avatar/zhangsan`);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml');
    expect(await answer.text()).toContain('>张</text>');
    expect((await fetch(`${base}/__sim/mp/avatar/nobody`)).status).toBe(404);
  });
});

test('mpSimulator refuses a simulator without the module', () => {
  const bare = createSimulator({ apps: [SAFE_APP], users: DEMO_WECHAT_USERS, modules: [] });
  expect(() => mpSimulator(bare)).toThrow(/mpModule/);
});

describe('wechatTextHtml', () => {
  test('makes http(s) links clickable and escapes everything else', () => {
    expect(wechatTextHtml('欢迎！\n<a href="http://h5.test/register?unitId=1&x=2">立即注册</a>')).toBe(
      '欢迎！<br><a href="http://h5.test/register?unitId=1&#38;x=2">立即注册</a>',
    );
    expect(wechatTextHtml('<a href="javascript:alert(1)">x</a><b>y</b>')).toBe(
      '&#60;a href=&#34;javascript:alert(1)&#34;&#62;x&#60;/a&#62;&#60;b&#62;y&#60;/b&#62;',
    );
  });
});

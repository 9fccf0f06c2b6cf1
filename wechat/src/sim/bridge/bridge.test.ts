import { signJsSdk } from '../../client/signature';
import { DEMO_WECHAT_APP } from '../demo';
import { createWechatSimulator } from '../index';
import { mpSimulator } from '../mp';
import type { WechatSimulator } from '../server';
import { BRIDGE_SCRIPT_PATH } from './bridge';

let sim: WechatSimulator;
let base: string;
let ticket: string;

beforeAll(async () => {
  sim = createWechatSimulator();
  base = await sim.listen();
  const getJson = async <T>(path: string) => (await (await fetch(`${base}${path}`)).json()) as T;
  const token = await getJson<{ access_token: string }>(
    `/cgi-bin/token?grant_type=client_credential&appid=${DEMO_WECHAT_APP.appId}&secret=${DEMO_WECHAT_APP.appSecret}`,
  );
  const answer = await getJson<{ ticket: string }>(
    `/cgi-bin/ticket/getticket?access_token=${token.access_token}&type=jsapi`,
  );
  ticket = answer.ticket;
});
afterAll(() => sim.close());

const url = 'http://localhost:8080/my?x=1';
const verify = async (body: object) =>
  (await fetch(`${base}/__sim/jsapi/verify`, { method: 'POST', body: JSON.stringify(body) })).json();

test('serves the bridge script to any page', async () => {
  const script = await fetch(`${base}${BRIDGE_SCRIPT_PATH}`);
  expect(script.headers.get('content-type')).toContain('javascript');
  expect(script.headers.get('access-control-allow-origin')).toBe('*');
  const text = await script.text();
  expect(text).toContain('window.WeixinJSBridge');
  expect(text).toContain(JSON.stringify(base));
});

test('wx.config passes with a signature over a ticket the account holds and the page URL', async () => {
  expect(mpSimulator(sim).jsApiTickets(DEMO_WECHAT_APP.appId)).toContain(ticket);
  const signed = signJsSdk({ ticket, nonceStr: 'abc123', timestamp: 1_700_000_000, url });
  expect(await verify({ appId: DEMO_WECHAT_APP.appId, ...signed, url })).toEqual({ ok: true });
  // The fragment is never part of what is signed.
  expect(await verify({ appId: DEMO_WECHAT_APP.appId, ...signed, url: `${url}#/a` })).toEqual({ ok: true });
});

test('a tampered signature, another URL, an unknown ticket or app fail as WeChat says', async () => {
  const signed = signJsSdk({ ticket, nonceStr: 'abc123', timestamp: 1_700_000_000, url });
  const invalid = { ok: false, errMsg: 'invalid signature' };
  expect(
    await verify({
      appId: DEMO_WECHAT_APP.appId,
      ...signed,
      // Another first digit (a signature may itself begin with 0).
      signature: `${signed.signature.startsWith('0') ? '1' : '0'}${signed.signature.slice(1)}`,
      url,
    }),
  ).toEqual(invalid);
  expect(
    await verify({ appId: DEMO_WECHAT_APP.appId, ...signed, url: 'http://localhost:8080/other' }),
  ).toEqual(invalid);
  const forged = signJsSdk({ ticket: `${ticket}x`, nonceStr: 'abc123', timestamp: 1_700_000_000, url });
  expect(await verify({ appId: DEMO_WECHAT_APP.appId, ...forged, url })).toEqual(invalid);
  expect(await verify({ appId: 'wx0000000000000000', ...signed, url })).toEqual({
    ok: false,
    errMsg: 'invalid appid',
  });
});

test('a ticket stops working once it expires', async () => {
  const signed = signJsSdk({ ticket, nonceStr: 'n', timestamp: 1, url });
  sim.clock.advance(7200_000 + 1000);
  expect(await verify({ appId: DEMO_WECHAT_APP.appId, ...signed, url })).toEqual({
    ok: false,
    errMsg: 'invalid signature',
  });
});

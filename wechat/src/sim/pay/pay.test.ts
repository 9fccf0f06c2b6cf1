import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { buildAuthorization, verifyWechatPaySignature } from '../../client/pay-crypto';
import { DEMO_WECHAT_APP, DEMO_WECHAT_USERS, demoMerchant, demoMerchantPrivateKey } from '../demo';
import { openIdOf } from '../registry';
import { createSimulator, type WechatSimulator } from '../server';
import { createPayModule, NOTIFY_RETRY_SCHEDULE_MS, paySim, startNotifyReceiver } from './index';

const merchant = demoMerchant();
const appId = DEMO_WECHAT_APP.appId;
const zhangsan = openIdOf(appId, 'zhangsan');

let sim: WechatSimulator;
let base: string;
let sequence = 0;
function outNo(prefix = 'S'): string {
  sequence += 1;
  return `${prefix}${Date.now()}${sequence}`;
}

interface SignedOptions {
  key?: string | KeyObject;
  serial?: string;
  mchId?: string;
  /** Seconds; the simulator's clock by default. */
  timestamp?: number;
  /** Sent instead of the signed body / path (to tamper after signing). */
  sendBody?: string;
  sendPath?: string;
  authorization?: string | null;
}

/** A raw request signed like our client does, with ways to spoil it. */
async function signed(method: 'GET' | 'POST', path: string, body?: unknown, options: SignedOptions = {}) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const authorization =
    options.authorization === undefined
      ? buildAuthorization({
          mchId: options.mchId ?? merchant.mchId,
          serialNo: options.serial ?? merchant.merchantSerial,
          privateKey: options.key ?? demoMerchantPrivateKey(),
          method,
          url: path,
          body: text,
          timestamp: options.timestamp ?? sim.clock.seconds(),
        })
      : options.authorization;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== null) headers.authorization = authorization;
  const response = await fetch(`${base}${options.sendPath ?? path}`, {
    method,
    headers,
    ...(method === 'POST' ? { body: options.sendBody ?? text } : {}),
  });
  const raw = Buffer.from(await response.arrayBuffer());
  const verified = verifyWechatPaySignature({
    publicKeys: { [merchant.platformSerial]: merchant.platformPublicKey },
    headers: response.headers,
    body: raw,
    now: sim.clock.now(),
  }).ok;
  return {
    status: response.status,
    json: raw.length ? JSON.parse(raw.toString('utf8')) : undefined,
    verified,
  };
}

const jsapiBody = (overrides: Record<string, unknown> = {}) => ({
  appid: appId,
  mchid: merchant.mchId,
  description: '安全员培训',
  out_trade_no: outNo(),
  notify_url: 'http://127.0.0.1:9/notify',
  amount: { total: 1234, currency: 'CNY' },
  payer: { openid: zhangsan },
  ...overrides,
});

beforeAll(async () => {
  sim = createSimulator({
    apps: [DEMO_WECHAT_APP],
    merchants: [merchant],
    users: DEMO_WECHAT_USERS,
    modules: [createPayModule({ notifySpeed: 1000 })],
  });
  base = await sim.listen();
});
afterAll(() => sim.close());

describe('every /v3 request is authenticated', () => {
  const path = '/v3/pay/transactions/jsapi';

  test('a correctly signed request is served and the answer is signed with the platform key', async () => {
    const answer = await signed('POST', path, jsapiBody());
    expect(answer).toMatchObject({ status: 200, verified: true, json: { prepay_id: expect.any(String) } });
  });

  test.each([
    ['no Authorization header', { authorization: null }],
    ['another scheme', { authorization: 'Bearer abc' }],
    ['an unknown mchid', { mchId: '1900000000' }],
  ])('%s: 401 SIGN_ERROR', async (_name, options) => {
    const answer = await signed('POST', path, jsapiBody(), options);
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ code: 'SIGN_ERROR', message: expect.any(String) });
  });

  test.each([
    [
      'a key that is not the merchant key',
      () => ({ key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }),
    ],
    ['a wrong certificate serial', () => ({ serial: '0000000000000000000000000000000000000000' })],
    ['a timestamp 6 minutes old', () => ({ timestamp: sim.clock.seconds() - 360 })],
    ['a timestamp 6 minutes ahead', () => ({ timestamp: sim.clock.seconds() + 360 })],
    ['a body changed after signing', () => ({ sendBody: JSON.stringify(jsapiBody()) })],
    ['a path changed after signing', () => ({ sendPath: '/v3/pay/transactions/native' })],
  ])('%s: 401 SIGN_ERROR, signed', async (_name, options) => {
    const answer = await signed('POST', path, jsapiBody(), options());
    expect(answer).toMatchObject({ status: 401, verified: true, json: { code: 'SIGN_ERROR' } });
  });

  test('GET requests sign their query: changing it after signing is refused', async () => {
    const body = jsapiBody();
    await signed('POST', path, body);
    const query = `/v3/pay/transactions/out-trade-no/${body.out_trade_no}?mchid=${merchant.mchId}`;
    expect((await signed('GET', query)).json).toMatchObject({ trade_state: 'NOTPAY' });
    expect((await signed('GET', query, undefined, { sendPath: `${query}&x=1` })).status).toBe(401);
  });

  test('a 4-minute skew is still accepted', async () => {
    const answer = await signed('POST', path, jsapiBody(), { timestamp: sim.clock.seconds() - 240 });
    expect(answer.status).toBe(200);
  });
});

describe('order parameters', () => {
  test.each([
    ['a body that is not JSON', '{"appid":'],
    ['no description', jsapiBody({ description: undefined })],
    ['an amount in yuan', jsapiBody({ amount: { total: 12.34, currency: 'CNY' } })],
    ['a zero amount', jsapiBody({ amount: { total: 0, currency: 'CNY' } })],
    ['another currency', jsapiBody({ amount: { total: 100, currency: 'USD' } })],
    ['a mchid that is not the caller', jsapiBody({ mchid: '1900000001' })],
    ['a notify_url with a query', jsapiBody({ notify_url: 'https://example.cn/notify?x=1' })],
    ['a short out_trade_no', jsapiBody({ out_trade_no: '12345' })],
    ['a JSAPI order without payer', jsapiBody({ payer: undefined })],
    ['a past time_expire', jsapiBody({ time_expire: '2001-01-01T00:00:00+08:00' })],
    ['a malformed time_expire', jsapiBody({ time_expire: 'tomorrow' })],
  ])('%s: 400 PARAM_ERROR', async (_name, body) => {
    const answer = await signed('POST', '/v3/pay/transactions/jsapi', body);
    expect(answer).toMatchObject({
      status: 400,
      verified: true,
      json: { code: 'PARAM_ERROR', message: expect.any(String) },
    });
  });

  test('an app the merchant is not bound to: 400 APPID_MCHID_NOT_MATCH', async () => {
    const answer = await signed(
      'POST',
      '/v3/pay/transactions/native',
      jsapiBody({ appid: 'wx1111111111111111' }),
    );
    expect(answer).toMatchObject({ status: 400, json: { code: 'APPID_MCHID_NOT_MATCH' } });
  });

  test('query and close need the caller mchid', async () => {
    const body = jsapiBody();
    await signed('POST', '/v3/pay/transactions/jsapi', body);
    const order = `/v3/pay/transactions/out-trade-no/${body.out_trade_no}`;
    expect((await signed('GET', order)).json).toMatchObject({ code: 'PARAM_ERROR' });
    expect((await signed('GET', `${order}?mchid=1900000001`)).json).toMatchObject({ code: 'PARAM_ERROR' });
    expect((await signed('POST', `${order}/close`, {})).json).toMatchObject({ code: 'PARAM_ERROR' });
    expect((await signed('POST', `${order}/close`, { mchid: merchant.mchId })).status).toBe(204);
  });

  test('orders can be queried by transaction_id once paid', async () => {
    const body = jsapiBody();
    await signed('POST', '/v3/pay/transactions/jsapi', body);
    const paid = paySim(sim).confirm({ outTradeNo: body.out_trade_no });
    const answer = await signed(
      'GET',
      `/v3/pay/transactions/id/${paid.transactionId}?mchid=${merchant.mchId}`,
    );
    expect(answer.json).toMatchObject({ out_trade_no: body.out_trade_no, trade_state: 'SUCCESS' });
  });

  test('refund requests are validated', async () => {
    const body = jsapiBody();
    await signed('POST', '/v3/pay/transactions/jsapi', body);
    paySim(sim).confirm({ outTradeNo: body.out_trade_no });
    const refund = (amount: unknown, extra: Record<string, unknown> = {}) =>
      signed('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: body.out_trade_no,
        out_refund_no: outNo('R'),
        amount,
        ...extra,
      });
    expect((await refund({ refund: 1, total: 1234 })).json).toMatchObject({ code: 'PARAM_ERROR' });
    expect((await refund({ refund: 1.5, total: 1234, currency: 'CNY' })).json).toMatchObject({
      code: 'PARAM_ERROR',
    });
    expect((await refund({ refund: 1, total: 1000, currency: 'CNY' })).json).toMatchObject({
      code: 'INVALID_REQUEST',
    });
    expect(
      (await refund({ refund: 1, total: 1234, currency: 'CNY' }, { out_trade_no: 'NOSUCH123' })).status,
    ).toBe(404);
    expect((await refund({ refund: 1234, total: 1234, currency: 'CNY' })).json).toMatchObject({
      status: 'PROCESSING',
    });
  });
});

describe('person pages and hooks', () => {
  test('the Native code page shows the order and lets a user pay; the index lists it', async () => {
    const body = jsapiBody({
      payer: undefined,
      description: '单位批量缴费',
      amount: { total: 1234, currency: 'CNY' },
    });
    const { json } = await signed('POST', '/v3/pay/transactions/native', body);
    const codeUrl = (json as { code_url: string }).code_url;
    const page = await fetch(`${base}/__sim/pay/native?code_url=${encodeURIComponent(codeUrl)}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('单位批量缴费');
    expect(html).toContain('¥12.34');
    expect(html).toContain('用 张三 支付');
    expect(html).toContain('用 李四 支付');

    const form = new URLSearchParams({ code_url: codeUrl, user: 'lisi' });
    const paid = await fetch(`${base}/__sim/pay/native/pay`, { method: 'POST', body: form });
    expect(paid.status).toBe(200);
    const paidHtml = await paid.text();
    expect(paidHtml).toContain('支付成功');
    expect(paidHtml).toContain('李四');
    expect(paySim(sim).order(body.out_trade_no)).toMatchObject({
      state: 'SUCCESS',
      paidBy: openIdOf(appId, 'lisi'),
    });
    const again = await fetch(`${base}/__sim/pay/native/pay`, { method: 'POST', body: form });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('该订单已支付');

    const index = await (await fetch(`${base}/`)).text();
    expect(index).toContain('微信支付');
    expect(index).toContain(body.out_trade_no);

    const unknown = await fetch(
      `${base}/__sim/pay/native?code_url=${encodeURIComponent('weixin://wxpay/bizpayurl?pr=zzzzzzz')}`,
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('二维码无效');
  });

  test('the index pay buttons: JSAPI orders only by their payer', async () => {
    const body = jsapiBody();
    await signed('POST', '/v3/pay/transactions/jsapi', body);
    const index = await (await fetch(`${base}/`)).text();
    expect(index).toContain('用 张三 支付');
    const pay = (user: string) =>
      fetch(`${base}/__sim/pay/pay`, {
        method: 'POST',
        body: new URLSearchParams({ mchId: merchant.mchId, outTradeNo: body.out_trade_no, user }),
      });
    const refused = await pay('lisi');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('JSAPI 订单只能由下单时的付款人支付');
    expect((await pay('zhangsan')).status).toBe(200);
    expect(paySim(sim).order(body.out_trade_no)?.state).toBe('SUCCESS');
  });

  test('the JSAPI pay sheet shows the merchant, the amount and the description of the prepay id', async () => {
    const body = jsapiBody({
      description: '护理人员现场急救技能班',
      amount: { total: 9800, currency: 'CNY' },
    });
    const { json } = await signed('POST', '/v3/pay/transactions/jsapi', body);
    const sheet = async (packageText: unknown) =>
      (
        await fetch(`${base}/__sim/pay/jsapi-sheet`, {
          method: 'POST',
          body: JSON.stringify({ package: packageText }),
        })
      ).json();
    expect(await sheet(`prepay_id=${json.prepay_id}`)).toEqual({
      ok: true,
      merchant: '演示职业培训学校',
      description: '护理人员现场急救技能班',
      totalFen: 9800,
    });
    expect(await sheet('prepay_id=nosuch')).toEqual({ ok: false, errDesc: 'prepay_id 无效或订单不存在' });
    expect(await sheet(12)).toEqual({ ok: false, errDesc: 'prepay_id 无效或订单不存在' });
  });

  test('hooks answer refusals as {code, message}', async () => {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : undefined };
    };
    expect(await post('/__sim/pay/confirm', { outTradeNo: 'NOSUCHORDER' })).toEqual({
      status: 404,
      json: { code: 'ORDER_NOT_EXIST', message: '订单不存在' },
    });
    expect((await post('/__sim/pay/confirm', {})).status).toBe(400);
    expect((await post('/__sim/pay/confirm', { outTradeNo: 'X', user: 'nobody' })).status).toBe(404);
    expect((await post('/__sim/pay/notify/duplicate', { outTradeNo: 'NOSUCHORDER' })).status).toBe(404);
    expect((await post('/__sim/pay/notify/drop', { times: -1 })).status).toBe(400);
    expect((await post('/__sim/pay/notify-speed', { factor: 0 })).status).toBe(400);
    expect((await post('/__sim/pay/tamper', { mode: 'everything' })).status).toBe(400);
    const listed = (await (await fetch(`${base}/__sim/pay/orders`)).json()) as Array<Record<string, unknown>>;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed[0]).not.toHaveProperty('fingerprint');

    const body = jsapiBody();
    await signed('POST', '/v3/pay/transactions/jsapi', body);
    const confirmed = await post('/__sim/pay/confirm', { outTradeNo: body.out_trade_no, user: 'lisi' });
    expect(confirmed).toMatchObject({ status: 403, json: { code: 'PAYER_MISMATCH' } });
    expect(await post('/__sim/pay/confirm', { outTradeNo: body.out_trade_no })).toMatchObject({
      status: 200,
      json: { state: 'SUCCESS', paidBy: zhangsan },
    });
  });
});

test('the retry schedule is WeChat’s', () => {
  expect(NOTIFY_RETRY_SCHEDULE_MS.map((ms) => ms / 1000)).toEqual([
    15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600,
  ]);
});

test('closing the simulator clears pending retries', async () => {
  const receiver = await startNotifyReceiver(() => 500);
  const own = createSimulator({
    apps: [DEMO_WECHAT_APP],
    merchants: [merchant],
    users: DEMO_WECHAT_USERS,
    modules: [createPayModule({ notifySpeed: 100 })],
  });
  try {
    await own.listen();
    const body = jsapiBody({ notify_url: receiver.url });
    const pay = paySim(own);
    const answer = await fetch(`${own.url()}/v3/pay/transactions/jsapi`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: buildAuthorization({
          mchId: merchant.mchId,
          serialNo: merchant.merchantSerial,
          privateKey: demoMerchantPrivateKey(),
          method: 'POST',
          url: '/v3/pay/transactions/jsapi',
          body: JSON.stringify(body),
        }),
      },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
    pay.confirm({ outTradeNo: body.out_trade_no });
    await receiver.waitFor(1);
    // The first retry is due 150 ms later; closing now must cancel it.
    await own.close();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receiver.received).toHaveLength(1);
  } finally {
    await own.close();
    await receiver.close();
  }
});

test('paySim refuses a simulator without the module', () => {
  const bare = createSimulator({ apps: [], users: [], modules: [] });
  expect(() => paySim(bare)).toThrow('not installed');
});

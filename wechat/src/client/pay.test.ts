import { generateKeyPairSync } from 'node:crypto';
import { DEMO_WECHAT_APP, DEMO_WECHAT_USERS, demoMerchant, demoMerchantPrivateKey } from '../sim/demo';
import {
  createPayModule,
  type NotifyReceiver,
  paySim,
  type ReceiverAnswer,
  startNotifyReceiver,
} from '../sim/pay';
import { openIdOf } from '../sim/registry';
import { createSimulator, type WechatSimulator } from '../sim/server';
import {
  createPayClient,
  formatWechatPayTime,
  type PayClient,
  type PayClientOptions,
  parseWechatPayTime,
  WechatPayError,
} from './pay';
import { signWechatPayMessage } from './pay-crypto';

const merchant = demoMerchant();
const appId = DEMO_WECHAT_APP.appId;
const zhangsan = openIdOf(appId, 'zhangsan');
const lisi = openIdOf(appId, 'lisi');

let sim: WechatSimulator;
let base: string;
let receiver: NotifyReceiver;
let answer: ReceiverAnswer;
let client: PayClient;
let sequence = 0;

function outNo(prefix = 'T'): string {
  sequence += 1;
  return `${prefix}${Date.now()}${sequence}`;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function clientOptions(overrides: Partial<PayClientOptions> = {}): PayClientOptions {
  return {
    mchId: merchant.mchId,
    serialNo: merchant.merchantSerial,
    privateKey: demoMerchantPrivateKey(),
    apiV3Key: merchant.apiV3Key,
    platformPublicKeys: { [merchant.platformSerial]: merchant.platformPublicKey },
    endpoints: sim.endpoints(),
    // Our server and WeChat share the time; the simulator's clock may be advanced by tests.
    now: () => sim.clock.now(),
    ...overrides,
  };
}

async function postHook(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

async function caught(promise: Promise<unknown>): Promise<WechatPayError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WechatPayError) return error;
    throw error;
  }
  throw new Error('expected a WechatPayError');
}

const jsapiOrderInput = (overrides: Record<string, unknown> = {}) => ({
  appId,
  description: '电工上岗证培训班',
  outTradeNo: outNo(),
  notifyUrl: receiver.url,
  totalFen: 100,
  openId: zhangsan,
  ...overrides,
});

/**
 * The simulator's delivery records of an order, once `count` of them exist (a record is written
 * when its delivery's answer is in: on a loaded machine that may take seconds).
 */
async function deliveriesOf(outTradeNo: string, count: number) {
  for (const end = Date.now() + 10_000; Date.now() < end; ) {
    const records = paySim(sim)
      .deliveries()
      .filter((d) => d.outTradeNo === outTradeNo);
    if (records.length >= count) return records;
    await sleep(10);
  }
  throw new Error(`expected ${count} delivery records of ${outTradeNo}`);
}

async function settledRefund(outRefundNo: string) {
  for (let i = 0; i < 100; i += 1) {
    const refund = await client.queryRefund(outRefundNo);
    if (refund.status !== 'PROCESSING') return refund;
    await sleep(10);
  }
  throw new Error('the refund stayed PROCESSING');
}

beforeAll(async () => {
  sim = createSimulator({
    apps: [DEMO_WECHAT_APP],
    merchants: [merchant],
    users: DEMO_WECHAT_USERS,
    // 15 s retries become 15 ms.
    modules: [createPayModule({ notifySpeed: 1000 })],
  });
  base = await sim.listen();
  client = createPayClient(clientOptions());
});
afterAll(() => sim.close());

beforeEach(async () => {
  answer = () => 204;
  receiver = await startNotifyReceiver((request, index) => answer(request, index));
});
afterEach(() => receiver.close());

describe('JSAPI payment', () => {
  test('order -> paySign checked by the bridge -> notification verified and decrypted', async () => {
    const input = jsapiOrderInput({ attach: 'class-42' });
    const { prepayId } = await client.jsapiOrder(input);
    expect(prepayId).toMatch(/^wx\d{14}[0-9a-f]{20}$/);

    const params = client.jsapiPayParams({ appId, prepayId });
    expect(params).toEqual({
      appId,
      timeStamp: expect.stringMatching(/^\d{10}$/),
      nonceStr: expect.stringMatching(/^[A-Z0-9]{32}$/),
      package: `prepay_id=${prepayId}`,
      signType: 'RSA',
      paySign: expect.any(String),
    });
    const check = await postHook('/__sim/pay/jsapi-check', { ...params, openId: zhangsan });
    expect(check.json).toMatchObject({
      ok: true,
      errMsg: 'get_brand_wcpay_request:ok',
      outTradeNo: input.outTradeNo,
    });

    const [delivered] = await receiver.waitFor(1);
    if (!delivered) throw new Error('no notification');
    const envelope = JSON.parse(delivered.body.toString('utf8'));
    expect(envelope).toMatchObject({
      event_type: 'TRANSACTION.SUCCESS',
      resource_type: 'encrypt-resource',
      summary: '支付成功',
      resource: {
        algorithm: 'AEAD_AES_256_GCM',
        original_type: 'transaction',
        associated_data: 'transaction',
      },
    });
    expect(envelope.create_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    const notification = client.parseNotification({ headers: delivered.headers, body: delivered.body });
    expect(notification.eventType).toBe('TRANSACTION.SUCCESS');
    if (notification.eventType !== 'TRANSACTION.SUCCESS') return;
    expect(notification.id).toBe(envelope.id);
    expect(notification.resource).toMatchObject({
      appid: appId,
      mchid: merchant.mchId,
      out_trade_no: input.outTradeNo,
      trade_type: 'JSAPI',
      trade_state: 'SUCCESS',
      attach: 'class-42',
      payer: { openid: zhangsan },
      amount: { total: 100, payer_total: 100, currency: 'CNY' },
    });

    const queried = await client.queryOrder(input.outTradeNo);
    expect(queried.trade_state).toBe('SUCCESS');
    expect(queried.transaction_id).toBe(notification.resource.transaction_id);
    expect(queried.transaction_id).toMatch(/^\d{28}$/);

    const again = await postHook('/__sim/pay/jsapi-check', params);
    expect(again.json).toEqual({
      ok: false,
      errMsg: 'get_brand_wcpay_request:fail',
      errDesc: '该订单已支付',
    });
  });

  test('the bridge refuses a paySign of another key, another app, another user or a bad package', async () => {
    const { prepayId } = await client.jsapiOrder(jsapiOrderInput());
    const stranger = createPayClient(
      clientOptions({ privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }),
    );
    const refusal = async (params: object) => (await postHook('/__sim/pay/jsapi-check', params)).json;

    expect(await refusal(stranger.jsapiPayParams({ appId, prepayId }))).toMatchObject({
      ok: false,
      errDesc: '支付验证签名失败',
    });
    const good = client.jsapiPayParams({ appId, prepayId });
    expect(
      await refusal({ ...good, paySign: good.paySign.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }),
    ).toMatchObject({ ok: false, errDesc: '支付验证签名失败' });
    expect(await refusal({ ...good, timeStamp: String(Number(good.timeStamp) + 1) })).toMatchObject({
      ok: false,
    });
    expect(await refusal(client.jsapiPayParams({ appId: 'wx0000000000000000', prepayId }))).toMatchObject({
      ok: false,
      errDesc: 'appId 与下单时的 appid 不一致',
    });
    expect(
      await refusal(client.jsapiPayParams({ appId, prepayId: 'wx20240101000000aaaaaaaaaaaaaaaaaaaa' })),
    ).toMatchObject({ ok: false, errDesc: 'prepay_id 无效或订单不存在' });
    expect(await refusal({ ...good, signType: 'MD5' })).toMatchObject({ ok: false });
    expect(await refusal({ ...good, openId: lisi })).toMatchObject({
      ok: false,
      errDesc: '当前微信用户不是下单时的付款人',
    });

    expect(paySim(sim).pendingDeliveries()).toBe(0);
    expect(receiver.received).toHaveLength(0);
    expect(
      (
        await client.queryOrder(
          paySim(sim)
            .orders()
            .find((o) => o.prepayId === prepayId)?.outTradeNo ?? '',
        )
      ).trade_state,
    ).toBe('NOTPAY');
  });
});

describe('order state machine', () => {
  test('Native: code_url, query, close (204, idempotent), then no payment', async () => {
    const outTradeNo = outNo('N');
    const { codeUrl } = await client.nativeOrder({
      appId,
      description: '单位批量缴费',
      outTradeNo,
      notifyUrl: receiver.url,
      totalFen: 123456,
    });
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=[A-Za-z0-9]{7}$/);
    expect(await client.queryOrder(outTradeNo)).toMatchObject({
      out_trade_no: outTradeNo,
      trade_type: 'NATIVE',
      trade_state: 'NOTPAY',
      amount: { total: 123456, currency: 'CNY' },
    });
    await expect(client.closeOrder(outTradeNo)).resolves.toBeUndefined();
    expect((await client.queryOrder(outTradeNo)).trade_state).toBe('CLOSED');
    await expect(client.closeOrder(outTradeNo)).resolves.toBeUndefined();
    expect(() => paySim(sim).confirm({ outTradeNo })).toThrow('订单已关闭或已过期');
  });

  test('a paid order cannot be closed; unknown orders are 404', async () => {
    const input = jsapiOrderInput();
    await client.jsapiOrder(input);
    paySim(sim).confirm({ outTradeNo: input.outTradeNo });
    const closing = await caught(client.closeOrder(input.outTradeNo));
    expect(closing).toMatchObject({ status: 400, code: 'ORDERPAID' });
    expect(closing.requestId).toBeTruthy();
    expect(await caught(client.queryOrder('NOSUCHORDER1'))).toMatchObject({
      status: 404,
      code: 'ORDER_NOT_EXIST',
    });
  });

  test('orders expire on the simulator clock: 2 hours for a Native code, time_expire when given', async () => {
    const nativeNo = outNo('N');
    await client.nativeOrder({
      appId,
      description: '缴费',
      outTradeNo: nativeNo,
      notifyUrl: receiver.url,
      totalFen: 1,
    });
    const jsapi = jsapiOrderInput({ timeExpire: new Date(sim.clock.now() + 10 * 60_000) });
    const { prepayId } = await client.jsapiOrder(jsapi);

    sim.clock.advance(11 * 60_000);
    expect((await client.queryOrder(jsapi.outTradeNo)).trade_state).toBe('CLOSED');
    expect((await client.queryOrder(nativeNo)).trade_state).toBe('NOTPAY');
    expect(
      (await postHook('/__sim/pay/jsapi-check', client.jsapiPayParams({ appId, prepayId }))).json,
    ).toMatchObject({
      ok: false,
      errDesc: '订单已关闭或已过期',
    });

    sim.clock.advance(2 * 3600_000);
    expect((await client.queryOrder(nativeNo)).trade_state).toBe('CLOSED');
    const hook = await postHook('/__sim/pay/confirm', { outTradeNo: nativeNo, user: 'lisi' });
    expect(hook).toEqual({ status: 400, json: { code: 'ORDER_CLOSED', message: '订单已关闭或已过期' } });
  });

  test('the same out_trade_no: same content gives the same prepay_id, other content is refused', async () => {
    const input = jsapiOrderInput();
    const first = await client.jsapiOrder(input);
    expect(await client.jsapiOrder(input)).toEqual(first);
    expect(await caught(client.jsapiOrder({ ...input, totalFen: 101 }))).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
    });
    expect(await caught(client.jsapiOrder({ ...input, openId: lisi }))).toMatchObject({
      code: 'INVALID_REQUEST',
    });
    paySim(sim).confirm({ outTradeNo: input.outTradeNo });
    expect(await caught(client.jsapiOrder(input))).toMatchObject({ status: 400, code: 'ORDERPAID' });
  });

  test('merchant numbers may hold the symbols WeChat allows (_-|*), encoded in the path', async () => {
    const input = jsapiOrderInput({ outTradeNo: `A_b-c|d*${Date.now()}` });
    await client.jsapiOrder(input);
    expect((await client.queryOrder(input.outTradeNo)).out_trade_no).toBe(input.outTradeNo);
    await expect(client.closeOrder(input.outTradeNo)).resolves.toBeUndefined();
  });

  test('appid not bound to the merchant, and openids of another app, are refused', async () => {
    expect(await caught(client.jsapiOrder(jsapiOrderInput({ appId: 'wx0000000000000000' })))).toMatchObject({
      status: 400,
      code: 'APPID_MCHID_NOT_MATCH',
    });
    expect(
      await caught(
        client.jsapiOrder(jsapiOrderInput({ openId: openIdOf('wx0000000000000000', 'zhangsan') })),
      ),
    ).toMatchObject({ status: 400, code: 'PARAM_ERROR' });
  });
});

describe('refunds', () => {
  test('only paid orders, at most the total, the same out_refund_no is the same refund', async () => {
    const input = jsapiOrderInput({ totalFen: 100 });
    await client.jsapiOrder(input);
    const refundInput = {
      outTradeNo: input.outTradeNo,
      outRefundNo: outNo('R'),
      refundFen: 30,
      totalFen: 100,
      reason: '学员退课',
      notifyUrl: receiver.url,
    };
    expect(await caught(client.refund(refundInput))).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });

    paySim(sim).confirm({ outTradeNo: input.outTradeNo });
    await receiver.waitFor(1);
    const first = await client.refund(refundInput);
    expect(first).toMatchObject({
      status: 'PROCESSING',
      out_refund_no: refundInput.outRefundNo,
      amount: { refund: 30 },
    });
    expect(first.refund_id).toMatch(/^\d{29}$/);
    expect(await settledRefund(refundInput.outRefundNo)).toMatchObject({
      status: 'SUCCESS',
      refund_id: first.refund_id,
    });
    expect((await client.queryOrder(input.outTradeNo)).trade_state).toBe('REFUND');

    const [, refunded] = await receiver.waitFor(2);
    if (!refunded) throw new Error('no refund notification');
    const notification = client.parseNotification({ headers: refunded.headers, body: refunded.body });
    expect(notification).toMatchObject({
      eventType: 'REFUND.SUCCESS',
      resource: {
        mchid: merchant.mchId,
        out_trade_no: input.outTradeNo,
        out_refund_no: refundInput.outRefundNo,
        refund_id: first.refund_id,
        refund_status: 'SUCCESS',
        amount: { total: 100, refund: 30 },
      },
    });

    expect((await client.refund(refundInput)).refund_id).toBe(first.refund_id);
    expect(await caught(client.refund({ ...refundInput, refundFen: 31 }))).toMatchObject({
      code: 'INVALID_REQUEST',
    });
    expect(
      await caught(client.refund({ ...refundInput, outRefundNo: outNo('R'), refundFen: 71 })),
    ).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      message: '申请退款金额超过订单可退金额',
    });
    expect(await client.refund({ ...refundInput, outRefundNo: outNo('R'), refundFen: 70 })).toMatchObject({
      status: 'PROCESSING',
    });
    expect(await caught(client.queryRefund('NOSUCHREFUND'))).toMatchObject({
      status: 404,
      code: 'RESOURCE_NOT_EXISTS',
    });
  });

  test('a refund made to fail ends ABNORMAL and notifies REFUND.ABNORMAL', async () => {
    const input = jsapiOrderInput({ totalFen: 500 });
    await client.jsapiOrder(input);
    paySim(sim).confirm({ outTradeNo: input.outTradeNo });
    await receiver.waitFor(1);
    const outRefundNo = outNo('RF');
    expect((await postHook(`/__sim/pay/refund/${outRefundNo}/fail`, {})).status).toBe(204);
    await client.refund({
      outTradeNo: input.outTradeNo,
      outRefundNo,
      refundFen: 500,
      totalFen: 500,
      notifyUrl: receiver.url,
    });
    expect(await settledRefund(outRefundNo)).toMatchObject({ status: 'ABNORMAL' });
    expect((await client.queryOrder(input.outTradeNo)).trade_state).toBe('SUCCESS');
    const [, abnormal] = await receiver.waitFor(2);
    if (!abnormal) throw new Error('no refund notification');
    expect(client.parseNotification({ headers: abnormal.headers, body: abnormal.body })).toMatchObject({
      eventType: 'REFUND.ABNORMAL',
      resource: { refund_status: 'ABNORMAL', out_refund_no: outRefundNo },
    });
  });
});

describe('the client refuses bad input before sending', () => {
  test('amounts must be integer fen > 0; refunds at most the total', async () => {
    const spy = jest.fn(fetch);
    const guarded = createPayClient(clientOptions({ fetch: spy }));
    for (const totalFen of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(await caught(guarded.jsapiOrder(jsapiOrderInput({ totalFen })))).toMatchObject({
        status: 0,
        code: 'INVALID_ARGUMENT',
      });
    }
    const refund = { outTradeNo: 'T1234567', outRefundNo: 'R1', refundFen: 10, totalFen: 100 };
    expect(await caught(guarded.refund({ ...refund, refundFen: 0 }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(await caught(guarded.refund({ ...refund, refundFen: 0.5 }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(await caught(guarded.refund({ ...refund, refundFen: 101 }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(await caught(guarded.jsapiOrder(jsapiOrderInput({ outTradeNo: 'abc' })))).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(
      await caught(guarded.jsapiOrder(jsapiOrderInput({ notifyUrl: 'https://x.cn/n?a=1' }))),
    ).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(spy).not.toHaveBeenCalled();
    expect(() => createPayClient(clientOptions({ apiV3Key: 'short' }))).toThrow('32 bytes');
  });
});

describe('the client verifies every answer', () => {
  test.each(['body', 'signature', 'serial', 'timestamp', 'probe', 'unsigned'] as const)(
    'rejects an answer spoiled by %s',
    async (mode) => {
      const input = jsapiOrderInput();
      await client.jsapiOrder(input);
      paySim(sim).tamperResponses(mode);
      const error = await caught(client.queryOrder(input.outTradeNo));
      expect(error).toMatchObject({ status: 200, code: 'SIGNATURE_INVALID' });
      await expect(client.queryOrder(input.outTradeNo)).resolves.toMatchObject({ trade_state: 'NOTPAY' });
    },
  );

  test('verifies 204 answers (empty body) and signed error answers too', async () => {
    const input = jsapiOrderInput();
    await client.jsapiOrder(input);
    paySim(sim).tamperResponses('signature');
    expect(await caught(client.closeOrder(input.outTradeNo))).toMatchObject({
      status: 204,
      code: 'SIGNATURE_INVALID',
    });
    paySim(sim).tamperResponses('signature');
    expect(await caught(client.queryOrder('NOSUCHORDER2'))).toMatchObject({
      status: 404,
      code: 'SIGNATURE_INVALID',
    });
  });

  test('rejects injected answers without or with forged signature headers', async () => {
    const path = '/v3/pay/transactions/jsapi';
    const body = JSON.stringify({ prepay_id: 'wx20240101000000forgedforgedforged00' });
    sim.faults.inject({ path, times: 1, response: { status: 200, body } });
    expect(await caught(client.jsapiOrder(jsapiOrderInput()))).toMatchObject({
      code: 'SIGNATURE_INVALID',
      message: expect.stringContaining('MISSING_HEADERS'),
    });
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const headers = signWechatPayMessage({
      serial: merchant.platformSerial,
      privateKey: forger,
      body,
      timestamp: sim.clock.seconds(),
    });
    sim.faults.inject({ path, times: 1, response: { status: 200, headers, body } });
    expect(await caught(client.jsapiOrder(jsapiOrderInput()))).toMatchObject({
      code: 'SIGNATURE_INVALID',
      message: expect.stringContaining('BAD_SIGNATURE'),
    });
    // Unsigned error answers (a gateway in between) still surface as WeChat errors.
    sim.faults.inject({
      path,
      times: 1,
      response: { status: 500, body: { code: 'SYSTEM_ERROR', message: '系统繁忙' } },
    });
    expect(await caught(client.jsapiOrder(jsapiOrderInput()))).toMatchObject({
      status: 500,
      code: 'SYSTEM_ERROR',
    });
  });

  test('network failures become NETWORK_ERROR', async () => {
    const offline = createPayClient(clientOptions({ endpoints: { pay: 'http://127.0.0.1:9' } }));
    expect(await caught(offline.queryOrder('T1234567'))).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('notifications', () => {
  test('non-2xx answers are retried along the schedule with the same body', async () => {
    answer = (_request, index) => (index < 2 ? 500 : 204);
    const input = jsapiOrderInput();
    await client.jsapiOrder(input);
    paySim(sim).confirm({ outTradeNo: input.outTradeNo });
    const [a, b, c] = await receiver.waitFor(3);
    if (!a || !b || !c) throw new Error('missing deliveries');
    expect(b.body.equals(a.body) && c.body.equals(a.body)).toBe(true);
    // 15 s then 15 s, divided by 1000.
    expect(b.at - a.at).toBeGreaterThanOrEqual(14);
    expect(c.at - b.at).toBeGreaterThanOrEqual(14);
    expect(client.parseNotification({ headers: c.headers, body: c.body }).eventType).toBe(
      'TRANSACTION.SUCCESS',
    );
    const outcomes = (await deliveriesOf(input.outTradeNo, 3)).map((d) => [d.attempt, d.outcome, d.status]);
    expect(outcomes).toEqual([
      [1, 'failed', 500],
      [2, 'failed', 500],
      [3, 'delivered', 204],
    ]);
  });

  test('dropped deliveries are never sent but retried; a duplicate is the same notification again', async () => {
    const input = jsapiOrderInput();
    await client.jsapiOrder(input);
    expect((await postHook('/__sim/pay/notify/drop', { times: 2 })).status).toBe(204);
    paySim(sim).confirm({ outTradeNo: input.outTradeNo });
    const [first] = await receiver.waitFor(1);
    if (!first) throw new Error('no notification');
    // The two lost deliveries were retried along the schedule, the third reached the receiver.
    const records = await deliveriesOf(input.outTradeNo, 3);
    expect(records.map((d) => [d.attempt, d.outcome])).toEqual([
      [1, 'dropped'],
      [2, 'dropped'],
      [3, 'delivered'],
    ]);
    expect(receiver.received).toHaveLength(1);

    const duplicate = await postHook('/__sim/pay/notify/duplicate', { outTradeNo: input.outTradeNo });
    expect(duplicate.status).toBe(202);
    const [, second] = await receiver.waitFor(2);
    if (!second) throw new Error('no duplicate');
    expect(second.body.equals(first.body)).toBe(true);
    const ids = [first, second].map((n) => client.parseNotification({ headers: n.headers, body: n.body }).id);
    expect(ids[0]).toBe(ids[1]);
    expect(receiver.received).toHaveLength(2);
  });

  test('no answer within the (scaled, at least 1 s) timeout counts as a failure', async () => {
    answer = (_request, index) => (index === 0 ? 'hang' : 204);
    const input = jsapiOrderInput();
    await client.jsapiOrder(input);
    paySim(sim).confirm({ outTradeNo: input.outTradeNo });
    const [first, second] = await receiver.waitFor(2, 5000);
    if (!first || !second) throw new Error('missing deliveries');
    // A timer may fire a millisecond or so early by the wall clock.
    expect(second.at - first.at).toBeGreaterThanOrEqual(990);
    const records = await deliveriesOf(input.outTradeNo, 2);
    expect(records.map((d) => [d.outcome, d.error])).toEqual([
      ['failed', 'no answer in time'],
      ['delivered', undefined],
    ]);
  });

  test('after the whole schedule (16 attempts) WeChat gives up', async () => {
    answer = () => 500;
    expect((await postHook('/__sim/pay/notify-speed', { factor: 100_000 })).json).toEqual({
      factor: 100_000,
    });
    try {
      const input = jsapiOrderInput();
      await client.jsapiOrder(input);
      paySim(sim).confirm({ outTradeNo: input.outTradeNo });
      await receiver.waitFor(16, 10_000);
      for (let i = 0; i < 100 && paySim(sim).pendingDeliveries() > 0; i += 1) await sleep(20);
      const records = paySim(sim)
        .deliveries()
        .filter((d) => d.outTradeNo === input.outTradeNo);
      expect(records).toHaveLength(17);
      expect(records.at(-1)).toMatchObject({ attempt: 16, outcome: 'gave-up' });
      await sleep(50);
      expect(receiver.received).toHaveLength(16);
    } finally {
      paySim(sim).setNotifySpeed(1000);
    }
  });

  test('parseNotification refuses tampered, stale, undecryptable or foreign notifications', async () => {
    const input = jsapiOrderInput();
    await client.jsapiOrder(input);
    paySim(sim).confirm({ outTradeNo: input.outTradeNo });
    const [genuine] = await receiver.waitFor(1);
    if (!genuine) throw new Error('no notification');
    const { headers, body } = genuine;
    expect(client.parseNotification({ headers, body: body.toString('utf8') }).eventType).toBe(
      'TRANSACTION.SUCCESS',
    );

    const parse = (c: PayClient, raw: Buffer | string = body, h = headers) => {
      try {
        c.parseNotification({ headers: h, body: raw });
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const tampered = body.toString('utf8').replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ');
    expect(parse(client, tampered)).toMatchObject({ code: 'SIGNATURE_INVALID' });
    const later = createPayClient(clientOptions({ now: () => sim.clock.now() + 301_000 }));
    expect(parse(later)).toMatchObject({ code: 'SIGNATURE_INVALID' });
    const wrongKey = createPayClient(clientOptions({ apiV3Key: 'ffffffffffffffffffffffffffffffff' }));
    expect(parse(wrongKey)).toMatchObject({ code: 'DECRYPT_FAILED' });
    const otherMerchant = createPayClient(clientOptions({ mchId: '1900000001' }));
    expect(parse(otherMerchant)).toMatchObject({ code: 'INVALID_NOTIFICATION' });

    const unknownEvent = JSON.stringify({
      ...JSON.parse(body.toString('utf8')),
      event_type: 'TRANSACTION.CLOSED',
    });
    const resigned = signWechatPayMessage({
      serial: merchant.platformSerial,
      privateKey: merchant.platformPrivateKey,
      body: unknownEvent,
      timestamp: sim.clock.seconds(),
    });
    expect(parse(client, unknownEvent, resigned)).toMatchObject({ code: 'INVALID_NOTIFICATION' });
  });
});

test('times are RFC 3339 in Beijing time', () => {
  const at = Date.UTC(2018, 5, 8, 2, 34, 56);
  expect(formatWechatPayTime(at)).toBe('2018-06-08T10:34:56+08:00');
  expect(formatWechatPayTime(new Date(Date.UTC(2023, 11, 31, 16, 0, 0)))).toBe('2024-01-01T00:00:00+08:00');
  expect(parseWechatPayTime('2018-06-08T10:34:56+08:00')).toBe(at);
  expect(parseWechatPayTime('2018-06-08T02:34:56Z')).toBe(at);
  expect(parseWechatPayTime('2018-06-08 10:34:56')).toBeNaN();
});

import { ROLE_SYSTEM } from '@px/config';
import { paySim, type WechatSimulator } from '@px/wechat/sim';
import ExcelJS from 'exceljs';
import type { OrderDetail, OrderPage, OrderPayAnswer, OrderView } from '../../contract/order';
import type { TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { rawBody } from '../../testing/http';
import { ShopCartItem } from '../cart/cart.model';
import { useTestStorage } from '../resource/resource.testing';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { enrol } from '../train-class/train-class.testing';
import { PayAttempt, PayNotification, PayOrder, PayOrderLog } from './order.model';
import {
  buildPayingProject,
  buildPayingStudent,
  classInCart,
  createPayTestApp,
  PAYER,
  signedNotification,
} from './order.testing';

let t: TestApp;
let sim: WechatSimulator;
useTestStorage();
beforeAll(async () => {
  ({ t, sim } = await createPayTestApp());
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

const call = (name: string, body: object, token: string) =>
  t.http.post(`/api/order/${name}.action`).set('token', token).send(body);
const ok = <T>(res: { body: { respCode: number; respDesc: string; attribute: unknown } }): T => {
  expect(res.body).toMatchObject({ respCode: 200 });
  return res.body.attribute as T;
};
const refused = (res: { body: unknown }, respDesc: string | RegExp) =>
  expect(res.body).toMatchObject({ respCode: -1, respDesc: expect.stringMatching(respDesc) });

/** A paying project with a bound, signed-in student holding `prices` classes in the cart. */
async function scene(prices: number[] = [12_800]) {
  const { projectId, wxapp } = await buildPayingProject();
  const { student, token } = await buildPayingStudent(projectId, wxapp);
  const classes = [];
  for (const price of prices) classes.push(await classInCart(projectId, student, price));
  return { projectId, wxapp, student, token, classes };
}

const enrolments = (accountId: number) =>
  MyClass.findAll({ where: { accountId }, order: [['classId', 'ASC']], allTenants: true });
const orderRow = (id: number) => PayOrder.findOne({ where: { id }, allTenants: true });
const paidLogs = (orderId: number) =>
  PayOrderLog.count({ where: { orderId, toStatus: 'PAID' }, allTenants: true });

/** Waits until `check` holds (the simulator delivers notifications asynchronously). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('order/submit', () => {
  test('one order per checkout, priced in fen at creation; the cart empties; enrolments wait for payment', async () => {
    const s = await scene([12_800, 3_000]);
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, s.token));
    expect(order).toMatchObject({ status: 'UNPAID', channel: null, totalAmount: 15_800, paidAmount: 0 });
    expect(order.items.map((item) => item.amount).sort((a, b) => a - b)).toEqual([3_000, 12_800]);
    const payMs = new Date(order.expiresAt ?? '').getTime() - new Date(order.createdAt).getTime();
    expect(Math.abs(payMs - 30 * 60_000)).toBeLessThan(2_000);
    expect(await ShopCartItem.count({ where: { accountId: s.student.id, projectId: s.projectId } })).toBe(0);
    expect((await enrolments(s.student.id)).map((row) => row.status)).toEqual(['PENDING_PAY', 'PENDING_PAY']);
    // A later price change does not touch the order.
    await TrainClass.update(
      { amountFen: 1 },
      { where: { id: s.classes[0]?.cls.id, projectId: s.projectId } },
    );
    const again = ok<OrderView>(await call('my-order-detail', { id: order.id }, s.token));
    expect(again.totalAmount).toBe(15_800);
  });

  test('refuses, naming the class, one no longer offered, already enrolled or in an unpaid order', async () => {
    const s = await scene([5_000, 6_000]);
    const [first, second] = s.classes;
    if (!first || !second) throw new Error('scene');
    await TrainClass.update({ onShelf: false }, { where: { id: first.cls.id, projectId: s.projectId } });
    refused(
      await call('submit', { cartItemIds: [first.cartItemId] }, s.token),
      `班级「${first.cls.name}」已下架`,
    );
    // Without ids, what cannot be paid is left in the cart and the rest is checked out.
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, s.token));
    expect(order.items.map((item) => item.classId)).toEqual([second.cls.id]);
    // The class in the unpaid order cannot go into another one.
    const item = await ShopCartItem.create({
      projectId: s.projectId,
      accountId: s.student.id,
      classId: second.cls.id,
    });
    refused(await call('submit', { cartItemIds: [item.id] }, s.token), /已在待支付的订单中/);
    // An enrolled class neither.
    const other = await classInCart(s.projectId, s.student, 7_000);
    await enrol(other.cls, s.student.id);
    refused(await call('submit', { cartItemIds: [other.cartItemId] }, s.token), /已报名/);
    refused(await call('submit', { cartItemIds: [999_999] }, s.token), '所选班级不在您的购物车中');
  });

  test('a free class (price 0) is paid at once and enrols without WeChat', async () => {
    const s = await scene([0]);
    const before = paySim(sim).orders().length;
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, s.token));
    expect(order).toMatchObject({ status: 'PAID', channel: 'FREE', totalAmount: 0, expiresAt: null });
    expect((await enrolments(s.student.id)).map((row) => row.status)).toEqual(['STUDYING']);
    expect(paySim(sim).orders()).toHaveLength(before);
  });

  test('students only; the cart of another student is not checked out', async () => {
    const s = await scene();
    const other = await buildPayingStudent(s.projectId, s.wxapp, 'lisi');
    refused(
      await call('submit', { cartItemIds: [s.classes[0]?.cartItemId] }, other.token),
      '所选班级不在您的购物车中',
    );
    expect((await t.http.post('/api/order/submit.action').send({})).status).toBe(401);
    const staff = await signIn(
      (
        await buildAccount({
          projectId: s.projectId,
          roleSystem: ROLE_SYSTEM.PROJECT,
          menu: ['/order-manage/list'],
        })
      ).account,
    );
    expect((await call('submit', {}, staff)).status).toBe(403);
  });
});

describe('paying through WeChat Pay', () => {
  test('JSAPI: the pay sheet pays, the notification settles the order once and starts the enrolments', async () => {
    const s = await scene([12_800]);
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, s.token));
    const pay = ok<OrderPayAnswer>(await call('pay', { id: order.id, method: 'JSAPI' }, s.token));
    if (pay.kind !== 'JSAPI') throw new Error('expected JSAPI parameters');
    expect(pay.params.package).toMatch(/^prepay_id=/);
    // Resuming reuses the same prepay.
    const resumed = ok<OrderPayAnswer>(await call('pay', { id: order.id, method: 'JSAPI' }, s.token));
    expect(resumed.kind === 'JSAPI' && resumed.params.package).toBe(pay.params.package);
    // The page's word is not taken: nothing is paid until WeChat says so.
    expect(ok<{ paid: boolean }>(await call('is-paid', { id: order.id }, s.token)).paid).toBe(false);
    const result = paySim(sim).jsapiCheck({ ...pay.params, openId: undefined });
    expect(result.ok).toBe(true);
    await eventually(async () => (await orderRow(order.id))?.status === 'PAID');
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ channel: 'WX_JSAPI', paidFen: 12_800 });
    expect(paid?.transactionId).toMatch(/^\d+$/);
    expect((await enrolments(s.student.id)).map((row) => row.status)).toEqual(['STUDYING']);
    expect(ok<{ paid: boolean }>(await call('is-paid', { id: order.id }, s.token)).paid).toBe(true);
    expect(await paidLogs(order.id)).toBe(1);
  });

  test('Native: a QR code of the code_url; scanning pays; switching way closes the earlier prepay at WeChat', async () => {
    const s = await scene([9_900]);
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, s.token));
    const jsapi = ok<OrderPayAnswer>(await call('pay', { id: order.id, method: 'JSAPI' }, s.token));
    expect(jsapi.kind).toBe('JSAPI');
    const native = ok<OrderPayAnswer>(await call('pay', { id: order.id, method: 'NATIVE' }, s.token));
    if (native.kind !== 'NATIVE') throw new Error('expected a code_url');
    const attempts = await PayAttempt.findAll({
      where: { orderId: order.id },
      order: [['id', 'ASC']],
      allTenants: true,
    });
    expect(attempts.map((row) => [row.channel, row.status])).toEqual([
      ['WX_JSAPI', 'CLOSED'],
      ['WX_NATIVE', 'OPEN'],
    ]);
    expect(paySim(sim).order(attempts[0]?.outTradeNo ?? '')?.state).toBe('CLOSED');
    const qr = await t.http.post('/api/order/pay-qr.action').set('token', s.token).send({ id: order.id });
    expect(qr.headers['content-type']).toBe('image/png');
    expect((qr.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
    const simOrder = paySim(sim).resolveCodeUrl(native.codeUrl);
    paySim(sim).confirm({ outTradeNo: simOrder?.outTradeNo ?? '', user: PAYER });
    await eventually(async () => (await orderRow(order.id))?.status === 'PAID');
    expect((await orderRow(order.id))?.channel).toBe('WX_NATIVE');
  });

  test('JSAPI needs the student bound to the official account; Native does not', async () => {
    const { projectId } = await buildPayingProject();
    const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
    const token = await signIn(account);
    await classInCart(projectId, account, 100);
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, token));
    refused(
      await call('pay', { id: order.id, method: 'JSAPI' }, token),
      '当前微信未绑定本平台账号，请使用扫码支付',
    );
    expect(ok<OrderPayAnswer>(await call('pay', { id: order.id, method: 'NATIVE' }, token)).kind).toBe(
      'NATIVE',
    );
  });

  test('a project without a merchant refuses to prepay; a closed order cannot be paid', async () => {
    const project = await buildProject();
    const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
    const token = await signIn(account);
    await classInCart(project.id, account, 100);
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, token));
    refused(
      await call('pay', { id: order.id, method: 'NATIVE' }, token),
      '本项目尚未开通微信支付，请联系客服',
    );
    ok(await call('cancel', { id: order.id }, token));
    refused(await call('pay', { id: order.id, method: 'NATIVE' }, token), '订单已关闭，请重新下单');
  });
});

describe('payment notifications', () => {
  async function prepaid(price = 5_000) {
    const s = await scene([price]);
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, s.token));
    ok(await call('pay', { id: order.id, method: 'NATIVE' }, s.token));
    const attempt = await PayAttempt.findOne({ where: { orderId: order.id }, allTenants: true });
    if (!attempt) throw new Error('no attempt');
    const notify = (signed: { body: string; headers: Record<string, string> }) =>
      t.http
        .post(`/api/pay/notify/${s.wxapp.id}`)
        .set({ ...signed.headers, 'Content-Type': 'application/json' })
        .send(signed.body);
    return { ...s, order, attempt, notify };
  }
  const trade = (attempt: PayAttempt, overrides = {}) => ({
    out_trade_no: attempt.outTradeNo,
    transaction_id: '4200000001202611260000000001',
    amount: {
      total: attempt.totalFen,
      payer_total: attempt.totalFen,
      currency: 'CNY',
      payer_currency: 'CNY',
    },
    ...overrides,
  });

  test('100 concurrent duplicates of one notification: one state change and one enrolment per item', async () => {
    const p = await prepaid(8_800);
    const signed = signedNotification(trade(p.attempt), { id: 'EV-duplicate' });
    const answers = await Promise.all(Array.from({ length: 100 }, () => p.notify(signed)));
    expect(answers.map((res) => res.status)).toEqual(Array(100).fill(204));
    expect((await orderRow(p.order.id))?.status).toBe('PAID');
    expect(await paidLogs(p.order.id)).toBe(1);
    expect((await enrolments(p.student.id)).map((row) => row.status)).toEqual(['STUDYING']);
    const judged = await PayNotification.findAll({ where: { outTradeNo: p.attempt.outTradeNo } });
    expect(judged.filter((row) => row.outcome === 'APPLIED')).toHaveLength(1);
    expect(judged.filter((row) => row.outcome === 'DUPLICATE')).toHaveLength(99);
  });

  test.each([
    [
      'a tampered body',
      (signed: { body: string; headers: Record<string, string> }) => ({
        ...signed,
        body: signed.body.replace('"event_type"', ' "event_type"'),
      }),
      401,
    ],
    ['a stale timestamp', null, 401],
  ])('%s is refused and changes nothing', async (_name, spoil, status) => {
    const p = await prepaid();
    const signed = spoil
      ? spoil(signedNotification(trade(p.attempt)))
      : signedNotification(trade(p.attempt), { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const res = await p.notify(signed);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code: 'FAIL' });
    expect((await orderRow(p.order.id))?.status).toBe('UNPAID');
    expect((await enrolments(p.student.id)).map((row) => row.status)).toEqual(['PENDING_PAY']);
  });

  test('a wrong amount, merchant or app is refused and changes nothing', async () => {
    const p = await prepaid(5_000);
    const spoiled = [
      trade(p.attempt, { amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } }),
      trade(p.attempt, { mchid: '1900000109' }),
      trade(p.attempt, { appid: 'wx0000000000000000' }),
      trade(p.attempt, { out_trade_no: 'D000000000000000000000P01' }),
    ];
    for (const spoilt of spoiled) {
      const res = await p.notify(signedNotification(spoilt));
      expect([400, 401]).toContain(res.status);
    }
    expect((await orderRow(p.order.id))?.status).toBe('UNPAID');
    expect(await paidLogs(p.order.id)).toBe(0);
  });

  test('a payment reported after the order closed reopens it as paid, logged', async () => {
    const p = await prepaid(2_500);
    ok(await call('cancel', { id: p.order.id }, p.token));
    const res = await p.notify(signedNotification(trade(p.attempt)));
    expect(res.status).toBe(204);
    expect(await orderRow(p.order.id)).toMatchObject({ status: 'PAID', closeReason: null });
    expect((await enrolments(p.student.id)).map((row) => row.status)).toEqual(['STUDYING']);
    const log = await PayOrderLog.findOne({
      where: { orderId: p.order.id, toStatus: 'PAID' },
      allTenants: true,
    });
    expect(log).toMatchObject({ fromStatus: 'CLOSED', source: 'NOTIFY', reason: '订单关闭后到账' });
  });

  test('a lost notification is recovered by the sweep asking WeChat', async () => {
    const s = await scene([4_200]);
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, s.token));
    const native = ok<OrderPayAnswer>(await call('pay', { id: order.id, method: 'NATIVE' }, s.token));
    if (native.kind !== 'NATIVE') throw new Error('expected a code_url');
    paySim(sim).dropNotifications(100);
    paySim(sim).confirm({
      outTradeNo: paySim(sim).resolveCodeUrl(native.codeUrl)?.outTradeNo ?? '',
      user: PAYER,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await orderRow(order.id))?.status).toBe('UNPAID');
    await t.jobs.queue.send('order.sweep', { now: new Date(Date.now() + 2 * 60_000).toISOString() });
    expect(await t.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.id))?.status).toBe('PAID');
    const logs = await PayOrderLog.findAll({
      where: { orderId: order.id, toStatus: 'PAID' },
      allTenants: true,
    });
    expect(logs.map((log) => log.source)).toEqual(['RECONCILE']);
    paySim(sim).dropNotifications(0);
  });
});

describe('closing and cancelling', () => {
  test('an order unpaid after 30 minutes is closed, at WeChat too, and its enrolments go', async () => {
    const s = await scene([3_300]);
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, s.token));
    ok(await call('pay', { id: order.id, method: 'NATIVE' }, s.token));
    const attempt = await PayAttempt.findOne({ where: { orderId: order.id }, allTenants: true });
    await t.jobs.queue.send('order.sweep', { now: new Date(Date.now() + 31 * 60_000).toISOString() });
    await t.jobs.drain();
    const closed = await orderRow(order.id);
    expect(closed).toMatchObject({ status: 'CLOSED', closeReason: 'TIMEOUT' });
    expect(paySim(sim).order(attempt?.outTradeNo ?? '')?.state).toBe('CLOSED');
    expect(await enrolments(s.student.id)).toEqual([]);
    // The class can be ordered again.
    await ShopCartItem.create({
      projectId: s.projectId,
      accountId: s.student.id,
      classId: s.classes[0]?.cls.id ?? 0,
    });
    ok(await call('submit', {}, s.token));
  });

  test('the student cancels an unpaid order; a paid one cannot be cancelled; wait-pay finds the open one', async () => {
    const s = await scene([0, 1_000]);
    const [free, paid] = s.classes;
    const { order: freeOrder } = ok<{ order: OrderView }>(
      await call('submit', { cartItemIds: [free?.cartItemId] }, s.token),
    );
    refused(await call('cancel', { id: freeOrder.id }, s.token), '只能取消待支付的订单');
    const { order } = ok<{ order: OrderView }>(
      await call('submit', { cartItemIds: [paid?.cartItemId] }, s.token),
    );
    expect(ok<{ order: OrderView | null }>(await call('check-wait-pay', {}, s.token)).order?.id).toBe(
      order.id,
    );
    const cancelled = ok<OrderView>(await call('cancel', { id: order.id }, s.token));
    expect(cancelled).toMatchObject({ status: 'CLOSED', closeReason: 'CANCELLED' });
    expect(ok<{ order: OrderView | null }>(await call('check-wait-pay', {}, s.token)).order).toBeNull();
    const mine = ok<{ list: OrderView[]; total: number }>(
      await call('my-order-page', { pageNum: 1, pageSize: 10 }, s.token),
    );
    expect(mine.list.map((row) => row.status)).toEqual(['CLOSED', 'PAID']);
    const unpaidOnly = ok<{ total: number }>(await call('my-order-page', { status: 'UNPAID' }, s.token));
    expect(unpaidOnly.total).toBe(0);
  });

  test("another student's order answers as missing", async () => {
    const s = await scene([1_000]);
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, s.token));
    const other = await buildPayingStudent(s.projectId, s.wxapp, 'wangwu');
    for (const name of ['my-order-detail', 'cancel', 'is-paid'])
      refused(await call(name, { id: order.id }, other.token), '订单不存在');
    refused(await call('pay', { id: order.id, method: 'NATIVE' }, other.token), '订单不存在');
    expect((await orderRow(order.id))?.status).toBe('UNPAID');
  });
});

describe('the back office', () => {
  async function staffOf(projectId: number, menu: string[]) {
    const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu });
    return signIn(account);
  }

  test('lists, filters, details with payments and history, and exports the project’s orders only', async () => {
    const s = await scene([2_000]);
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, s.token));
    ok(await call('pay', { id: order.id, method: 'NATIVE' }, s.token));
    const elsewhere = await scene([3_000]);
    ok(await call('submit', {}, elsewhere.token));
    const staff = await staffOf(s.projectId, ['/order-manage', '/order-manage/list']);
    const page = ok<OrderPage>(await call('page', { pageNum: 1, pageSize: 10 }, staff));
    expect(page.list.map((row) => row.id)).toEqual([order.id]);
    expect(page.list[0]).toMatchObject({ studentName: s.student.realName, status: 'UNPAID' });
    expect(ok<OrderPage>(await call('page', { status: 'PAID' }, staff)).total).toBe(0);
    expect(ok<OrderPage>(await call('page', { student: s.student.realName }, staff)).total).toBe(1);
    expect(ok<OrderPage>(await call('page', { classId: s.classes[0]?.cls.id }, staff)).total).toBe(1);
    expect(ok<OrderPage>(await call('page', { orderNo: order.orderNo }, staff)).total).toBe(1);
    const detail = ok<OrderDetail>(await call('detail', { id: order.id }, staff));
    expect(detail.attempts).toHaveLength(1);
    expect(detail.logs.map((log) => [log.fromStatus, log.toStatus, log.source])).toEqual([
      [null, 'UNPAID', 'STUDENT'],
    ]);
    refused(
      await call(
        'detail',
        { id: (await PayOrder.findOne({ where: { projectId: elsewhere.projectId } }))?.id ?? 0 },
        staff,
      ),
      '订单不存在',
    );
    // A refund recorded against the order shows in the export's 已退款金额 column.
    await PayOrder.update({ refundedFen: 500 }, { where: { id: order.id }, allTenants: true });
    const file = await t.http
      .post('/api/order/export.action')
      .set('token', staff)
      .send({})
      .buffer(true)
      .parse(rawBody);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('订单列表');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(1).value).toBe(order.orderNo);
    const refundedColumn = ((sheet?.getRow(1).values ?? []) as unknown[]).indexOf('已退款金额（元）');
    expect(refundedColumn).toBeGreaterThan(0);
    expect(sheet?.getRow(2).getCell(refundedColumn).value).toBe(5);
    expect((await call('page', {}, await staffOf(s.projectId, ['/home']))).status).toBe(403);
  });

  test('query WeChat settles an order whose notification was lost', async () => {
    const s = await scene([1_500]);
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, s.token));
    const native = ok<OrderPayAnswer>(await call('pay', { id: order.id, method: 'NATIVE' }, s.token));
    if (native.kind !== 'NATIVE') throw new Error('expected a code_url');
    paySim(sim).dropNotifications(100);
    paySim(sim).confirm({
      outTradeNo: paySim(sim).resolveCodeUrl(native.codeUrl)?.outTradeNo ?? '',
      user: PAYER,
    });
    const staff = await staffOf(s.projectId, ['/order-manage/list']);
    const answer = ok<{ status: string; changed: boolean }>(
      await call('query-wechat', { id: order.id }, staff),
    );
    expect(answer).toMatchObject({ status: 'PAID', changed: true });
    const logs = await PayOrderLog.findAll({
      where: { orderId: order.id, toStatus: 'PAID' },
      allTenants: true,
    });
    expect(logs.map((log) => log.source)).toEqual(['STAFF']);
    paySim(sim).dropNotifications(0);
  });

  test('refund: staff with the refund page refund a paid order in full through WeChat; a lost notification is asked for', async () => {
    const s = await scene([2_000, 3_000]);
    const { order } = ok<{ order: OrderView }>(await call('submit', {}, s.token));
    const native = ok<OrderPayAnswer>(await call('pay', { id: order.id, method: 'NATIVE' }, s.token));
    if (native.kind !== 'NATIVE') throw new Error('expected a code_url');
    paySim(sim).confirm({
      outTradeNo: paySim(sim).resolveCodeUrl(native.codeUrl)?.outTradeNo ?? '',
      user: PAYER,
    });
    const lister = await staffOf(s.projectId, ['/order-manage/list']);
    // Settled by asking WeChat (earlier tests play with the notifications).
    ok(await call('query-wechat', { id: order.id }, lister));
    expect((await orderRow(order.id))?.status).toBe('PAID');
    expect(
      (await t.http.post('/api/order/refund.action').set('token', lister).send({ id: order.id, reason: 'x' }))
        .status,
    ).toBe(403);
    const staff = await staffOf(s.projectId, ['/order-manage/list', '/invoice-manage/refund-list']);
    refused(await call('refund', { id: order.id, reason: '  ' }, staff), '退款原因');
    paySim(sim).dropNotifications(100);
    const started = ok<{ refundStatus: string; amount: number }>(
      await call('refund', { id: order.id, reason: '学员申请退款' }, staff),
    );
    expect(started).toMatchObject({ refundStatus: 'REFUNDING', amount: 5_000 });
    refused(await call('refund', { id: order.id, reason: '再退' }, staff), '正在退款中');
    // The notification is lost: the sweep asks WeChat a minute later.
    await t.jobs.queue.send('order.sweep', { now: new Date(Date.now() + 120_000).toISOString() });
    await t.jobs.drain();
    expect((await orderRow(order.id))?.status).toBe('REFUNDED');
    expect((await enrolments(s.student.id)).map((row) => row.status)).toEqual(['REFUNDED', 'REFUNDED']);
    expect(
      (
        await PayOrderLog.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']], allTenants: true })
      ).map((log) => log.toStatus),
    ).toEqual(['UNPAID', 'PAID', 'REFUNDING', 'REFUNDED']);
    refused(await call('refund', { id: order.id, reason: '再退' }, staff), '只能退款已支付的订单');
    paySim(sim).dropNotifications(0);
  });

  test('free orders: staff with the permission enrol students at once, logged with who and why', async () => {
    const { projectId, wxapp } = await buildPayingProject();
    const a = await buildPayingStudent(projectId, wxapp);
    const b = await buildPayingStudent(projectId, wxapp, 'lisi');
    const { cls } = await classInCart(projectId, a.student, 26_000);
    const staff = await staffOf(projectId, ['/order-manage/list', '/order-manage/free-order']);
    const created = ok<{ orders: { id: number }[] }>(
      await call(
        'batch-free-order',
        { accountIds: [a.student.id, b.student.id], classIds: [cls.id], reason: '单位补贴' },
        staff,
      ),
    );
    expect(created.orders).toHaveLength(2);
    const order = await orderRow(created.orders[0]?.id ?? 0);
    expect(order).toMatchObject({
      status: 'PAID',
      channel: 'FREE',
      totalFen: 26_000,
      paidFen: 0,
      remark: '单位补贴',
    });
    expect((await enrolments(a.student.id)).map((row) => row.status)).toEqual(['STUDYING']);
    const detail = ok<OrderDetail>(await call('detail', { id: created.orders[0]?.id }, staff));
    expect(detail.logs[0]).toMatchObject({ toStatus: 'PAID', source: 'STAFF', reason: '单位补贴' });
    expect(detail.createdByName).toBeTruthy();
    // Already enrolled: the whole call is refused.
    const c = await buildPayingStudent(projectId, wxapp, 'zhaoliu');
    refused(
      await call(
        'batch-free-order',
        { accountIds: [c.student.id, a.student.id], classIds: [cls.id], reason: '再次' },
        staff,
      ),
      /已报名/,
    );
    expect(await enrolments(c.student.id)).toEqual([]);
    // The pickers of the free order modal.
    const found = ok<{ id: number }[]>(await call('student-options', { keyword: a.student.realName }, staff));
    expect(found.map((row) => row.id)).toContain(a.student.id);
    const byMobile = ok<{ id: number }[]>(
      await call('student-options', { keyword: a.student.mobile ?? '' }, staff),
    );
    expect(byMobile.map((row) => row.id)).toEqual([a.student.id]);
    const classes = ok<{ id: number }[]>(await call('class-options', { name: cls.name }, staff));
    expect(classes.map((row) => row.id)).toEqual([cls.id]);
    // Without the grant: 403, but the list's class filter is theirs.
    const reader = await staffOf(projectId, ['/order-manage/list']);
    expect(
      (await call('free-order', { accountId: c.student.id, classIds: [cls.id], reason: 'x' }, reader)).status,
    ).toBe(403);
    expect((await call('student-options', { keyword: a.student.realName }, reader)).status).toBe(403);
    const filterClasses = ok<{ id: number }[]>(await call('class-options', { name: cls.name }, reader));
    expect(filterClasses.map((row) => row.id)).toEqual([cls.id]);
  });
});

import { ROLE_SYSTEM } from '@px/config';
import { encryptResource, signWechatPayMessage } from '@px/wechat';
import { demoMerchant, paySim, type WechatSimulator } from '@px/wechat/sim';
import ExcelJS from 'exceljs';
import type { OrderPayAnswer, OrderView } from '../../contract/order';
import type {
  RefundApplyData,
  RefundApplyPage,
  RefundApplyRow,
  RefundApplyView,
} from '../../contract/refund-apply';
import type { TestApp } from '../../testing/app';
import { buildAccount, signIn } from '../../testing/factories';
import { countStatements } from '../../testing/statements';
import { Invoice } from '../invoice/invoice.model';
import { Certificate } from '../my-certificate/my-certificate.model';
import { PayNotification, PayOrder, PayOrderItem, PayOrderLog, PayRefund } from '../order/order.model';
import {
  buildPayingProject,
  buildPayingStudent,
  classInCart,
  createPayTestApp,
  PAYER,
} from '../order/order.testing';
import { Project } from '../project/project.model';
import { useTestStorage } from '../resource/resource.testing';
import { MyClass } from '../train-class/train-class.model';
import { RefundApply } from './refund-apply.model';

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
  t.http.post(`/api/refund-apply/${name}.action`).set('token', token).send(body);
const orderCall = (name: string, body: object, token: string) =>
  t.http.post(`/api/order/${name}.action`).set('token', token).send(body);
const ok = <T>(res: { body: { respCode: number; respDesc: string; attribute: unknown } }): T => {
  expect(res.body).toMatchObject({ respCode: 200 });
  return res.body.attribute as T;
};
const refused = (res: { body: unknown }, respDesc: string | RegExp) =>
  expect(res.body).toMatchObject({ respCode: -1, respDesc: expect.stringMatching(respDesc) });

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Ends open refunds by asking WeChat (the minute sweep, run a little later), whatever became of the notifications. */
async function settleRefunds(): Promise<void> {
  await t.jobs.queue.send('order.sweep', { now: new Date(Date.now() + 120_000).toISOString() });
  await t.jobs.drain();
}

const orderRow = (id: number) => PayOrder.findOne({ where: { id }, allTenants: true });
const applyRow = (id: number) => RefundApply.findOne({ where: { id }, allTenants: true });
const enrolmentStatus = async (orderId: number) => {
  const items = await PayOrderItem.findAll({ where: { orderId }, order: [['id', 'ASC']], allTenants: true });
  const rows = await MyClass.findAll({
    where: { id: items.map((item) => item.myClassId ?? 0) },
    allTenants: true,
  });
  return items.map((item) => rows.find((row) => row.id === item.myClassId)?.status);
};

async function staffOf(
  projectId: number,
  menu: string[] = ['/invoice-manage', '/invoice-manage/refund-list'],
) {
  const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu });
  return signIn(account);
}

async function setRules(projectId: number, rules: Record<string, unknown>) {
  const project = await Project.findOne({ where: { id: projectId } });
  await Project.update(
    { settings: { ...(project?.settings ?? {}), ...rules } },
    { where: { id: projectId } },
  );
}

/** A project taking payments with a student who paid an order of `prices` through WeChat Pay (Native). */
async function paidOrder(prices: number[] = [5_000], userKey = PAYER) {
  const { projectId, wxapp } = await buildPayingProject();
  await setRules(projectId, {
    studentRefund: 1,
    refundOrderDays: 7,
    refundClassProcess: 20,
    refundOrderTimes: 2,
  });
  const { student, token } = await buildPayingStudent(projectId, wxapp, userKey);
  const { order, items } = await payFor({ projectId, student, token, userKey }, prices);
  return { projectId, wxapp, student, token, order, items };
}

/** The student puts classes of `prices` into an order and pays it through WeChat Pay (Native). */
async function payFor(
  p: {
    projectId: number;
    student: Awaited<ReturnType<typeof buildPayingStudent>>['student'];
    token: string;
    userKey: string;
  },
  prices: number[],
) {
  const { projectId, student, token, userKey } = p;
  for (const price of prices) await classInCart(projectId, student, price);
  const { order } = ok<{ order: OrderView }>(await orderCall('submit', {}, token));
  const native = ok<OrderPayAnswer>(await orderCall('pay', { id: order.id, method: 'NATIVE' }, token));
  if (native.kind !== 'NATIVE') throw new Error('expected a code_url');
  paySim(sim).confirm({
    outTradeNo: paySim(sim).resolveCodeUrl(native.codeUrl)?.outTradeNo ?? '',
    user: userKey,
  });
  // Settled by asking WeChat (notifications may be played with by other tests).
  const lister = await staffOf(projectId, ['/order-manage', '/order-manage/list']);
  ok(await orderCall('query-wechat', { id: order.id }, lister));
  expect((await orderRow(order.id))?.status).toBe('PAID');
  const items = await PayOrderItem.findAll({
    where: { orderId: order.id },
    order: [['id', 'ASC']],
    allTenants: true,
  });
  return { order, items };
}

/** A REFUND.SUCCESS notification of `refund` as WeChat Pay signs it. */
function signedRefundNotice(refund: PayRefund, refundId: string) {
  const merchant = demoMerchant();
  const sealed = encryptResource({
    apiV3Key: merchant.apiV3Key,
    plaintext: JSON.stringify({
      mchid: merchant.mchId,
      out_trade_no: refund.outTradeNo,
      transaction_id: '4200000001',
      out_refund_no: refund.outRefundNo,
      refund_id: refundId,
      refund_status: 'SUCCESS',
      success_time: '2026-11-26T10:00:00+08:00',
      user_received_account: '支付用户零钱',
      amount: {
        total: refund.tradeTotalFen,
        refund: refund.amountFen,
        payer_total: refund.tradeTotalFen,
        payer_refund: refund.amountFen,
      },
    }),
    associatedData: 'refund',
  });
  const body = JSON.stringify({
    id: `EV-refund-${refund.outRefundNo}`,
    create_time: '2026-11-26T10:00:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'REFUND.SUCCESS',
    summary: '退款成功',
    resource: {
      original_type: 'refund',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: sealed.ciphertext,
      associated_data: sealed.associatedData,
      nonce: sealed.nonce,
    },
  });
  const headers = signWechatPayMessage({
    serial: merchant.platformSerial,
    privateKey: merchant.platformPrivateKey,
    body,
    timestamp: Math.floor(Date.now() / 1000),
  });
  return { body, headers };
}

describe('students apply', () => {
  test('shows the refund text and rules; applies, sees the application, cancels it while pending', async () => {
    const p = await paidOrder([5_000]);
    await setRules(p.projectId, { refundText: '退款将原路退回，1-3 个工作日到账。' });
    expect(ok(await call('refund-text', {}, p.token))).toMatchObject({
      studentRefund: true,
      refundText: '退款将原路退回，1-3 个工作日到账。',
      refundOrderDays: 7,
      refundClassProcess: 20,
      refundOrderTimes: 2,
    });
    const data = ok<RefundApplyData>(await call('get-data', { orderId: p.order.id }, p.token));
    expect(data).toMatchObject({ allowed: true, refusal: null, refundable: 5_000, usedTimes: 0, open: null });
    expect(data.refundText).toContain('原路退回');
    refused(await call('submit', { orderId: p.order.id, reason: ' ' }, p.token), '退款原因');
    const applied = ok<RefundApplyView>(
      await call('submit', { orderId: p.order.id, reason: '工作调动' }, p.token),
    );
    expect(applied).toMatchObject({
      status: 'PENDING',
      amount: 5_000,
      orderItemId: null,
      reason: '工作调动',
      abilities: { canWithdraw: true, withdrawRefusal: null },
    });
    // One open application per order.
    refused(await call('submit', { orderId: p.order.id, reason: '再次' }, p.token), '已有处理中的退款申请');
    const mine = ok<RefundApplyView[]>(await call('my-list', {}, p.token));
    expect(mine.map((row) => row.id)).toEqual([applied.id]);
    expect(mine[0]?.abilities).toEqual(applied.abilities);
    const open = ok<RefundApplyData>(await call('get-data', { orderId: p.order.id }, p.token)).open;
    expect(open).toMatchObject({ id: applied.id, abilities: applied.abilities });
    const cancelled = ok<RefundApplyView>(await call('cancel', { id: applied.id }, p.token));
    expect(cancelled.status).toBe('CANCELLED');
    // The ability says what the server answers to withdrawing it again, in the same words.
    expect(cancelled.abilities).toEqual({
      canWithdraw: false,
      withdrawRefusal: '只能撤销待审核的申请（该申请已撤销）',
    });
    refused(await call('cancel', { id: applied.id }, p.token), '只能撤销待审核的申请（该申请已撤销）');
    // A withdrawn application does not count against refundOrderTimes.
    expect(ok<RefundApplyData>(await call('get-data', { orderId: p.order.id }, p.token))).toMatchObject({
      allowed: true,
      usedTimes: 0,
    });
    expect((await orderRow(p.order.id))?.status).toBe('PAID');
  });

  test('each rule refuses: setting off, past the days, progress above the limit, too many, certificate', async () => {
    const p = await paidOrder([5_000]);
    const submit = () => call('submit', { orderId: p.order.id, reason: '不想学了' }, p.token);
    await setRules(p.projectId, { studentRefund: 0 });
    refused(await submit(), '本项目未开放学员申请退款');
    expect(ok<RefundApplyData>(await call('get-data', { orderId: p.order.id }, p.token))).toMatchObject({
      allowed: false,
      refusal: '本项目未开放学员申请退款',
    });
    await setRules(p.projectId, { studentRefund: 1, refundOrderDays: 3 });
    const paidAt = (await orderRow(p.order.id))?.paidAt as Date;
    await PayOrder.update(
      { paidAt: new Date(Date.now() - 4 * 24 * 3600_000) },
      { where: { id: p.order.id, projectId: p.projectId } },
    );
    refused(await submit(), '已超过退款期限（支付后 3 天内可申请）');
    await PayOrder.update({ paidAt }, { where: { id: p.order.id, projectId: p.projectId } });
    // Progress: a finished enrolment is at 100%.
    const myClassId = p.items[0]?.myClassId ?? 0;
    await MyClass.update({ status: 'FINISHED_STUDY' }, { where: { id: myClassId, projectId: p.projectId } });
    refused(await submit(), /学习进度已达 100%，超过 20% 不能申请退款/);
    await setRules(p.projectId, { refundClassProcess: 100 });
    // A certificate issued.
    const cert = await Certificate.create({
      projectId: p.projectId,
      kind: 'CLASS',
      accountId: p.student.id,
      myClassId,
      classId: p.items[0]?.classId ?? null,
      templateId: null,
      year: 2026,
      certificateNo: `C${Date.now()}`,
      verifyCode: 'ABCD1234',
      studentName: '张三',
      idCardMasked: '370102********1234',
      className: '班级',
      publicTenths: 0,
      specializedTenths: 0,
      electiveTenths: 0,
      score: null,
      issueDate: '2026-11-26',
    } as never);
    refused(await submit(), '已发放证书的班级不能申请退款');
    await cert.destroy();
    await MyClass.update({ status: 'STUDYING' }, { where: { id: myClassId, projectId: p.projectId } });
    // Too many applications: times 1, one rejected earlier.
    await setRules(p.projectId, { refundOrderTimes: 1 });
    const first = ok<RefundApplyView>(await submit());
    const staff = await staffOf(p.projectId);
    ok(await call('reject', { id: first.id, reason: '不符合退款条件' }, staff));
    refused(await submit(), '该订单的退款申请次数已用完（最多 1 次）');
  });

  test('only the student’s own paid order, paid by the student; not another project’s', async () => {
    const p = await paidOrder([5_000]);
    const other = await buildPayingStudent(p.projectId, p.wxapp, 'lisi');
    refused(await call('submit', { orderId: p.order.id, reason: '别人的' }, other.token), '订单不存在');
    refused(await call('get-data', { orderId: p.order.id }, other.token), '订单不存在');
    const elsewhere = await paidOrder([3_000], 'wangwu');
    refused(await call('submit', { orderId: p.order.id, reason: '跨项目' }, elsewhere.token), '订单不存在');
    // Free and offline orders are not applied for online.
    await PayOrder.update({ channel: 'FREE' }, { where: { id: p.order.id, projectId: p.projectId } });
    refused(
      await call('submit', { orderId: p.order.id, reason: '免费' }, p.token),
      /单位缴费、免费开通或线下缴费/,
    );
    await PayOrder.update({ channel: 'WX_NATIVE' }, { where: { id: p.order.id, projectId: p.projectId } });
    // Staff may not apply; students may not audit.
    const staff = await staffOf(p.projectId);
    expect((await call('submit', { orderId: p.order.id, reason: 'x' }, staff)).status).toBe(403);
    expect((await call('list', {}, p.token)).status).toBe(403);
    const applied = ok<RefundApplyView>(
      await call('submit', { orderId: p.order.id, reason: '本人' }, p.token),
    );
    refused(await call('cancel', { id: applied.id }, other.token), '退款申请不存在');
    // Another project's staff neither see nor audit it; staff without the page get 403.
    const foreign = await staffOf(elsewhere.projectId);
    refused(await call('do', { id: applied.id }, foreign), '退款申请不存在');
    refused(await call('reject', { id: applied.id, reason: 'x' }, foreign), '退款申请不存在');
    const foreignPage = ok<RefundApplyPage>(await call('list', {}, foreign));
    expect(foreignPage.list.map((row) => row.id)).not.toContain(applied.id);
    const lister = await staffOf(p.projectId, ['/order-manage', '/order-manage/list']);
    expect((await call('do', { id: applied.id }, lister)).status).toBe(403);
    expect((await applyRow(applied.id))?.status).toBe('PENDING');
  });
});

describe('staff audit', () => {
  test('list, filter, reject with a reason, export; approve: WeChat refunds, the application follows to SUCCESS', async () => {
    const p = await paidOrder([2_000, 3_000]);
    const applied = ok<RefundApplyView>(
      await call('submit', { orderId: p.order.id, reason: '时间冲突' }, p.token),
    );
    const staff = await staffOf(p.projectId);
    const page = ok<RefundApplyPage>(await call('list', { status: 'PENDING' }, staff));
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      id: applied.id,
      amount: 5_000,
      paidAmount: 5_000,
      status: 'PENDING',
    });
    expect(ok<RefundApplyPage>(await call('list', { status: 'SUCCESS' }, staff)).total).toBe(0);
    expect(ok<RefundApplyPage>(await call('list', { orderNo: p.order.orderNo }, staff)).total).toBe(1);
    refused(await call('reject', { id: applied.id, reason: '' }, staff), '驳回原因');
    const done = ok<RefundApplyRow>(await call('do', { id: applied.id }, staff));
    expect(['REFUNDING', 'SUCCESS']).toContain(done.status);
    expect(done.auditorName).toBeTruthy();
    expect(done.outRefundNo).toMatch(/R01$/);
    await eventually(async () => {
      await settleRefunds();
      return (await applyRow(applied.id))?.status === 'SUCCESS';
    });
    expect((await orderRow(p.order.id))?.status).toBe('REFUNDED');
    expect(await enrolmentStatus(p.order.id)).toEqual(['REFUNDED', 'REFUNDED']);
    refused(await call('do', { id: applied.id }, staff), '该申请已退款，不能再审核');
    refused(await call('reject', { id: applied.id, reason: '晚了' }, staff), '不能驳回');
    const mine = ok<RefundApplyView[]>(await call('my-list', {}, p.token));
    expect(mine[0]).toMatchObject({ status: 'SUCCESS', finishedAt: expect.any(String) });
    // Export.
    const res = await t.http
      .post('/api/refund-apply/export.action')
      .set('token', staff)
      .send({})
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as never);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe('订单号');
    expect(sheet?.getRow(2).getCell(2).value).toBe(p.order.orderNo);
    expect(sheet?.getRow(2).getCell(10).value).toBe('已退款');
  });

  test('reject: PENDING -> REJECTED with the reason; the student sees it; the order stays paid', async () => {
    const p = await paidOrder([4_000]);
    const applied = ok<RefundApplyView>(
      await call('submit', { orderId: p.order.id, reason: '想退' }, p.token),
    );
    const staff = await staffOf(p.projectId);
    const rejected = ok<RefundApplyRow>(
      await call('reject', { id: applied.id, reason: '已超过试听期' }, staff),
    );
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectReason: '已超过试听期' });
    refused(await call('cancel', { id: applied.id }, p.token), '只能撤销待审核的申请');
    refused(await call('do', { id: applied.id }, staff), '该申请已驳回');
    expect((await orderRow(p.order.id))?.status).toBe('PAID');
    expect(ok<RefundApplyView[]>(await call('my-list', {}, p.token))[0]).toMatchObject({
      rejectReason: '已超过试听期',
      abilities: { canWithdraw: false, withdrawRefusal: '只能撤销待审核的申请（该申请已驳回）' },
    });
  });

  test('approving an application whose order was refunded meanwhile fails it with the reason', async () => {
    const p = await paidOrder([4_000]);
    const applied = ok<RefundApplyView>(
      await call('submit', { orderId: p.order.id, reason: '想退' }, p.token),
    );
    const staff = await staffOf(p.projectId);
    ok(await orderCall('refund', { id: p.order.id, reason: '直接退款' }, staff));
    const done = ok<RefundApplyRow>(await call('do', { id: applied.id }, staff));
    expect(done).toMatchObject({
      status: 'FAILED',
      failure: expect.stringMatching(/该订单正在退款中|只能退款已支付的订单/),
    });
  });

  test('WeChat refuses the refund: the application ends FAILED and the order is paid again', async () => {
    const p = await paidOrder([4_000]);
    const applied = ok<RefundApplyView>(
      await call('submit', { orderId: p.order.id, reason: '想退' }, p.token),
    );
    const staff = await staffOf(p.projectId);
    paySim(sim).failRefund(`${p.order.orderNo}R01`);
    ok(await call('do', { id: applied.id }, staff));
    await eventually(async () => {
      await settleRefunds();
      return (await applyRow(applied.id))?.status === 'FAILED';
    });
    expect((await applyRow(applied.id))?.failure).toBeTruthy();
    expect((await orderRow(p.order.id))?.status).toBe('PAID');
  });

  test('a refund notification delivered twice and concurrently changes the order and the application once', async () => {
    const p = await paidOrder([6_000]);
    const applied = ok<RefundApplyView>(
      await call('submit', { orderId: p.order.id, reason: '重复通知' }, p.token),
    );
    const staff = await staffOf(p.projectId);
    // WeChat's own notifications are lost: ours arrive instead.
    paySim(sim).dropNotifications(1000);
    try {
      ok(await call('do', { id: applied.id }, staff));
      const refund = await PayRefund.findOne({ where: { orderId: p.order.id }, allTenants: true });
      if (!refund) throw new Error('no refund');
      expect((await applyRow(applied.id))?.status).toBe('REFUNDING');
      await eventually(async () =>
        paySim(sim)
          .refunds()
          .some((row) => row.outRefundNo === refund.outRefundNo && row.status === 'SUCCESS'),
      );
      const simRefund = paySim(sim)
        .refunds()
        .find((row) => row.outRefundNo === refund.outRefundNo);
      const signed = signedRefundNotice(refund, simRefund?.refundId ?? 'R1');
      const notify = () =>
        t.http
          .post(`/api/pay/notify/${p.wxapp.id}`)
          .set({ ...signed.headers, 'Content-Type': 'application/json' })
          .send(signed.body);
      const answers = await Promise.all(Array.from({ length: 20 }, notify));
      expect(answers.map((res) => res.status)).toEqual(Array(20).fill(204));
      expect((await notify()).status).toBe(204);
      const judged = await PayNotification.findAll({
        where: { notificationId: `EV-refund-${refund.outRefundNo}` },
        allTenants: true,
      });
      expect(judged.filter((row) => row.outcome === 'APPLIED')).toHaveLength(1);
      expect(judged.filter((row) => row.outcome === 'DUPLICATE')).toHaveLength(20);
      expect(await applyRow(applied.id)).toMatchObject({ status: 'SUCCESS' });
      const order = await orderRow(p.order.id);
      expect(order).toMatchObject({ status: 'REFUNDED', refundedFen: 6_000 });
      expect(
        await PayOrderLog.count({ where: { orderId: p.order.id, toStatus: 'REFUNDED' }, allTenants: true }),
      ).toBe(1);
    } finally {
      paySim(sim).dropNotifications(0);
    }
  });
});

describe('partial refunds of one item', () => {
  test('one class of two goes back: its amount and enrolment only; the order stays paid until all went back', async () => {
    const p = await paidOrder([2_000, 3_000]);
    const [first, second] = p.items;
    if (!first || !second) throw new Error('items');
    const applied = ok<RefundApplyView>(
      await call('submit', { orderId: p.order.id, orderItemId: second.id, reason: '只退一门' }, p.token),
    );
    expect(applied).toMatchObject({ amount: 3_000, orderItemId: second.id, className: second.className });
    const staff = await staffOf(p.projectId);
    ok(await call('do', { id: applied.id }, staff));
    await eventually(async () => {
      await settleRefunds();
      return (await applyRow(applied.id))?.status === 'SUCCESS';
    });
    expect(await orderRow(p.order.id)).toMatchObject({ status: 'PAID', refundedFen: 3_000 });
    expect(await enrolmentStatus(p.order.id)).toEqual(['STUDYING', 'REFUNDED']);
    const view = ok<OrderView>(await orderCall('my-order-detail', { id: p.order.id }, p.token));
    expect(view).toMatchObject({ status: 'PAID', refundedAmount: 3_000 });
    // Each item says whether it went back (the back office's 退款 offers only the others).
    expect(view.items.map((item) => [item.id, item.refunded])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    const data = ok<RefundApplyData>(await call('get-data', { orderId: p.order.id }, p.token));
    expect(data.refundable).toBe(2_000);
    expect(data.items.map((item) => item.refunded)).toEqual([false, true]);
    // The refunded class is not refunded again; staff refund the other one directly.
    refused(
      await orderCall('refund', { id: p.order.id, orderItemId: second.id, reason: '再退' }, staff),
      '该班级已退款',
    );
    ok(await orderCall('refund', { id: p.order.id, orderItemId: first.id, reason: '再退一门' }, staff));
    await eventually(async () => {
      await settleRefunds();
      return (await orderRow(p.order.id))?.status === 'REFUNDED';
    });
    expect(await orderRow(p.order.id)).toMatchObject({ status: 'REFUNDED', refundedFen: 5_000 });
    expect(await enrolmentStatus(p.order.id)).toEqual(['REFUNDED', 'REFUNDED']);
    const refunds = await PayRefund.findAll({
      where: { orderId: p.order.id },
      order: [['id', 'ASC']],
      allTenants: true,
    });
    expect(refunds.map((row) => [row.amountFen, row.orderItemId, row.status])).toEqual([
      [3_000, second.id, 'SUCCESS'],
      [2_000, first.id, 'SUCCESS'],
    ]);
  });

  test('an item of another order is refused; never more than paid minus refunded', async () => {
    const p = await paidOrder([2_000, 3_000]);
    const q = await paidOrder([1_000], 'zhaoliu');
    refused(
      await call('submit', { orderId: p.order.id, orderItemId: q.items[0]?.id, reason: 'x' }, p.token),
      '该订单中没有这个班级',
    );
    // Something went back outside the items (e.g. an earlier adjustment): the item is capped.
    await PayOrder.update({ refundedFen: 4_000 }, { where: { id: p.order.id, projectId: p.projectId } });
    const applied = ok<RefundApplyView>(
      await call('submit', { orderId: p.order.id, orderItemId: p.items[1]?.id, reason: 'x' }, p.token),
    );
    expect(applied.amount).toBe(1_000);
  });
});

describe('abilities (docs/api-conventions.md "Abilities")', () => {
  const myOrders = async (token: string) =>
    ok<{ list: OrderView[] }>(await orderCall('my-order-page', { pageNum: 1, pageSize: 10 }, token)).list;
  const invoiceCall = (name: string, body: object, token: string) =>
    t.http.post(`/api/invoice/${name}.action`).set('token', token).send(body);
  const certify = (p: Awaited<ReturnType<typeof paidOrder>>) =>
    Certificate.create({
      projectId: p.projectId,
      kind: 'CLASS',
      accountId: p.student.id,
      myClassId: p.items[0]?.myClassId ?? 0,
      classId: p.items[0]?.classId ?? null,
      templateId: null,
      year: 2026,
      certificateNo: `C${Date.now()}`,
      verifyCode: 'ABCD1234',
      studentName: '张三',
      idCardMasked: '370102********1234',
      className: '班级',
      publicTenths: 0,
      specializedTenths: 0,
      electiveTenths: 0,
      score: null,
      issueDate: '2026-11-26',
    } as never);

  test("the student's orders carry what they may do, and the server refuses what an ability refuses", async () => {
    const p = await paidOrder([5_000]);
    const [paid] = await myOrders(p.token);
    expect(paid?.abilities).toEqual({
      canPay: false,
      payRefusal: '订单已关闭，请重新下单',
      canCancel: false,
      cancelRefusal: '只能取消待支付的订单',
      canRefund: true,
      refundRefusal: null,
      canInvoice: true,
      invoiceRefusal: null,
    });
    // A class with its certificate: 申请退款 is refused with the reason, before and after tapping.
    await setRules(p.projectId, { refundClassProcess: 100 });
    const cert = await certify(p);
    expect((await myOrders(p.token))[0]?.abilities).toMatchObject({
      canRefund: false,
      refundRefusal: '已发放证书的班级不能申请退款',
    });
    refused(
      await call('submit', { orderId: p.order.id, reason: 'x' }, p.token),
      '已发放证书的班级不能申请退款',
    );
    await cert.destroy();
    // A refund application pending: 申请发票 is refused with the reason, and so is applying.
    ok(await call('submit', { orderId: p.order.id, reason: '不想学了' }, p.token));
    const pending = '该订单有处理中的退款申请，退款处理完成后才能申请发票';
    expect((await myOrders(p.token))[0]?.abilities).toMatchObject({
      canRefund: false,
      refundRefusal: '该订单已有处理中的退款申请',
      canInvoice: false,
      invoiceRefusal: pending,
    });
    expect(ok(await invoiceCall('check-re-open', { orderId: p.order.id }, p.token))).toMatchObject({
      allowed: false,
      reason: pending,
    });
    refused(
      await invoiceCall(
        'save',
        { orderId: p.order.id, titleType: 'PERSONAL', title: '张三', email: 'a@example.com' },
        p.token,
      ),
      pending,
    );
  });

  test('the order list reads the facts of all its orders at once: as many queries for one paid order as for four', async () => {
    const p = await paidOrder([5_000]);
    /** The SQL statements the app sends while the student reads their order list. */
    const statementsOfList = async () => {
      const { count, result } = await countStatements(t.sequelize, () => myOrders(p.token));
      return { count, list: result };
    };
    // The one order invoiced (a list without any invoice skips reading invoices).
    ok(
      await invoiceCall(
        'save',
        { orderId: p.order.id, titleType: 'PERSONAL', title: '张三', email: 'a@example.com' },
        p.token,
      ),
    );
    const one = await statementsOfList();
    expect(one.list).toHaveLength(1);
    expect(one.count).toBeGreaterThan(0);
    // Three more paid orders, one with two classes and a refund application.
    const second = await payFor({ ...p, userKey: PAYER }, [3_000, 2_000]);
    const third = await payFor({ ...p, userKey: PAYER }, [1_000]);
    await payFor({ ...p, userKey: PAYER }, [4_000]);
    ok(await call('submit', { orderId: second.order.id, reason: '不想学了' }, p.token));
    const four = await statementsOfList();
    expect(four.list).toHaveLength(4);
    expect(four.list.find((order) => order.id === second.order.id)?.abilities).toMatchObject({
      canRefund: false,
      refundRefusal: '该订单已有处理中的退款申请',
    });
    expect(four.list.find((order) => order.id === third.order.id)?.abilities).toMatchObject({
      canRefund: true,
      canInvoice: true,
    });
    expect(four.list.find((order) => order.id === p.order.id)?.abilities).toMatchObject({
      canInvoice: false,
      invoiceRefusal: '该订单已有开票申请',
    });
    expect(four.count).toBe(one.count);
  });

  test('staff see what they may do to an application, and a warning naming the invoice of an invoiced order', async () => {
    const p = await paidOrder([5_000]);
    ok(
      await invoiceCall(
        'save',
        { orderId: p.order.id, titleType: 'PERSONAL', title: '张三', email: 'a@example.com' },
        p.token,
      ),
    );
    await Invoice.update(
      { status: 'ISSUED', invoiceNumber: '24110000000012345678', issuedAt: new Date() },
      { where: { projectId: p.projectId } },
    );
    const applied = ok<RefundApplyView>(
      await call('submit', { orderId: p.order.id, reason: '不想学了' }, p.token),
    );
    const staff = await staffOf(p.projectId);
    const rowOf = async () =>
      ok<RefundApplyPage>(await call('list', { pageNum: 1, pageSize: 10 }, staff)).list.find(
        (row) => row.id === applied.id,
      );
    expect((await rowOf())?.abilities).toEqual({
      canApprove: true,
      approveRefusal: null,
      canReject: true,
      rejectRefusal: null,
      approveWarning: expect.stringContaining('发票号码 24110000000012345678'),
    });
    expect((await rowOf())?.abilities.approveWarning).toContain('退款不会自动红冲该发票');
    ok(await call('reject', { id: applied.id, reason: '不符合退款条件' }, staff));
    expect((await rowOf())?.abilities).toEqual({
      canApprove: false,
      approveRefusal: '该申请已驳回，不能再审核',
      canReject: false,
      rejectRefusal: '该申请已驳回，不能驳回',
      approveWarning: null,
    });
    refused(await call('do', { id: applied.id }, staff), '该申请已驳回，不能再审核');
  });
});

import { ROLE_SYSTEM } from '@px/config';
import ExcelJS from 'exceljs';
import type {
  InvoiceAllowedAnswer,
  InvoiceableOrder,
  InvoiceBatchAnswer,
  InvoiceDetail,
  InvoiceRow,
  InvoiceRowPage,
  InvoiceStatistics,
  InvoiceView,
} from '../../contract/invoice';
import type { TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { PayOrder } from '../order/order.model';
import { RefundApply } from '../refund-apply/refund-apply.model';
import { useTestFileStorage } from '../storage/test-storage';
import { signCallback } from './einvoice/einvoice.types';
import { type EinvoiceSimulator, SIM_FAILING_TAX_NO } from './einvoice/einvoice-sim';
import { Invoice, InvoiceLog } from './invoice.model';
import {
  buildInvoiceProject,
  buildPaidOrder,
  buildUnitBatch,
  createInvoiceTestApp,
  INVOICE_PAGES,
  type InvoiceAnswer,
  invoiceCall,
  ok,
  refused,
} from './invoice.testing';

let t: TestApp;
let sim: EinvoiceSimulator;
const files = useTestFileStorage('invoice');
beforeAll(async () => {
  ({ t, sim } = await createInvoiceTestApp({ storage: files.storage }));
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const call = (name: string, body: object, token: string) => invoiceCall(t, name, body, token);

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}
const statusOf = async (id: number) => (await Invoice.findOne({ where: { id }, allTenants: true }))?.status;
/** Runs the queued jobs, then waits for the simulator's callback to settle the invoice. */
async function issued(id: number, status = 'ISSUED') {
  await t.jobs.drain();
  await eventually(async () => (await statusOf(id)) === status);
}

const personal = { titleType: 'PERSONAL', title: '测试学员', email: 'student@example.com' };
const company = {
  titleType: 'COMPANY',
  title: '测试单位有限公司',
  taxNo: '91370100MA3C000X1K',
  email: 'a@example.com',
};

describe('student applications', () => {
  test('save: a paid order of the student, PENDING, for paid minus refunded; one active invoice per order', async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id, 12_800, { refundedFen: 2_800 });
    const allowed = ok<InvoiceAllowedAnswer>(
      await call('invoice-allowed', { orderId: order.id }, s.studentToken),
    );
    expect(allowed).toEqual({ allowed: true, reason: null, amount: 10_000, invoiceId: null });
    expect(
      ok<InvoiceableOrder[]>(await call('can-add-list', {}, s.studentToken)).map((o) => o.orderId),
    ).toEqual([order.id]);

    refused(
      await call('save', { orderId: order.id, ...personal, amount: 10_001 }, s.studentToken),
      /不能超过.*100\.00/,
    );
    const invoice = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    expect(invoice).toMatchObject({ status: 'PENDING', amount: 10_000, titleType: 'PERSONAL', taxNo: null });
    expect(invoice.orders).toEqual([expect.objectContaining({ orderId: order.id, amount: 10_000 })]);

    refused(await call('save', { orderId: order.id, ...personal }, s.studentToken), '该订单已有开票申请');
    expect(
      ok<InvoiceAllowedAnswer>(await call('invoice-allowed', { orderId: order.id }, s.studentToken)),
    ).toMatchObject({
      allowed: false,
      invoiceId: invoice.id,
    });
    expect(ok<InvoiceableOrder[]>(await call('can-add-list', {}, s.studentToken))).toEqual([]);
  });

  test('two applications of one order at once: exactly one is saved', async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('save', { orderId: order.id, ...personal }, s.studentToken)),
    );
    expect(answers.filter((res) => res.body.respCode === 200)).toHaveLength(1);
    expect(await Invoice.count({ where: { projectId: s.projectId } })).toBe(1);
  });

  test('input is checked at the edge: a company needs a tax number, a bad e-mail is named', async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const noTax = await call('save', { orderId: order.id, ...company, taxNo: '' }, s.studentToken);
    expect(noTax.status).toBe(400);
    expect(noTax.body.respDesc).toMatch(/taxNo.*单位抬头须填写纳税人识别号/);
    const badMail = await call('save', { orderId: order.id, ...personal, email: 'nope' }, s.studentToken);
    expect(badMail.body.respDesc).toMatch(/email.*邮箱格式不正确/);
    const badTax = await call('save', { orderId: order.id, ...company, taxNo: '12-34' }, s.studentToken);
    expect(badTax.body.respDesc).toMatch(/taxNo/);
  });

  test('refused: unpaid, unit-paid and other students\u2019 orders; another student\u2019s invoice reads as missing', async () => {
    const s = await buildInvoiceProject();
    const { account: other } = await buildAccount({
      projectId: s.projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
    });
    const otherToken = await signIn(other);
    const order = await buildPaidOrder(s.projectId, s.student.id);
    refused(await call('save', { orderId: order.id, ...personal }, otherToken), '订单不存在');
    refused(await call('invoice-allowed', { orderId: order.id }, otherToken), '订单不存在');
    const invoice = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    refused(await call('detail', { id: invoice.id }, otherToken), '发票不存在');
    refused(await call('my-pdf', { id: invoice.id }, otherToken), '发票不存在');
    expect(ok<{ total: number }>(await call('my-list', {}, otherToken)).total).toBe(0);

    await PayOrder.update(
      { status: 'REFUNDED', refundedFen: 12_800 },
      { where: { id: order.id, projectId: s.projectId } },
    );
    const refunded = await buildPaidOrder(s.projectId, s.student.id, 5_000, { refundedFen: 5_000 });
    refused(await call('save', { orderId: refunded.id, ...personal }, s.studentToken), '没有可开票金额');
    const { orders } = await buildUnitBatch(s.projectId, 1);
    const child = orders[0] as PayOrder;
    const childStudent = await signIn(
      (await Account.findOne({ where: { id: child.accountId, projectId: s.projectId } })) as Account,
    );
    refused(await call('save', { orderId: child.id, ...personal }, await signIn(s.student)), '订单不存在');
    // The student the child order belongs to is told to ask the unit.
    refused(await call('save', { orderId: child.id, ...personal }, childStudent), '单位统一缴费');
  });

  test('staff calls refuse students (403) and another project\u2019s staff (missing)', async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const invoice = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    expect((await call('open', { id: invoice.id }, s.studentToken)).status).toBe(403);
    const elsewhere = await buildProject();
    const { account: outsider } = await buildAccount({
      projectId: elsewhere.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: INVOICE_PAGES,
    });
    const outsiderToken = await signIn(outsider);
    for (const name of ['open', 'manage-detail', 'pdf', 'refresh'])
      refused(await call(name, { id: invoice.id }, outsiderToken), '发票不存在');
    refused(await call('reject', { id: invoice.id, reason: 'x' }, outsiderToken), '发票不存在');
    expect(ok<InvoiceRowPage>(await call('page', {}, outsiderToken)).total).toBe(0);
    const { account: foreignStudent } = await buildAccount({
      projectId: elsewhere.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
    });
    const foreignToken = await signIn(foreignStudent);
    refused(await call('detail', { id: invoice.id }, foreignToken), '发票不存在');
    refused(await call('save', { orderId: order.id, ...personal }, foreignToken), '订单不存在');
    const { account: noGrant } = await buildAccount({
      projectId: s.projectId,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/order-manage', '/order-manage/list'],
    });
    expect((await call('page', {}, await signIn(noGrant))).status).toBe(403);
    expect(await statusOf(invoice.id)).toBe('PENDING');
  });
});

describe('issuing through the platform', () => {
  test('open -> ISSUING -> the simulator calls back -> ISSUED with its number; both download the PDF', async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const invoice = ok<InvoiceView>(await call('save', { orderId: order.id, ...company }, s.studentToken));
    refused(await call('my-pdf', { id: invoice.id }, s.studentToken), '没有可下载的 PDF');
    expect(ok<InvoiceRow>(await call('open', { id: invoice.id }, s.staffToken)).status).toBe('ISSUING');
    refused(await call('open', { id: invoice.id }, s.staffToken), '发票开票中，不能开票');
    await issued(invoice.id);
    const view = ok<InvoiceView>(await call('detail', { id: invoice.id }, s.studentToken));
    expect(view).toMatchObject({
      status: 'ISSUED',
      hasPdf: true,
      invoiceNumber: expect.stringMatching(/^\d{20}$/),
    });
    const pdf = await t.http
      .post('/api/invoice/my-pdf.action')
      .set('token', s.studentToken)
      .send({ id: invoice.id })
      .buffer(true);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    // Kept in the storage: later downloads need no platform.
    expect(files.files().some((key) => key.startsWith(`invoices/${s.projectId}/${invoice.id}-blue`))).toBe(
      true,
    );
    const staffPdf = await t.http
      .post('/api/invoice/pdf.action')
      .set('token', s.staffToken)
      .send({ id: invoice.id })
      .buffer(true);
    expect(staffPdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const detail = ok<InvoiceDetail>(await call('manage-detail', { id: invoice.id }, s.staffToken));
    expect(detail.logs.map((log) => [log.toStatus, log.source])).toEqual([
      ['PENDING', 'STUDENT'],
      ['ISSUING', 'STAFF'],
      ['ISSUED', 'PLATFORM'],
    ]);
  });

  test('a callback delivered twice and three times at once is applied once; a forged one is refused', async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const invoice = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    ok(await call('open', { id: invoice.id }, s.staffToken));
    await issued(invoice.id);
    const row = (await Invoice.findOne({ where: { id: invoice.id }, allTenants: true })) as Invoice;
    expect(await sim.deliverAgain(row.requestNo)).toEqual([200]);
    expect(await sim.deliverAgain(row.requestNo, 3)).toEqual([200, 200, 200]);
    expect(
      await InvoiceLog.count({
        where: { invoiceId: invoice.id, toStatus: 'ISSUED', projectId: s.projectId },
      }),
    ).toBe(1);
    const number = row.invoiceNumber;

    const forged = signCallback('wrong-secret', sim.appKey, {
      requestNo: row.requestNo,
      kind: 'BLUE',
      state: 'FAILED',
      serialNo: 'x',
      invoiceNumber: null,
      issuedAt: null,
      totalFen: 1,
      failure: 'forged',
    });
    refused(
      (await t.http.post('/api/invoice/upload-callback.action').send(forged)) as unknown as InvoiceAnswer,
      '回调验签失败',
    );
    const stale = signCallback(
      sim.appSecret,
      sim.appKey,
      { ...forged, state: 'FAILED' },
      Math.floor(Date.now() / 1000) - 3600,
    );
    refused(
      (await t.http.post('/api/invoice/upload-callback.action').send(stale)) as unknown as InvoiceAnswer,
      '回调验签失败',
    );
    expect(await Invoice.findOne({ where: { id: invoice.id }, allTenants: true })).toMatchObject({
      status: 'ISSUED',
      invoiceNumber: number,
    });
  });

  test('a failing buyer tax number ends FAILED; the student re-saves it corrected and it issues', async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const invoice = ok<InvoiceView>(
      await call('save', { orderId: order.id, ...company, taxNo: SIM_FAILING_TAX_NO }, s.studentToken),
    );
    ok(await call('open', { id: invoice.id }, s.staffToken));
    await issued(invoice.id, 'FAILED');
    expect(ok<InvoiceView>(await call('detail', { id: invoice.id }, s.studentToken)).failure).toMatch(
      '纳税人识别号校验不通过',
    );
    // FAILED frees the order; re-save holds it again.
    const again = ok<InvoiceView>(await call('re-save', { id: invoice.id, ...company }, s.studentToken));
    expect(again).toMatchObject({ status: 'PENDING', failure: null, taxNo: company.taxNo });
    refused(await call('re-save', { id: invoice.id, ...company }, s.studentToken), '仅已驳回或开票失败');
    ok(await call('open', { id: invoice.id }, s.staffToken));
    await issued(invoice.id);
  });

  test('异常记录 重试 of a refused invoice: corrected, issued again under a new request, once', async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const invoice = ok<InvoiceView>(
      await call('save', { orderId: order.id, ...company, taxNo: SIM_FAILING_TAX_NO }, s.studentToken),
    );
    ok(await call('open', { id: invoice.id }, s.staffToken));
    await issued(invoice.id, 'FAILED');
    const refusedRequest = (await Invoice.findOne({ where: { id: invoice.id }, allTenants: true }))
      ?.requestNo;
    const { account: ops } = await buildAccount({
      projectId: s.projectId,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/exception-manage/list', '/customer/invoice-manage'],
    });
    const opsToken = await signIn(ops);
    const key = `INVOICE:${invoice.id}`;
    const retry = () =>
      t.http
        .post('/api/exception-log/retry.action')
        .set('token', opsToken)
        .send({ key }) as unknown as Promise<InvoiceAnswer>;
    const listed = await t.http
      .post('/api/exception-log/page.action')
      .set('token', opsToken)
      .send({ source: 'INVOICE' });
    expect(listed.body.attribute.list).toEqual([
      expect.objectContaining({
        key,
        canRetry: true,
        reason: expect.stringMatching('纳税人识别号校验不通过'),
      }),
    ]);

    ok(await call('correct', { id: invoice.id, ...company, reason: '学员提供了正确税号' }, opsToken));
    expect(ok(await retry())).toEqual({ key, message: '已重新提交开票' });
    const reissued = await Invoice.findOne({ where: { id: invoice.id }, allTenants: true });
    expect(reissued).toMatchObject({ status: 'ISSUING', failure: null, taxNo: company.taxNo });
    expect(reissued?.requestNo).not.toBe(refusedRequest);
    // Once: the invoice is no longer a failure, a second retry changes nothing.
    refused(await retry(), '异常记录不存在');
    await issued(invoice.id);
    refused(await retry(), '异常记录不存在');
    expect(await Invoice.findOne({ where: { id: invoice.id }, allTenants: true })).toMatchObject({
      status: 'ISSUED',
      requestNo: reissued?.requestNo,
    });
    const moves = await InvoiceLog.findAll({
      where: { invoiceId: invoice.id, projectId: s.projectId },
      order: [['id', 'ASC']],
    });
    expect(moves.map((move) => move.toStatus)).toEqual([
      'PENDING',
      'ISSUING',
      'FAILED',
      'FAILED',
      'ISSUING',
      'ISSUED',
    ]);
  });

  test('a lost callback: the sweep asks the platform and settles the invoice', async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const invoice = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    sim.holdCallbacks(true);
    try {
      ok(await call('open', { id: invoice.id }, s.staffToken));
      await t.jobs.drain();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await statusOf(invoice.id)).toBe('ISSUING');
      await t.scope().jobs.send('invoice.sweep', { staleSeconds: 0 });
      await t.jobs.drain();
      expect(await statusOf(invoice.id)).toBe('ISSUED');
    } finally {
      sim.holdCallbacks(false);
    }
  });

  test('the platform down: the job throws to be retried, and 刷新 later sends the request again', async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const invoice = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    sim.failNextRequests(1);
    ok(await call('open', { id: invoice.id }, s.staffToken));
    await t.jobs.drain();
    expect(await statusOf(invoice.id)).toBe('ISSUING');
    ok(await call('refresh', { id: invoice.id }, s.staffToken));
    await eventually(async () => (await statusOf(invoice.id)) === 'ISSUED');
  });

  test('open is refused without a config, and when a refund left less than the invoice', async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const invoice = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    await PayOrder.update({ refundedFen: 100 }, { where: { id: order.id, projectId: s.projectId } });
    refused(await call('open', { id: invoice.id }, s.staffToken), '可开票金额已不足');
    const r = ok<InvoiceBatchAnswer>(await call('batch-open', { ids: [invoice.id] }, s.staffToken));
    expect(r.done).toEqual([]);
    expect(r.refused[0]?.reason).toMatch('可开票金额已不足');
    expect(await statusOf(invoice.id)).toBe('PENDING');
  });
});

describe('staff decisions', () => {
  test('reject (student re-saves), cancel frees the order, mark records an outside invoice, remark', async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const invoice = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    refused(await call('reject', { id: invoice.id, reason: '  ' }, s.staffToken), /原因/);
    expect(
      ok<InvoiceRow>(await call('reject', { id: invoice.id, reason: '抬头有误' }, s.staffToken)),
    ).toMatchObject({
      status: 'REJECTED',
      rejectReason: '抬头有误',
    });
    ok(await call('re-save', { id: invoice.id, ...personal, title: '张三' }, s.studentToken));
    ok(await call('cancel', { id: invoice.id, reason: '学员不要了' }, s.staffToken));
    refused(await call('re-save', { id: invoice.id, ...personal }, s.studentToken), '仅已驳回或开票失败');
    const second = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    refused(
      await call('mark', { id: second.id, invoiceNumber: 'abc', issuedDate: '2026-11-20' }, s.staffToken),
      /invoiceNumber/,
    );
    const marked = ok<InvoiceRow>(
      await call(
        'mark',
        { id: second.id, invoiceNumber: '12345678901234567890', issuedDate: '2026-11-20' },
        s.staffToken,
      ),
    );
    expect(marked).toMatchObject({ status: 'ISSUED', marked: true, hasPdf: false });
    refused(await call('red', { id: second.id, reason: '退款' }, s.staffToken), '线下开具');
    refused(await call('cancel', { id: second.id, reason: 'x' }, s.staffToken), '发票已开票，不能作废');
    expect(
      ok<InvoiceRow>(await call('remark', { id: second.id, remark: '已邮寄' }, s.staffToken)).remark,
    ).toBe('已邮寄');
  });

  test("重新申请 follows the invoice's abilities: offered on a rejected application, refused with the server's words while a refund application is open, after the order got another application, or once re-saved", async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const invoice = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    const pendingOnly = '仅已驳回或开票失败的申请可以重新提交';
    expect(invoice.abilities).toEqual({ canReapply: false, reapplyRefusal: pendingOnly });
    ok(await call('reject', { id: invoice.id, reason: '抬头有误' }, s.staffToken));
    const mine = async () =>
      ok<{ list: InvoiceView[] }>(
        await call('my-list', { pageNum: 1, pageSize: 10 }, s.studentToken),
      ).list.find((row) => row.id === invoice.id);
    expect((await mine())?.abilities).toEqual({ canReapply: true, reapplyRefusal: null });
    // A refund application open on the order: refused with the reason, in the list and by re-save.
    const apply = await RefundApply.create({
      projectId: s.projectId,
      orderId: order.id,
      orderItemId: null,
      accountId: s.student.id,
      status: 'PENDING',
      amountFen: order.paidFen,
      reason: '不想学了',
    });
    const pending = '该订单有处理中的退款申请，退款处理完成后才能申请发票';
    expect((await mine())?.abilities).toEqual({ canReapply: false, reapplyRefusal: pending });
    expect(ok<InvoiceView>(await call('detail', { id: invoice.id }, s.studentToken)).abilities).toEqual({
      canReapply: false,
      reapplyRefusal: pending,
    });
    refused(await call('re-save', { id: invoice.id, ...personal }, s.studentToken), pending);
    await apply.update({ status: 'CANCELLED' });
    // Another application of the order took it meanwhile.
    const other = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    expect((await mine())?.abilities).toEqual({ canReapply: false, reapplyRefusal: '该订单已有开票申请' });
    refused(await call('re-save', { id: invoice.id, ...personal }, s.studentToken), '该订单已有开票申请');
    ok(await call('cancel', { id: other.id, reason: '重复申请' }, s.staffToken));
    const again = ok<InvoiceView>(await call('re-save', { id: invoice.id, ...personal }, s.studentToken));
    expect(again).toMatchObject({
      status: 'PENDING',
      abilities: { canReapply: false, reapplyRefusal: pendingOnly },
    });
  });

  test('red invoice after a refund: REVERSED with the red number and PDF; nothing left to invoice', async () => {
    const s = await buildInvoiceProject();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const invoice = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    ok(await call('open', { id: invoice.id }, s.staffToken));
    await issued(invoice.id);
    const { account: refunder } = await buildAccount({
      projectId: s.projectId,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/invoice-manage', '/invoice-manage/refund-list'],
    });
    const refund = await t.http
      .post('/api/order/refund.action')
      .set('token', await signIn(refunder))
      .send({ id: order.id, reason: '学员退学' });
    expect(refund.body).toMatchObject({ respCode: 200, attribute: { refundStatus: 'SUCCESS' } });
    expect(
      ok<InvoiceRow>(await call('manage-detail', { id: invoice.id }, s.staffToken)).refundedSinceIssued,
    ).toBe(true);

    expect(
      ok<InvoiceRow>(await call('red', { id: invoice.id, reason: '订单已退款' }, s.staffToken)).status,
    ).toBe('RED_ISSUING');
    refused(await call('red', { id: invoice.id, reason: '再红冲' }, s.staffToken), '发票红冲中，不能红冲');
    await issued(invoice.id, 'REVERSED');
    const view = ok<InvoiceView>(await call('detail', { id: invoice.id }, s.studentToken));
    expect(view).toMatchObject({ status: 'REVERSED', redInvoiceNumber: expect.stringMatching(/^\d{20}$/) });
    const red = await t.http
      .post('/api/invoice/my-pdf.action')
      .set('token', s.studentToken)
      .send({ id: invoice.id, red: true })
      .buffer(true);
    expect(red.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      ok<InvoiceAllowedAnswer>(await call('invoice-allowed', { orderId: order.id }, s.studentToken)),
    ).toMatchObject({
      allowed: false,
      amount: 0,
      invoiceId: null,
    });
  });

  test('batch open and batch red report each invoice; list, statistics and the .xlsx export', async () => {
    const s = await buildInvoiceProject();
    const ids: number[] = [];
    for (const fen of [1_000, 2_000]) {
      const order = await buildPaidOrder(s.projectId, s.student.id, fen);
      ids.push(ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken)).id);
    }
    const opened = ok<InvoiceBatchAnswer>(await call('batch-open', { ids: [...ids, 999_999] }, s.staffToken));
    expect(opened.done).toEqual(ids);
    expect(opened.refused).toEqual([{ id: 999_999, reason: '发票不存在' }]);
    for (const id of ids) await issued(id);
    const stats = ok<InvoiceStatistics>(await call('statistics', {}, s.staffToken));
    expect(stats.total).toBe(2);
    expect(stats.byStatus.ISSUED).toEqual({ count: 2, amount: 3_000 });
    const page = ok<InvoiceRowPage>(await call('page', { status: 'ISSUED', pageSize: 1 }, s.staffToken));
    expect(page).toMatchObject({ total: 2, pageSize: 1 });
    expect(page.list[0]?.studentName).toBe('测试学员');

    const reds = ok<InvoiceBatchAnswer>(await call('red-batch', { ids, reason: '整单退款' }, s.staffToken));
    expect(reds.done).toEqual(ids);
    for (const id of ids) await issued(id, 'REVERSED');

    const res = await t.http
      .post('/api/invoice/export-all.action')
      .set('token', s.staffToken)
      .send({})
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('发票列表');
    expect(sheet?.getRow(1).getCell(2).value).toBe('状态');
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(2).getCell(2).value).toBe('已红冲');
  });

  test('config: staff save the seller details, checked at the edge', async () => {
    const s = await buildInvoiceProject();
    const input = {
      sellerName: '新公司',
      sellerTaxNo: '91370100ma3c000x1k',
      sellerAddressPhone: '地址 电话',
      sellerBankAccount: '银行 账号',
      itemName: '技能培训费',
      taxRatePct: 3,
    };
    expect(ok(await call('save-config', input, s.staffToken))).toMatchObject({
      sellerTaxNo: '91370100MA3C000X1K',
      taxRatePct: 3,
    });
    const bad = await call('save-config', { ...input, taxRatePct: 5 }, s.staffToken);
    expect(bad.body.respDesc).toMatch(/taxRatePct/);
    expect(ok(await call('config', {}, s.staffToken))).toMatchObject({ itemName: '技能培训费' });
  });
});

describe('collective invoices', () => {
  test('a unit pool, one invoice of many of its orders, then those orders leave the pool', async () => {
    const s = await buildInvoiceProject();
    const { unitId, orders } = await buildUnitBatch(s.projectId, 3, 5_000);
    const own = await buildPaidOrder(s.projectId, s.student.id);
    const pool = ok<InvoiceableOrder[]>(await call('unit-pool', { unitId }, s.staffToken));
    expect(pool.map((o) => o.orderId).sort()).toEqual(orders.map((o) => o.id).sort());
    const [a, b, c] = orders as [PayOrder, PayOrder, PayOrder];
    refused(
      await call('collective-save', { unitId, orderIds: [a.id, own.id], ...company }, s.staffToken),
      '不是该单位统一缴费的订单',
    );
    const invoice = ok<InvoiceRow>(
      await call('collective-save', { unitId, orderIds: [a.id, b.id], ...company }, s.staffToken),
    );
    expect(invoice).toMatchObject({ kind: 'COLLECTIVE', amount: 10_000, unitId, status: 'PENDING' });
    expect(invoice.orders).toHaveLength(2);
    refused(
      await call('collective-save', { unitId, orderIds: [b.id, c.id], ...company }, s.staffToken),
      '已有开票申请',
    );
    expect(
      ok<InvoiceableOrder[]>(await call('unit-pool', { unitId }, s.staffToken)).map((o) => o.orderId),
    ).toEqual([c.id]);
    ok(await call('open', { id: invoice.id }, s.staffToken));
    await issued(invoice.id);
    expect(ok<InvoiceRowPage>(await call('page', { kind: 'COLLECTIVE' }, s.staffToken)).total).toBe(1);
    const other = await buildProject();
    const { account } = await buildAccount({
      projectId: other.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: INVOICE_PAGES,
    });
    refused(await call('unit-pool', { unitId }, await signIn(account)), '单位不存在');
  });
});

describe('发票纠正', () => {
  test('customer service correct a title not yet issued (logged); an issued one is refused; the list reads for them', async () => {
    const s = await buildInvoiceProject();
    const { account } = await buildAccount({
      projectId: s.projectId,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/customer', '/customer/invoice-manage'],
    });
    const service = await signIn(account);
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const invoice = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    expect(ok<InvoiceRowPage>(await call('page', {}, service)).total).toBe(1);
    expect((await call('open', { id: invoice.id }, service)).status).toBe(403);
    const bad = await call('correct', { id: invoice.id, ...company, taxNo: '', reason: '学员来电' }, service);
    expect(bad.body.respDesc).toMatch(/taxNo/);
    const corrected = ok<InvoiceRow>(
      await call('correct', { id: invoice.id, ...company, reason: '学员来电' }, service),
    );
    expect(corrected).toMatchObject({
      status: 'PENDING',
      titleType: 'COMPANY',
      title: company.title,
      taxNo: company.taxNo,
    });
    const detail = ok<InvoiceDetail>(await call('manage-detail', { id: invoice.id }, service));
    expect(detail.logs.at(-1)?.reason).toMatch(/纠正：学员来电（原为 测试学员 student@example.com）/);
    ok(await call('open', { id: invoice.id }, s.staffToken));
    await issued(invoice.id);
    refused(
      await call('correct', { id: invoice.id, ...personal, reason: '再改' }, service),
      '请红冲后重新申请',
    );
  });
});

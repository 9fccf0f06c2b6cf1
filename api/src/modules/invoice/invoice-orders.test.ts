import { ROLE_SYSTEM } from '@px/config';
import type { InvoiceableOrder, InvoiceRow, InvoiceRowPage, InvoiceView } from '../../contract/invoice';
import type {
  InvoiceOrderPage,
  InvoiceOrderRow,
  InvoiceReOpenAnswer,
  MarkAllAnswer,
} from '../../contract/invoice-orders';
import type { TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { RefundApply } from '../refund-apply/refund-apply.model';
import type { EinvoiceSimulator } from './einvoice/einvoice-sim';
import { Invoice, InvoiceLog, InvoiceOrder } from './invoice.model';
import {
  buildInvoiceProject,
  buildPaidOrder,
  buildUnitBatch,
  createInvoiceTestApp,
  invoiceCall,
  ok,
  refused,
} from './invoice.testing';

let t: TestApp;
let sim: EinvoiceSimulator;
beforeAll(async () => {
  ({ t, sim } = await createInvoiceTestApp());
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const call = (name: string, body: object, token: string) => invoiceCall(t, name, body, token);

const ORDER_PAGES = ['/invoice-manage', '/invoice-manage/order-manage'];
const personal = { titleType: 'PERSONAL', title: '测试学员', email: 'student@example.com' };

/** A project with invoice staff, plus a staff member holding only 开票订单. */
async function setUp() {
  const s = await buildInvoiceProject();
  const { account } = await buildAccount({
    projectId: s.projectId,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ORDER_PAGES,
  });
  return { ...s, orderToken: await signIn(account) };
}

/** Ends an invoice as reversed (what the platform's red result does), freeing its orders. */
async function reverse(invoiceId: number) {
  await Invoice.update(
    { status: 'REVERSED', reversedAt: new Date() },
    { where: { id: invoiceId }, allTenants: true },
  );
  await InvoiceOrder.update({ active: false }, { where: { invoiceId }, allTenants: true });
}

const rowOf = async (token: string, orderNo: string) =>
  ok<InvoiceOrderPage>(await call('order-page', { pageNum: 1, pageSize: 10, orderNo }, token)).list[0];

describe('开票订单 (order-page, order-mark)', () => {
  test('lists paid orders with their invoicing state and invoiceable amount; filters; refuses dates out of order', async () => {
    const s = await setUp();
    const plain = await buildPaidOrder(s.projectId, s.student.id, 10_000, { refundedFen: 2_000 });
    const applied = await buildPaidOrder(s.projectId, s.student.id, 8_000);
    const issuedOrder = await buildPaidOrder(s.projectId, s.student.id, 6_000);
    const reversedOrder = await buildPaidOrder(s.projectId, s.student.id, 5_000);
    const pending = ok<InvoiceView>(
      await call('save', { orderId: applied.id, ...personal, amount: 3_000 }, s.studentToken),
    );
    ok(await call('order-mark', { orderId: issuedOrder.id, remark: '线下已开' }, s.orderToken));
    const red = ok<InvoiceView>(
      await call('save', { orderId: reversedOrder.id, ...personal }, s.studentToken),
    );
    await reverse(red.id);

    const page = ok<InvoiceOrderPage>(await call('order-page', { pageNum: 1, pageSize: 10 }, s.orderToken));
    expect(page.total).toBe(4);
    const byNo = new Map(page.list.map((row) => [row.orderNo, row]));
    expect(byNo.get(plain.orderNo)).toMatchObject({
      invoiceState: 'NONE',
      paidAmount: 10_000,
      refundedAmount: 2_000,
      invoicedAmount: 0,
      invoiceableAmount: 8_000,
      invoiceId: null,
    });
    expect(byNo.get(applied.orderNo)).toMatchObject({
      invoiceState: 'PENDING',
      invoicedAmount: 3_000,
      invoiceableAmount: 5_000,
      invoiceId: pending.id,
      invoiceStatus: 'PENDING',
    });
    expect(byNo.get(issuedOrder.orderNo)).toMatchObject({
      invoiceState: 'ISSUED',
      marked: true,
      invoiceableAmount: 0,
    });
    expect(byNo.get(reversedOrder.orderNo)).toMatchObject({
      invoiceState: 'REVERSED',
      invoiceStatus: 'REVERSED',
      invoiceableAmount: 5_000,
    });

    for (const [state, order] of [
      ['NONE', plain],
      ['PENDING', applied],
      ['ISSUED', issuedOrder],
      ['REVERSED', reversedOrder],
    ] as const) {
      const filtered = ok<InvoiceOrderPage>(
        await call('order-page', { pageNum: 1, pageSize: 10, invoiceState: state }, s.orderToken),
      );
      expect(filtered.list.map((row) => row.orderNo)).toEqual([order.orderNo]);
    }
    expect((await rowOf(s.orderToken, plain.orderNo))?.orderId).toBe(plain.id);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(
      ok<InvoiceOrderPage>(
        await call('order-page', { pageNum: 1, pageSize: 10, paidFrom: today, paidTo: today }, s.orderToken),
      ).total,
    ).toBe(4);
    expect(
      ok<InvoiceOrderPage>(
        await call(
          'order-page',
          { pageNum: 1, pageSize: 10, paidFrom: '2020-01-01', paidTo: '2020-01-31' },
          s.orderToken,
        ),
      ).total,
    ).toBe(0);
    const backwards = await call(
      'order-page',
      { pageNum: 1, pageSize: 10, paidFrom: '2026-02-01', paidTo: '2026-01-01' },
      s.orderToken,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.respDesc).toMatch(/paidTo.*结束日期不能早于开始日期/);
  });

  test('mark: an ISSUED, marked invoice of what is left, logged and audited; refused when already invoiced or applied for', async () => {
    const s = await setUp();
    const order = await buildPaidOrder(s.projectId, s.student.id, 12_800, { refundedFen: 2_800 });
    const row = ok<InvoiceOrderRow>(
      await call(
        'order-mark',
        { orderId: order.id, remark: '线下开具纸质发票', invoiceNumber: '12345678' },
        s.orderToken,
      ),
    );
    expect(row).toMatchObject({
      invoiceState: 'ISSUED',
      invoicedAmount: 10_000,
      invoiceableAmount: 0,
      marked: true,
    });
    const invoice = await Invoice.findOne({ where: { id: row.invoiceId as number }, allTenants: true });
    expect(invoice).toMatchObject({
      status: 'ISSUED',
      marked: true,
      amountFen: 10_000,
      kind: 'SINGLE',
      accountId: s.student.id,
      invoiceNumber: '12345678',
      remark: '线下开具纸质发票',
    });
    const logs = await InvoiceLog.findAll({ where: { invoiceId: invoice?.id as number }, allTenants: true });
    expect(logs.map((log) => [log.fromStatus, log.toStatus, log.reason])).toEqual([
      [null, 'ISSUED', '标记线下开票：线下开具纸质发票'],
    ]);
    expect(
      await AuditLog.count({
        where: { action: 'invoice.order-mark', targetId: String(order.id) },
        allTenants: true,
      }),
    ).toBe(1);

    refused(await call('order-mark', { orderId: order.id, remark: '再标记' }, s.orderToken), '已开票');
    const applied = await buildPaidOrder(s.projectId, s.student.id);
    ok(await call('save', { orderId: applied.id, ...personal }, s.studentToken));
    refused(
      await call('order-mark', { orderId: applied.id, remark: 'x' }, s.orderToken),
      '已有待处理的开票申请',
    );
    const refunded = await buildPaidOrder(s.projectId, s.student.id, 5_000, { refundedFen: 5_000 });
    refused(await call('order-mark', { orderId: refunded.id, remark: 'x' }, s.orderToken), '没有可开票金额');
    // The student sees the marked invoice, and may not apply again.
    refused(
      await call('save', { orderId: order.id, ...personal }, s.studentToken),
      '已有开票申请|已开票，如需重新开票请先红冲|没有可开票金额',
    );
  });

  test('an order whose refund application is open: 标记 is refused with the reason in its row and by the server; 全部标记 leaves it', async () => {
    const s = await setUp();
    const asked = await buildPaidOrder(s.projectId, s.student.id, 6_000);
    const plain = await buildPaidOrder(s.projectId, s.student.id, 4_000);
    const apply = await RefundApply.create({
      projectId: s.projectId,
      orderId: asked.id,
      orderItemId: null,
      accountId: s.student.id,
      status: 'PENDING',
      amountFen: 6_000,
      reason: '不想学了',
    });
    const reason = `订单 ${asked.orderNo} 有处理中的退款申请，退款处理完成后才能标记开票`;
    expect((await rowOf(s.orderToken, asked.orderNo))?.abilities).toEqual({
      canMark: false,
      markRefusal: reason,
    });
    expect((await rowOf(s.orderToken, plain.orderNo))?.abilities).toEqual({
      canMark: true,
      markRefusal: null,
    });
    refused(await call('order-mark', { orderId: asked.id, remark: '线下已开' }, s.orderToken), reason);
    expect(ok<MarkAllAnswer>(await call('order-mark-all', { remark: '线下统一开具' }, s.orderToken))).toEqual(
      { marked: 1, orderNos: [plain.orderNo] },
    );
    expect(await InvoiceOrder.count({ where: { orderId: asked.id }, allTenants: true })).toBe(0);
    expect((await rowOf(s.orderToken, plain.orderNo))?.abilities).toEqual({
      canMark: false,
      markRefusal: `订单 ${plain.orderNo} 已开票`,
    });
    // Once the application is rejected, the order may be marked.
    await apply.update({ status: 'REJECTED', rejectReason: '不符合条件' });
    expect((await rowOf(s.orderToken, asked.orderNo))?.abilities.canMark).toBe(true);
    ok(await call('order-mark', { orderId: asked.id, remark: '线下已开' }, s.orderToken));
  });

  test('concurrent marks of one order: exactly one invoice', async () => {
    const s = await setUp();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('order-mark', { orderId: order.id, remark: '线下' }, s.orderToken)),
    );
    expect(answers.filter((res) => res.body.respCode === 200)).toHaveLength(1);
    expect(await InvoiceOrder.count({ where: { orderId: order.id, active: true }, allTenants: true })).toBe(
      1,
    );
  });

  test('a pending application is opened from here through invoice/open', async () => {
    const s = await setUp();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    const pending = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    expect(ok<InvoiceRow>(await call('open', { id: pending.id }, s.orderToken)).status).toBe('ISSUING');
  });

  test('who: students and staff without 开票订单 are refused; another project\u2019s order reads as missing', async () => {
    const s = await setUp();
    const order = await buildPaidOrder(s.projectId, s.student.id);
    expect((await call('order-page', { pageNum: 1, pageSize: 10 }, s.studentToken)).status).toBe(403);
    expect((await call('order-mark', { orderId: order.id, remark: 'x' }, s.staffToken)).status).toBe(403);
    const other = await setUp();
    refused(await call('order-mark', { orderId: order.id, remark: 'x' }, other.orderToken), '订单不存在');
    expect(
      ok<InvoiceOrderPage>(await call('order-page', { pageNum: 1, pageSize: 10 }, other.orderToken)).total,
    ).toBe(0);
    expect(await Invoice.count({ where: { projectId: s.projectId } })).toBe(0);
  });
});

describe('全部标记 (order-mark-all)', () => {
  test('marks only what the filter matches and may be marked, in one go, audited', async () => {
    const s = await setUp();
    const other = await buildAccount({
      projectId: s.projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { realName: '王五标记' },
    });
    const mine = [
      await buildPaidOrder(s.projectId, s.student.id),
      await buildPaidOrder(s.projectId, s.student.id),
    ];
    const applied = await buildPaidOrder(s.projectId, s.student.id);
    ok(await call('save', { orderId: applied.id, ...personal }, s.studentToken));
    const outside = await buildPaidOrder(s.projectId, other.account.id);

    const answer = ok<MarkAllAnswer>(
      await call('order-mark-all', { student: s.student.realName, remark: '年底统一开具' }, s.orderToken),
    );
    expect(answer.marked).toBe(2);
    expect(answer.orderNos.sort()).toEqual(mine.map((order) => order.orderNo).sort());
    expect(await InvoiceOrder.count({ where: { orderId: outside.id }, allTenants: true })).toBe(0);
    expect((await rowOf(s.orderToken, applied.orderNo))?.invoiceState).toBe('PENDING');
    const auditRow = await AuditLog.findOne({
      where: { action: 'invoice.order-mark-all', projectId: s.projectId },
      allTenants: true,
    });
    expect(auditRow?.detail).toMatchObject({
      count: 2,
      remark: '年底统一开具',
      filters: { student: s.student.realName },
    });
    refused(
      await call('order-mark-all', { student: s.student.realName, remark: '再来' }, s.orderToken),
      '没有可标记的订单',
    );
    const backwards = await call(
      'order-mark-all',
      { paidFrom: '2026-02-01', paidTo: '2026-01-01', remark: 'x' },
      s.orderToken,
    );
    expect(backwards.status).toBe(400);
  });

  test('bounded: more than 500 markable orders are refused whole, nothing marked', async () => {
    const s = await setUp();
    const order = await buildPaidOrder(s.projectId, s.student.id, 1_000);
    const { PayOrder } = await import('../order/order.model');
    const base = order.get({ plain: true });
    await PayOrder.bulkCreate(
      Array.from({ length: 500 }, (_v, i) => ({
        ...base,
        id: undefined,
        orderNo: `${base.orderNo.slice(0, 15)}${String(i).padStart(6, '0')}`,
      })) as never,
    );
    refused(await call('order-mark-all', { remark: '全部' }, s.orderToken), '超过 500 个');
    expect(await Invoice.count({ where: { projectId: s.projectId } })).toBe(0);
  });
});

describe('check-re-open', () => {
  test('after a red reversal the order may be invoiced again; issued, pending and unit-paid orders say why not', async () => {
    const s = await setUp();
    const order = await buildPaidOrder(s.projectId, s.student.id, 9_000, { refundedFen: 1_000 });
    const check = async (token: string, orderId = order.id) =>
      ok<InvoiceReOpenAnswer>(await call('check-re-open', { orderId }, token));
    expect(await check(s.studentToken)).toEqual({
      allowed: true,
      reason: null,
      amount: 8_000,
      invoiceId: null,
      reversedBefore: false,
      invoiceState: 'NONE',
    });
    const invoice = ok<InvoiceView>(await call('save', { orderId: order.id, ...personal }, s.studentToken));
    expect(await check(s.studentToken)).toMatchObject({
      allowed: false,
      reason: '该订单已有开票申请',
      invoiceId: invoice.id,
    });
    await Invoice.update({ status: 'ISSUED' }, { where: { id: invoice.id }, allTenants: true });
    expect(await check(s.orderToken)).toMatchObject({
      allowed: false,
      reason: /先红冲/,
      invoiceState: 'ISSUED',
    });
    await Invoice.update({ status: 'RED_ISSUING' }, { where: { id: invoice.id }, allTenants: true });
    expect((await check(s.staffToken)).reason).toMatch(/红冲中/);
    await reverse(invoice.id);
    expect(await check(s.studentToken)).toEqual({
      allowed: true,
      reason: null,
      amount: 8_000,
      invoiceId: null,
      reversedBefore: true,
      invoiceState: 'REVERSED',
    });
    // invoice-allowed keeps answering as before.
    expect(ok(await call('invoice-allowed', { orderId: order.id }, s.studentToken))).toEqual({
      allowed: true,
      reason: null,
      amount: 8_000,
      invoiceId: null,
    });

    const { orders } = await buildUnitBatch(s.projectId, 1);
    const [unitOrder] = orders;
    expect((await check(s.orderToken, unitOrder?.id)).allowed).toBe(true);
    // Another student's order, another project's staff: missing.
    const { account: stranger } = await buildAccount({
      projectId: s.projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
    });
    refused(await call('check-re-open', { orderId: order.id }, await signIn(stranger)), '订单不存在');
    const other = await setUp();
    refused(await call('check-re-open', { orderId: order.id }, other.orderToken), '订单不存在');
    // Staff without an invoice page may not ask.
    const { account: clerk } = await buildAccount({
      projectId: s.projectId,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/order-manage', '/order-manage/list'],
    });
    expect((await call('check-re-open', { orderId: order.id }, await signIn(clerk))).status).toBe(403);
  });
});

describe('unit managers', () => {
  async function unitManagerOf(projectId: number, unitId: number) {
    const { account } = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.UNIT,
      unitId,
      menu: ['/invoice-manage', '/invoice-manage/invoice-collective'],
    });
    return signIn(account);
  }

  test('see and apply for their own unit\u2019s invoices only; another unit\u2019s orders and invoices read as missing', async () => {
    const s = await setUp();
    const mine = await buildUnitBatch(s.projectId, 2);
    const theirs = await buildUnitBatch(s.projectId, 1);
    const token = await unitManagerOf(s.projectId, mine.unitId);

    const units = ok<{ id: number }[]>(await call('unit-options', {}, token));
    expect(units.map((unit) => unit.id)).toEqual([mine.unitId]);
    const pool = ok<InvoiceableOrder[]>(await call('unit-pool', { unitId: mine.unitId }, token));
    expect(pool.map((order) => order.orderId).sort()).toEqual(mine.orders.map((order) => order.id).sort());
    refused(await call('unit-pool', { unitId: theirs.unitId }, token), '单位不存在');

    const collective = {
      title: '测试单位有限公司',
      taxNo: '91370100MA3C000X1K',
      email: 'unit@example.com',
    };
    refused(
      await call(
        'collective-save',
        { unitId: theirs.unitId, orderIds: theirs.orders.map((o) => o.id), ...collective },
        token,
      ),
      '单位不存在',
    );
    refused(
      await call(
        'collective-save',
        { unitId: mine.unitId, orderIds: [theirs.orders[0]?.id], ...collective },
        token,
      ),
      '不是该单位统一缴费的订单',
    );
    const single = ok<InvoiceRow>(
      await call(
        'collective-save',
        { unitId: mine.unitId, orderIds: [mine.orders[0]?.id], ...collective },
        token,
      ),
    );
    expect(single).toMatchObject({ kind: 'COLLECTIVE', status: 'PENDING', unitId: mine.unitId });

    // Staff make one for the other unit; the unit manager does not see it.
    const theirsInvoice = ok<InvoiceRow>(
      await call(
        'collective-save',
        { unitId: theirs.unitId, orderIds: theirs.orders.map((o) => o.id), ...collective },
        s.staffToken,
      ),
    );
    const page = ok<InvoiceRowPage>(await call('page', { pageNum: 1, pageSize: 10 }, token));
    expect(page.list.map((row) => row.id)).toEqual([single.id]);
    expect(
      ok<InvoiceRowPage>(await call('page', { pageNum: 1, pageSize: 10, unitId: theirs.unitId }, token))
        .total,
    ).toBe(0);
    expect(ok<InvoiceRow>(await call('manage-detail', { id: single.id }, token)).id).toBe(single.id);
    refused(await call('manage-detail', { id: theirsInvoice.id }, token), '发票不存在');
    refused(await call('pdf', { id: theirsInvoice.id }, token), '发票不存在');
    expect(
      ok<InvoiceReOpenAnswer>(await call('check-re-open', { orderId: mine.orders[1]?.id as number }, token))
        .allowed,
    ).toBe(true);
    refused(await call('check-re-open', { orderId: theirs.orders[0]?.id as number }, token), '订单不存在');

    // Staff decisions stay staff's.
    expect((await call('open', { id: single.id }, token)).status).toBe(403);
    expect((await call('order-page', { pageNum: 1, pageSize: 10 }, token)).status).toBe(403);
    expect((await call('statistics', {}, token)).status).toBe(403);
  });

  test('a unit manager of another project reaches nothing', async () => {
    const s = await setUp();
    const mine = await buildUnitBatch(s.projectId, 1);
    const project = await buildProject();
    const elsewhere = await buildUnitBatch(project.id, 1);
    const token = await unitManagerOf(project.id, elsewhere.unitId);
    refused(await call('unit-pool', { unitId: mine.unitId }, token), '单位不存在');
    refused(await call('check-re-open', { orderId: mine.orders[0]?.id as number }, token), '订单不存在');
  });
});

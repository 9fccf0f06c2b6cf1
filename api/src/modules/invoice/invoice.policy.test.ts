import { ROLE_SYSTEM } from '@px/config';
import { judge, type PolicyScope } from '../../core/policy';
import type { PayOrder } from '../order/order.model';
import type { Invoice } from './invoice.model';
import {
  HAS_INVOICE,
  type InvoiceApplyFacts,
  type InvoiceMarkFacts,
  type InvoiceReapplyFacts,
  MARK_REFUND_PENDING,
  markAbilities,
  orderInvoiceAbilities,
  REFUND_PENDING,
  reapplyAbilities,
} from './invoice.policy';
import { applyFacts, markFacts, reapplyFacts } from './invoice.policy-facts';

const PROJECT = 1;
const student: PolicyScope = {
  project: { id: PROJECT },
  principal: { accountId: 5, roleSystem: ROLE_SYSTEM.STUDENT, unitId: null, menu: new Set() },
};
const manager: PolicyScope = {
  project: { id: PROJECT },
  principal: { accountId: 7, roleSystem: ROLE_SYSTEM.UNIT, unitId: 3, menu: new Set() },
};
const staff: PolicyScope = {
  project: { id: PROJECT },
  principal: { accountId: 9, roleSystem: ROLE_SYSTEM.PROJECT, unitId: null, menu: new Set() },
};
const facts = (
  over: Partial<InvoiceApplyFacts> = {},
  order: Partial<InvoiceApplyFacts['order']> = {},
): InvoiceApplyFacts => ({
  order: { projectId: PROJECT, accountId: 5, unitId: 3, status: 'PAID', batchOrderId: null, ...order },
  amount: 5_000,
  active: null,
  refundPending: false,
  ...over,
});
const reasonOf = (scope: PolicyScope, row: InvoiceApplyFacts) =>
  judge(scope, 'invoice.apply', row)?.reason ?? null;

describe('invoice policy: apply', () => {
  test('a student invoices their own paid order; staff any order of the project', () => {
    expect(reasonOf(student, facts())).toBeNull();
    expect(reasonOf(staff, facts({}, { accountId: 6 }))).toBeNull();
  });

  test('another project, another student, another unit: the order reads as missing', () => {
    expect(reasonOf(student, facts({}, { projectId: 2 }))).toBe('订单不存在');
    expect(reasonOf(staff, facts({}, { projectId: 2 }))).toBe('订单不存在');
    expect(reasonOf(student, facts({}, { accountId: 6 }))).toBe('订单不存在');
    expect(reasonOf(manager, facts({}, { unitId: 4, batchOrderId: 8 }))).toBe('订单不存在');
  });

  test("whose to invoice: a unit's order is the unit's, a student's own order the student's", () => {
    expect(reasonOf(student, facts({}, { batchOrderId: 8 }))).toBe(
      '该订单由单位统一缴费，请由单位申请集体发票',
    );
    expect(reasonOf(manager, facts())).toBe('该订单由学员本人缴费，请由学员本人申请发票');
    expect(reasonOf(manager, facts({}, { batchOrderId: 8 }))).toBeNull();
  });

  test('each state refuses with its reason', () => {
    const cases: [InvoiceApplyFacts, string][] = [
      [facts({}, { status: 'REFUNDED' }), '订单已退款，没有可开票金额'],
      [facts({}, { status: 'REFUNDING' }), '仅已支付的订单可以开票'],
      [facts({ active: { status: 'RED_ISSUING' } }), '发票红冲中，红冲完成后可重新开票'],
      [facts({ active: { status: 'PENDING' } }), HAS_INVOICE],
      [facts({ active: { status: 'ISSUED' } }), '该订单已开票，如需重新开票请先红冲'],
      [facts({ refundPending: true }), REFUND_PENDING],
      [facts({ amount: 0 }), '该订单没有可开票金额'],
    ];
    for (const [row, reason] of cases) expect(reasonOf(student, row)).toBe(reason);
  });
});

describe('invoice policy: mark (标记)', () => {
  const mark = (over: Partial<InvoiceMarkFacts> = {}, order: Partial<InvoiceMarkFacts['order']> = {}) =>
    judge(staff, 'invoice.mark', {
      order: { projectId: PROJECT, orderNo: 'P1', status: 'PAID', ...order },
      amount: 5_000,
      active: null,
      refundPending: false,
      ...over,
    })?.reason ?? null;

  test('a paid order of the project with nothing active and something left may be marked', () => {
    expect(mark()).toBeNull();
  });

  test('another project reads as missing; each state and an open refund application refuse with the reason', () => {
    expect(mark({}, { projectId: 2 })).toBe('订单不存在');
    expect(mark({}, { status: 'REFUNDING' })).toBe('仅已支付的订单可以标记开票');
    expect(mark({ active: { status: 'ISSUING' } })).toBe('订单 P1 已有待处理的开票申请，请开票或驳回该申请');
    expect(mark({ active: { status: 'ISSUED' } })).toBe('订单 P1 已开票');
    expect(mark({ refundPending: true })).toBe(MARK_REFUND_PENDING('P1'));
    expect(MARK_REFUND_PENDING('P1')).toBe('订单 P1 有处理中的退款申请，退款处理完成后才能标记开票');
    expect(mark({ amount: 0 })).toBe('订单 P1 没有可开票金额');
  });
});

describe('invoice policy: reapply (重新申请)', () => {
  const reapply = (
    scope: PolicyScope,
    invoice: Partial<InvoiceReapplyFacts['invoice']> = {},
    apply: InvoiceApplyFacts | null = facts(),
  ) =>
    judge(scope, 'invoice.reapply', {
      invoice: { projectId: PROJECT, accountId: 5, kind: 'SINGLE', status: 'REJECTED', ...invoice },
      apply,
    })?.reason ?? null;

  test('the student applies again with their own rejected or failed application of an order that may be invoiced', () => {
    expect(reapply(student)).toBeNull();
    expect(reapply(student, { status: 'FAILED' })).toBeNull();
  });

  test("another project's, another student's or a collective invoice reads as missing; other states and the order's refusals say why", () => {
    expect(reapply(student, { projectId: 2 })).toBe('发票不存在');
    expect(reapply(student, { accountId: 6 })).toBe('发票不存在');
    expect(reapply(staff)).toBe('发票不存在');
    expect(reapply(student, { kind: 'COLLECTIVE' })).toBe('发票不存在');
    expect(reapply(student, { status: 'PENDING' })).toBe('仅已驳回或开票失败的申请可以重新提交');
    expect(reapply(student, {}, null)).toBe('订单不存在');
    expect(reapply(student, {}, facts({ refundPending: true }))).toBe(REFUND_PENDING);
    expect(reapply(student, {}, facts({ active: { status: 'PENDING' } }))).toBe(HAS_INVOICE);
    expect(reapply(student, {}, facts({}, { status: 'REFUNDED' }))).toBe('订单已退款，没有可开票金额');
  });
});

describe('invoice policy: ask (check-re-open)', () => {
  const order: { projectId: number; accountId: number; unitId: number | null } = {
    projectId: PROJECT,
    accountId: 5,
    unitId: 3,
  };
  const ask = (scope: PolicyScope, row: typeof order | null) => judge(scope, 'invoice.ask', { order: row });
  const invoiceStaff: PolicyScope = {
    ...staff,
    principal: { ...staff.principal, menu: new Set(['/invoice-manage/order-manage']) },
  };

  test('a student asks about their own order, a unit manager about their unit’s, invoice staff about any', () => {
    expect(ask(student, order)).toBeNull();
    expect(ask(manager, order)).toBeNull();
    expect(ask(invoiceStaff, { ...order, accountId: 6, unitId: null })).toBeNull();
  });

  test('another’s order, another unit’s, another project’s or a missing one reads as missing', () => {
    expect(ask(student, { ...order, accountId: 6 })).toEqual({ reason: '订单不存在' });
    expect(ask(manager, { ...order, unitId: 4 })).toEqual({ reason: '订单不存在' });
    expect(ask(invoiceStaff, { ...order, projectId: 2 })).toEqual({ reason: '订单不存在' });
    expect(ask(student, null)).toEqual({ reason: '订单不存在' });
  });

  test('staff without an invoice page are refused (403), whatever the order', () => {
    expect(ask(staff, order)?.forbidden).toBe(true);
    expect(ask(staff, null)?.forbidden).toBe(true);
  });
});

describe('invoice policy: facts and abilities', () => {
  const order = (over: Partial<PayOrder> = {}) =>
    ({
      id: 11,
      projectId: PROJECT,
      accountId: 5,
      unitId: 3,
      orderNo: 'P1',
      status: 'PAID',
      batchOrderId: null,
      paidFen: 5_000,
      refundedFen: 1_000,
      ...over,
    }) as PayOrder;
  const invoice = (over: Partial<Invoice> = {}) =>
    ({ id: 21, projectId: PROJECT, accountId: 5, kind: 'SINGLE', status: 'REJECTED', ...over }) as Invoice;

  test('what may be invoiced is paid minus refunded of a paid order, for applying and for marking alike', () => {
    expect(applyFacts(order(), null, false)).toMatchObject({
      amount: 4_000,
      active: null,
      refundPending: false,
    });
    expect(markFacts(order({ status: 'REFUNDED' }), null, true)).toMatchObject({
      amount: 0,
      refundPending: true,
    });
  });

  test("重新申请 counts the order's active invoice only when it is another application's", () => {
    expect(reapplyFacts(invoice(), order(), invoice({ status: 'PENDING' }), false).apply?.active).toBeNull();
    const other = invoice({ id: 22, status: 'PENDING' });
    expect(reapplyFacts(invoice(), order(), other, false).apply?.active).toBe(other);
    expect(reapplyFacts(invoice(), null, null, false).apply).toBeNull();
  });

  test("the answers' abilities are the verdicts the calls check", () => {
    expect(orderInvoiceAbilities(student, applyFacts(order(), null, true))).toEqual({
      canInvoice: false,
      invoiceRefusal: REFUND_PENDING,
    });
    expect(markAbilities(staff, markFacts(order(), null, false))).toEqual({
      canMark: true,
      markRefusal: null,
    });
    expect(reapplyAbilities(student, reapplyFacts(invoice(), order(), null, false))).toEqual({
      canReapply: true,
      reapplyRefusal: null,
    });
    expect(
      reapplyAbilities(student, reapplyFacts(invoice({ status: 'ISSUED' }), order(), null, false)),
    ).toEqual({
      canReapply: false,
      reapplyRefusal: '仅已驳回或开票失败的申请可以重新提交',
    });
  });
});

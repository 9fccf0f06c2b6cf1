import { ROLE_SYSTEM } from '@px/config';
import type { ActorScope } from '../../core/action';
import { judge, type PolicyScope } from '../../core/policy';
import {
  CERTIFIED_REFUSAL,
  myRefundApplyAbilities,
  orderRefundAbilities,
  type RefundApplyFacts,
  type RefundApplyRef,
  refundApplyAbilities,
  refundApplyFacts,
} from './refund-apply.policy';

const PROJECT = 1;
const student: PolicyScope = {
  project: { id: PROJECT },
  principal: { accountId: 5, roleSystem: ROLE_SYSTEM.STUDENT, unitId: null, menu: new Set() },
};
const staff: PolicyScope = {
  project: { id: PROJECT },
  principal: {
    accountId: 9,
    roleSystem: ROLE_SYSTEM.PROJECT,
    unitId: null,
    menu: new Set(['/invoice-manage', '/invoice-manage/refund-list']),
  },
};
const clerk: PolicyScope = { ...staff, principal: { ...staff.principal, menu: new Set(['/order-manage']) } };
const NOW = new Date('2026-11-28T00:00:00Z');

const facts = (
  over: Partial<RefundApplyFacts> = {},
  order: Partial<RefundApplyFacts['order']> = {},
): RefundApplyFacts => ({
  settings: { studentRefund: 1, refundOrderDays: 7, refundClassProcess: 20, refundOrderTimes: 2 },
  now: NOW,
  order: {
    projectId: PROJECT,
    accountId: 5,
    status: 'PAID',
    batchOrderId: null,
    channel: 'WX_NATIVE',
    paidAt: new Date(NOW.getTime() - 3600_000),
    paidFen: 5_000,
    refundedFen: 0,
    ...order,
  },
  open: false,
  usedTimes: 0,
  itemMissing: false,
  chosen: [{ className: '电工', progress: 10, refunded: false }],
  certificates: 0,
  ...over,
});
const apply = (status: RefundApplyRef['status'], over: Partial<RefundApplyRef> = {}): RefundApplyRef => ({
  projectId: PROJECT,
  accountId: 5,
  status,
  ...over,
});
const reasonOf = (scope: PolicyScope, row: RefundApplyFacts) =>
  judge(scope, 'refund-apply.apply', row)?.reason ?? null;

describe('refund-apply policy: apply', () => {
  test('a paid order of the student within the rules may be applied for', () => {
    expect(reasonOf(student, facts())).toBeNull();
  });

  test('another project or another student: the order reads as missing', () => {
    expect(reasonOf(student, facts({}, { projectId: 2 }))).toBe('订单不存在');
    expect(reasonOf(student, facts({}, { accountId: 6 }))).toBe('订单不存在');
  });

  test('each rule refuses with its reason', () => {
    const cases: [RefundApplyFacts, string][] = [
      [facts({ settings: { ...facts().settings, studentRefund: 0 } }), '本项目未开放学员申请退款'],
      [facts({}, { status: 'REFUNDING' }), '该订单正在退款中'],
      [facts({}, { status: 'UNPAID' }), '只能对已支付的订单申请退款'],
      [facts({}, { batchOrderId: 3 }), '单位缴费、免费开通或线下缴费的订单不能在线申请退款，请联系客服'],
      [facts({}, { channel: 'FREE' }), '单位缴费、免费开通或线下缴费的订单不能在线申请退款，请联系客服'],
      [
        facts({}, { paidAt: new Date(NOW.getTime() - 8 * 24 * 3600_000) }),
        '已超过退款期限（支付后 7 天内可申请）',
      ],
      [facts({ open: true }), '该订单已有处理中的退款申请'],
      [facts({ usedTimes: 2 }), '该订单的退款申请次数已用完（最多 2 次）'],
      [facts({ itemMissing: true, chosen: [] }), '该订单中没有这个班级'],
      [facts({ chosen: [{ className: '电工', progress: 0, refunded: true }] }), '该班级已退款'],
      [facts({}, { refundedFen: 5_000 }), '该订单没有可退的金额'],
      [facts({ certificates: 1 }), CERTIFIED_REFUSAL],
      [
        facts({ chosen: [{ className: '电工', progress: 30, refunded: false }] }),
        '班级「电工」学习进度已达 30%，超过 20% 不能申请退款',
      ],
    ];
    for (const [row, reason] of cases) expect(reasonOf(student, row)).toBe(reason);
  });
});

describe('refund-apply policy: cancel, approve, reject', () => {
  test('the student withdraws their own pending application only', () => {
    expect(judge(student, 'refund-apply.cancel', apply('PENDING'))).toBeNull();
    expect(judge(student, 'refund-apply.cancel', apply('PENDING', { accountId: 6 }))?.reason).toBe(
      '退款申请不存在',
    );
    expect(judge(student, 'refund-apply.cancel', apply('PENDING', { projectId: 2 }))?.reason).toBe(
      '退款申请不存在',
    );
    expect(judge(student, 'refund-apply.cancel', apply('REJECTED'))?.reason).toBe(
      '只能撤销待审核的申请（该申请已驳回）',
    );
  });

  test('staff granted 退款申请 approve pending or approved applications and reject pending ones', () => {
    expect(judge(staff, 'refund-apply.approve', apply('PENDING'))).toBeNull();
    expect(judge(staff, 'refund-apply.approve', apply('APPROVED'))).toBeNull();
    expect(judge(staff, 'refund-apply.approve', apply('SUCCESS'))?.reason).toBe('该申请已退款，不能再审核');
    expect(judge(staff, 'refund-apply.reject', apply('PENDING'))).toBeNull();
    expect(judge(staff, 'refund-apply.reject', apply('APPROVED'))?.reason).toBe('该申请已通过，不能驳回');
  });

  test("another project's application reads as missing; a role without the page is forbidden", () => {
    expect(judge(staff, 'refund-apply.approve', apply('PENDING', { projectId: 2 }))?.reason).toBe(
      '退款申请不存在',
    );
    expect(judge(clerk, 'refund-apply.approve', apply('PENDING'))).toMatchObject({ forbidden: true });
    expect(judge(student, 'refund-apply.reject', apply('PENDING'))).toMatchObject({ forbidden: true });
  });
});

describe('refund-apply policy: facts and abilities', () => {
  const settings = facts().settings;
  const caller = {
    project: { id: PROJECT, settings },
    providers: { clock: { now: () => NOW } },
  } as unknown as Pick<ActorScope, 'project' | 'providers'>;

  test('the facts carry the project rules and the time; an order alone has no classes, applications or certificates', () => {
    const { order } = facts();
    expect(refundApplyFacts(caller, order)).toEqual({
      ...facts({ chosen: [] }),
      settings,
    });
    expect(reasonOf(student, refundApplyFacts(caller, order))).toBe('该班级已退款');
    expect(reasonOf(student, refundApplyFacts(caller, { ...order, batchOrderId: 3 }))).toBe(
      '单位缴费、免费开通或线下缴费的订单不能在线申请退款，请联系客服',
    );
    const classes = {
      open: false,
      usedTimes: 1,
      itemMissing: false,
      chosen: facts().chosen,
      certificates: 0,
    };
    expect(refundApplyFacts(caller, order, classes)).toEqual(facts({ usedTimes: 1 }));
  });

  test("the student's 撤销申请 is the cancel verdict: their own pending application only", () => {
    expect(myRefundApplyAbilities(student, apply('PENDING'))).toEqual({
      canWithdraw: true,
      withdrawRefusal: null,
    });
    expect(myRefundApplyAbilities(student, apply('APPROVED'))).toEqual({
      canWithdraw: false,
      withdrawRefusal: '只能撤销待审核的申请（该申请已通过）',
    });
    expect(myRefundApplyAbilities(student, apply('PENDING', { accountId: 6 }))).toEqual({
      canWithdraw: false,
      withdrawRefusal: '退款申请不存在',
    });
  });

  test("the order's 申请退款 and staff's 通过 / 驳回 are the policy's verdicts", () => {
    expect(orderRefundAbilities(student, facts())).toEqual({ canRefund: true, refundRefusal: null });
    expect(orderRefundAbilities(student, facts({ open: true }))).toEqual({
      canRefund: false,
      refundRefusal: '该订单已有处理中的退款申请',
    });
    expect(refundApplyAbilities(staff, apply('APPROVED'))).toEqual({
      canApprove: true,
      approveRefusal: null,
      canReject: false,
      rejectRefusal: '该申请已通过，不能驳回',
    });
    expect(refundApplyAbilities(clerk, apply('PENDING'))).toMatchObject({
      canApprove: false,
      canReject: false,
    });
  });
});

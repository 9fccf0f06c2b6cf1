import { ROLE_SYSTEM } from '@px/config';
import { judge, type PolicyScope } from '../../core/policy';
import { BATCH_NOT_FOUND, type BatchOrderFacts } from './batch-order.policy';

const staff: PolicyScope = {
  project: { id: 1 },
  principal: {
    accountId: 9,
    roleSystem: ROLE_SYSTEM.PROJECT,
    unitId: null,
    menu: new Set(['/invoice-manage/refund-list', '/order-manage/free-order']),
  },
};
/** Staff holding neither 退款申请 nor 免费开通. */
const clerk: PolicyScope = {
  project: { id: 1 },
  principal: { accountId: 8, roleSystem: ROLE_SYSTEM.PROJECT, unitId: null, menu: new Set() },
};
const manager: PolicyScope = {
  project: { id: 1 },
  principal: { accountId: 7, roleSystem: ROLE_SYSTEM.UNIT, unitId: 3, menu: new Set() },
};
const batch = (over: Partial<BatchOrderFacts> = {}): BatchOrderFacts => ({
  projectId: 1,
  unitId: 3,
  status: 'CREATED',
  importFinished: true,
  orderCount: 2,
  totalFen: 10_000,
  ...over,
});
const reasonOf = (
  scope: PolicyScope,
  verb: 'batch-order.pay' | 'batch-order.change' | 'batch-order.pass' | 'batch-order.refund',
  row: BatchOrderFacts,
) => judge(scope, verb, row)?.reason ?? null;

describe('batch order policy', () => {
  test("a unit manager acts on their unit's batch, staff on every batch of the project", () => {
    for (const scope of [staff, manager]) {
      expect(reasonOf(scope, 'batch-order.pay', batch())).toBeNull();
      expect(reasonOf(scope, 'batch-order.change', batch())).toBeNull();
    }
    expect(reasonOf(staff, 'batch-order.refund', batch({ status: 'PAID' }))).toBeNull();
    expect(reasonOf(staff, 'batch-order.pass', batch())).toBeNull();
    expect(reasonOf(staff, 'batch-order.pay', batch({ unitId: 4 }))).toBeNull();
  });

  test('passing and refunding are staff holding 免费开通 and 退款申请 (another role: 403)', () => {
    for (const scope of [manager, clerk]) {
      expect(judge(scope, 'batch-order.pass', batch())).toMatchObject({ forbidden: true });
      expect(judge(scope, 'batch-order.refund', batch({ status: 'PAID' }))).toMatchObject({
        forbidden: true,
      });
    }
    expect(reasonOf(staff, 'batch-order.pass', batch({ orderCount: 0 }))).toBe('批量订单中没有学员');
    expect(reasonOf(staff, 'batch-order.pass', batch({ importFinished: false }))).toBe(
      '学员导入尚未完成，请稍后再试',
    );
    expect(reasonOf(staff, 'batch-order.pass', batch({ status: 'PAID' }))).toBe('批量订单已支付');
    expect(reasonOf(staff, 'batch-order.pass', batch({ projectId: 2 }))).toBe(BATCH_NOT_FOUND);
  });

  test("another unit's batch or another project's reads as missing", () => {
    expect(reasonOf(manager, 'batch-order.pay', batch({ unitId: 4 }))).toBe(BATCH_NOT_FOUND);
    expect(reasonOf(staff, 'batch-order.refund', batch({ projectId: 2, status: 'PAID' }))).toBe(
      BATCH_NOT_FOUND,
    );
    expect(reasonOf(staff, 'batch-order.change', batch({ projectId: 2 }))).toBe(BATCH_NOT_FOUND);
  });

  test('paying and changing wait for a CREATED batch whose import ended', () => {
    expect(reasonOf(staff, 'batch-order.change', batch({ status: 'PAID' }))).toBe('批量订单已支付');
    expect(reasonOf(staff, 'batch-order.change', batch({ status: 'CANCELLED' }))).toBe('批量订单已取消');
    expect(reasonOf(staff, 'batch-order.pay', batch({ importFinished: false }))).toBe(
      '学员导入尚未完成，请稍后再试',
    );
    expect(reasonOf(staff, 'batch-order.pay', batch({ orderCount: 0 }))).toBe('批量订单中没有学员');
    expect(reasonOf(staff, 'batch-order.pay', batch({ totalFen: 0 }))).toBe('批量订单金额为 0，无需支付');
    expect(reasonOf(staff, 'batch-order.change', batch({ orderCount: 0 }))).toBeNull();
  });

  test('only a paid batch has children to refund', () => {
    expect(reasonOf(staff, 'batch-order.refund', batch())).toBe('只能退款已支付的批量订单');
  });
});

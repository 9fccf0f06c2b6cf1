import { ROLE_SYSTEM } from '@px/config';
import { judge, type PolicyScope } from '../../core/policy';
import { type OrderFacts, PAID_BY_UNIT } from './order.policy';

const student: PolicyScope = {
  project: { id: 1 },
  principal: { accountId: 5, roleSystem: ROLE_SYSTEM.STUDENT, unitId: null, menu: new Set() },
};
const order = (over: Partial<OrderFacts> = {}): OrderFacts => ({
  accountId: 5,
  status: 'UNPAID',
  batchOrderId: null,
  ...over,
});
const reason = (verb: 'order.pay' | 'order.cancel', row: OrderFacts) =>
  judge(student, verb, row)?.reason ?? null;

describe('order policy', () => {
  test('the student pays and cancels their own unpaid order', () => {
    expect(reason('order.pay', order())).toBeNull();
    expect(reason('order.cancel', order())).toBeNull();
  });

  test("another student's order reads as missing", () => {
    expect(reason('order.pay', order({ accountId: 6 }))).toBe('订单不存在');
    expect(reason('order.cancel', order({ accountId: 6 }))).toBe('订单不存在');
  });

  test('a paid or closed order is neither paid nor cancelled', () => {
    expect(reason('order.pay', order({ status: 'CLOSED' }))).toBe('订单已关闭，请重新下单');
    expect(reason('order.cancel', order({ status: 'PAID' }))).toBe('只能取消待支付的订单');
  });

  test("a unit's child order is the unit's to pay", () => {
    expect(reason('order.pay', order({ batchOrderId: 3 }))).toBe(PAID_BY_UNIT);
    expect(reason('order.cancel', order({ batchOrderId: 3 }))).toBe(PAID_BY_UNIT);
  });
});

import { ROLE_SYSTEM } from '@px/config';
import '../modules/order/order.policy';
import { BusinessError, ForbiddenError } from './errors';
import { abilitiesOf, authorize, can, definePolicy, forbid, judge, type PolicyScope, refuse } from './policy';

declare module './policy' {
  interface PolicyVerbs {
    'test.touch': { projectId: number; locked: boolean };
  }
}

definePolicy({
  'test.touch': (scope, row) =>
    row.projectId !== scope.project.id ? forbid() : row.locked ? refuse('已锁定，不能修改') : null,
});

const scope: PolicyScope = {
  project: { id: 1 },
  principal: { accountId: 5, roleSystem: ROLE_SYSTEM.STUDENT, unitId: null, menu: new Set() },
};

describe('authorize', () => {
  test('an allowed verb passes; a refusal throws the business error with its reason', () => {
    expect(() => authorize(scope, 'test.touch', { projectId: 1, locked: false })).not.toThrow();
    expect(() => authorize(scope, 'test.touch', { projectId: 1, locked: true })).toThrow(BusinessError);
    expect(() => authorize(scope, 'test.touch', { projectId: 1, locked: true })).toThrow('已锁定，不能修改');
  });

  test('a refusal of the role throws ForbiddenError (403)', () => {
    expect(() => authorize(scope, 'test.touch', { projectId: 2, locked: false })).toThrow(ForbiddenError);
    expect(can(scope, 'test.touch', { projectId: 2, locked: false })).toBe(false);
  });

  test('abilities carry each verdict as canX and xRefusal', () => {
    const order = { accountId: 5, status: 'PAID' as const, batchOrderId: null };
    expect(
      abilitiesOf(scope, {
        touch: ['test.touch', { projectId: 1, locked: true }],
        cancel: ['order.cancel', order],
      }),
    ).toEqual({
      canTouch: false,
      touchRefusal: '已锁定，不能修改',
      canCancel: false,
      cancelRefusal: '只能取消待支付的订单',
    });
  });

  test('a verb no policy declares is a programming error', () => {
    expect(() => judge(scope, 'nope.verb' as 'test.touch', { projectId: 1, locked: false })).toThrow(
      'no policy declares the verb nope.verb',
    );
  });
});

import { ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { callerCan, judge, type PolicyScope } from '../../core/policy';
import { NOT_A_STUDENT } from './class-center.policy';

const scopeOf = (roleSystem: RoleSystem): PolicyScope => ({
  project: { id: 1 },
  principal: { accountId: 9, roleSystem, unitId: null, menu: new Set(['/train-manage/class-manage']) },
});

describe('class centre policy', () => {
  test('a student sees their own state on a class; staff and unit managers do not', () => {
    expect(judge(scopeOf(ROLE_SYSTEM.STUDENT), 'class-center.own-state', { classId: 3 })).toBeNull();
    expect(judge(scopeOf(ROLE_SYSTEM.PROJECT), 'class-center.own-state', { classId: 3 })?.reason).toBe(
      NOT_A_STUDENT,
    );
    expect(judge(scopeOf(ROLE_SYSTEM.UNIT), 'class-center.own-state', { classId: 3 })).not.toBeNull();
  });

  test('an anonymous visitor has no own state', () => {
    expect(callerCan({ principal: null, project: null }, 'class-center.own-state', { classId: 3 })).toBe(
      false,
    );
  });
});

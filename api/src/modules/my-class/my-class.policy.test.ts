import { ROLE_SYSTEM } from '@px/config';
import { CLASS_APPLY_MESSAGES as M } from '../../contract/class-apply';
import { MY_CLASS_END_MESSAGES as E } from '../../contract/my-class';
import { judge, type PolicyScope } from '../../core/policy';
import { type ClassApplyRef, classApplyAbilities, type MyClassEndFacts } from './my-class.policy';

const student: PolicyScope = {
  project: { id: 1 },
  principal: { accountId: 5, roleSystem: ROLE_SYSTEM.STUDENT, unitId: null, menu: new Set() },
};
const staff: PolicyScope = {
  project: { id: 1 },
  principal: { accountId: 9, roleSystem: ROLE_SYSTEM.PROJECT, unitId: null, menu: new Set() },
};
const otherStaff: PolicyScope = { ...staff, project: { id: 2 } };

const apply = (over: Partial<ClassApplyRef> = {}): ClassApplyRef => ({
  projectId: 1,
  status: 'PENDING',
  ...over,
});
const enrolment = (over: Partial<MyClassEndFacts> = {}): MyClassEndFacts => ({
  projectId: 1,
  accountId: 5,
  status: 'PASSED',
  endedAt: null,
  ...over,
});

describe('my-class policy', () => {
  test('staff decide a pending application of their project only', () => {
    expect(judge(staff, 'class-apply.decide', apply())).toBeNull();
    expect(judge(staff, 'class-apply.decide', apply({ status: 'APPROVED' }))?.reason).toBe(M.NOT_PENDING);
    expect(judge(staff, 'class-apply.decide', apply({ status: 'REJECTED' }))?.reason).toBe(M.NOT_PENDING);
    expect(judge(otherStaff, 'class-apply.decide', apply())?.reason).toBe(M.NOT_FOUND);
  });

  test('a student ends their own passed class, once', () => {
    expect(judge(student, 'my-class.end', enrolment())).toBeNull();
    for (const status of ['STUDYING', 'FINISHED_STUDY', 'EXPIRED', 'REFUNDED', 'PENDING_PAY'] as const)
      expect(judge(student, 'my-class.end', enrolment({ status }))?.reason).toBe(E.NOT_PASSED);
    expect(judge(student, 'my-class.end', enrolment({ endedAt: new Date() }))?.reason).toBe(E.ENDED);
    expect(judge(student, 'my-class.end', enrolment({ accountId: 6 }))?.reason).toBe(E.NOT_FOUND);
    expect(judge(student, 'my-class.end', enrolment({ projectId: 2 }))?.reason).toBe(E.NOT_FOUND);
    expect(judge(staff, 'my-class.end', enrolment())?.reason).toBe(E.NOT_FOUND);
  });
});

describe('my-class policy: abilities', () => {
  test("an application's 通过 and 驳回 are the decide verdict", () => {
    expect(classApplyAbilities(staff, apply())).toEqual({
      canApprove: true,
      approveRefusal: null,
      canReject: true,
      rejectRefusal: null,
    });
    expect(classApplyAbilities(staff, apply({ status: 'REJECTED' }))).toEqual({
      canApprove: false,
      approveRefusal: M.NOT_PENDING,
      canReject: false,
      rejectRefusal: M.NOT_PENDING,
    });
  });
});

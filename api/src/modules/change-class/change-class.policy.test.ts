import { ROLE_SYSTEM } from '@px/config';
import { CHANGE_CLASS_MANAGE_PAGE, CHANGE_CLASS_MESSAGES as M } from '../../contract/change-class';
import { judge, type PolicyScope } from '../../core/policy';
import {
  CHANGE_NOT_FOUND,
  type ChangeClassFacts,
  type ChangeClassRef,
  changeClassAbilities,
  myClassChangeAbilities,
  progressPercentOf,
} from './change-class.policy';

const NOW = new Date('2026-11-28T00:00:00Z');
const student: PolicyScope = {
  project: { id: 1 },
  principal: { accountId: 5, roleSystem: ROLE_SYSTEM.STUDENT, unitId: null, menu: new Set() },
};
const staff: PolicyScope = {
  project: { id: 1 },
  principal: {
    accountId: 9,
    roleSystem: ROLE_SYSTEM.PROJECT,
    unitId: null,
    menu: new Set(['/train-manage', CHANGE_CLASS_MANAGE_PAGE]),
  },
};
/** Staff without 转班管理. */
const clerk: PolicyScope = {
  project: { id: 1 },
  principal: {
    accountId: 8,
    roleSystem: ROLE_SYSTEM.PROJECT,
    unitId: null,
    menu: new Set(['/train-manage']),
  },
};
const facts = (over: Partial<ChangeClassFacts> = {}): ChangeClassFacts => ({
  settings: { openChangeClass: 1, openChangeClassDays: 30, openChangeClassProcess: 50 },
  now: NOW,
  myClass: { projectId: 1, accountId: 5, status: 'STUDYING', unitClassId: null },
  order: { accountId: 5, status: 'PAID', batchOrderId: null, paidAt: new Date(NOW.getTime() - 3600_000) },
  progressPercent: 10,
  ...over,
});
const apply = (over: Partial<ChangeClassRef> = {}): ChangeClassRef => ({
  projectId: 1,
  accountId: 5,
  status: 'PENDING',
  ...over,
});
const reasonOf = (row: ChangeClassFacts) => judge(student, 'change-class.apply', row)?.reason ?? null;

describe('change-class policy', () => {
  test('a paid enrolment within the rules may move', () => {
    expect(reasonOf(facts())).toBeNull();
  });

  test('each rule refuses with its reason', () => {
    const base = facts();
    expect(reasonOf(facts({ settings: { ...base.settings, openChangeClass: 0 } }))).toBe(M.CLOSED);
    expect(reasonOf(facts({ myClass: { ...base.myClass, status: 'PASSED' } }))).toBe(M.STATE);
    expect(reasonOf(facts({ order: null }))).toBe(M.NOT_PAID);
    expect(
      reasonOf(
        facts({ order: { ...(base.order as NonNullable<ChangeClassFacts['order']>), batchOrderId: 2 } }),
      ),
    ).toBe(M.NOT_PAID);
    expect(reasonOf(facts({ myClass: { ...base.myClass, unitClassId: 4 } }))).toBe(M.NOT_PAID);
    expect(
      reasonOf(
        facts({
          order: {
            ...(base.order as NonNullable<ChangeClassFacts['order']>),
            paidAt: new Date(NOW.getTime() - 31 * 86_400_000),
          },
        }),
      ),
    ).toBe(M.DAYS(30));
    expect(reasonOf(facts({ progressPercent: 51 }))).toBe(M.PROGRESS(50));
  });

  test("another project's enrolment is not the student's", () => {
    expect(reasonOf(facts({ myClass: { ...facts().myClass, projectId: 2 } }))).toBe(M.NOT_YOURS);
  });

  test('转班 on 我的班级 is offered when the enrolment may move, or while an application of it is pending', () => {
    const base = facts();
    const late = facts({
      order: {
        ...(base.order as NonNullable<ChangeClassFacts['order']>),
        paidAt: new Date(NOW.getTime() - 31 * 86_400_000),
      },
    });
    expect(myClassChangeAbilities(student, { ...base, pending: false })).toEqual({
      canChangeClass: true,
      changeClassRefusal: null,
    });
    expect(myClassChangeAbilities(student, { ...late, pending: false })).toEqual({
      canChangeClass: false,
      changeClassRefusal: M.DAYS(30),
    });
    expect(myClassChangeAbilities(student, { ...late, pending: true })).toEqual({
      canChangeClass: true,
      changeClassRefusal: null,
    });
    const closed = facts({ settings: { ...base.settings, openChangeClass: 0 } });
    expect(myClassChangeAbilities(student, { ...closed, pending: true }).canChangeClass).toBe(true);
    expect(myClassChangeAbilities(student, { ...closed, pending: false }).changeClassRefusal).toBe(M.CLOSED);
    const elsewhere = facts({ myClass: { ...base.myClass, projectId: 2 } });
    expect(myClassChangeAbilities(student, { ...elsewhere, pending: true }).changeClassRefusal).toBe(
      M.NOT_YOURS,
    );
  });

  test('progress is the whole percent of the required hours studied, 0 for a class of none', () => {
    expect(progressPercentOf(3, 10)).toBe(30);
    expect(progressPercentOf(1, 3)).toBe(33);
    expect(progressPercentOf(12, 10)).toBe(100);
    expect(progressPercentOf(5, 0)).toBe(0);
  });

  test('staff decide pending applications of their project; the student withdraws only their own', () => {
    expect(judge(staff, 'change-class.decide', apply())).toBeNull();
    expect(judge(staff, 'change-class.decide', apply({ status: 'DONE' }))?.reason).toBe(M.NOT_PENDING);
    expect(judge(staff, 'change-class.decide', apply({ projectId: 2 }))?.reason).toBe(CHANGE_NOT_FOUND);
    expect(judge(student, 'change-class.withdraw', apply())).toBeNull();
    expect(judge(student, 'change-class.withdraw', apply({ accountId: 6 }))?.reason).toBe(CHANGE_NOT_FOUND);
    expect(judge(student, 'change-class.withdraw', apply({ status: 'REJECTED' }))?.reason).toBe(
      M.NOT_PENDING,
    );
  });

  test('deciding is for staff granted 转班管理 (anyone else: 403)', () => {
    for (const scope of [clerk, student])
      expect(judge(scope, 'change-class.decide', apply())).toMatchObject({ forbidden: true });
  });

  test("an application's abilities are the decide and withdraw verdicts, each for its side", () => {
    expect(changeClassAbilities(staff, apply())).toEqual({
      canApprove: true,
      approveRefusal: null,
      canReject: true,
      rejectRefusal: null,
      canCancel: true,
      cancelRefusal: null,
      canWithdraw: false,
      withdrawRefusal: CHANGE_NOT_FOUND,
    });
    expect(changeClassAbilities(student, apply({ status: 'DONE' }))).toMatchObject({
      canApprove: false,
      canWithdraw: false,
      withdrawRefusal: M.NOT_PENDING,
    });
    expect(changeClassAbilities(student, apply())).toMatchObject({ canApprove: false, canWithdraw: true });
  });
});

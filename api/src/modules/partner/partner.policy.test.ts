import { ROLE_SYSTEM } from '@px/config';
import { judge, type PolicyScope } from '../../core/policy';
import type { Account } from '../account/account.model';
import {
  bindFound,
  keepBound,
  noticeAbilities,
  noticeFacts,
  PARTNER_BOUND_ELSEWHERE,
  type PartnerNoticeFacts,
  partnerAppAbilities,
  STUDENT_DISABLED,
  sameIdentity,
} from './partner.policy';
import type { PartnerNotice } from './partner-api.model';
import type { PartnerApp } from './partner-app.model';

const platform: PolicyScope = {
  project: { id: 0 },
  principal: { accountId: 1, roleSystem: ROLE_SYSTEM.PLATFORM, unitId: null, menu: new Set() },
};
const projectStaff: PolicyScope = {
  project: { id: 1 },
  principal: { accountId: 9, roleSystem: ROLE_SYSTEM.PROJECT, unitId: null, menu: new Set() },
};
const notice = (over: Partial<PartnerNoticeFacts> = {}): PartnerNoticeFacts => ({
  appEnabled: true,
  hasCallback: true,
  status: 'FAILED',
  attempts: 8,
  ...over,
});
const reason = (verdict: ReturnType<typeof judge>) => verdict?.reason ?? null;

describe('partner policy: apps and notices (platform staff)', () => {
  test('a notice is replayed when its app is enabled with a callback and no first delivery runs', () => {
    expect(judge(platform, 'partner-notice.replay', notice())).toBeNull();
    expect(judge(platform, 'partner-notice.replay', notice({ status: 'PENDING', attempts: 2 }))).toBeNull();
    expect(reason(judge(platform, 'partner-notice.replay', notice({ appEnabled: false })))).toBe(
      '应用已停用',
    );
    expect(reason(judge(platform, 'partner-notice.replay', notice({ hasCallback: false })))).toBe(
      '应用未设置回调地址',
    );
    expect(reason(judge(platform, 'partner-notice.replay', notice({ status: 'PENDING', attempts: 0 })))).toBe(
      '正在投递中',
    );
    expect(judge(projectStaff, 'partner-notice.replay', notice())?.forbidden).toBe(true);
  });

  test('the facts of a notice come from it and its app; abilities carry the verdict', () => {
    const app = { enabled: true, callbackUrl: null } as PartnerApp;
    const row = { status: 'DELIVERED', attempts: 1 } as PartnerNotice;
    expect(noticeFacts(row, app)).toEqual(notice({ hasCallback: false, status: 'DELIVERED', attempts: 1 }));
    expect(noticeAbilities(platform, noticeFacts(row, app))).toEqual({
      canReplay: false,
      replayRefusal: '应用未设置回调地址',
    });
  });

  test("secrets rotate at any time; a disabled app's tokens are not revoked (they ended with it)", () => {
    expect(partnerAppAbilities(platform, { enabled: true })).toEqual({
      canRotate: true,
      rotateRefusal: null,
      canRevokeTokens: true,
      revokeTokensRefusal: null,
    });
    expect(partnerAppAbilities(platform, { enabled: false })).toMatchObject({
      canRotate: true,
      canRevokeTokens: false,
      revokeTokensRefusal: '应用已停用，令牌均已失效',
    });
    expect(partnerAppAbilities(projectStaff, { enabled: true })).toMatchObject({
      canRotate: false,
      canRevokeTokens: false,
    });
  });
});

describe('partner policy: which student a partner account stands for', () => {
  const student = {
    idCardNo: '110101199003070011',
    realName: '张三',
    roleSystem: ROLE_SYSTEM.STUDENT,
    status: 'ENABLED',
  } as Account;
  const identity = { idCardNo: '110101199003070011', realName: '张三' };

  test('the bound student stays while the ID number matches and the account is in use', () => {
    expect(keepBound(student, identity)).toBeNull();
    expect(keepBound(null, identity)?.reason).toBe('绑定的学员账号已不存在');
    expect(keepBound(student, { idCardNo: '110101199003070038' })?.reason).toBe(PARTNER_BOUND_ELSEWHERE);
    expect(keepBound({ ...student, status: 'DISABLED' } as Account, identity)?.reason).toBe(STUDENT_DISABLED);
    expect(sameIdentity(student, { idCardNo: '110101199003070038' })?.reason).toBe(PARTNER_BOUND_ELSEWHERE);
  });

  test('a found account is bound when a student of the name, in use, bound to no other account id', () => {
    expect(bindFound(student, identity, false)).toBeNull();
    expect(
      bindFound({ ...student, roleSystem: ROLE_SYSTEM.PROJECT } as Account, identity, false)?.reason,
    ).toBe('该身份证号不是学员账号');
    expect(bindFound(student, { realName: '李四' }, false)?.reason).toBe('身份证号与姓名不一致');
    expect(bindFound({ ...student, status: 'DISABLED' } as Account, identity, false)?.reason).toBe(
      STUDENT_DISABLED,
    );
    expect(bindFound(student, identity, true)?.reason).toBe('该学员已绑定合作方的其他账号');
  });
});

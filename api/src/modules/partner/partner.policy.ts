import { ROLE_SYSTEM } from '@px/config';
import type { StudentIdentity } from '@px/partner';
import type { PartnerAppItem, PartnerNoticeItem, PartnerNoticeStatus } from '../../contract';
import { abilitiesOf, definePolicy, forbid, type PolicyScope, refuse, type Verdict } from '../../core/policy';
import type { Account } from '../account/account.model';
import type { PartnerNotice } from './partner-api.model';
import type { PartnerApp } from './partner-app.model';

/**
 * The partner module's record policy (docs/partner-api.md): what platform staff may do to an app
 * and its progress notices (合作平台), and which of our student accounts a partner's account id may
 * stand for (the app's sign-ups and reads). Pure: the services load the rows and refuse.
 */

/** What the policy reads of an app. */
export interface PartnerAppFacts {
  enabled: boolean;
}

/** What the policy reads of a progress notice and its app. */
export interface PartnerNoticeFacts {
  appEnabled: boolean;
  hasCallback: boolean;
  status: PartnerNoticeStatus;
  attempts: number;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'partner-app.rotate': PartnerAppFacts;
    'partner-app.revoke-tokens': PartnerAppFacts;
    'partner-notice.replay': PartnerNoticeFacts;
  }
}

export const PARTNER_BOUND_ELSEWHERE = '合作方账号已绑定其他身份证号的学员';
export const STUDENT_DISABLED = '学员账号已停用';

/** Platform staff keep partner apps (the calls say so; the rule says so again for abilities). */
const platformStaff = (scope: PolicyScope): Verdict =>
  scope.principal.roleSystem === ROLE_SYSTEM.PLATFORM ? null : forbid();

export const partnerPolicy = definePolicy({
  /** A new secret, at any time. */
  'partner-app.rotate': (scope) => platformStaff(scope),
  /** Revoking tokens of an enabled app (a disabled app's ended with it). */
  'partner-app.revoke-tokens': (scope, app) =>
    platformStaff(scope) ?? (app.enabled ? null : refuse('应用已停用，令牌均已失效')),
  /** Sending a notice again: its app enabled with a callback, and no first delivery under way. */
  'partner-notice.replay': (scope, notice) =>
    platformStaff(scope) ??
    (!notice.appEnabled ? refuse('应用已停用') : null) ??
    (!notice.hasCallback ? refuse('应用未设置回调地址') : null) ??
    (notice.status === 'PENDING' && notice.attempts === 0 ? refuse('正在投递中') : null),
});

/** The facts the notice policy reads of a notice of an app. */
export const noticeFacts = (notice: PartnerNotice, app: PartnerApp): PartnerNoticeFacts => ({
  appEnabled: app.enabled,
  hasCallback: Boolean(app.callbackUrl),
  status: notice.status,
  attempts: notice.attempts,
});

/** What the back office may do to an app. */
export type PartnerAppAbilities = Pick<
  PartnerAppItem,
  'canRotate' | 'rotateRefusal' | 'canRevokeTokens' | 'revokeTokensRefusal'
>;

/** 轮换密钥 / 吊销令牌 of an app as the back office lists it. */
export const partnerAppAbilities = (
  scope: PolicyScope,
  app: Pick<PartnerApp, 'enabled'>,
): PartnerAppAbilities =>
  abilitiesOf(scope, {
    rotate: ['partner-app.rotate', { enabled: app.enabled }],
    revokeTokens: ['partner-app.revoke-tokens', { enabled: app.enabled }],
  });

/** 重新推送 of a notice. */
export const noticeAbilities = (
  scope: PolicyScope,
  facts: PartnerNoticeFacts,
): Pick<PartnerNoticeItem, 'canReplay' | 'replayRefusal'> =>
  abilitiesOf(scope, { replay: ['partner-notice.replay', facts] });

/**
 * Whether a partner's account id may go on standing for the student bound to it: the same ID number
 * as the partner sends now, and an account still in use. (The app is the caller: these rules read
 * the rows alone.)
 */
export const sameIdentity = (
  account: Pick<Account, 'idCardNo'>,
  identity: Pick<StudentIdentity, 'idCardNo'>,
) => (account.idCardNo === identity.idCardNo ? null : refuse(PARTNER_BOUND_ELSEWHERE));

/** The student bound to a partner's account id, as the partner names them again. */
export const keepBound = (
  account: Pick<Account, 'idCardNo' | 'status'> | null,
  identity: Pick<StudentIdentity, 'idCardNo'>,
): Verdict =>
  !account
    ? refuse('绑定的学员账号已不存在')
    : (sameIdentity(account, identity) ?? (account.status === 'ENABLED' ? null : refuse(STUDENT_DISABLED)));

/**
 * The project's account of the ID number a partner sends, bound to their account id: a student of
 * the same name, in use, not bound to another account id of the app (`boundElsewhere`).
 */
export const bindFound = (
  account: Pick<Account, 'roleSystem' | 'realName' | 'status'>,
  identity: Pick<StudentIdentity, 'realName'>,
  boundElsewhere: boolean,
): Verdict =>
  (account.roleSystem === ROLE_SYSTEM.STUDENT ? null : refuse('该身份证号不是学员账号')) ??
  (account.realName === identity.realName ? null : refuse('身份证号与姓名不一致')) ??
  (account.status === 'ENABLED' ? null : refuse(STUDENT_DISABLED)) ??
  (boundElsewhere ? refuse('该学员已绑定合作方的其他账号') : null);

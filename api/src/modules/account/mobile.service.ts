import { ROLE_SYSTEM } from '@px/config';
import { type Transaction, UniqueConstraintError } from 'sequelize';
import { LOGIN_MESSAGES } from '../../contract/login';
import type { SendMsgCodeAnswer } from '../../contract/sms';
import type { ActorScope } from '../../core/action';
import { BusinessError, ValidationError } from '../../core/errors';
import { audit } from '../audit/audit.service';
import { revokeOtherSessions } from '../session/session.service';
import { issueSmsCode, withSmsCode } from '../sms/sms-code.service';
import { Account } from './account.model';
import { hashPassword } from './password';

/**
 * An account's mobile: the student of a mobile in a project (students' mobiles are unique there),
 * changing the mobile with a code sent to the new one, and a new password with a code sent to the
 * account's own mobile. The codes belong to the caller's project (platform staff between projects:
 * the request's).
 */

/** Texts of the mobile refusals, shared with sign-up and SMS sign-in. */
export const MOBILE_MESSAGES = {
  MOBILE_TAKEN: '该手机号已被其他学员使用',
  SAME_MOBILE: '新手机号不能与当前手机号相同',
  NO_MOBILE: '当前账号未绑定手机号',
} as const;

/** The living student of a project with this mobile, if any. */
export function findStudentByMobile(
  projectId: number,
  mobile: string,
  transaction?: Transaction,
): Promise<Account | null> {
  return Account.findOne({ where: { projectId, roleSystem: ROLE_SYSTEM.STUDENT, mobile }, transaction });
}

/** The field error of a mobile another student of the project has. */
const mobileTaken = () =>
  new ValidationError([{ field: 'mobile', rule: 'unique', message: MOBILE_MESSAGES.MOBILE_TAKEN }]);

/**
 * The field error when the unique index of students' mobiles refused a write (two students taking
 * one mobile at once), else null.
 */
export function mobileRaceLost(error: unknown): ValidationError | null {
  if (!(error instanceof UniqueConstraintError)) return null;
  const constraint = (error.parent as { constraint?: string } | undefined)?.constraint;
  return constraint === 'account_student_mobile_unique' ? mobileTaken() : null;
}

function refuseImpersonation(scope: ActorScope): void {
  if (scope.principal.impersonatorId !== null)
    throw new BusinessError(LOGIN_MESSAGES.NOT_WHILE_IMPERSONATING);
}

async function callerAccount(scope: ActorScope, transaction?: Transaction): Promise<Account> {
  const { accountId, projectId } = scope.principal;
  const account = await Account.findOne({ where: { id: accountId, projectId }, transaction });
  if (!account) throw new BusinessError('账号不存在');
  return account;
}

/** Refuses a new mobile equal to the current one, or (for students) used by another student of the project. */
async function checkNewMobile(account: Account, mobile: string, transaction?: Transaction): Promise<void> {
  if (account.mobile === mobile) throw new BusinessError(MOBILE_MESSAGES.SAME_MOBILE);
  if (account.roleSystem !== ROLE_SYSTEM.STUDENT || account.projectId === null) return;
  const other = await findStudentByMobile(account.projectId, mobile, transaction);
  if (other && other.id !== account.id) throw mobileTaken();
}

/**
 * `sms/send-msg-code` (signed in): `modify-mobile` sends to the new mobile (checked as
 * `modify-mobile` will), `modify-password` to the account's own mobile. Refused while platform
 * staff are signed in as the account.
 */
export async function sendSignedInCode(
  scope: ActorScope,
  values: { purpose: 'modify-mobile' | 'modify-password'; mobile?: string },
): Promise<SendMsgCodeAnswer> {
  refuseImpersonation(scope);
  const account = await callerAccount(scope);
  let mobile: string;
  if (values.purpose === 'modify-mobile') {
    mobile = values.mobile as string;
    await checkNewMobile(account, mobile);
  } else {
    if (!account.mobile) throw new BusinessError(MOBILE_MESSAGES.NO_MOBILE);
    mobile = account.mobile;
  }
  return issueSmsCode(scope, { mobile, purpose: values.purpose, deliver: true });
}

/**
 * `login/modify-mobile`: binds a new mobile to the caller's account with the code sent to that
 * mobile; audited. Refuses the current mobile and, for students, one used by another student.
 */
export async function modifyMobile(
  scope: ActorScope,
  values: { mobile: string; msgCode: string },
): Promise<void> {
  refuseImpersonation(scope);
  await checkNewMobile(await callerAccount(scope), values.mobile);
  const check = { mobile: values.mobile, purpose: 'modify-mobile' as const, code: values.msgCode };
  try {
    await withSmsCode(scope, check, async (transaction) => {
      const current = await callerAccount(scope, transaction);
      await checkNewMobile(current, values.mobile, transaction);
      await Account.update(
        { mobile: values.mobile },
        { where: { id: current.id, projectId: current.projectId }, transaction },
      );
      await audit(
        scope,
        {
          action: 'account.modify-mobile',
          projectId: current.projectId,
          targetType: 'account',
          targetId: current.id,
          detail: { from: current.mobile, to: values.mobile },
        },
        transaction,
      );
    });
  } catch (error) {
    throw mobileRaceLost(error) ?? error;
  }
}

/**
 * `login/modify-password-by-mobile`: a new password (decrypted and checked by the caller) with the
 * code sent to the account's own mobile; every other session of the account ends; audited.
 */
export async function modifyPasswordByMobile(
  scope: ActorScope,
  values: { msgCode: string; password: string },
): Promise<void> {
  refuseImpersonation(scope);
  const account = await callerAccount(scope);
  if (!account.mobile) throw new BusinessError(MOBILE_MESSAGES.NO_MOBILE);
  const passwordHash = await hashPassword(values.password);
  const check = { mobile: account.mobile, purpose: 'modify-password' as const, code: values.msgCode };
  await withSmsCode(scope, check, async (transaction) => {
    await Account.update(
      { passwordHash, passwordChangedAt: new Date() },
      { where: { id: account.id, projectId: account.projectId }, transaction },
    );
    await revokeOtherSessions(account, scope.principal.sessionId, transaction);
    await audit(
      scope,
      {
        action: 'account.modify-password-by-mobile',
        projectId: account.projectId,
        targetType: 'account',
        targetId: account.id,
      },
      transaction,
    );
  });
}

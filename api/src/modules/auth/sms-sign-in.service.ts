import { ROLE_SYSTEM } from '@px/config';
import { Op, type Transaction, UniqueConstraintError } from 'sequelize';
import { LOGIN_MESSAGES, type LoginAnswer } from '../../contract/login';
import type { SendMsgCodeAnswer } from '../../contract/sms';
import type { TenantScope } from '../../core/action';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { ACCOUNT_STATUS, Account } from '../account/account.model';
import { findStudentByMobile, mobileRaceLost } from '../account/mobile.service';
import { hashPassword } from '../account/password';
import { Role } from '../account/role.model';
import { type AfterSignIn, signInAccount } from '../account/sign-in';
import { audit } from '../audit/audit.service';
import { identityRequired, linkIdentityCheck, requireIdentity } from '../identity/identity.service';
import { Project } from '../project/project.model';
import { revokeAccountSessions } from '../session/session.service';
import { issueSmsCode, withSmsCode } from '../sms/sms-code.service';
import { Unit } from '../unit/unit.model';

/**
 * Students sign up, sign in and reset a forgotten password with an SMS code, in the project of the
 * request (`visitor` calls: the unit's project when `unitId` is sent, else the host's, else the
 * default one).
 */

/** Texts of the refusals of these flows, shared with the tests. */
export const SMS_SIGN_IN_MESSAGES = {
  MOBILE_REGISTERED: '该手机号已注册',
  MOBILE_UNKNOWN: '该手机号未注册',
  ID_CARD_REGISTERED: '该身份证号已注册',
  SMS_LOGIN_CLOSED: '当前项目未开放短信登录',
  UNIT_OTHER_PROJECT: '该单位不属于当前项目',
  UNIT_DISABLED: '该单位已停用',
  FIRST_LOGIN_ID_CARD: '首次登录请填写身份证号',
  FIRST_LOGIN_NAME: '首次登录请填写姓名',
} as const;

const fieldError = (field: string, message: string): FieldError => ({ field, rule: 'unique', message });

/**
 * Refuses a unit of another project than the one the request's host is bound to (naming `unitId`):
 * a project's own domain never creates or serves accounts of another tenant. The scope's project is
 * the unit's when `unitId` was sent.
 */
export async function checkUnitOfHost(scope: TenantScope, unitId: number | undefined): Promise<void> {
  if (unitId === undefined) return;
  const hostProject = await Project.findOne({
    where: { domains: { [Op.contains]: [scope.request.host.toLowerCase()] } },
    attributes: ['id'],
  });
  if (hostProject && hostProject.id !== scope.project.id) {
    throw new ValidationError([
      { field: 'unitId', rule: 'project', message: SMS_SIGN_IN_MESSAGES.UNIT_OTHER_PROJECT },
    ]);
  }
}

/** Field errors for an ID number or mobile already used in the project (ID: any account; mobile: students). */
async function registrationConflicts(
  projectId: number,
  values: { idCardNo: string; mobile: string },
  transaction: Transaction,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (await Account.count({ where: { projectId, idCardNo: values.idCardNo }, transaction })) {
    errors.push(fieldError('idCardNo', SMS_SIGN_IN_MESSAGES.ID_CARD_REGISTERED));
  }
  if (await findStudentByMobile(projectId, values.mobile, transaction)) {
    errors.push(fieldError('mobile', SMS_SIGN_IN_MESSAGES.MOBILE_REGISTERED));
  }
  return errors;
}

/** Turns a unique-index violation on account (a concurrent registration) into the field error. */
async function rethrowUnique<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const constraint =
      error instanceof UniqueConstraintError
        ? (error.parent as { constraint?: string } | undefined)?.constraint
        : undefined;
    if (constraint === 'account_id_card_unique') {
      throw new ValidationError([fieldError('idCardNo', SMS_SIGN_IN_MESSAGES.ID_CARD_REGISTERED)]);
    }
    throw mobileRaceLost(error) ?? error;
  }
}

/**
 * The identity check of a new student when the project requires one (`idCardVerify`): throws
 * naming `realName` / `idCardNo` unless the service says they belong together; the check is tied
 * to the account once made (`link`).
 */
async function identityOfNewStudent(
  scope: TenantScope,
  person: { realName: string; idCardNo: string },
): Promise<(accountId: number, transaction: Transaction) => Promise<void>> {
  if (!identityRequired(scope.project)) return async () => {};
  const check = await requireIdentity(scope, person, { purpose: 'REGISTER' });
  return (accountId, transaction) => linkIdentityCheck(check, accountId, transaction);
}

/** The project's built-in student role; a project without one (never set up) is refused. */
async function studentRole(projectId: number): Promise<Role> {
  const role = await Role.findOne({ where: { projectId, code: 'student', roleSystem: ROLE_SYSTEM.STUDENT } });
  if (!role) throw new BusinessError('该项目未开放学员注册，请联系管理员');
  return role;
}

/** A unit a student may register through: of the project and enabled. Throws naming `unitId`. */
async function checkRegistrationUnit(projectId: number, unitId: number | undefined): Promise<number | null> {
  if (unitId === undefined) return null;
  const unit = await Unit.findOne({ where: { id: unitId, projectId } });
  if (!unit)
    throw new ValidationError([
      { field: 'unitId', rule: 'project', message: SMS_SIGN_IN_MESSAGES.UNIT_OTHER_PROJECT },
    ]);
  if (unit.status !== 'ENABLED') {
    throw new ValidationError([
      { field: 'unitId', rule: 'status', message: SMS_SIGN_IN_MESSAGES.UNIT_DISABLED },
    ]);
  }
  return unit.id;
}

/** `register/send-msg-code`: refused when a student of the project already has the mobile. */
export async function sendRegisterCode(scope: TenantScope, mobile: string): Promise<SendMsgCodeAnswer> {
  if (await findStudentByMobile(scope.project.id, mobile)) {
    throw new BusinessError(SMS_SIGN_IN_MESSAGES.MOBILE_REGISTERED);
  }
  return issueSmsCode(scope, { mobile, purpose: 'register', deliver: true });
}

export interface RegisterValues {
  realName: string;
  idCardNo: string;
  mobile: string;
  msgCode: string;
  /** Decrypted and checked against the password rule by the caller. */
  password: string;
  unitId?: number;
  email?: string;
}

/**
 * `register/do-register`: creates a student of the project with its built-in `student` role,
 * bound to the unit when one is given, and signs it in. The code is consumed in the same
 * transaction. Throws ValidationError naming `idCardNo` / `mobile` when already registered in the
 * project (nothing written, the code stays usable), naming `unitId` for a unit of another project,
 * naming `realName` / `idCardNo` when the project requires 实名核验 and the service does not match
 * them (the check is recorded; the code stays usable).
 */
export async function registerStudent(
  scope: TenantScope,
  values: RegisterValues,
  afterSignIn?: AfterSignIn,
): Promise<LoginAnswer> {
  const projectId = scope.project.id;
  const unitId = await checkRegistrationUnit(projectId, values.unitId);
  const role = await studentRole(projectId);
  const passwordHash = await hashPassword(values.password);
  const check = { mobile: values.mobile, purpose: 'register' as const, code: values.msgCode };
  return rethrowUnique(
    withSmsCode(scope, check, async (transaction) => {
      const conflicts = await registrationConflicts(projectId, values, transaction);
      if (conflicts.length) throw new ValidationError(conflicts);
      const link = await identityOfNewStudent(scope, values);
      const account = await Account.create(
        {
          projectId,
          unitId,
          roleId: role.id,
          roleSystem: ROLE_SYSTEM.STUDENT,
          realName: values.realName,
          idCardNo: values.idCardNo,
          mobile: values.mobile,
          email: values.email ?? null,
          passwordHash,
          passwordChangedAt: new Date(),
        },
        { transaction },
      );
      await link(account.id, transaction);
      await afterSignIn?.(account, transaction);
      return signInNew(scope, account, 'register', transaction);
    }),
  );
}

/** Records the registration of a new student and signs it in. */
async function signInNew(
  scope: TenantScope,
  account: Account,
  via: 'register' | 'login-by-mobile',
  transaction: Transaction,
): Promise<LoginAnswer> {
  await audit(
    scope,
    {
      action: 'account.register',
      projectId: scope.project.id,
      targetType: 'account',
      targetId: account.id,
      detail: { via, unitId: account.unitId },
    },
    transaction,
  );
  return signInAccount(scope, account, transaction);
}

function checkSmsLogin(scope: TenantScope): { loginAsRegister: boolean } {
  const { settings } = scope.project;
  if (!settings.loginType.includes('sms')) throw new BusinessError(SMS_SIGN_IN_MESSAGES.SMS_LOGIN_CLOSED);
  return { loginAsRegister: settings.loginAsRegister === 1 };
}

/**
 * `login/send-msg-code-by-login`: a sign-in code for an enabled student of the project; an unknown
 * mobile too when the project's `loginAsRegister` is on. Refused when the project does not offer
 * SMS sign-in (`loginType`).
 */
export async function sendLoginCode(scope: TenantScope, mobile: string): Promise<SendMsgCodeAnswer> {
  const { loginAsRegister } = checkSmsLogin(scope);
  const student = await findStudentByMobile(scope.project.id, mobile);
  if (student && student.status !== ACCOUNT_STATUS.ENABLED) throw new BusinessError(LOGIN_MESSAGES.DISABLED);
  if (!student && !loginAsRegister) throw new BusinessError(SMS_SIGN_IN_MESSAGES.MOBILE_UNKNOWN);
  return issueSmsCode(scope, { mobile, purpose: 'login', deliver: true });
}

export interface LoginByMobileValues {
  mobile: string;
  msgCode: string;
  idCardNo?: string;
  realName?: string;
  unitId?: number;
}

/**
 * `login/login-by-mobile`: signs the student of the mobile in. With `loginAsRegister` an unknown
 * mobile creates the student from `idCardNo` + `realName` (both required then; an ID number
 * already registered in the project is refused naming it). Throws BusinessError for an unknown
 * mobile (without `loginAsRegister`), a disabled account, a wrong or dead code.
 */
export async function loginByMobile(
  scope: TenantScope,
  values: LoginByMobileValues,
  afterSignIn?: AfterSignIn,
): Promise<LoginAnswer> {
  const projectId = scope.project.id;
  const { loginAsRegister } = checkSmsLogin(scope);
  const existing = await findStudentByMobile(projectId, values.mobile);
  if (existing && existing.status !== ACCOUNT_STATUS.ENABLED)
    throw new BusinessError(LOGIN_MESSAGES.DISABLED);
  if (!existing && !loginAsRegister) throw new BusinessError(SMS_SIGN_IN_MESSAGES.MOBILE_UNKNOWN);
  if (!existing) {
    const missing: FieldError[] = [];
    if (!values.idCardNo)
      missing.push({
        field: 'idCardNo',
        rule: 'required',
        message: SMS_SIGN_IN_MESSAGES.FIRST_LOGIN_ID_CARD,
      });
    if (!values.realName)
      missing.push({ field: 'realName', rule: 'required', message: SMS_SIGN_IN_MESSAGES.FIRST_LOGIN_NAME });
    if (missing.length) throw new ValidationError(missing);
  }
  const unitId = existing ? null : await checkRegistrationUnit(projectId, values.unitId);
  const role = existing ? null : await studentRole(projectId);
  const check = { mobile: values.mobile, purpose: 'login' as const, code: values.msgCode };
  return rethrowUnique(
    withSmsCode(scope, check, async (transaction) => {
      if (existing) {
        await afterSignIn?.(existing, transaction);
        return signInAccount(scope, existing, transaction);
      }
      const idCardNo = values.idCardNo as string;
      const conflicts = await registrationConflicts(
        projectId,
        { idCardNo, mobile: values.mobile },
        transaction,
      );
      if (conflicts.length) throw new ValidationError(conflicts);
      const link = await identityOfNewStudent(scope, { realName: values.realName as string, idCardNo });
      const account = await Account.create(
        {
          projectId,
          unitId,
          roleId: (role as Role).id,
          roleSystem: ROLE_SYSTEM.STUDENT,
          realName: values.realName as string,
          idCardNo,
          mobile: values.mobile,
        },
        { transaction },
      );
      await link(account.id, transaction);
      await afterSignIn?.(account, transaction);
      return signInNew(scope, account, 'login-by-mobile', transaction);
    }),
  );
}

/**
 * `forget/send-msg-code-by-forget`: answers alike whether or not a student of the project has the
 * mobile (the code is recorded either way, so even the rate rules tell nothing), but only sends
 * the message when one has.
 */
export async function sendForgetCode(scope: TenantScope, mobile: string): Promise<SendMsgCodeAnswer> {
  const student = await findStudentByMobile(scope.project.id, mobile);
  return issueSmsCode(scope, { mobile, purpose: 'forget', deliver: student !== null });
}

/**
 * `forget/forget-password`: sets a new password (decrypted and checked by the caller) for the
 * student of the mobile and ends all of its sessions; audited. Throws BusinessError for a wrong or
 * dead code.
 */
export async function forgetPassword(
  scope: TenantScope,
  values: { mobile: string; msgCode: string; password: string },
): Promise<void> {
  const projectId = scope.project.id;
  const passwordHash = await hashPassword(values.password);
  const check = { mobile: values.mobile, purpose: 'forget' as const, code: values.msgCode };
  await withSmsCode(scope, check, async (transaction) => {
    const student = await findStudentByMobile(projectId, values.mobile, transaction);
    // No message was sent for an unknown mobile, so a matching code can only be a guess.
    if (!student) throw new BusinessError('验证码已失效，请重新获取');
    await Account.update(
      { passwordHash, passwordChangedAt: new Date() },
      { where: { id: student.id, projectId }, transaction },
    );
    await revokeAccountSessions(student, transaction);
    await audit(
      scope,
      {
        action: 'account.forget-password',
        projectId,
        targetType: 'account',
        targetId: student.id,
      },
      transaction,
    );
  });
}

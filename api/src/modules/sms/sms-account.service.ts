import { ROLE_SYSTEM, resolveProjectSettings } from '@px/config';
import type { Logger } from 'pino';
import { Op, type Sequelize, type Transaction, UniqueConstraintError } from 'sequelize';
import { LOGIN_MESSAGES, type LoginAnswer } from '../../contract/login';
import type { SendMsgCodeAnswer } from '../../contract/sms';
import type { ActionContext, Principal } from '../../core/action';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { ACCOUNT_STATUS, Account } from '../account/account.model';
import { hashPassword } from '../account/password';
import { Role } from '../account/role.model';
import { audit } from '../audit/audit.service';
import type { AfterSignIn } from '../auth/login.service';
import { Project } from '../project/project.model';
import { resolveRequestProject } from '../project/project.service';
import { Session } from '../session/session.model';
import { openSession, revokeAccountSessions } from '../session/session.service';
import { Unit } from '../unit/unit.model';
import { issueSmsCode, withSmsCode } from './sms-code.service';

/** Texts of the SMS family's refusals, shared with the tests. */
export const SMS_MESSAGES = {
  MOBILE_REGISTERED: '该手机号已注册',
  MOBILE_UNKNOWN: '该手机号未注册',
  ID_CARD_REGISTERED: '该身份证号已注册',
  MOBILE_TAKEN: '该手机号已被其他学员使用',
  SAME_MOBILE: '新手机号不能与当前手机号相同',
  NO_MOBILE: '当前账号未绑定手机号',
  SMS_LOGIN_CLOSED: '当前项目未开放短信登录',
  UNIT_OTHER_PROJECT: '该单位不属于当前项目',
  UNIT_DISABLED: '该单位已停用',
  FIRST_LOGIN_ID_CARD: '首次登录请填写身份证号',
  FIRST_LOGIN_NAME: '首次登录请填写姓名',
} as const;

/** The request facts the services need: where from, for sessions and audit rows. */
export interface RequestFacts {
  ip: string;
  host: string;
  userAgent: string;
}
type AuditCtx = Pick<ActionContext, 'principal' | 'request'>;

const fieldError = (field: string, message: string): FieldError => ({ field, rule: 'unique', message });

/**
 * The project of an SMS-family call without a session: as `resolveRequestProject` (the unit's
 * project when `unitId` is given, else the host's, else the default). A unit of another project
 * than the one the host is bound to is refused naming `unitId`: a project's own domain never
 * creates or serves accounts of another tenant.
 */
export async function resolveSmsProject(where: { unitId?: number; host: string }): Promise<Project> {
  const project = await resolveRequestProject(where);
  if (where.unitId !== undefined) {
    const hostProject = await Project.findOne({
      where: { domains: { [Op.contains]: [where.host.toLowerCase()] } },
    });
    if (hostProject && hostProject.id !== project.id) {
      throw new ValidationError([
        { field: 'unitId', rule: 'project', message: SMS_MESSAGES.UNIT_OTHER_PROJECT },
      ]);
    }
  }
  return project;
}

/**
 * The project a signed-in caller's codes belong to: the session's project, or for platform staff
 * between projects the project of the request's host.
 */
export async function resolveSignedInProject(principal: Principal, host: string): Promise<Project> {
  if (principal.projectId === null) return resolveRequestProject({ host });
  const project = await Project.findByPk(principal.projectId);
  if (!project) throw new BusinessError('未找到对应的项目，请联系管理员');
  return project;
}

/** The living student of a project with this mobile, if any. */
function findStudentByMobile(projectId: number, mobile: string, transaction?: Transaction) {
  return Account.findOne({ where: { projectId, roleSystem: ROLE_SYSTEM.STUDENT, mobile }, transaction });
}

/** Field errors for an ID number or mobile already used in the project (ID: any account; mobile: students). */
async function registrationConflicts(
  projectId: number,
  values: { idCardNo: string; mobile: string },
  transaction: Transaction,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (await Account.count({ where: { projectId, idCardNo: values.idCardNo }, transaction })) {
    errors.push(fieldError('idCardNo', SMS_MESSAGES.ID_CARD_REGISTERED));
  }
  if (await findStudentByMobile(projectId, values.mobile, transaction)) {
    errors.push(fieldError('mobile', SMS_MESSAGES.MOBILE_REGISTERED));
  }
  return errors;
}

/** Turns a unique-index violation on account (a concurrent registration) into the field error. */
function uniqueViolation(error: unknown): ValidationError | null {
  if (!(error instanceof UniqueConstraintError)) return null;
  const constraint = (error.parent as { constraint?: string } | undefined)?.constraint;
  if (constraint === 'account_id_card_unique') {
    return new ValidationError([fieldError('idCardNo', SMS_MESSAGES.ID_CARD_REGISTERED)]);
  }
  if (constraint === 'account_student_mobile_unique') {
    return new ValidationError([fieldError('mobile', SMS_MESSAGES.MOBILE_TAKEN)]);
  }
  return null;
}

async function rethrowUnique<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
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
      { field: 'unitId', rule: 'project', message: SMS_MESSAGES.UNIT_OTHER_PROJECT },
    ]);
  if (unit.status !== 'ENABLED') {
    throw new ValidationError([{ field: 'unitId', rule: 'status', message: SMS_MESSAGES.UNIT_DISABLED }]);
  }
  return unit.id;
}

interface SendOptions {
  project: Project;
  mobile: string;
  ip: string;
  log: Pick<Logger, 'error'>;
}

/** `register/send-msg-code`: refused when a student of the project already has the mobile. */
export async function sendRegisterCode(
  sequelize: Sequelize,
  options: SendOptions,
): Promise<SendMsgCodeAnswer> {
  if (await findStudentByMobile(options.project.id, options.mobile)) {
    throw new BusinessError(SMS_MESSAGES.MOBILE_REGISTERED);
  }
  return issueSmsCode(sequelize, { ...options, purpose: 'register', deliver: true });
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
 * project (nothing written, the code stays usable), naming `unitId` for a unit of another project.
 */
export async function registerStudent(
  sequelize: Sequelize,
  project: Project,
  values: RegisterValues,
  request: RequestFacts,
  afterSignIn?: AfterSignIn,
): Promise<LoginAnswer> {
  const unitId = await checkRegistrationUnit(project.id, values.unitId);
  const role = await studentRole(project.id);
  const passwordHash = await hashPassword(values.password);
  const check = {
    projectId: project.id,
    mobile: values.mobile,
    purpose: 'register' as const,
    code: values.msgCode,
  };
  return rethrowUnique(
    withSmsCode(sequelize, check, async (transaction) => {
      const conflicts = await registrationConflicts(project.id, values, transaction);
      if (conflicts.length) throw new ValidationError(conflicts);
      const now = new Date();
      const account = await Account.create(
        {
          projectId: project.id,
          unitId,
          roleId: role.id,
          roleSystem: ROLE_SYSTEM.STUDENT,
          realName: values.realName,
          idCardNo: values.idCardNo,
          mobile: values.mobile,
          email: values.email ?? null,
          passwordHash,
          passwordChangedAt: now,
          lastLoginAt: now,
        },
        { transaction },
      );
      await afterSignIn?.(account, transaction);
      return signInNew(account, request, 'register', transaction);
    }),
  );
}

/** Opens the session of a new student and records the registration. */
async function signInNew(
  account: Account,
  request: RequestFacts,
  via: 'register' | 'login-by-mobile',
  transaction: Transaction,
): Promise<LoginAnswer> {
  const projectId = account.projectId as number;
  await audit(
    { principal: null, request },
    {
      action: 'account.register',
      projectId,
      targetType: 'account',
      targetId: account.id,
      detail: { via, unitId: account.unitId },
    },
    transaction,
  );
  const tokenCode = await openSession(
    {
      accountId: account.id,
      projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      ip: request.ip,
      userAgent: request.userAgent,
    },
    transaction,
  );
  return { tokenCode, roleSystem: ROLE_SYSTEM.STUDENT };
}

function checkSmsLogin(project: Project): { loginAsRegister: boolean } {
  const settings = resolveProjectSettings(project.settings);
  if (!settings.loginType.includes('sms')) throw new BusinessError(SMS_MESSAGES.SMS_LOGIN_CLOSED);
  return { loginAsRegister: settings.loginAsRegister === 1 };
}

/**
 * `login/send-msg-code-by-login`: a sign-in code for an enabled student of the project; an unknown
 * mobile too when the project's `loginAsRegister` is on. Refused when the project does not offer
 * SMS sign-in (`loginType`).
 */
export async function sendLoginCode(sequelize: Sequelize, options: SendOptions): Promise<SendMsgCodeAnswer> {
  const { loginAsRegister } = checkSmsLogin(options.project);
  const student = await findStudentByMobile(options.project.id, options.mobile);
  if (student && student.status !== ACCOUNT_STATUS.ENABLED) throw new BusinessError(LOGIN_MESSAGES.DISABLED);
  if (!student && !loginAsRegister) throw new BusinessError(SMS_MESSAGES.MOBILE_UNKNOWN);
  return issueSmsCode(sequelize, { ...options, purpose: 'login', deliver: true });
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
  sequelize: Sequelize,
  project: Project,
  values: LoginByMobileValues,
  request: RequestFacts,
  afterSignIn?: AfterSignIn,
): Promise<LoginAnswer> {
  const { loginAsRegister } = checkSmsLogin(project);
  const existing = await findStudentByMobile(project.id, values.mobile);
  if (existing && existing.status !== ACCOUNT_STATUS.ENABLED)
    throw new BusinessError(LOGIN_MESSAGES.DISABLED);
  if (!existing && !loginAsRegister) throw new BusinessError(SMS_MESSAGES.MOBILE_UNKNOWN);
  if (!existing) {
    const missing: FieldError[] = [];
    if (!values.idCardNo)
      missing.push({ field: 'idCardNo', rule: 'required', message: SMS_MESSAGES.FIRST_LOGIN_ID_CARD });
    if (!values.realName)
      missing.push({ field: 'realName', rule: 'required', message: SMS_MESSAGES.FIRST_LOGIN_NAME });
    if (missing.length) throw new ValidationError(missing);
  }
  const unitId = existing ? null : await checkRegistrationUnit(project.id, values.unitId);
  const role = existing ? null : await studentRole(project.id);
  const check = {
    projectId: project.id,
    mobile: values.mobile,
    purpose: 'login' as const,
    code: values.msgCode,
  };
  return rethrowUnique(
    withSmsCode(sequelize, check, async (transaction) => {
      const now = new Date();
      if (existing) {
        await Account.update({ lastLoginAt: now }, { where: { id: existing.id }, transaction });
        await afterSignIn?.(existing, transaction);
        const tokenCode = await openSession(
          {
            accountId: existing.id,
            projectId: project.id,
            roleSystem: ROLE_SYSTEM.STUDENT,
            ip: request.ip,
            userAgent: request.userAgent,
          },
          transaction,
        );
        return { tokenCode, roleSystem: ROLE_SYSTEM.STUDENT };
      }
      const idCardNo = values.idCardNo as string;
      const conflicts = await registrationConflicts(
        project.id,
        { idCardNo, mobile: values.mobile },
        transaction,
      );
      if (conflicts.length) throw new ValidationError(conflicts);
      const account = await Account.create(
        {
          projectId: project.id,
          unitId,
          roleId: (role as NonNullable<typeof role>).id,
          roleSystem: ROLE_SYSTEM.STUDENT,
          realName: values.realName as string,
          idCardNo,
          mobile: values.mobile,
          lastLoginAt: now,
        },
        { transaction },
      );
      await afterSignIn?.(account, transaction);
      return signInNew(account, request, 'login-by-mobile', transaction);
    }),
  );
}

/**
 * `forget/send-msg-code-by-forget`: answers alike whether or not a student of the project has the
 * mobile (the code is recorded either way, so even the rate rules tell nothing), but only sends
 * the message when one has.
 */
export async function sendForgetCode(sequelize: Sequelize, options: SendOptions): Promise<SendMsgCodeAnswer> {
  const student = await findStudentByMobile(options.project.id, options.mobile);
  return issueSmsCode(sequelize, { ...options, purpose: 'forget', deliver: student !== null });
}

/**
 * `forget/forget-password`: sets a new password for the student of the mobile and ends all of
 * its sessions; audited. Throws BusinessError for a wrong or dead code.
 */
export async function forgetPassword(
  sequelize: Sequelize,
  project: Project,
  values: { mobile: string; msgCode: string; password: string },
  ctx: AuditCtx,
): Promise<void> {
  const passwordHash = await hashPassword(values.password);
  const check = {
    projectId: project.id,
    mobile: values.mobile,
    purpose: 'forget' as const,
    code: values.msgCode,
  };
  await withSmsCode(sequelize, check, async (transaction) => {
    const student = await findStudentByMobile(project.id, values.mobile, transaction);
    // No message was sent for an unknown mobile, so a matching code can only be a guess.
    if (!student) throw new BusinessError('验证码已失效，请重新获取');
    await Account.update(
      { passwordHash, passwordChangedAt: new Date() },
      { where: { id: student.id }, transaction },
    );
    await revokeAccountSessions(student.id, transaction);
    await audit(
      ctx,
      {
        action: 'account.forget-password',
        projectId: project.id,
        targetType: 'account',
        targetId: student.id,
      },
      transaction,
    );
  });
}

function refuseImpersonation(principal: Principal): void {
  if (principal.impersonatorId !== null) throw new BusinessError(LOGIN_MESSAGES.NOT_WHILE_IMPERSONATING);
}

async function callerAccount(principal: Principal, transaction?: Transaction): Promise<Account> {
  const account = await Account.findByPk(principal.accountId, { transaction });
  if (!account) throw new BusinessError('账号不存在');
  return account;
}

/** Refuses a new mobile equal to the current one, or (for students) used by another student of the project. */
async function checkNewMobile(account: Account, mobile: string, transaction?: Transaction): Promise<void> {
  if (account.mobile === mobile) throw new BusinessError(SMS_MESSAGES.SAME_MOBILE);
  if (account.roleSystem !== ROLE_SYSTEM.STUDENT || account.projectId === null) return;
  const other = await findStudentByMobile(account.projectId, mobile, transaction);
  if (other && other.id !== account.id)
    throw new ValidationError([fieldError('mobile', SMS_MESSAGES.MOBILE_TAKEN)]);
}

/**
 * `sms/send-msg-code` (signed in): `modify-mobile` sends to the new mobile (checked as
 * `modify-mobile` will), `modify-password` to the account's own mobile. Refused while platform
 * staff are signed in as the account.
 */
export async function sendSignedInCode(
  sequelize: Sequelize,
  principal: Principal,
  values: { purpose: 'modify-mobile' | 'modify-password'; mobile?: string },
  options: { host: string; ip: string; log: Pick<Logger, 'error'> },
): Promise<SendMsgCodeAnswer> {
  refuseImpersonation(principal);
  const account = await callerAccount(principal);
  let mobile: string;
  if (values.purpose === 'modify-mobile') {
    mobile = values.mobile as string;
    await checkNewMobile(account, mobile);
  } else {
    if (!account.mobile) throw new BusinessError(SMS_MESSAGES.NO_MOBILE);
    mobile = account.mobile;
  }
  const project = await resolveSignedInProject(principal, options.host);
  return issueSmsCode(sequelize, {
    project,
    mobile,
    purpose: values.purpose,
    ip: options.ip,
    log: options.log,
    deliver: true,
  });
}

/**
 * `login/modify-mobile`: binds a new mobile to the caller's account with the code sent to that
 * mobile; audited. Refuses the current mobile and, for students, one used by another student.
 */
export async function modifyMobile(
  sequelize: Sequelize,
  principal: Principal,
  values: { mobile: string; msgCode: string },
  ctx: AuditCtx,
): Promise<void> {
  refuseImpersonation(principal);
  const account = await callerAccount(principal);
  await checkNewMobile(account, values.mobile);
  const project = await resolveSignedInProject(principal, ctx.request.host);
  const check = {
    projectId: project.id,
    mobile: values.mobile,
    purpose: 'modify-mobile' as const,
    code: values.msgCode,
  };
  await rethrowUnique(
    withSmsCode(sequelize, check, async (transaction) => {
      const current = await callerAccount(principal, transaction);
      await checkNewMobile(current, values.mobile, transaction);
      await Account.update({ mobile: values.mobile }, { where: { id: current.id }, transaction });
      await audit(
        ctx,
        {
          action: 'account.modify-mobile',
          projectId: current.projectId,
          targetType: 'account',
          targetId: current.id,
          detail: { from: current.mobile, to: values.mobile },
        },
        transaction,
      );
    }),
  );
}

/**
 * `login/modify-password-by-mobile`: a new password with the code sent to the account's own
 * mobile; every other session of the account ends; audited.
 */
export async function modifyPasswordByMobile(
  sequelize: Sequelize,
  principal: Principal,
  values: { msgCode: string; password: string },
  ctx: AuditCtx,
): Promise<void> {
  refuseImpersonation(principal);
  const account = await callerAccount(principal);
  if (!account.mobile) throw new BusinessError(SMS_MESSAGES.NO_MOBILE);
  const project = await resolveSignedInProject(principal, ctx.request.host);
  const passwordHash = await hashPassword(values.password);
  const check = {
    projectId: project.id,
    mobile: account.mobile,
    purpose: 'modify-password' as const,
    code: values.msgCode,
  };
  await withSmsCode(sequelize, check, async (transaction) => {
    const now = new Date();
    await Account.update(
      { passwordHash, passwordChangedAt: now },
      { where: { id: account.id }, transaction },
    );
    await Session.update(
      { revokedAt: now },
      {
        where: { accountId: account.id, revokedAt: null, id: { [Op.ne]: principal.sessionId } },
        transaction,
      },
    );
    await audit(
      ctx,
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

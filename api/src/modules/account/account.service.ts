import { randomInt } from 'node:crypto';
import { isPassword, ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { Op, type Transaction, UniqueConstraintError, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type {
  accountAddInput,
  accountQueryInput,
  CompleteInfoField,
  completeInfoInput,
  NeedCompleteAnswer,
  ResetPasswordAnswer,
  StaffAccountItem,
} from '../../contract/account';
import type { PageAnswer, RecordStatus } from '../../contract/common';
import type { ProjectAdminCreated, projectCreateAdminInput } from '../../contract/project';
import type { ActorScope, SignedInScope, TenantScope } from '../../core/action';
import { BusinessError, fieldError, uniqueRefusal, ValidationError } from '../../core/errors';
import { modelPage } from '../../core/newest-first';
import { containsPattern, escapeLike } from '../../core/query';
import { audit } from '../audit/audit.service';
import { identityRequired, linkIdentityCheck, requireIdentity } from '../identity/identity.service';
import { Project } from '../project/project.model';
import { revokeAccountSessions } from '../session/session.service';
import { Unit } from '../unit/unit.model';
import { ACCOUNT_STATUS, Account } from './account.model';
import { presentStaff } from './account.presenter';
import { hashPassword, readNewPassword } from './password';
import { Role } from './role.model';

/** Role systems of the administrator list: project staff and unit managers. */
const STAFF_SYSTEMS: RoleSystem[] = [ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.UNIT];

async function unitNames(
  projectId: number,
  accounts: Account[],
  transaction?: Transaction,
): Promise<Map<number, string>> {
  const ids = [
    ...new Set(accounts.map((account) => account.unitId).filter((id): id is number => id !== null)),
  ];
  if (!ids.length) return new Map();
  const units = await Unit.findAll({
    where: { id: ids, projectId },
    attributes: ['id', 'name'],
    transaction,
  });
  return new Map(units.map((unit) => [unit.id, unit.name]));
}

/** One page of the project's staff accounts (role systems 2 and 4), newest first. */
export async function queryStaffAccounts(
  scope: TenantScope,
  input: z.output<typeof accountQueryInput>,
): Promise<PageAnswer<StaffAccountItem>> {
  const projectId = scope.project.id;
  const where: WhereOptions<Account> = {
    projectId,
    roleSystem: STAFF_SYSTEMS,
    ...(input.roleId ? { roleId: input.roleId } : {}),
    ...(input.status ? { status: input.status } : {}),
    ...(input.unitId ? { unitId: input.unitId } : {}),
    ...(input.name
      ? {
          [Op.or]: [
            { realName: { [Op.iLike]: containsPattern(input.name) } },
            { accountName: { [Op.iLike]: containsPattern(input.name) } },
          ],
        }
      : {}),
  };
  return modelPage(
    Account,
    {
      where,
      include: [{ model: Role, as: 'role', attributes: ['id', 'name'], paranoid: false }],
      order: [['id', 'DESC']],
    },
    input,
    async (rows) => {
      const units = await unitNames(projectId, rows);
      return rows.map((row) => presentStaff(row, units));
    },
  );
}

/** A staff account (role system 2 or 4) of the project; another project's id answers 账号不存在. */
async function loadStaff(projectId: number, id: number, transaction: Transaction): Promise<Account> {
  const account = await Account.findOne({
    where: { id, projectId, roleSystem: STAFF_SYSTEMS },
    lock: transaction.LOCK.UPDATE,
    transaction,
  });
  if (!account) throw new BusinessError('账号不存在');
  return account;
}

/** One staff account as the administrator list shows it. */
async function staffItem(projectId: number, id: number, transaction: Transaction): Promise<StaffAccountItem> {
  const account = await Account.findOne({
    where: { id, projectId },
    include: [{ model: Role, as: 'role', attributes: ['id', 'name'], paranoid: false }],
    transaction,
  });
  if (!account) throw new BusinessError('账号不存在');
  return presentStaff(account, await unitNames(projectId, [account], transaction));
}

/**
 * Creates or updates a staff account of the project (administrator list). The account name is
 * unique in the project regardless of case; the role must be a role of the project of role system
 * 2 or 4; a unit manager needs a unit of the project. A password is required when creating.
 * Changing the role or unit ends the account's sessions (they carry the role system). Writes the
 * account and an audit row in one transaction; throws ValidationError naming the field.
 */
export async function saveStaffAccount(
  scope: ActorScope,
  input: z.output<typeof accountAddInput>,
): Promise<StaffAccountItem> {
  const projectId = scope.project.id;
  if (!input.id && !input.password) throw fieldError('password', 'required', '请填写密码');
  const password = input.password ? await readNewPassword(scope.sequelize, 'password', input.password) : null;
  const passwordHash = password ? await hashPassword(password) : null;

  // Two saves of one name at once: the unique index decides.
  return scope.sequelize
    .transaction(async (transaction) => {
      const existing = input.id ? await loadStaff(projectId, input.id, transaction) : null;
      const role = await Role.findOne({
        where: { id: input.roleId, projectId },
        lock: transaction.LOCK.SHARE,
        transaction,
      });
      if (!role) throw fieldError('roleId', 'exists', '角色不存在');
      if (!STAFF_SYSTEMS.includes(role.roleSystem))
        throw fieldError('roleId', 'role-system', '只能选择项目后台或单位管理员的角色');
      let unitId: number | null = null;
      if (role.roleSystem === ROLE_SYSTEM.UNIT) {
        if (!input.unitId) throw fieldError('unitId', 'required', '单位管理员须选择所属单位');
        const unit = await Unit.findOne({ where: { id: input.unitId, projectId }, transaction });
        if (!unit) throw fieldError('unitId', 'exists', '单位不存在');
        unitId = unit.id;
      }
      const sameName = await Account.findOne({
        where: {
          projectId,
          accountName: { [Op.iLike]: escapeLike(input.accountName) },
          ...(input.id ? { id: { [Op.ne]: input.id } } : {}),
        },
        transaction,
      });
      if (sameName) throw fieldError('accountName', 'unique', '账号已存在');

      const fields = {
        accountName: input.accountName,
        realName: input.realName,
        mobile: input.mobile ?? null,
        roleId: role.id,
        roleSystem: role.roleSystem,
        unitId,
      };
      let id: number;
      if (!existing) {
        const account = await Account.create(
          { projectId, ...fields, passwordHash, passwordChangedAt: new Date() },
          { transaction },
        );
        id = account.id;
        await audit(
          scope,
          {
            action: 'account.create',
            projectId,
            targetType: 'account',
            targetId: id,
            detail: { accountName: fields.accountName, roleId: role.id, unitId },
          },
          transaction,
        );
      } else {
        const account = existing;
        id = account.id;
        await Account.update(
          { ...fields, ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}) },
          { where: { id, projectId }, transaction },
        );
        const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter(
          (key) => account[key] !== fields[key],
        );
        if (passwordHash || account.roleId !== role.id || account.unitId !== unitId)
          await revokeAccountSessions(account, transaction);
        await audit(
          scope,
          {
            action: 'account.update',
            projectId,
            targetType: 'account',
            targetId: id,
            detail: { changed: passwordHash ? [...changed, 'password'] : changed },
          },
          transaction,
        );
      }
      return staffItem(projectId, id, transaction);
    })
    .catch(uniqueRefusal(fieldError('accountName', 'unique', '账号已存在')));
}

/**
 * Enables or disables a staff account; disabling ends its sessions. Nobody disables themselves.
 * Throws 账号不存在 for a missing or foreign id.
 */
export async function setStaffStatus(scope: ActorScope, id: number, status: RecordStatus): Promise<void> {
  const projectId = scope.project.id;
  if (id === scope.principal.accountId && status === ACCOUNT_STATUS.DISABLED)
    throw new BusinessError('不能停用自己的账号');
  await scope.sequelize.transaction(async (transaction) => {
    const account = await loadStaff(projectId, id, transaction);
    if (account.status === status) return;
    await Account.update({ status }, { where: { id, projectId }, transaction });
    if (status === ACCOUNT_STATUS.DISABLED) await revokeAccountSessions(account, transaction);
    await audit(
      scope,
      {
        action: status === ACCOUNT_STATUS.DISABLED ? 'account.disable' : 'account.enable',
        projectId,
        targetType: 'account',
        targetId: id,
      },
      transaction,
    );
  });
}

/** Deletes (soft) a staff account and ends its sessions. Nobody deletes themselves. */
export async function deleteStaffAccount(scope: ActorScope, id: number): Promise<void> {
  const projectId = scope.project.id;
  if (id === scope.principal.accountId) throw new BusinessError('不能删除自己的账号');
  await scope.sequelize.transaction(async (transaction) => {
    const account = await loadStaff(projectId, id, transaction);
    await Account.destroy({ where: { id, projectId }, transaction });
    await revokeAccountSessions(account, transaction);
    await audit(
      scope,
      {
        action: 'account.delete',
        projectId,
        targetType: 'account',
        targetId: id,
        detail: { accountName: account.accountName, realName: account.realName },
      },
      transaction,
    );
  });
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';

/**
 * A random password that satisfies the password rule: a letter, then 9 letters and digits with at
 * least one digit (ambiguous characters such as O/0 and l/1 left out).
 */
export function randomPassword(): string {
  const pick = (chars: string) => chars.charAt(randomInt(chars.length));
  for (;;) {
    let password = pick(LETTERS);
    for (let i = 0; i < 9; i++) password += pick(LETTERS + DIGITS);
    if (isPassword(password)) return password;
  }
}

/**
 * Sets a staff account's password: the given encrypted one, or a random one that is answered once
 * (never stored plainly, never logged). Ends the account's sessions; audited without the password.
 */
export async function resetStaffPassword(
  scope: ActorScope,
  id: number,
  cipherText: string | undefined,
): Promise<ResetPasswordAnswer> {
  const projectId = scope.project.id;
  const given = cipherText ? await readNewPassword(scope.sequelize, 'password', cipherText) : null;
  const password = given ?? randomPassword();
  const passwordHash = await hashPassword(password);
  await scope.sequelize.transaction(async (transaction) => {
    const account = await loadStaff(projectId, id, transaction);
    await Account.update(
      { passwordHash, passwordChangedAt: new Date() },
      { where: { id, projectId }, transaction },
    );
    await revokeAccountSessions(account, transaction);
    await audit(
      scope,
      {
        action: 'account.reset-password',
        projectId,
        targetType: 'account',
        targetId: id,
        detail: { random: given === null },
      },
      transaction,
    );
  });
  return { password: given === null ? password : null };
}

/** The built-in role a project's first administrator gets (`PROJECT_BUILTIN_ROLES`). */
const FIRST_ADMIN_ROLE_CODE = 'project-admin';

/**
 * Creates the first administrator of a project without enabled back-office staff (platform staff,
 * `project/create-admin`): the project's built-in role 项目管理员 and a random password answered
 * this once (never stored plainly, never logged); the administrator then adds the rest of the staff
 * in 管理员列表. The project row is locked, so two creations at once make one account. Throws
 * BusinessError for a missing project, one that has enabled staff or lacks the built-in role, and
 * ValidationError for an account name already used in the project (a unit manager's, say).
 */
export async function createFirstProjectAdmin(
  scope: SignedInScope,
  input: z.output<typeof projectCreateAdminInput>,
): Promise<ProjectAdminCreated> {
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  const account = await scope.sequelize.transaction(async (transaction) => {
    const project = await Project.findByPk(input.projectId, { lock: transaction.LOCK.UPDATE, transaction });
    if (!project) throw new BusinessError('项目不存在');
    const projectId = project.id;
    const staff = await Account.count({
      where: { projectId, roleSystem: ROLE_SYSTEM.PROJECT, status: ACCOUNT_STATUS.ENABLED },
      transaction,
    });
    if (staff > 0) throw new BusinessError('该项目已有后台账号，请由其管理员在管理员列表中添加');
    const role = await Role.findOne({ where: { projectId, code: FIRST_ADMIN_ROLE_CODE }, transaction });
    if (!role) throw new BusinessError('该项目缺少内置角色「项目管理员」');
    const sameName = await Account.findOne({
      where: { projectId, accountName: { [Op.iLike]: escapeLike(input.accountName) } },
      transaction,
    });
    if (sameName) throw fieldError('accountName', 'unique', '账号已存在');
    const created = await Account.create(
      {
        projectId,
        accountName: input.accountName,
        realName: input.realName,
        mobile: input.mobile ?? null,
        roleId: role.id,
        roleSystem: role.roleSystem,
        passwordHash,
        passwordChangedAt: new Date(),
      },
      { transaction },
    );
    await audit(
      scope,
      {
        action: 'account.create-first-admin',
        projectId,
        targetType: 'account',
        targetId: created.id,
        detail: { accountName: created.accountName, roleId: role.id },
      },
      transaction,
    );
    return created;
  });
  return {
    accountId: account.id,
    accountName: account.accountName as string,
    realName: account.realName,
    password,
  };
}

/** The signed-in student's own account. */
async function loadStudent(scope: ActorScope, transaction?: Transaction): Promise<Account> {
  const account = await Account.findOne({
    where: { id: scope.principal.accountId, projectId: scope.project.id, roleSystem: ROLE_SYSTEM.STUDENT },
    lock: transaction ? transaction.LOCK.UPDATE : undefined,
    transaction,
  });
  if (!account) throw new BusinessError('账号不存在');
  return account;
}

function missingFields(account: Account): CompleteInfoField[] {
  const missing: CompleteInfoField[] = [];
  if (!account.realName?.trim()) missing.push('realName');
  if (!account.idCardNo) missing.push('idCardNo');
  if (!account.mobile) missing.push('mobile');
  return missing;
}

/** Whether the signed-in student must complete the profile, and which fields are missing. */
export async function needComplete(scope: ActorScope): Promise<NeedCompleteAnswer> {
  const account = await loadStudent(scope);
  const missing = missingFields(account);
  return { needComplete: account.needComplete || missing.length > 0, missing };
}

const FIELD_LABEL: Record<CompleteInfoField, string> = {
  realName: '请填写姓名',
  idCardNo: '请填写身份证号',
  mobile: '请填写手机号',
};

/**
 * Fills the signed-in student's missing profile fields (fields already set stay as they are) and
 * clears the completion flag. Every missing field is required; an ID number or mobile that another
 * account of the project uses is refused naming the field; with 实名核验 (`idCardVerify`) a name or
 * ID number that the identity service does not match with the other is refused naming both.
 */
export async function completeInfo(
  scope: ActorScope,
  input: z.output<typeof completeInfoInput>,
): Promise<NeedCompleteAnswer> {
  try {
    return await scope.sequelize.transaction(async (transaction) => {
      const account = await loadStudent(scope, transaction);
      const missing = missingFields(account);
      const absent = missing.filter((field) => !input[field]);
      if (absent.length)
        throw new ValidationError(
          absent.map((field) => ({ field, rule: 'required', message: FIELD_LABEL[field] })),
        );
      const values: Partial<Record<CompleteInfoField, string>> = {};
      for (const field of missing) values[field] = input[field];
      const others = { projectId: account.projectId, id: { [Op.ne]: account.id } };
      if (
        values.idCardNo &&
        (await Account.count({ where: { ...others, idCardNo: values.idCardNo }, transaction }))
      )
        throw fieldError('idCardNo', 'unique', '该身份证号已被其他账号使用');
      if (
        values.mobile &&
        (await Account.count({
          where: { ...others, roleSystem: ROLE_SYSTEM.STUDENT, mobile: values.mobile },
          transaction,
        }))
      )
        throw fieldError('mobile', 'unique', '该手机号已被其他账号使用');
      // 实名核验: a name or ID number the student gives is checked with the one they keep.
      const realName = values.realName ?? account.realName;
      const idCardNo = values.idCardNo ?? account.idCardNo;
      // Recorded on its own connection without the account (locked here), then tied to it below.
      if (identityRequired(scope.project) && (values.realName || values.idCardNo) && realName && idCardNo) {
        const check = await requireIdentity(scope, { realName, idCardNo }, { purpose: 'COMPLETE_INFO' });
        await linkIdentityCheck(check, account.id, transaction);
      }
      await Account.update(
        { ...values, needComplete: false },
        { where: { id: account.id, projectId: account.projectId }, transaction },
      );
      return { needComplete: false, missing: [] };
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) {
      const field = JSON.stringify(error.fields ?? {}).includes('mobile') ? 'mobile' : 'idCardNo';
      throw fieldError(
        field,
        'unique',
        field === 'mobile' ? '该手机号已被其他账号使用' : '该身份证号已被其他账号使用',
      );
    }
    throw error;
  }
}

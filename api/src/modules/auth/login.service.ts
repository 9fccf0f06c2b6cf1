import {
  grantedMenuTree,
  isIdCardNumber,
  ROLE_SYSTEM,
  type RoleSystem,
  resolveProjectSettings,
  VALIDATION_MESSAGES,
} from '@px/config';
import { col, fn, literal, Op, QueryTypes, where as sqlWhere } from 'sequelize';
import type { AccountInfo, CheckAccountAnswer, LoginAnswer, SwitchLoginList } from '../../contract/login';
import { LOGIN_MESSAGES, LOGIN_ROLE_TYPE } from '../../contract/login';
import { JsonAnswer, type Scope, type SignedInScope, type TenantScope } from '../../core/action';
import { type FeedCacheOptions, sharedCache } from '../../core/change-feed';
import { BusinessError, UnauthorizedError, ValidationError } from '../../core/errors';
import { andThen } from '../../core/maybe-promise';
import { withBypass, withProject } from '../../db/tenant-access';
import { ACCOUNT_STATUS, Account } from '../account/account.model';
import { checkPasswordRule, decoyHash, hashPassword, verifyPassword } from '../account/password';
import { type AfterSignIn, signInAccount } from '../account/sign-in';
import { audit } from '../audit/audit.service';
import { type CaptchaProof, consumeCaptchaProof, hasCaptchaProof } from '../captcha/captcha.service';
import { PROJECT_STATUS, Project } from '../project/project.model';
import { revokeOtherSessions, revokeSessionById } from '../session/session.service';
import { Unit } from '../unit/unit.model';
import { captchaTypeFor, presentIndex2, presentStatus } from './auth.presenter';
import { attemptKey, getAttemptStatus, recordAttempt } from './sign-in-limits.service';

/** The door: 1 the back office (role systems 1, 2 and 4), 3 the student H5 (role system 3). */
export type LoginRoleType = (typeof LOGIN_ROLE_TYPE)[keyof typeof LOGIN_ROLE_TYPE];

/** The client address attempts are counted under. */
const clientIp = (scope: Pick<Scope, 'request'>) => scope.request.ip || 'unknown';

const BACK_OFFICE_SYSTEMS: RoleSystem[] = [ROLE_SYSTEM.PLATFORM, ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.UNIT];
/** Attempts of password changes are counted under this scope (per account) for the lock rule. */
const MODIFY_PASSWORD_SCOPE = 'pwd';

/**
 * Step one of the two-step login: whether the password must come with a captcha and whether
 * sign-in is locked for this account from this address. Reads counters keyed by what was typed,
 * so it answers the same for accounts that do not exist.
 */
export async function checkAccountBeforeLogin(
  scope: TenantScope,
  request: { roleType: LoginRoleType; account: string },
): Promise<CheckAccountAnswer> {
  const key = attemptKey(scope.project.id, request.roleType, request.account);
  return presentStatus(await getAttemptStatus(scope.sequelize, key, clientIp(scope)), request.roleType);
}

/**
 * The accounts that the typed name may denote at a door, best first (at most two). Back office:
 * staff by account name, case-insensitive, the request's project first, then platform staff.
 * Students: by ID number (upper-cased) or mobile within the project; `idCardOnly` for /index2.
 */
function findCandidates(
  roleType: LoginRoleType,
  projectId: number,
  account: string,
  idCardOnly: boolean,
): Promise<Account[]> {
  const scoped = Account.scope('withPassword');
  if (roleType === LOGIN_ROLE_TYPE.BACK_OFFICE) {
    return scoped.findAll({
      where: {
        roleSystem: { [Op.in]: BACK_OFFICE_SYSTEMS },
        [Op.and]: [
          sqlWhere(fn('lower', col('account_name')), account.toLowerCase()),
          { [Op.or]: [{ projectId }, { projectId: null }] },
        ],
      },
      order: [[literal('project_id IS NULL'), 'ASC']],
      limit: 2,
    });
  }
  const idCardNo = account.toUpperCase();
  return scoped.findAll({
    where: {
      roleSystem: ROLE_SYSTEM.STUDENT,
      projectId,
      [Op.or]: idCardOnly ? [{ idCardNo }] : [{ idCardNo }, { mobile: account }],
    },
    limit: 2,
  });
}

export interface PasswordSignIn {
  roleType: LoginRoleType;
  /** Decrypted and trimmed. */
  account: string;
  password: string;
  captcha: CaptchaProof;
  /** /index2: students by ID number only, whatever the project's `loginType`. */
  index2?: boolean;
  /** Runs in the sign-in transaction before the session opens (WeChat binding); throwing refuses. */
  afterSignIn?: AfterSignIn;
}

/**
 * Step two: signs in with account and password and opens a session. Order of the rules: the
 * project's `loginType` (students), the locks, the captcha when needed (consumed), then the
 * password; a wrong password and an unknown account answer alike (and take alike long), and a
 * disabled account is told so only after the right password. Throws BusinessError with a
 * `LoginRefusal` attribute.
 */
export async function signInWithPassword(scope: TenantScope, request: PasswordSignIn): Promise<LoginAnswer> {
  const { project, sequelize } = scope;
  const { roleType, account, password } = request;
  const ip = clientIp(scope);
  if (
    roleType === LOGIN_ROLE_TYPE.STUDENT &&
    !request.index2 &&
    !project.settings.loginType.includes('password')
  ) {
    throw new BusinessError(LOGIN_MESSAGES.PASSWORD_LOGIN_CLOSED);
  }
  const key = attemptKey(project.id, roleType, account);
  const status = await getAttemptStatus(sequelize, key, ip);
  if (status.lockedUntil) {
    const message = status.lockedBy === 'ip' ? LOGIN_MESSAGES.IP_LOCKED : LOGIN_MESSAGES.LOCKED;
    throw new BusinessError(message, presentStatus(status, roleType));
  }
  if (status.needCaptcha) {
    // Only the captcha this door asked for (`captchaTypeFor`) counts.
    const kind = captchaTypeFor(roleType);
    if (!hasCaptchaProof(kind, request.captcha)) {
      throw new BusinessError(LOGIN_MESSAGES.CAPTCHA_REQUIRED, presentStatus(status, roleType));
    }
    if (!(await consumeCaptchaProof(kind, request.captcha))) {
      throw new BusinessError(LOGIN_MESSAGES.CAPTCHA_WRONG, presentStatus(status, roleType));
    }
  }

  const candidates = await findCandidates(roleType, project.id, account, request.index2 ?? false);
  let matched: Account | undefined;
  if (candidates.length === 0) {
    await verifyPassword(await decoyHash(), password);
  }
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, password)) {
      matched = candidate;
      break;
    }
  }
  if (!matched) {
    await recordAttempt({ key, ip, succeeded: false });
    const after = await getAttemptStatus(sequelize, key, ip);
    throw new BusinessError(LOGIN_MESSAGES.BAD_CREDENTIALS, presentStatus(after, roleType));
  }
  if (matched.status !== ACCOUNT_STATUS.ENABLED) throw new BusinessError(LOGIN_MESSAGES.DISABLED);
  if (matched.roleSystem === ROLE_SYSTEM.UNIT && !(await isUnitEnabled(matched))) {
    throw new BusinessError(LOGIN_MESSAGES.UNIT_DISABLED);
  }

  const signedIn = matched;
  const open = () =>
    sequelize.transaction(async (transaction) => {
      await recordAttempt({ key, ip, succeeded: true }, transaction);
      await request.afterSignIn?.(signedIn, transaction);
      return signInAccount(scope, signedIn, transaction);
    });
  // Platform staff belong to no project: their session is a platform row, written across projects.
  return signedIn.projectId === null ? withBypass('platform staff sign-in', open) : open();
}

/** The name shown for an account: the real name, else the account name. */
export function displayName(account: Pick<Account, 'realName' | 'accountName'>): string {
  return account.realName || account.accountName || '';
}

/**
 * The signed-in caller's account info (spec section 3): name, avatar, role with its granted menu
 * tree, and who is signed in as this account (super account), serialized. Throws Unauthorized when
 * the account vanished meanwhile.
 */
export function getAccountInfo(
  scope: SignedInScope,
): JsonAnswer<AccountInfo> | Promise<JsonAnswer<AccountInfo>> {
  const { principal } = scope;
  // A hot call: kept (serialized) per process while neither its account nor the impersonator's
  // changes (the account columns read here notify, naming the account: migrations 0030 and 0091)
  // and no role changes on any instance, else one raw query. Held, it is answered with no promise.
  const cache = sharedCache<JsonAnswer<AccountInfo>>(scope.sequelize, 'account-info', ACCOUNT_INFO_CACHE);
  const read = async () => {
    const info = await readAccountInfo(scope);
    return info && JsonAnswer.of(info);
  };
  const info = cache
    ? cache.peekOrGet(`${principal.accountId}|${principal.impersonatorId ?? ''}|${principal.projectId}`, read)
    : read();
  return andThen(info, signedInAnswer);
}

/** The account info found, else Unauthorized (the account vanished meanwhile). */
function signedInAnswer(info: JsonAnswer<AccountInfo> | null): JsonAnswer<AccountInfo> {
  if (!info) throw new UnauthorizedError();
  return info;
}

const ACCOUNT_INFO_CACHE: FeedCacheOptions<JsonAnswer<AccountInfo>> = {
  tables: ['account', 'role'],
  // The key is `account|impersonator|project`.
  accountsOf: (key) => key.split('|', 2).filter(Boolean).map(Number),
  maxEntries: 50_000,
  maxAgeMs: 60_000,
};

/** The account with its role and, when signed in as it by platform staff (super account), the impersonator, deleted or not. */
async function readAccountInfo(scope: SignedInScope): Promise<AccountInfo | null> {
  const { principal } = scope;
  const [row] = await scope.sequelize.query<AccountInfoRow>(
    `SELECT a.id, a.real_name, a.account_name, a.image_path, a.unit_id,
            r.name AS role_name, r.role_system, r.menu,
            i.id AS impersonator_id, i.real_name AS impersonator_real_name,
            i.account_name AS impersonator_account_name
       FROM account a
       JOIN role r ON r.id = a.role_id
       LEFT JOIN account i ON i.id = :impersonatorId AND i.project_id IS NULL
      WHERE a.id = :accountId AND a.project_id IS NOT DISTINCT FROM :projectId AND a.deleted_at IS NULL`,
    {
      replacements: {
        accountId: principal.accountId,
        projectId: principal.projectId,
        impersonatorId: principal.impersonatorId ?? null,
      },
      type: QueryTypes.SELECT,
    },
  );
  if (!row) return null;
  return {
    accountId: row.id,
    userName: displayName({ realName: row.real_name, accountName: row.account_name }),
    imagePath: row.image_path,
    projectId: principal.projectId,
    unitId: row.unit_id,
    roleRP: {
      roleName: row.role_name,
      roleSystem: row.role_system,
      menu: menuTreeOf(row.menu),
    },
    impersonatedBy:
      row.impersonator_id === null
        ? null
        : displayName({ realName: row.impersonator_real_name, accountName: row.impersonator_account_name }),
  };
}

interface AccountInfoRow {
  id: number;
  real_name: Account['realName'];
  account_name: Account['accountName'];
  image_path: string | null;
  unit_id: number | null;
  role_name: string;
  role_system: RoleSystem;
  menu: string[];
  impersonator_id: number | null;
  impersonator_real_name: Account['realName'];
  impersonator_account_name: Account['accountName'];
}

/** The menu trees of the granted menus seen, by menu (a role's menu rarely changes; bounded). */
const menuTrees = new Map<string, ReturnType<typeof grantedMenuTree>>();

/** `grantedMenuTree` of a granted menu, built once per distinct menu (the answers are only serialised). */
function menuTreeOf(menu: readonly string[]): ReturnType<typeof grantedMenuTree> {
  const key = menu.join('\n');
  let tree = menuTrees.get(key);
  if (!tree) {
    if (menuTrees.size >= 1000) menuTrees.clear();
    tree = grantedMenuTree(menu);
    menuTrees.set(key, tree);
  }
  return tree;
}

/** Logout: ends the caller's session; nothing happens (and nothing fails) without a live one. */
export async function signOut(scope: Scope): Promise<void> {
  if (scope.principal) await revokeSessionById(scope.principal);
}

/**
 * Changes the caller's password: the new one must pass the password rule and differ from the
 * old; the old one must be right (wrong ones count towards the lock rule of `SIGN_IN_LIMITS`).
 * Every other session of the account ends; audited. Refused while signed in as someone else
 * (super account): the account's own data never changes then.
 */
export async function modifyPassword(
  scope: SignedInScope,
  passwords: { oldPassword: string; newPassword: string },
): Promise<void> {
  const { principal, request } = scope;
  if (principal.impersonatorId) throw new BusinessError(LOGIN_MESSAGES.NOT_WHILE_IMPERSONATING);
  checkPasswordRule('newPassword', passwords.newPassword);
  const key = attemptKey(principal.projectId, MODIFY_PASSWORD_SCOPE, String(principal.accountId));
  const status = await getAttemptStatus(scope.sequelize, key, request.ip);
  if (status.lockedUntil) throw new BusinessError(LOGIN_MESSAGES.MODIFY_PASSWORD_LOCKED);
  const account = await Account.scope('withPassword').findOne({
    where: { id: principal.accountId, projectId: principal.projectId },
  });
  if (!account) throw new UnauthorizedError();
  if (!(await verifyPassword(account.passwordHash, passwords.oldPassword))) {
    await recordAttempt({ key, ip: request.ip, succeeded: false });
    throw new BusinessError(LOGIN_MESSAGES.OLD_PASSWORD_WRONG);
  }
  if (passwords.newPassword === passwords.oldPassword) throw new BusinessError(LOGIN_MESSAGES.SAME_PASSWORD);
  const passwordHash = await hashPassword(passwords.newPassword);
  await scope.sequelize.transaction(async (transaction) => {
    await account.update({ passwordHash, passwordChangedAt: new Date() }, { transaction });
    await revokeOtherSessions(account, principal.sessionId, transaction);
    await recordAttempt({ key, ip: request.ip, succeeded: true }, transaction);
    await audit(
      scope,
      {
        action: 'account.modify-password',
        projectId: account.projectId,
        targetType: 'account',
        targetId: account.id,
      },
      transaction,
    );
  });
}

/**
 * The student accounts of the caller's person: same ID number, enabled, in enabled projects; the
 * caller's own account first and flagged. Only the caller's when it has no ID number.
 */
export async function listSwitchOptions(scope: SignedInScope): Promise<SwitchLoginList> {
  const { principal } = scope;
  const current = await Account.findOne({
    where: { id: principal.accountId, projectId: principal.projectId },
  });
  if (!current) throw new UnauthorizedError();
  const accounts = current.idCardNo
    ? await Account.findAll({
        where: {
          roleSystem: ROLE_SYSTEM.STUDENT,
          idCardNo: current.idCardNo,
          status: ACCOUNT_STATUS.ENABLED,
        },
        // The same person's accounts in every project.
        allTenants: true,
        order: [['id', 'ASC']],
      })
    : [current];
  const projectIds = [...new Set(accounts.map((account) => account.projectId ?? 0))];
  const projects = new Map(
    (await Project.findAll({ where: { id: projectIds, status: PROJECT_STATUS.ENABLED } })).map((project) => [
      project.id,
      project,
    ]),
  );
  const list = accounts.flatMap((account) => {
    const project = projects.get(account.projectId ?? 0);
    if (!project) return [];
    return [
      {
        accountId: account.id,
        projectId: project.id,
        projectName: project.name,
        title: resolveProjectSettings(project.settings).title,
        realName: account.realName,
        current: account.id === current.id,
      },
    ];
  });
  list.sort((a, b) => Number(b.current) - Number(a.current));
  return { list };
}

/**
 * Switches the signed-in student to another account of the same person (see `listSwitchOptions`):
 * opens a session for it and ends the current one. Refused for any other account, for the current
 * one and while signed in as someone else.
 */
export async function switchLogin(scope: SignedInScope, targetId: number): Promise<LoginAnswer> {
  const { principal } = scope;
  if (principal.impersonatorId) throw new BusinessError(LOGIN_MESSAGES.NOT_WHILE_IMPERSONATING);
  const { list } = await listSwitchOptions(scope);
  const target = list.find((option) => option.accountId === targetId && !option.current);
  if (!target) throw new BusinessError('无法切换到该账号');
  return scope.sequelize.transaction(async (transaction) => {
    await revokeSessionById(principal, transaction);
    // The other account lives in the project it belongs to: its session is opened there.
    return withProject(target.projectId, async () => {
      const account = await Account.findOne({
        where: { id: target.accountId, projectId: target.projectId },
        transaction,
      });
      if (!account) throw new BusinessError('无法切换到该账号');
      return signInAccount(scope, account, transaction);
    });
  });
}

/**
 * Student sign-in on /index2 with ID number and password; the same attempt rules as `login`.
 * Refused while the project's `index2Open` is 0; an account that is not an ID number is refused
 * naming the field.
 */
export async function signInAtIndex2(
  scope: TenantScope,
  request: Omit<PasswordSignIn, 'roleType' | 'index2'>,
): Promise<LoginAnswer> {
  if (!presentIndex2(scope.project).open) throw new BusinessError(LOGIN_MESSAGES.INDEX2_CLOSED);
  if (!isIdCardNumber(request.account.toUpperCase())) {
    throw new ValidationError([
      { field: 'account', rule: 'idCardNumber', message: VALIDATION_MESSAGES.idCardNumber },
    ]);
  }
  return signInWithPassword(scope, { ...request, roleType: LOGIN_ROLE_TYPE.STUDENT, index2: true });
}

/** A unit manager works only while their unit is enabled. */
async function isUnitEnabled(account: Account): Promise<boolean> {
  if (account.unitId === null || account.projectId === null) return false;
  const unit = await Unit.findOne({
    where: { id: account.unitId, projectId: account.projectId },
    attributes: ['status'],
  });
  return unit?.status === 'ENABLED';
}

import { randomBytes } from 'node:crypto';
import { idCardCheckChar, ROLE_SYSTEM, type RoleSystem } from '@px/config';
import type { InferCreationAttributes } from 'sequelize';
import { Account } from '../modules/account/account.model';
import { createBuiltinRoles } from '../modules/account/builtin-roles';
import { hashPassword } from '../modules/account/password';
import { Role } from '../modules/account/role.model';
import { Project } from '../modules/project/project.model';
import { openSession } from '../modules/session/session.service';
import { Unit } from '../modules/unit/unit.model';

const suffix = () => randomBytes(4).toString('hex');

/** A project with a unique code; pass only what the test is about. */
export function buildProject(overrides: Partial<InferCreationAttributes<Project>> = {}): Promise<Project> {
  const code = `p${suffix()}`;
  return Project.create({ code, name: `项目${code}`, ...overrides });
}

/** A unit of the given project. */
export function buildUnit(
  projectId: number,
  overrides: Partial<InferCreationAttributes<Unit>> = {},
): Promise<Unit> {
  return Unit.create({ projectId, name: `单位${suffix()}`, creditCode: null, ...overrides });
}

/** A role of a project (NULL project for role system 1) granted the given menu URLs. */
export function buildRole(
  projectId: number | null,
  roleSystem: RoleSystem,
  menu: string[] = [],
  overrides: Partial<InferCreationAttributes<Role>> = {},
): Promise<Role> {
  return Role.create({ projectId, roleSystem, name: `角色${suffix()}`, menu, ...overrides });
}

/** A valid mainland ID number (checksum, real birth date in 1970..1999), random enough never to repeat in a test. */
export function randomIdCardNo(): string {
  const birth = new Date(Date.UTC(1970, 0, 1) + Math.floor(Math.random() * 30 * 365) * 86_400_000);
  const date = birth.toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `370102${date}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

export interface BuiltAccount {
  account: Account;
  role: Role;
  /** The plain password the account was given. */
  password: string;
}

/**
 * An enabled account with a role of its own: staff get an account name, students an ID number and
 * a mobile (a complete profile: they may study; override a field with null for an incomplete one). `menu` grants back-office URLs; `password` defaults to `Passw0rd`.
 */
export async function buildAccount(options: {
  projectId: number | null;
  roleSystem: RoleSystem;
  menu?: string[];
  unitId?: number | null;
  password?: string;
  overrides?: Partial<InferCreationAttributes<Account>>;
}): Promise<BuiltAccount> {
  const password = options.password ?? 'Passw0rd';
  const role = await buildRole(options.projectId, options.roleSystem, options.menu ?? []);
  const student = options.roleSystem === ROLE_SYSTEM.STUDENT;
  const account = await Account.create({
    projectId: options.projectId,
    unitId: options.unitId ?? null,
    roleId: role.id,
    roleSystem: options.roleSystem,
    accountName: student ? null : `user${suffix()}`,
    realName: student ? '测试学员' : '测试员工',
    idCardNo: student ? randomIdCardNo() : null,
    mobile: student ? `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` : null,
    passwordHash: await hashPassword(password),
    ...options.overrides,
  });
  return { account, role, password };
}

/** A session token for an account, as if it had signed in. */
export function signIn(account: Account, options: { impersonatorId?: number } = {}): Promise<string> {
  return openSession({
    accountId: account.id,
    projectId: account.projectId,
    roleSystem: account.roleSystem,
    impersonatorId: options.impersonatorId,
  });
}

/** A project bound to a host name of its own, with its built-in roles (the student role included). */
export async function buildHostedProject(
  overrides: Partial<InferCreationAttributes<Project>> = {},
): Promise<{ project: Project; host: string }> {
  const host = `p${suffix()}.example.com`;
  const project = await buildProject({ domains: [host], ...overrides });
  await createBuiltinRoles(project.id);
  return { project, host };
}

import { ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { Op } from 'sequelize';
import type { LoginAnswer } from '../../contract/login';
import type {
  SuperAccountAccount,
  SuperAccountAccountPage,
  SuperAccountProjectList,
} from '../../contract/super-account';
import type { SignedInScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { modelPage } from '../../core/newest-first';
import { containsPattern } from '../../core/query';
import { namesById } from '../../db/lookups';
import { ACCOUNT_STATUS, Account } from '../account/account.model';
import { Role } from '../account/role.model';
import { audit } from '../audit/audit.service';
import { PROJECT_STATUS, Project } from '../project/project.model';
import { openSession } from '../session/session.service';
import { Unit } from '../unit/unit.model';

/** The role systems platform staff may sign in as: project staff and unit managers. */
const TARGET_SYSTEMS: RoleSystem[] = [ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.UNIT];

/** The enabled projects, by name. */
export async function listEnabledProjects(): Promise<SuperAccountProjectList> {
  const projects = await Project.findAll({
    where: { status: PROJECT_STATUS.ENABLED },
    attributes: ['id', 'name', 'code'],
    order: [
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return { list: projects.map(({ id, name, code }) => ({ id, name, code })) };
}

/**
 * Enabled accounts of role systems 2 and 4 of an enabled project, matching part of the real name
 * or the account name, paged by account name. An unknown or disabled project answers an empty page.
 */
export async function listTargetAccounts(query: {
  projectId: number;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}): Promise<SuperAccountAccountPage> {
  const { pageNum, pageSize } = query;
  const project = await Project.findOne({ where: { id: query.projectId, status: PROJECT_STATUS.ENABLED } });
  if (!project) return { list: [], total: 0, pageNum, pageSize };
  const pattern = query.keyword ? containsPattern(query.keyword) : undefined;
  return modelPage(
    Account,
    {
      where: {
        projectId: project.id,
        roleSystem: { [Op.in]: TARGET_SYSTEMS },
        status: ACCOUNT_STATUS.ENABLED,
        ...(pattern
          ? { [Op.or]: [{ realName: { [Op.iLike]: pattern } }, { accountName: { [Op.iLike]: pattern } }] }
          : {}),
      },
      include: [{ model: Role, as: 'role', attributes: ['name'] }],
      order: [
        ['accountName', 'ASC'],
        ['id', 'ASC'],
      ],
    },
    query,
    async (rows): Promise<SuperAccountAccount[]> => {
      const units = await namesById(
        Unit,
        rows.map((row) => row.unitId),
        { where: { projectId: project.id } },
      );
      return rows.map((row) => ({
        accountId: row.id,
        accountName: row.accountName,
        realName: row.realName,
        roleSystem: row.roleSystem,
        roleName: row.role?.name ?? '',
        unitName: row.unitId ? (units.get(row.unitId) ?? null) : null,
      }));
    },
  );
}

/**
 * Platform staff sign in as an account of role system 2 or 4: a session of the account marked
 * with the caller as impersonator (it lives `IMPERSONATION_TTL_MS`), audited as
 * `super-account.sign-in-as` in the account's project. The account itself is not changed.
 * Refused for unknown, disabled or other accounts and disabled projects.
 */
export async function signInAs(scope: SignedInScope, accountId: number): Promise<LoginAnswer> {
  const caller = scope.principal;
  const account = await Account.findOne({
    where: { id: accountId, roleSystem: { [Op.in]: TARGET_SYSTEMS } },
    // Platform staff choose an account of any project.
    allTenants: true,
  });
  if (!account || account.projectId === null) throw new BusinessError('账号不存在');
  if (account.status !== ACCOUNT_STATUS.ENABLED) throw new BusinessError('该账号已停用');
  const project = await Project.findByPk(account.projectId);
  if (!project || project.status !== PROJECT_STATUS.ENABLED) throw new BusinessError('该项目已停用');
  const projectId = project.id;
  const tokenCode = await scope.sequelize.transaction(async (transaction) => {
    const token = await openSession(
      {
        accountId: account.id,
        projectId,
        roleSystem: account.roleSystem,
        impersonatorId: caller.accountId,
        ip: scope.request.ip,
        userAgent: scope.request.userAgent,
      },
      transaction,
    );
    await audit(
      scope,
      {
        action: 'super-account.sign-in-as',
        projectId,
        targetType: 'account',
        targetId: account.id,
        detail: { accountName: account.accountName, realName: account.realName },
      },
      transaction,
    );
    return token;
  });
  return { tokenCode, roleSystem: account.roleSystem };
}

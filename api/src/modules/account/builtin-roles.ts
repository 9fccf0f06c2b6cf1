import { ADMIN_MENU, type AdminMenuEntry, ROLE_SYSTEM, type RoleSystem } from '@px/config';
import type { Transaction } from 'sequelize';
import { Role } from './role.model';

/** Every URL of the given sections of the route table (the section and all its pages). */
function sections(...bases: string[]): string[] {
  const collect = (entry: AdminMenuEntry): string[] => [
    entry.url,
    ...(entry.children ?? []).flatMap(collect),
  ];
  return ADMIN_MENU.filter((entry) => bases.includes(entry.url)).flatMap(collect);
}
const pages = (...urls: string[]) => urls;

export interface BuiltinRole {
  code: string;
  name: string;
  roleSystem: RoleSystem;
  menu: string[];
}

/** The platform's own role (project NULL). */
export const PLATFORM_ADMIN_ROLE: BuiltinRole = {
  code: 'platform-admin',
  name: '平台管理员',
  roleSystem: ROLE_SYSTEM.PLATFORM,
  menu: [
    ...pages('/home'),
    ...sections('/project-manage', '/super-account', '/wxapp-manage', '/dashboard', '/exception-manage'),
    // The shared library is the platform's to fill; the rest of 资源管理 is the projects'.
    ...pages('/resource-manage', '/resource-manage/shared-library'),
  ],
};

/**
 * The roles every project starts with (docs/product-decisions.md). Their menus may be edited in
 * /account-manage/role like any other role; the code only marks where they came from.
 */
export const PROJECT_BUILTIN_ROLES: BuiltinRole[] = [
  {
    code: 'project-admin',
    name: '项目管理员',
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: [
      ...pages('/home'),
      ...sections(
        '/resource-manage',
        '/train-manage',
        '/student-manage',
        '/order-manage',
        '/unit-manage',
        '/dashboard',
        '/exception-manage',
        '/invoice-manage',
        '/customer',
        '/account-manage',
        '/cms-manage',
      ),
    ],
  },
  {
    code: 'customer-service',
    name: '客服',
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: [
      ...pages('/home', '/unit-manage', '/unit-manage/list', '/unit-manage/detail'),
      ...pages(
        '/train-manage',
        '/train-manage/study-report',
        '/train-manage/study-report/student-detail',
        '/train-manage/study-report/study-detail',
        '/train-manage/second-certificate-print',
      ),
      ...sections('/student-manage', '/order-manage', '/customer', '/exception-manage'),
    ],
  },
  {
    code: 'finance',
    name: '财务',
    roleSystem: ROLE_SYSTEM.PROJECT,
    // The order list and its details, not 免费开通 (an operation grant of the order staff).
    menu: [
      ...pages('/home', '/order-manage', '/order-manage/list', '/order-manage/detail'),
      ...sections('/invoice-manage'),
    ],
  },
  {
    code: 'cms-staff',
    name: '考务人员',
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: [...pages('/home'), ...sections('/cms-manage')],
  },
  {
    code: 'unit-manager',
    name: '单位管理员',
    roleSystem: ROLE_SYSTEM.UNIT,
    menu: pages(
      '/home',
      '/train-manage',
      '/train-manage/unit-class',
      '/train-manage/unit-class-detail',
      '/train-manage/creat-class',
      '/train-manage/import-student',
      '/train-manage/batch-pay-order',
      '/order-manage',
      '/order-manage/detail',
      '/unit-manage',
      '/unit-manage/detail',
      '/invoice-manage',
      '/invoice-manage/invoice-collective',
    ),
  },
  { code: 'student', name: '学员', roleSystem: ROLE_SYSTEM.STUDENT, menu: [] },
];

/** Creates a project's built-in roles (on project creation and in the demo seed). */
export async function createBuiltinRoles(
  projectId: number,
  transaction?: Transaction,
): Promise<Map<string, Role>> {
  const roles = await Role.bulkCreate(
    PROJECT_BUILTIN_ROLES.map((role) => ({ ...role, projectId })),
    { transaction, returning: true },
  );
  return new Map(roles.map((role) => [role.code ?? '', role]));
}

/** The role of a given code in a project (`student`, `unit-manager`, ...); throws when missing. */
export async function findBuiltinRole(
  projectId: number | null,
  code: string,
  transaction?: Transaction,
): Promise<Role> {
  const role = await Role.findOne({ where: { projectId, code }, transaction });
  if (!role) throw new Error(`built-in role ${code} missing in project ${projectId}`);
  return role;
}

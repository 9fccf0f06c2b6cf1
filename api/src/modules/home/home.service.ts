import { type PageUrl, ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { QueryTypes } from 'sequelize';
import type { HomeTodo, HomeTodoItem, HomeTodoKey } from '../../contract/home';
import { CERTIFICATE_PRINT_PAGE } from '../../contract/my-certificate';
import type { ActorScope } from '../../core/action';
import { can, type PolicyScope } from '../../core/policy';
import { reprintDueSql } from '../my-certificate/my-certificate.model';
import { managedUnitId } from '../unit/unit.policy';
import './home.policy';

/**
 * One kind of work the home page counts: who gets it (role systems and the page that lists it,
 * granted to the caller's role), the list's filter, and the SQL counting the same rows that list
 * shows with that filter. `:projectId` is the caller's project; `:unitId` a unit manager's unit (the
 * count is then of their unit only, as their list is), `unitColumn` naming the column it filters.
 */
interface TodoDefinition {
  key: HomeTodoKey;
  title: string;
  roles: readonly RoleSystem[];
  page: PageUrl;
  query: Readonly<Record<string, string>>;
  /** `SELECT COUNT(*) AS count FROM <table> t WHERE ...`, the project and state filters. */
  sql: string;
  /** The unit column of `t`, for unit managers; absent when unit managers never get the item. */
  unitColumn?: string;
  /** More pages the role must hold (the grant of acting on what is counted, beside its list). */
  alsoRequires?: readonly PageUrl[];
}

const STAFF = [ROLE_SYSTEM.PROJECT] as const;
const STAFF_AND_UNITS = [ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.UNIT] as const;

/**
 * The work the home page counts, in the order it shows it (推送异常: the pushes the regulator refused,
 * waiting for staff, as the exception list shows them by default; 异常登记: the registered cases
 * nobody has taken up yet). Adding a kind is one entry here
 * and its key in the contract; its list must accept the filter from
 * its URL.
 */
export const TODO_DEFINITIONS: readonly TodoDefinition[] = [
  {
    key: 'refundApplies',
    title: '退款申请待审核',
    roles: STAFF,
    page: '/invoice-manage/refund-list',
    query: { status: 'PENDING' },
    sql: `SELECT COUNT(*) AS count FROM refund_apply t WHERE t.project_id = :projectId AND t.status = 'PENDING'`,
  },
  {
    key: 'invoices',
    title: '发票申请待开票',
    roles: STAFF,
    page: '/invoice-manage/invoice-list',
    query: { status: 'PENDING' },
    sql: `SELECT COUNT(*) AS count FROM invoice t WHERE t.project_id = :projectId AND t.status = 'PENDING'`,
  },
  {
    key: 'changeClasses',
    title: '转班申请待审核',
    roles: STAFF,
    page: '/train-manage/change-class-manage',
    query: { status: 'PENDING' },
    sql: `SELECT COUNT(*) AS count FROM change_class_apply t WHERE t.project_id = :projectId AND t.status = 'PENDING'`,
  },
  {
    key: 'classApplies',
    title: '报名申请待审核',
    roles: STAFF,
    page: '/train-manage/class-apply',
    query: { status: 'PENDING' },
    sql: `SELECT COUNT(*) AS count FROM class_apply t WHERE t.project_id = :projectId AND t.status = 'PENDING'`,
  },
  {
    key: 'unpaidBatchOrders',
    title: '单位批量订单待支付',
    roles: STAFF_AND_UNITS,
    page: '/train-manage/batch-pay-order',
    query: { status: 'CREATED' },
    sql: `SELECT COUNT(*) AS count FROM batch_order t WHERE t.project_id = :projectId AND t.status = 'CREATED'`,
    unitColumn: 'unit_id',
  },
  {
    key: 'failedImports',
    title: '学员导入失败',
    roles: STAFF_AND_UNITS,
    page: '/train-manage/import-student',
    query: { statuses: 'INVALID,FAILED' },
    sql: `SELECT COUNT(*) AS count FROM unit_import t WHERE t.project_id = :projectId AND t.status IN ('INVALID', 'FAILED')`,
    unitColumn: 'unit_id',
  },
  {
    key: 'openExceptions',
    title: '推送异常待处理',
    roles: STAFF,
    page: '/customer/my-class-push-log-exception-manage',
    query: {},
    sql: `SELECT COUNT(*) AS count FROM regulator_push t WHERE t.project_id = :projectId AND t.status = 'FAILED' AND t.reject_reason IS NOT NULL`,
  },
  {
    key: 'reprintCertificates',
    title: '证书待补打',
    roles: STAFF,
    page: '/customer/my-certificate-manage',
    query: { reprint: 'DUE' },
    sql: `SELECT COUNT(*) AS count FROM certificate t WHERE t.project_id = :projectId AND ${reprintDueSql('t')}`,
    alsoRequires: [CERTIFICATE_PRINT_PAGE],
  },
  {
    key: 'openCases',
    title: '异常登记待处理',
    roles: STAFF,
    page: '/customer/exception-register',
    query: { status: 'PENDING' },
    sql: `SELECT COUNT(*) AS count FROM exception_case t WHERE t.project_id = :projectId AND t.status = 'PENDING'`,
  },
];

/** The definitions a caller gets (the home policy: their role system is listed and their role holds the page). */
export function permittedTodos(
  scope: PolicyScope,
  definitions: readonly TodoDefinition[] = TODO_DEFINITIONS,
): TodoDefinition[] {
  return definitions.filter((definition) => can(scope, 'home.todo', definition));
}

/**
 * `home/todo`: the counts of work waiting for the caller in their project, only of the lists their
 * role opens (a unit manager's of their unit only), in one statement.
 */
export async function homeTodo(scope: ActorScope): Promise<HomeTodo> {
  const todos = permittedTodos(scope);
  if (todos.length === 0) return { items: [] };
  const unitId = managedUnitId(scope);
  const counts = todos.map((todo, index) => {
    const ofUnit = unitId === null ? '' : ` AND t.${todo.unitColumn} = :unitId`;
    return `(${todo.sql}${ofUnit}) AS c${index}`;
  });
  const [row] = await scope.sequelize.query<Record<string, string>>(`SELECT ${counts.join(', ')}`, {
    replacements: { projectId: scope.project.id, unitId },
    type: QueryTypes.SELECT,
  });
  const items = todos.map(
    (todo, index): HomeTodoItem => ({
      key: todo.key,
      title: todo.title,
      count: Number(row?.[`c${index}`] ?? 0),
      page: todo.page,
      query: todo.query,
    }),
  );
  return { items };
}

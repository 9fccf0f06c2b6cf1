/**
 * The back office's route table (spec section 2), declared once. The server grants and checks
 * permissions by these URLs; the back office derives its routes, menu, search pool and breadcrumbs
 * from them, showing only entries whose screen exists in the app and that the role was granted.
 */
export interface AdminMenuEntry {
  /** Full path, e.g. `/account-manage/role`. */
  url: string;
  /** Menu title (zh-CN). */
  title: string;
  /** Hidden entries are routes (details, editors) that never appear in the menu or route search. */
  hidden?: boolean;
  /**
   * An operation grant (免费开通): a permission a role holds like a page, which screens check for a
   * button (`useAccess`) and the API for its calls, but never a route, a screen or a menu entry.
   */
  grant?: boolean;
  children?: AdminMenuEntry[];
}

/**
 * A page of a section: `[path below the section, title, kind?]`, the kind `true` for a hidden page
 * or `'grant'` for an operation grant.
 */
type PageSpec = readonly [path: string, title: string, kind?: true | 'grant'];

type SectionUrls<B extends string, C extends readonly PageSpec[]> = B | `${B}/${C[number][0]}`;

type SectionGrants<B extends string, C extends readonly PageSpec[]> = {
  [K in keyof C]: C[K] extends readonly [infer P extends string, string, 'grant'] ? `${B}/${P}` : never;
}[number];

interface Section<U extends string, G extends string = never> extends AdminMenuEntry {
  /** Phantom: the URLs of the section and its pages, for `MenuUrl`. */
  readonly __urls?: U;
  /** Phantom: the URLs of its operation grants, for `GrantUrl`. */
  readonly __grants?: G;
}

const section = <const B extends string, const C extends readonly PageSpec[]>(
  base: B,
  title: string,
  children: C,
): Section<SectionUrls<B, C>, SectionGrants<B, C>> => ({
  url: base,
  title,
  children: children.map(([path, childTitle, kind]) => ({
    url: `${base}/${path}`,
    title: childTitle,
    ...(kind === true ? { hidden: true } : kind === 'grant' ? { grant: true } : {}),
  })),
});

const MENU_TABLE = [
  { url: '/home', title: '首页' } as Section<'/home'>,
  section('/resource-manage', '资源管理', [
    ['video', '视频资源'],
    ['course', '课程管理'],
    ['certificate', '证书模板'],
    ['add-question', '添加弹题', true],
    ['exam-question', '考试题库'],
    ['exam-paper', '试卷管理'],
    ['shared-library', '共享资源库'],
  ]),
  section('/train-manage', '培训管理', [
    ['train-plan-list', '培训计划'],
    ['train-plan-detail', '创建计划'],
    ['class', '班级管理'],
    ['train-class-detail', '班级详情', true],
    ['class-apply', '报名审核'],
    ['study-report', '学习档案'],
    ['second-certificate-print', '证书打印', true],
    ['study-report/student-detail', '学员档案详情', true],
    ['study-report/study-detail', '学习详情', true],
    ['exam-score', '考试成绩'],
    ['change-class-manage', '转班管理'],
    ['change-class-manage/detail', '转班详情', true],
    ['unit-class', '单位班级'],
    ['unit-class-detail', '单位班级详情', true],
    ['creat-class', '创建单位班级', true],
    ['import-student', '导入学员', true],
    ['batch-pay-order', '批量缴费', true],
  ]),
  section('/student-manage', '学员管理', [
    ['student', '学员列表'],
    ['student-detail', '学员详情', true],
  ]),
  section('/order-manage', '订单管理', [
    ['list', '订单列表'],
    ['detail', '团体缴费订单详情', true],
    ['free-order', '免费开通', 'grant'],
  ]),
  section('/unit-manage', '单位管理', [
    ['list', '培训机构'],
    ['detail', '单位详情', true],
  ]),
  section('/super-account', '超级账号', [['index', '超级账号登录']]),
  section('/dashboard', '数据看板', [
    ['index', '数据看板'],
    ['refresh', '刷新看板数据', 'grant'],
  ]),
  section('/project-manage', '项目管理', [
    ['list', '项目列表'],
    ['setting', '项目设置', true],
    ['partner-app', '合作平台'],
    ['partner-app-detail', '合作平台详情', true],
    ['vocation', '职业工种目录'],
  ]),
  section('/wxapp-manage', '公众号管理', [
    ['list', '公众号列表'],
    ['setting', '公众号设置', true],
  ]),
  section('/exception-manage', '异常管理', [['list', '异常记录']]),
  section('/invoice-manage', '发票管理', [
    ['invoice-list', '发票列表'],
    ['refund-list', '退款申请'],
    ['invoice-collective', '集体发票'],
    ['order-manage', '开票订单'],
  ]),
  section('/customer', '数据纠正', [
    ['study-report', '学习档案纠正'],
    ['exception-register', '异常登记'],
    ['my-class-push-log-manage', '推送日志'],
    ['my-class-push-log-exception-manage', '推送异常'],
    ['my-certificate-manage', '证书管理'],
    ['invoice-manage', '发票纠正'],
  ]),
  section('/account-manage', '账号管理', [
    ['role', '角色管理'],
    ['administrator-list', '管理员列表'],
    ['banner-list', 'H5轮播图'],
    ['project-setting', '项目设置'],
  ]),
  section('/cms-manage', '考务管理', [
    ['apply-manage', '报名管理'],
    ['apply-exam-manage', '考试报名'],
    ['score-manage', '成绩管理'],
    ['cms-order-manage', '考务订单'],
  ]),
];

/**
 * Every URL of the route table as a type: permissions, role grants and links name these, so a
 * misspelt or removed page is a compile error (`'/train-manage/class'`).
 */
export type MenuUrl = NonNullable<(typeof MENU_TABLE)[number]['__urls']>;

/** The operation grants of the table (`/order-manage/free-order`): held like pages, never routes. */
export type GrantUrl = NonNullable<(typeof MENU_TABLE)[number]['__grants']>;

/** The URLs of the table that may be routes: every URL but the operation grants. */
export type PageUrl = Exclude<MenuUrl, GrantUrl>;

export const ADMIN_MENU: AdminMenuEntry[] = MENU_TABLE;

/** Every entry of the table, depth first. */
export function flattenAdminMenu(entries: AdminMenuEntry[] = ADMIN_MENU): AdminMenuEntry[] {
  return entries.flatMap((entry) => [entry, ...flattenAdminMenu(entry.children ?? [])]);
}

/** Every URL of the table; a role's menu may only name these. */
export const ADMIN_MENU_URLS: ReadonlySet<string> = new Set(flattenAdminMenu().map((entry) => entry.url));

/** Whether a URL is one of the route table's (narrows it to MenuUrl). */
export function isMenuUrl(url: string): url is MenuUrl {
  return ADMIN_MENU_URLS.has(url);
}

/**
 * The one permission rule of the back office, used by the API (may a role make a call) and by the
 * app (may it open a route, may it see a button): a page is granted exactly when the role's menu
 * holds its URL. Hidden pages (editors, details) are granted on their own, so a role may read a
 * list without editing (班级管理 without 班级详情); a section is only a heading and grants no page.
 */
export function isMenuGranted(granted: ReadonlySet<string>, url: string): boolean {
  return granted.has(url);
}

/** A menu entry as the login family answers it (spec section 3: `url`, `childrenMenuRPs`). */
export interface MenuRP {
  url: string;
  title: string;
  childrenMenuRPs: MenuRP[];
}

/**
 * The part of the table a role was granted, as a tree: an entry is kept when its URL is granted or
 * when one of its descendants is (so a granted page keeps its section). Hidden routes are kept
 * when granted; the client decides what the menu shows.
 */
export function grantedMenuTree(granted: Iterable<string>, entries: AdminMenuEntry[] = ADMIN_MENU): MenuRP[] {
  const grantedSet = new Set(granted);
  return entries.flatMap((entry) => {
    const children = grantedMenuTree(grantedSet, entry.children ?? []);
    if (!grantedSet.has(entry.url) && children.length === 0) return [];
    return [{ url: entry.url, title: entry.title, childrenMenuRPs: children }];
  });
}

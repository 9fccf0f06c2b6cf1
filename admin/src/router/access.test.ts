import { ADMIN_MENU, type AdminMenuEntry, grantedMenuTree, type MenuRP } from '@px/config';
import {
  buildBreadcrumbs,
  buildSidebarMenu,
  collectMenuUrls,
  filterRoutesByMenu,
  matchRoute,
  openSectionsFor,
} from './access';
import { buildRouteTree, flattenPages } from './route-tree';

const MENU: AdminMenuEntry[] = [
  { url: '/home', title: '首页' },
  {
    url: '/account-manage',
    title: '账号管理',
    children: [
      { url: '/account-manage/role', title: '角色管理' },
      { url: '/account-manage/administrator-list', title: '管理员列表' },
    ],
  },
  {
    url: '/unit-manage',
    title: '单位管理',
    children: [
      { url: '/unit-manage/list', title: '培训机构' },
      { url: '/unit-manage/detail', title: '单位详情', hidden: true },
    ],
  },
  {
    url: '/project-manage',
    title: '项目管理',
    children: [
      { url: '/project-manage/list', title: '项目列表' },
      { url: '/project-manage/setting', title: '项目设置', hidden: true },
    ],
  },
  {
    url: '/super-account',
    title: '超级账号',
    children: [{ url: '/super-account/index', title: '超级账号登录' }],
  },
];

const everyUrl = (entries: AdminMenuEntry[]): string[] =>
  entries.flatMap((entry) => [entry.url, ...everyUrl(entry.children ?? [])]);
const ROUTES = buildRouteTree(MENU, new Map(everyUrl(MENU).map((url) => [url, url])));

/** The menu tree get-account-info answers for a role granted these URLs. */
const menuOf = (...urls: string[]): MenuRP[] => grantedMenuTree(urls, MENU);
const pagesOf = (routes: ReturnType<typeof filterRoutesByMenu>) =>
  flattenPages(routes).map((route) => route.path);

describe('collectMenuUrls', () => {
  it('collects the URLs of every level of a menu tree', () => {
    const menu: MenuRP[] = [
      { url: '/a', title: 'A', childrenMenuRPs: [{ url: '/a/b', title: 'B', childrenMenuRPs: [] }] },
      { url: '/c', title: 'C', childrenMenuRPs: [] },
    ];
    expect([...collectMenuUrls(menu)]).toEqual(['/a', '/a/b', '/c']);
  });

  it('accepts entries without childrenMenuRPs', () => {
    expect([...collectMenuUrls([{ url: '/a', title: 'A' } as MenuRP])]).toEqual(['/a']);
  });
});

describe('filterRoutesByMenu', () => {
  it('keeps the visible pages whose URL is in the menu tree, and their sections', () => {
    const routes = filterRoutesByMenu(ROUTES, menuOf('/home', '/account-manage/role'));
    expect(routes.map((route) => route.path)).toEqual(['/home', '/account-manage']);
    expect(pagesOf(routes)).toEqual(['/home', '/account-manage/role']);
  });

  it('keeps a hidden page only when it is granted itself, as the API checks it', () => {
    expect(pagesOf(filterRoutesByMenu(ROUTES, menuOf('/unit-manage/list')))).toEqual(['/unit-manage/list']);
    expect(pagesOf(filterRoutesByMenu(ROUTES, menuOf('/unit-manage/list', '/unit-manage/detail')))).toEqual([
      '/unit-manage/list',
      '/unit-manage/detail',
    ]);
  });

  it('keeps a section granted only through a hidden page, with that page', () => {
    const routes = filterRoutesByMenu(ROUTES, menuOf('/unit-manage/detail'));
    expect(pagesOf(routes)).toEqual(['/unit-manage/detail']);
  });

  it('drops the hidden pages of a section that was not granted', () => {
    const routes = filterRoutesByMenu(ROUTES, menuOf('/account-manage/role'));
    expect(pagesOf(routes)).not.toContain('/unit-manage/detail');
    expect(pagesOf(routes)).not.toContain('/project-manage/setting');
  });

  it('treats a page granted without its section URL as granting the section', () => {
    const flat: MenuRP[] = [{ url: '/project-manage/list', title: '项目列表', childrenMenuRPs: [] }];
    expect(pagesOf(filterRoutesByMenu(ROUTES, flat))).toEqual(['/project-manage/list']);
  });

  it('does not grant a section by its URL alone', () => {
    const sectionOnly: MenuRP[] = [{ url: '/account-manage', title: '账号管理', childrenMenuRPs: [] }];
    expect(filterRoutesByMenu(ROUTES, sectionOnly)).toEqual([]);
  });

  it('keeps the always-permitted pages whatever the menu says', () => {
    expect(pagesOf(filterRoutesByMenu(ROUTES, [], ['/home']))).toEqual(['/home']);
    expect(filterRoutesByMenu(ROUTES, [])).toEqual([]);
  });

  it('ignores menu URLs that are not routes of the app', () => {
    const routes = filterRoutesByMenu(ROUTES, menuOf('/home', '/train-manage/class'));
    expect(pagesOf(routes)).toEqual(['/home']);
  });

  it('does not change the tree it filters', () => {
    const before = JSON.stringify(ROUTES);
    filterRoutesByMenu(ROUTES, menuOf('/account-manage/role'));
    expect(JSON.stringify(ROUTES)).toBe(before);
  });
});

describe('buildSidebarMenu', () => {
  it('shows sections with their visible pages, leaving hidden pages out', () => {
    const routes = filterRoutesByMenu(
      ROUTES,
      menuOf(
        '/home',
        '/account-manage/role',
        '/account-manage/administrator-list',
        '/unit-manage/list',
        '/unit-manage/detail',
        '/project-manage/list',
      ),
    );
    expect(buildSidebarMenu(routes)).toEqual([
      { path: '/home', title: '首页', topPath: '/home' },
      {
        path: '/account-manage',
        title: '账号管理',
        topPath: '/account-manage',
        children: [
          { path: '/account-manage/role', title: '角色管理', topPath: '/account-manage' },
          { path: '/account-manage/administrator-list', title: '管理员列表', topPath: '/account-manage' },
        ],
      },
      { path: '/unit-manage/list', title: '培训机构', topPath: '/unit-manage' },
      { path: '/project-manage/list', title: '项目列表', topPath: '/project-manage' },
    ]);
  });

  it('shows the single visible page of a section in its place', () => {
    const routes = filterRoutesByMenu(ROUTES, menuOf('/super-account/index'));
    expect(buildSidebarMenu(routes)).toEqual([
      { path: '/super-account/index', title: '超级账号登录', topPath: '/super-account' },
    ]);
  });

  it('leaves out a section whose permitted pages are all hidden', () => {
    const routes = filterRoutesByMenu(ROUTES, menuOf('/home', '/unit-manage/detail'));
    expect(buildSidebarMenu(routes).map((item) => item.path)).toEqual(['/home']);
  });

  it('is empty without routes', () => {
    expect(buildSidebarMenu([])).toEqual([]);
  });
});

describe('openSectionsFor', () => {
  it('names the sections above a page', () => {
    expect(openSectionsFor(ROUTES, '/account-manage/role')).toEqual(['/account-manage']);
    expect(openSectionsFor(ROUTES, '/home')).toEqual([]);
    expect(openSectionsFor(ROUTES, '/nowhere')).toEqual([]);
  });
});

describe('buildBreadcrumbs', () => {
  it('starts with home as a link, then the section (text) and the page (text)', () => {
    expect(buildBreadcrumbs(ROUTES, '/account-manage/role', '/home')).toEqual([
      { title: '首页', path: '/home' },
      { title: '账号管理' },
      { title: '角色管理' },
    ]);
  });

  it('shows home alone on the home page', () => {
    expect(buildBreadcrumbs(ROUTES, '/home', '/home')).toEqual([{ title: '首页' }]);
  });

  it('follows the menu: a section the sidebar shows as its one page stands as that page', () => {
    // 单位管理 holds one visible page: the sidebar shows 培训机构 in its place, so does the breadcrumb.
    expect(buildBreadcrumbs(ROUTES, '/unit-manage/list', '/home')).toEqual([
      { title: '首页', path: '/home' },
      { title: '培训机构' },
    ]);
    // A hidden page sits under what the sidebar shows of its section, as a link.
    expect(buildBreadcrumbs(ROUTES, '/unit-manage/detail', '/home')).toEqual([
      { title: '首页', path: '/home' },
      { title: '培训机构', path: '/unit-manage/list' },
      { title: '单位详情' },
    ]);
    expect(buildBreadcrumbs(ROUTES, '/project-manage/setting', '/home').map((crumb) => crumb.title)).toEqual([
      '首页',
      '项目列表',
      '项目设置',
    ]);
  });

  it('follows the menu of the person: a section cut to one page by their grants is not named', () => {
    // As a unit manager's 培训管理 holding only 单位班级: the menu shows no 账号管理 above 角色管理.
    const routes = filterRoutesByMenu(ROUTES, menuOf('/home', '/account-manage/role'));
    expect(buildSidebarMenu(routes).map((item) => item.title)).toEqual(['首页', '角色管理']);
    expect(buildBreadcrumbs(routes, '/account-manage/role', '/home')).toEqual([
      { title: '首页', path: '/home' },
      { title: '角色管理' },
    ]);
    // A section whose pages are all hidden adds nothing.
    const hiddenOnly = filterRoutesByMenu(ROUTES, menuOf('/home', '/unit-manage/detail'));
    expect(buildBreadcrumbs(hiddenOnly, '/unit-manage/detail', '/home')).toEqual([
      { title: '首页', path: '/home' },
      { title: '单位详情' },
    ]);
  });

  it('is empty for a path that is not a route, and has no home crumb when home is not a route', () => {
    expect(buildBreadcrumbs(ROUTES, '/nowhere', '/home')).toEqual([]);
    const withoutHome = ROUTES.filter((route) => route.path !== '/home');
    expect(buildBreadcrumbs(withoutHome, '/account-manage/role', '/home')).toEqual([
      { title: '账号管理' },
      { title: '角色管理' },
    ]);
  });
});

describe('matchRoute', () => {
  it('finds pages, sections with their first visible page, and nothing', () => {
    expect(matchRoute(ROUTES, '/account-manage/role')).toMatchObject({
      kind: 'page',
      route: { title: '角色管理' },
    });
    expect(matchRoute(ROUTES, '/project-manage')).toMatchObject({
      kind: 'section',
      firstPage: '/project-manage/list',
    });
    expect(matchRoute(ROUTES, '/nowhere')).toEqual({ kind: 'none' });
  });

  it('gives a section whose pages are all hidden no first page', () => {
    const routes = filterRoutesByMenu(ROUTES, menuOf('/unit-manage/detail'));
    expect(matchRoute(routes, '/unit-manage')).toMatchObject({ kind: 'section', firstPage: undefined });
  });
});

describe('buildBreadcrumbs of an editor page', () => {
  const routes = buildRouteTree(
    ADMIN_MENU,
    new Map([
      ['/train-manage/train-plan-list', 1],
      ['/train-manage/train-plan-detail', 1],
    ]),
  );

  it('names the page 编辑计划 when it edits a plan (?id=), 创建计划 otherwise', () => {
    const titles = (search: string) =>
      buildBreadcrumbs(routes, '/train-manage/train-plan-detail', '/home', search).map(
        (crumb) => crumb.title,
      );
    expect(titles('?id=3')).toEqual(['培训管理', '编辑计划']);
    expect(titles('')).toEqual(['培训管理', '创建计划']);
    expect(titles('?id=')).toEqual(['培训管理', '创建计划']);
  });
});

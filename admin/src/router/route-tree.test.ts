import { ADMIN_MENU, type AdminMenuEntry } from '@px/config';
import { buildRouteTree, findRouteChain, flattenPages, normalizePath } from './route-tree';

const MENU: AdminMenuEntry[] = [
  { url: '/home', title: '首页' },
  {
    url: '/account-manage',
    title: '账号管理',
    children: [
      { url: '/account-manage/role', title: '角色管理' },
      { url: '/account-manage/administrator-list', title: '管理员列表' },
      { url: '/account-manage/banner-list', title: 'H5轮播图' },
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
  { url: '/dashboard', title: '数据看板', children: [{ url: '/dashboard/index', title: '数据看板' }] },
  {
    url: '/order-manage',
    title: '订单管理',
    children: [
      { url: '/order-manage/list', title: '订单列表' },
      { url: '/order-manage/free-order', title: '免费开通', grant: true },
    ],
  },
];

const screens = (...urls: string[]) => new Map(urls.map((url) => [url, `screen:${url}`]));

describe('buildRouteTree', () => {
  it('keeps only the entries that have a screen, in the order of the table', () => {
    const tree = buildRouteTree(
      MENU,
      screens('/unit-manage/detail', '/home', '/account-manage/role', '/unit-manage/list'),
    );
    expect(tree).toEqual([
      { path: '/home', title: '首页', hidden: false, screen: 'screen:/home', children: [] },
      {
        path: '/account-manage',
        title: '账号管理',
        hidden: false,
        children: [
          {
            path: '/account-manage/role',
            title: '角色管理',
            hidden: false,
            screen: 'screen:/account-manage/role',
            children: [],
          },
        ],
      },
      {
        path: '/unit-manage',
        title: '单位管理',
        hidden: false,
        children: [
          {
            path: '/unit-manage/list',
            title: '培训机构',
            hidden: false,
            screen: 'screen:/unit-manage/list',
            children: [],
          },
          {
            path: '/unit-manage/detail',
            title: '单位详情',
            hidden: true,
            screen: 'screen:/unit-manage/detail',
            children: [],
          },
        ],
      },
    ]);
  });

  it('leaves out a section none of whose pages has a screen', () => {
    expect(buildRouteTree(MENU, screens('/home')).map((route) => route.path)).toEqual(['/home']);
  });

  it('never makes an operation grant a route, even given a screen', () => {
    const tree = buildRouteTree(MENU, screens('/order-manage/list', '/order-manage/free-order'));
    expect(flattenPages(tree).map((route) => route.path)).toEqual(['/order-manage/list']);
    expect(buildRouteTree(MENU, screens('/order-manage/free-order'))).toEqual([]);
  });

  it('gives the whole route table of the product when every page has a screen', () => {
    const allPages = (entries: AdminMenuEntry[]): string[] =>
      entries.flatMap((entry) =>
        entry.children ? allPages(entry.children) : entry.grant ? [] : [entry.url],
      );
    const tree = buildRouteTree(ADMIN_MENU, screens(...allPages(ADMIN_MENU)));
    expect(tree).toHaveLength(ADMIN_MENU.length);
    expect(flattenPages(tree)).toHaveLength(allPages(ADMIN_MENU).length);
  });
});

describe('flattenPages and findRouteChain', () => {
  const tree = buildRouteTree(
    MENU,
    screens('/home', '/account-manage/role', '/unit-manage/list', '/unit-manage/detail'),
  );

  it('lists the pages depth first without sections', () => {
    expect(flattenPages(tree).map((route) => route.path)).toEqual([
      '/home',
      '/account-manage/role',
      '/unit-manage/list',
      '/unit-manage/detail',
    ]);
  });

  it('finds the chain from the section down to a page', () => {
    expect(findRouteChain(tree, '/unit-manage/detail').map((route) => route.title)).toEqual([
      '单位管理',
      '单位详情',
    ]);
    expect(findRouteChain(tree, '/home').map((route) => route.title)).toEqual(['首页']);
    expect(findRouteChain(tree, '/account-manage').map((route) => route.title)).toEqual(['账号管理']);
    expect(findRouteChain(tree, '/nowhere')).toEqual([]);
  });
});

describe('normalizePath', () => {
  it.each([
    ['/', '/'],
    ['/home/', '/home'],
    ['//account-manage//role/', '/account-manage/role'],
    ['/home', '/home'],
  ])('writes %p as %p', (input, output) => {
    expect(normalizePath(input)).toBe(output);
  });
});

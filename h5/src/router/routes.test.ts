import { SPEC_WHITELIST } from './paths';
import { findRoute, ROUTES, TAB_BAR_ITEMS } from './routes';

/** The routes this issue builds (brief): spec section 2's "Other routes" so far, and home. */
const BUILT = [
  '/',
  '/login',
  '/register',
  '/industryRegister',
  '/vocRegister',
  '/registerNew',
  '/reset-pwd',
  '/login-wx-binding',
  '/auth-redirect',
  '/switch-login',
  '/my',
  '/404',
  '/401',
  // The class detail variants, its FAQ and the cart (task G).
  '/detail-public',
  '/detail-public2',
  '/v2/detail-public',
  '/detail-question',
  '/go-pay',
  // The cart and hub variants and the pay page (issue 11).
  '/v2/go-pay',
  '/go-pay2',
  '/v2/my',
  '/my2',
  '/student/order-pay',
  // The study page and its embeddable twin (issue 12).
  '/student/study-page',
  '/hxtx/detail-study',
  '/query-certificate',
  // The answer sheet of an exam or exercise (issue 13).
  '/student/exam',
  // A student's class change (issue 15).
  '/change-my-class',
  // What the project requires before studying (issue 27).
  '/student/info',
  // The class centre variants and the entry pages (task F).
  '/classSelectCenter',
  '/classSelectCenter2',
  '/v2/classSelectCenter',
  '/classCenter',
  '/publicClass',
  '/specialized',
  '/professional',
  '/vocational',
  '/index2',
  '/trainIndex',
  // The examinations' registration and public score query (issue 26).
  '/registerCms',
  '/cms-api/get-my-score',
];

/** The built routes that need a signed-in student (not in spec section 2's whitelist); the others are public. */
const SIGNED_IN = [
  '/',
  '/my',
  '/switch-login',
  '/detail-public2',
  '/detail-question',
  '/go-pay',
  '/v2/go-pay',
  '/go-pay2',
  '/v2/my',
  '/my2',
  '/student/order-pay',
  '/classSelectCenter2',
  '/classCenter',
  '/student/exam',
  '/change-my-class',
  '/student/info',
];

describe('the route table', () => {
  it('holds exactly the routes built so far, each once', () => {
    expect(ROUTES.map((route) => route.path).sort()).toEqual([...BUILT].sort());
  });

  it('gives every route a Chinese title', () => {
    for (const route of ROUTES) expect(route.meta.title).toMatch(/^[\u4e00-\u9fa5]{2,12}$/);
  });

  it('makes a route public exactly when spec section 2 whitelists it', () => {
    for (const route of ROUTES)
      expect([route.path, route.meta.public]).toEqual([route.path, SPEC_WHITELIST.includes(route.path)]);
  });

  it('keeps every whitelisted route that exists public, and the others behind sign-in', () => {
    const pathsWhere = (isPublic: boolean) =>
      ROUTES.filter((route) => route.meta.public === isPublic)
        .map((route) => route.path)
        .sort();
    expect(pathsWhere(false)).toEqual([...SIGNED_IN].sort());
    expect(pathsWhere(true)).toEqual(BUILT.filter((path) => !SIGNED_IN.includes(path)).sort());
  });

  it('shows the tab bar on home, the class centre and my only, and every tab leads to a route that shows it', () => {
    expect(
      ROUTES.filter((route) => route.meta.tabBar)
        .map((route) => route.path)
        .sort(),
    ).toEqual(['/', '/classSelectCenter', '/my']);
    expect(TAB_BAR_ITEMS.map((item) => [item.path, item.title])).toEqual([
      ['/', '首页'],
      ['/classSelectCenter', '选课'],
      ['/my', '我的'],
    ]);
    for (const item of TAB_BAR_ITEMS) expect(findRoute(item.path)?.meta.tabBar).toBe(true);
  });
});

describe('findRoute', () => {
  it('ignores a trailing slash and nothing else', () => {
    expect(findRoute('/my/')?.path).toBe('/my');
    expect(findRoute('/vocRegister')?.meta.title).toBe('职业院校学生注册');
    expect(findRoute('/vocregister')).toBeUndefined();
    expect(findRoute('/my/extra')).toBeUndefined();
  });
});

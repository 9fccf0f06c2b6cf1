import type { AccountInfo } from '@px/api/contract';
import { type AdminMenuEntry, EMPTY_ACCOUNT_MESSAGE, grantedMenuTree, type RoleSystem } from '@px/config';
import { filterRoutesByMenu } from './access';
import { type AccountState, decideNavigation, type GuardInput, STUDENT_REFUSED_MESSAGE } from './guard';
import { buildRouteTree } from './route-tree';

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
    url: '/project-manage',
    title: '项目管理',
    children: [
      { url: '/project-manage/list', title: '项目列表' },
      { url: '/project-manage/setting', title: '项目设置', hidden: true },
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
];
const everyUrl = (entries: AdminMenuEntry[]): string[] =>
  entries.flatMap((entry) => [entry.url, ...everyUrl(entry.children ?? [])]);
const ROUTES = buildRouteTree(MENU, new Map(everyUrl(MENU).map((url) => [url, url])));

function accountInfo(urls: string[], roleSystem: RoleSystem = 2): AccountInfo {
  return {
    accountId: 1,
    userName: '项目管理员',
    imagePath: null,
    projectId: 7,
    unitId: null,
    roleRP: { roleName: '项目管理员', roleSystem, menu: grantedMenuTree(urls, MENU) },
    impersonatedBy: null,
  };
}

const PROJECT_ADMIN = accountInfo(['/home', '/account-manage/role', '/project-manage/list']);

function input(overrides: Partial<GuardInput> = {}): GuardInput {
  const account: AccountState = overrides.account ?? { status: 'ready', info: PROJECT_ADMIN };
  const permitted =
    account.status === 'ready' && account.info?.roleRP
      ? filterRoutesByMenu(ROUTES, account.info.roleRP.menu, ['/home'])
      : [];
  return {
    path: '/account-manage/role',
    search: '',
    token: 'tok',
    routes: ROUTES,
    permitted,
    embedded: false,
    ...overrides,
    account,
  };
}

describe('decideNavigation: the token query parameter', () => {
  it('adopts ?token= and goes on to the same address without it', () => {
    expect(decideNavigation(input({ path: '/home', search: '?token=abc&tab=1', token: undefined }))).toEqual({
      kind: 'adopt-token',
      token: 'abc',
      to: '/home?tab=1',
    });
  });

  it('clears the token for the literal text null', () => {
    expect(decideNavigation(input({ path: '/account-manage/role', search: '?token=null' }))).toEqual({
      kind: 'adopt-token',
      token: null,
      to: '/account-manage/role',
    });
  });

  it('comes before every other rule, on the sign-in page too', () => {
    expect(decideNavigation(input({ path: '/admin-login', search: '?token=t2' }))).toMatchObject({
      kind: 'adopt-token',
      token: 't2',
    });
  });
});

describe('decideNavigation: without a token', () => {
  it.each(['/admin-login', '/401', '/404'])('lets the whitelisted path %p through', (path) => {
    expect(decideNavigation(input({ path, token: undefined, account: { status: 'idle' } }))).toEqual({
      kind: 'proceed',
    });
  });

  it.each(['/home', '/account-manage/role', '/', '/no/such/page', '/redirect/home'])(
    'sends %p to the sign-in page with the path as redirect',
    (path) => {
      expect(decideNavigation(input({ path, token: undefined, account: { status: 'idle' } }))).toEqual({
        kind: 'sign-in',
        step: { kind: 'login', to: `/admin-login?redirect=${path}` },
      });
    },
  );

  it('passes the path only (not the query) as redirect', () => {
    expect(
      decideNavigation(input({ path: '/project-manage/list', search: '?pageNum=2', token: undefined })),
    ).toEqual({ kind: 'sign-in', step: { kind: 'login', to: '/admin-login?redirect=/project-manage/list' } });
  });

  it('opens the sign-in page without redirect after signing out', () => {
    expect(
      decideNavigation(input({ path: '/account-manage/role', token: undefined, signedOut: true })),
    ).toEqual({
      kind: 'sign-in',
      step: { kind: 'login', to: '/admin-login' },
    });
  });

  it('tells the parent frame to go home instead when embedded', () => {
    expect(decideNavigation(input({ path: '/home', token: undefined, embedded: true }))).toEqual({
      kind: 'sign-in',
      step: { kind: 'parent-go-home' },
    });
  });
});

describe('decideNavigation: with a token', () => {
  it('leads from the sign-in page home, before loading anything', () => {
    expect(decideNavigation(input({ path: '/admin-login', account: { status: 'idle' } }))).toEqual({
      kind: 'redirect',
      to: '/home',
    });
  });

  it('leads from the sign-in page to the page asked for before sign-in', () => {
    const redirect = encodeURIComponent('/account-manage/role?tab=2');
    expect(
      decideNavigation(
        input({ path: '/admin-login', search: `?redirect=${redirect}`, account: { status: 'idle' } }),
      ),
    ).toEqual({ kind: 'redirect', to: '/account-manage/role?tab=2' });
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/admin-login?redirect=/home'])(
    'leads from the sign-in page home when the redirect target %s is unsafe',
    (target) => {
      const search = `?redirect=${encodeURIComponent(target)}`;
      expect(decideNavigation(input({ path: '/admin-login', search, account: { status: 'idle' } }))).toEqual({
        kind: 'redirect',
        to: '/home',
      });
    },
  );

  it('loads the account info once it is not loaded', () => {
    expect(decideNavigation(input({ account: { status: 'idle' } }))).toEqual({ kind: 'load-account' });
    expect(decideNavigation(input({ path: '/404', account: { status: 'idle' } }))).toEqual({
      kind: 'load-account',
    });
  });

  it('waits while the account info is loading', () => {
    expect(decideNavigation(input({ account: { status: 'loading' } }))).toEqual({ kind: 'wait' });
  });

  describe('when loading the account info failed', () => {
    it('ends the session with the answer text and sends the person to sign in', () => {
      expect(decideNavigation(input({ account: { status: 'failed', message: '登录已过期' } }))).toEqual({
        kind: 'end-session',
        message: '登录已过期',
        next: { kind: 'login', to: '/admin-login?redirect=/account-manage/role' },
      });
    });

    it('uses Has Error without an answer text', () => {
      expect(decideNavigation(input({ account: { status: 'failed', message: '' } }))).toMatchObject({
        kind: 'end-session',
        message: 'Has Error',
      });
    });

    it('lets whitelisted paths proceed without a message (the token is still cleared)', () => {
      expect(decideNavigation(input({ path: '/404', account: { status: 'failed', message: 'x' } }))).toEqual({
        kind: 'end-session',
        message: null,
        next: { kind: 'proceed' },
      });
    });

    it('tells the parent frame to go home instead when embedded', () => {
      expect(
        decideNavigation(input({ embedded: true, account: { status: 'failed', message: '登录已过期' } })),
      ).toEqual({ kind: 'end-session', message: '登录已过期', next: { kind: 'parent-go-home' } });
    });
  });

  describe('when the account info came back empty', () => {
    it.each([null, undefined, {} as AccountInfo])('asks to sign in again for %p', (info) => {
      expect(decideNavigation(input({ account: { status: 'ready', info } }))).toEqual({
        kind: 'end-session',
        message: EMPTY_ACCOUNT_MESSAGE,
        next: { kind: 'login', to: '/admin-login?redirect=/account-manage/role' },
      });
      expect(EMPTY_ACCOUNT_MESSAGE).toBe('请重新登录');
    });

    it('still says so on a whitelisted path, which then proceeds', () => {
      expect(decideNavigation(input({ path: '/401', account: { status: 'ready', info: null } }))).toEqual({
        kind: 'end-session',
        message: '请重新登录',
        next: { kind: 'proceed' },
      });
    });
  });

  it('refuses a student account in the back office', () => {
    const student = accountInfo([], 3);
    expect(decideNavigation(input({ account: { status: 'ready', info: student } }))).toEqual({
      kind: 'end-session',
      message: STUDENT_REFUSED_MESSAGE,
      next: { kind: 'login', to: '/admin-login?redirect=/account-manage/role' },
    });
  });

  it.each([1, 2, 4] as const)('accepts an account of role system %p', (roleSystem) => {
    const info = accountInfo(['/home', '/account-manage/role'], roleSystem);
    expect(decideNavigation(input({ account: { status: 'ready', info } }))).toEqual({ kind: 'proceed' });
  });

  describe('once the account info is loaded', () => {
    it.each(['/home', '/home/', '/account-manage/role', '/project-manage/list'])(
      'lets the permitted page %p through',
      (path) => {
        expect(decideNavigation(input({ path }))).toEqual({ kind: 'proceed' });
      },
    );

    it('lets a granted hidden page through, and refuses one only its section holds', () => {
      const info = accountInfo(['/home', '/project-manage/list', '/project-manage/setting']);
      const account = { status: 'ready', info } as const;
      expect(decideNavigation(input({ path: '/project-manage/setting', account }))).toEqual({
        kind: 'proceed',
      });
      expect(decideNavigation(input({ path: '/project-manage/setting' }))).toEqual({
        kind: 'redirect',
        to: '/401',
      });
    });

    it('leads a section to its first permitted page', () => {
      expect(decideNavigation(input({ path: '/account-manage' }))).toEqual({
        kind: 'redirect',
        to: '/account-manage/role',
      });
    });

    it('sends a section without a visible permitted page to /404', () => {
      const info = accountInfo(['/home', '/unit-manage/detail']);
      expect(decideNavigation(input({ path: '/unit-manage', account: { status: 'ready', info } }))).toEqual({
        kind: 'redirect',
        to: '/404',
      });
    });

    it.each(['/account-manage/administrator-list', '/unit-manage/detail', '/unit-manage'])(
      'sends the route %p the role was not granted to /401',
      (path) => {
        expect(decideNavigation(input({ path }))).toEqual({ kind: 'redirect', to: '/401' });
      },
    );

    it.each(['/', '/401', '/404', '/redirect/account-manage/role', '/no/such/page'])(
      'lets %p through (the index, error pages, refresh helper, and unknown paths the router sends to /404)',
      (path) => {
        expect(decideNavigation(input({ path }))).toEqual({ kind: 'proceed' });
      },
    );
  });
});

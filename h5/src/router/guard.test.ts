import { EMPTY_ACCOUNT_MESSAGE } from '@px/config';
import { buildAccountInfo } from '../testing/fixtures';
import {
  type AccountState,
  decideNavigation,
  documentTitleFor,
  type GuardInput,
  NOT_STUDENT_MESSAGE,
  type RouteMeta,
} from './guard';

const PUBLIC: RouteMeta = { title: '登录', public: true, tabBar: false };
const PRIVATE: RouteMeta = { title: '我的', public: false, tabBar: true };
const STUDENT: AccountState = { status: 'ready', info: buildAccountInfo(3) };

function input(overrides: Partial<GuardInput> = {}): GuardInput {
  return {
    path: '/my',
    search: '',
    route: PRIVATE,
    token: 'tok',
    account: STUDENT,
    wechatBrowser: false,
    project: { status: 'ready', loginType: ['password', 'sms', 'wechat'] },
    ...overrides,
  };
}

describe('decideNavigation: the token query parameter', () => {
  it('adopts ?token= and goes on to the same address without it', () => {
    expect(decideNavigation(input({ search: '?token=abc&tab=1', token: undefined }))).toEqual({
      kind: 'adopt-token',
      token: 'abc',
      to: '/my?tab=1',
    });
  });

  it('clears the token for the literal text null (and for an empty value)', () => {
    expect(decideNavigation(input({ search: '?token=null' }))).toEqual({
      kind: 'adopt-token',
      token: null,
      to: '/my',
    });
    expect(decideNavigation(input({ search: '?token=' }))).toMatchObject({ token: null });
  });

  it('comes before every other rule, on unknown and public paths too', () => {
    expect(
      decideNavigation(input({ path: '/nowhere', route: undefined, search: '?token=t2' })),
    ).toMatchObject({
      kind: 'adopt-token',
      token: 't2',
      to: '/nowhere',
    });
    expect(decideNavigation(input({ path: '/login', route: PUBLIC, search: '?token=t3' }))).toMatchObject({
      kind: 'adopt-token',
      token: 't3',
    });
  });
});

describe('decideNavigation: unknown paths', () => {
  it.each([undefined, 'tok'])('sends an unknown path to /404 (token %p)', (token) => {
    expect(decideNavigation(input({ path: '/no/such/page', route: undefined, token }))).toEqual({
      kind: 'redirect',
      to: '/404',
    });
  });
});

describe('decideNavigation: without a token', () => {
  it('lets a public path through without loading anything', () => {
    expect(
      decideNavigation(
        input({ path: '/register', route: PUBLIC, token: undefined, account: { status: 'idle' } }),
      ),
    ).toEqual({ kind: 'proceed' });
  });

  it('sends a path that needs sign-in to /login with the path as redirect', () => {
    expect(decideNavigation(input({ token: undefined, account: { status: 'idle' } }))).toEqual({
      kind: 'sign-in',
      to: '/login?redirect=/my',
    });
    expect(decideNavigation(input({ path: '/', token: undefined }))).toEqual({
      kind: 'sign-in',
      to: '/login?redirect=/',
    });
  });

  it('keeps the query of the page asked for, encoded inside redirect', () => {
    expect(decideNavigation(input({ path: '/switch-login', search: '?a=1&b=2', token: undefined }))).toEqual({
      kind: 'sign-in',
      to: '/login?redirect=/switch-login%3Fa%3D1%26b%3D2',
    });
  });

  it('normalises a trailing slash', () => {
    expect(decideNavigation(input({ path: '/my/', token: undefined }))).toEqual({
      kind: 'sign-in',
      to: '/login?redirect=/my',
    });
  });
});

describe('decideNavigation: the WeChat browser without a token', () => {
  it('sends the visitor through WeChat OAuth when the project signs in by WeChat', () => {
    expect(decideNavigation(input({ token: undefined, wechatBrowser: true, search: '?tab=2' }))).toEqual({
      kind: 'wechat-oauth',
      redirect: '/my?tab=2',
      fallback: '/login?redirect=/my%3Ftab%3D2',
    });
  });

  it('waits for the project settings before deciding', () => {
    expect(
      decideNavigation(input({ token: undefined, wechatBrowser: true, project: { status: 'loading' } })),
    ).toEqual({ kind: 'wait' });
  });

  it('uses the sign-in page when WeChat is not a sign-in method of the project', () => {
    expect(
      decideNavigation(
        input({
          token: undefined,
          wechatBrowser: true,
          project: { status: 'ready', loginType: ['password', 'sms'] },
        }),
      ),
    ).toEqual({ kind: 'sign-in', to: '/login?redirect=/my' });
  });

  it('uses the sign-in page when the settings could not be loaded', () => {
    expect(
      decideNavigation(input({ token: undefined, wechatBrowser: true, project: { status: 'error' } })),
    ).toEqual({
      kind: 'sign-in',
      to: '/login?redirect=/my',
    });
  });

  it('lets public paths through (the sign-in page offers WeChat itself)', () => {
    for (const path of ['/login', '/auth-redirect', '/login-wx-binding', '/register']) {
      expect(decideNavigation(input({ path, route: PUBLIC, token: undefined, wechatBrowser: true }))).toEqual(
        {
          kind: 'proceed',
        },
      );
    }
  });

  it('does not use OAuth outside the WeChat browser even when the project allows it', () => {
    expect(decideNavigation(input({ token: undefined, wechatBrowser: false }))).toMatchObject({
      kind: 'sign-in',
    });
  });

  it('does not use OAuth for a signed-in visitor', () => {
    expect(decideNavigation(input({ wechatBrowser: true }))).toEqual({ kind: 'proceed' });
  });
});

describe('decideNavigation: with a token', () => {
  it('lets /login pass through without loading the account', () => {
    expect(decideNavigation(input({ path: '/login', route: PUBLIC, account: { status: 'idle' } }))).toEqual({
      kind: 'proceed',
    });
  });

  it.each([
    ['a private path', PRIVATE],
    ['a public path', PUBLIC],
  ])('loads the account info once on %s', (_label, route) => {
    expect(decideNavigation(input({ path: '/register', route, account: { status: 'idle' } }))).toEqual({
      kind: 'load-account',
    });
    expect(decideNavigation(input({ path: '/register', route, account: { status: 'loading' } }))).toEqual({
      kind: 'wait',
    });
  });

  it('lets a student through', () => {
    expect(decideNavigation(input())).toEqual({ kind: 'proceed' });
    expect(decideNavigation(input({ path: '/', route: PRIVATE }))).toEqual({ kind: 'proceed' });
  });

  it('ends the session with the failure text when loading fails on a private path', () => {
    expect(decideNavigation(input({ account: { status: 'failed', message: '账号已停用' } }))).toEqual({
      kind: 'end-session',
      message: '账号已停用',
    });
    expect(decideNavigation(input({ account: { status: 'failed', message: '' } }))).toEqual({
      kind: 'end-session',
      message: 'Has Error',
    });
  });

  it('ends the session silently when loading fails on a public path (which then proceeds)', () => {
    expect(
      decideNavigation(
        input({ path: '/register', route: PUBLIC, account: { status: 'failed', message: 'x' } }),
      ),
    ).toEqual({ kind: 'end-session', message: null });
  });

  it('asks to sign in again when the account info is empty', () => {
    for (const info of [null, undefined]) {
      expect(decideNavigation(input({ account: { status: 'ready', info } }))).toEqual({
        kind: 'end-session',
        message: EMPTY_ACCOUNT_MESSAGE,
      });
    }
  });

  it.each([1, 2, 4] as const)('refuses an account of role system %p, on public paths too', (roleSystem) => {
    const account: AccountState = { status: 'ready', info: buildAccountInfo(roleSystem) };
    expect(decideNavigation(input({ account }))).toEqual({
      kind: 'end-session',
      message: NOT_STUDENT_MESSAGE,
    });
    expect(decideNavigation(input({ path: '/register', route: PUBLIC, account }))).toEqual({
      kind: 'end-session',
      message: NOT_STUDENT_MESSAGE,
    });
  });
});

describe('decideNavigation: after the session ended', () => {
  it('decides again without the token: public proceeds, private signs in', () => {
    const ended = { token: undefined, account: { status: 'idle' } as AccountState };
    expect(decideNavigation(input({ ...ended, path: '/register', route: PUBLIC }))).toEqual({
      kind: 'proceed',
    });
    expect(decideNavigation(input(ended))).toEqual({ kind: 'sign-in', to: '/login?redirect=/my' });
  });
});

describe('documentTitleFor', () => {
  it('joins the page title and the project title', () => {
    expect(documentTitleFor('我的', '山东职业技能培训平台')).toBe('我的 - 山东职业技能培训平台');
    expect(documentTitleFor('我的', undefined)).toBe('我的');
  });
});

describe('decideNavigation: inside a partner frame', () => {
  it('ends there instead of asking to sign in, also in WeChat', () => {
    const ended = input({ path: '/exam', token: undefined, embedded: true });
    expect(decideNavigation(ended)).toEqual({ kind: 'embedded-ended' });
    expect(decideNavigation({ ...ended, wechatBrowser: true })).toEqual({ kind: 'embedded-ended' });
    // Outside a frame the same visit asks to sign in.
    expect(decideNavigation({ ...ended, embedded: false })).toMatchObject({ kind: 'sign-in' });
  });

  it('lets a signed-in embedded student through', () => {
    expect(decideNavigation(input({ path: '/exam', embedded: true }))).toEqual({ kind: 'proceed' });
  });
});

import { ApiError } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { getAccountInfo } from './api/login';
import { getSystemInfo } from './api/project';
import { GO_HOME_DELAY_MS } from './router/NavigationGuard';
import { isEmbedded } from './session/embedded';
import { notifyUnauthorized } from './session/unauthorized';
import { accountStateAtom, tokenAtom } from './store/session';
import { buildAccountInfo, renderApp, setTokenCookie } from './testing/render-app';

jest.mock('./api/project', () => ({ getSystemInfo: jest.fn() }));
// The home screen's 待办事项 stays loading: the shell around it is tested here.
jest.mock('./api/home', () => ({ getHomeTodo: jest.fn(() => new Promise(() => undefined)) }));
jest.mock('./api/login', () => ({
  getAccountInfo: jest.fn(),
  loginOut: jest.fn(() => Promise.resolve()),
  checkAccountBeforeLogin: jest.fn(),
  login: jest.fn(),
  getLoginVcode: jest.fn(),
}));
jest.mock('./router/routes', () => jest.requireActual('./testing/mock-routes'));
jest.mock('./router/route-table', () => jest.requireActual('./testing/mock-routes'));
jest.mock('./session/embedded', () => ({ isEmbedded: jest.fn(() => false) }));

const getSystemInfoMock = jest.mocked(getSystemInfo);
const getAccountInfoMock = jest.mocked(getAccountInfo);
const scrollTo = jest.fn();

const PROJECT_ADMIN = buildAccountInfo(['/home', '/account-manage/role', '/project-manage/list']);
const location = () => screen.getByTestId('location').textContent;

beforeAll(() => {
  window.scrollTo = scrollTo;
});

beforeEach(() => {
  scrollTo.mockClear();
  getSystemInfoMock.mockReset().mockResolvedValue(buildSystemInfo());
  getAccountInfoMock.mockReset().mockResolvedValue(PROJECT_ADMIN);
  setTokenCookie(undefined);
  window.localStorage.clear();
  document.title = '加载中…';
});

describe('without a token', () => {
  it.each(['/', '/home', '/account-manage/role', '/no/such/page'])(
    'sends %p to the sign-in page with the path to come back to',
    async (path) => {
      renderApp(path);
      expect(await screen.findByText('管理后台登录')).toBeTruthy();
      expect(location()).toBe(`/admin-login?redirect=${path === '/' ? '/' : path}`);
      expect(getAccountInfoMock).not.toHaveBeenCalled();
    },
  );

  it.each(['/404', '/401'])('shows the whitelisted page %p', async (path) => {
    renderApp(path);
    expect(
      await screen.findByText(
        path === '/404' ? '抱歉，您访问的页面不存在' : '抱歉，您没有访问该页面的权限，如需开通请联系管理员',
      ),
    ).toBeTruthy();
    expect(location()).toBe(path);
  });

  it('tells the parent frame to go home after 2 s instead, when embedded', async () => {
    jest.useFakeTimers();
    jest.mocked(isEmbedded).mockReturnValue(true);
    const postMessage = jest.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    try {
      renderApp('/home');
      expect(screen.getByText('登录状态已失效')).toBeTruthy();
      act(() => jest.advanceTimersByTime(GO_HOME_DELAY_MS - 1));
      expect(postMessage).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(postMessage).toHaveBeenCalledWith('goHome', '*');
      expect(location()).toBe('/home');
    } finally {
      postMessage.mockRestore();
      jest.mocked(isEmbedded).mockReturnValue(false);
      jest.useRealTimers();
    }
  });
});

describe('with a token', () => {
  beforeEach(() => setTokenCookie('tok-1'));

  it.each(['/', '/home'])('loads the account once and shows home in the layout at %p', async (path) => {
    renderApp(path);
    expect(await screen.findByText('山东职业技能培训平台')).toBeTruthy();
    expect(location()).toBe('/home');
    expect(await screen.findByRole('menuitem', { name: /角色管理/ })).toBeTruthy();
    expect(getAccountInfoMock).toHaveBeenCalledTimes(1);
    // The layout and the home screen share one system-info call.
    expect(getSystemInfoMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.title).toBe('首页 - 山东职业技能培训管理后台'));
  });

  it('leads from the sign-in page home', async () => {
    renderApp('/admin-login');
    expect(await screen.findByText('山东职业技能培训平台')).toBeTruthy();
    expect(location()).toBe('/home');
  });

  it('leads from the sign-in page to the page asked for before sign-in', async () => {
    renderApp('/admin-login?redirect=/account-manage/role');
    expect(await screen.findByText('页面 /account-manage/role')).toBeTruthy();
    expect(location()).toBe('/account-manage/role');
  });

  it('opens a granted hidden page', async () => {
    getAccountInfoMock.mockResolvedValue(
      buildAccountInfo(['/home', '/project-manage/list', '/project-manage/setting']),
    );
    renderApp('/project-manage/setting?id=3');
    expect(await screen.findByText('页面 /project-manage/setting?id=3')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('项目设置 - 山东职业技能培训管理后台'));
  });

  it('leads a section to its first permitted page', async () => {
    renderApp('/account-manage');
    expect(await screen.findByText('页面 /account-manage/role')).toBeTruthy();
    expect(location()).toBe('/account-manage/role');
  });

  it('sends a route the role was not granted to /401', async () => {
    renderApp('/account-manage/administrator-list');
    expect(await screen.findByText('抱歉，您没有访问该页面的权限，如需开通请联系管理员')).toBeTruthy();
    expect(location()).toBe('/401');
    // Signed in but not allowed: 403 无权限, never "401" (which reads as "not signed in").
    expect(screen.getByText('403 无权限')).toBeTruthy();
    expect(screen.queryByText('401')).toBeNull();
    expect(document.title).toBe('无权限');
  });

  it('sends an unknown path to /404, whose button leads back home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(document.title).toBe('页面不存在');

    scrollTo.mockClear();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByText('山东职业技能培训平台')).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('ends the session when the account cannot be loaded, with the answer text', async () => {
    getAccountInfoMock
      .mockReset()
      .mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '账号已停用' }));
    const { store } = renderApp('/account-manage/role');
    expect(await screen.findByText('管理后台登录')).toBeTruthy();
    expect(location()).toBe('/admin-login?redirect=/account-manage/role');
    expect(await screen.findByText('账号已停用')).toBeTruthy();
    expect(document.cookie).not.toContain('token=');
    expect(store.get(tokenAtom)).toBeUndefined();
  });

  it('lets a whitelisted page through when the account cannot be loaded, clearing the token', async () => {
    getAccountInfoMock.mockReset().mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '' }));
    renderApp('/404');
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    await waitFor(() => expect(document.cookie).not.toContain('token='));
    expect(location()).toBe('/404');
  });

  it('asks to sign in again when the account info is empty', async () => {
    getAccountInfoMock.mockReset().mockResolvedValue(null as never);
    renderApp('/home');
    expect(await screen.findByText('请重新登录')).toBeTruthy();
    expect(location()).toBe('/admin-login?redirect=/home');
    expect(document.cookie).not.toContain('token=');
  });

  it('refuses a student account', async () => {
    getAccountInfoMock.mockReset().mockResolvedValue(buildAccountInfo([], { roleSystem: 3 }));
    renderApp('/home');
    expect(await screen.findByText(/学员账号不能登录管理后台/)).toBeTruthy();
    expect(location()).toBe('/admin-login?redirect=/home');
  });

  it('ends the session when any call is answered with 401', async () => {
    const { store } = renderApp('/account-manage/role');
    expect(await screen.findByText('页面 /account-manage/role')).toBeTruthy();
    act(() => notifyUnauthorized());
    expect(await screen.findByText('管理后台登录')).toBeTruthy();
    expect(location()).toBe('/admin-login?redirect=/account-manage/role');
    expect(store.get(accountStateAtom)).toEqual({ status: 'idle' });
  });
});

describe('the token query parameter', () => {
  it('is kept in the cookie and removed from the address', async () => {
    renderApp('/account-manage/role?token=from-url&tab=2');
    expect(await screen.findByText('页面 /account-manage/role?tab=2')).toBeTruthy();
    expect(location()).toBe('/account-manage/role?tab=2');
    expect(document.cookie).toContain('token=from-url');
  });

  it('clears the token for the text null', async () => {
    setTokenCookie('old');
    renderApp('/home?token=null');
    expect(await screen.findByText('管理后台登录')).toBeTruthy();
    expect(location()).toBe('/admin-login?redirect=/home');
    expect(document.cookie).not.toContain('token=');
    expect(getAccountInfoMock).not.toHaveBeenCalled();
  });

  it('passes unitId to the system-info call', async () => {
    setTokenCookie('tok');
    renderApp('/home?unitId=12');
    expect(await screen.findByText('山东职业技能培训平台')).toBeTruthy();
    expect(getSystemInfoMock).toHaveBeenLastCalledWith(12);
  });
});

import { ApiError } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { AppRoutes } from './App';
import { getMyProfile } from './api/account';
import { getAccountInfo } from './api/login';
import { getSystemInfo } from './api/project';
import { getOauthUrl } from './api/wechat';
import { notifyUnauthorized } from './session/unauthorized';
import { tokenAtom } from './store/session';
import {
  buildAccountInfo,
  fakeUserAgent,
  LocationProbe,
  muteToast,
  setTokenCookie,
  WECHAT_UA,
} from './testing/fixtures';
import { browserLocation } from './wechat/oauth';

jest.mock('./api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('./api/login', () => ({
  getAccountInfo: jest.fn(),
  loginOut: jest.fn(() => Promise.resolve()),
  checkAccountBeforeLogin: jest.fn(),
  login: jest.fn(),
  sendMsgCodeByLogin: jest.fn(),
  loginByMobile: jest.fn(),
}));
jest.mock('./api/wechat', () => ({
  getOauthUrl: jest.fn(),
  checkFollow: jest.fn(() =>
    Promise.resolve({ bound: false, followed: false, qrCodeUrl: null, appName: null }),
  ),
  getJsSdkConfig: jest.fn(),
  oauthLogin: jest.fn(),
}));
jest.mock('./api/account', () => ({ getMyProfile: jest.fn() }));
// The hub (/my) reads the cart count and the student's classes.
jest.mock('./api/cart', () => ({
  ...jest.requireActual<typeof import('./api/cart')>('./api/cart'),
  countCart: jest.fn(() => Promise.resolve({ count: 0 })),
}));
jest.mock('./api/my-class', () => ({
  listMyClasses: jest.fn(() => Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 10 })),
}));
// Home (the entry page) lists banners and offered classes.
jest.mock('./api/banner', () => ({ listBanners: jest.fn(() => Promise.resolve([])) }));
jest.mock('./api/train-class', () => ({
  listCenterYears: jest.fn(() => Promise.resolve([])),
  listCenterClasses: jest.fn(() => Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 4 })),
}));
jest.mock('./api/register', () => ({
  getRegisterConfigByUnit: jest.fn(() =>
    Promise.resolve({ unitId: 12, unitName: '演示培训单位', projectName: '演示项目' }),
  ),
  sendRegisterMsgCode: jest.fn(),
  doRegister: jest.fn(),
}));

const systemInfo = jest.mocked(getSystemInfo);
const accountInfo = jest.mocked(getAccountInfo);
const oauthUrl = jest.mocked(getOauthUrl);
const profile = jest.mocked(getMyProfile);
const scrollTo = jest.fn();

function renderAt(path: string) {
  const store = createStore();
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}

const location = () => screen.getByTestId('location').textContent;

beforeAll(() => {
  window.scrollTo = scrollTo;
});

beforeEach(() => {
  scrollTo.mockClear();
  setTokenCookie(undefined);
  systemInfo.mockReset().mockResolvedValue(buildSystemInfo());
  accountInfo.mockReset().mockResolvedValue(buildAccountInfo(3));
  oauthUrl.mockReset();
  profile.mockReset().mockResolvedValue({
    accountId: 21,
    realName: '张三',
    idCardNo: '370102********1238',
    mobile: '13800000000',
    email: null,
    unitName: null,
    wechat: { bound: false, nickname: null, avatarUrl: null },
  });
  document.title = '加载中…';
});

describe('AppRoutes without a session', () => {
  it('sends home to the sign-in page with redirect, and titles it', async () => {
    renderAt('/');
    await waitFor(() => expect(location()).toBe('/login?redirect=/'));
    expect(await screen.findByText('学员登录')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('登录 - 山东职业技能培训平台'));
    expect(accountInfo).not.toHaveBeenCalled();
  });

  it('sends an unknown path to the 404 page, which links back home', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(location()).toBe('/404');
    await waitFor(() => expect(document.title).toBe('页面不存在 - 山东职业技能培训平台'));
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it('shows the 401 page with a way home', async () => {
    renderAt('/401');
    expect(await screen.findByText('没有权限访问该页面')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' })).toBeTruthy();
  });

  it('passes the unitId of the address to system-info', async () => {
    renderAt('/register?unitId=12');
    expect(await screen.findByText('报名单位：演示培训单位')).toBeTruthy();
    expect(systemInfo).toHaveBeenCalledTimes(1);
    expect(systemInfo).toHaveBeenCalledWith(12);
  });
});

describe('AppRoutes with a session', () => {
  it('loads the account once and shows home with the tab bar', async () => {
    setTokenCookie('tok');
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: '山东职业技能培训平台' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('首页 - 山东职业技能培训平台'));
    expect(screen.getByRole('navigation', { name: '底部导航' })).toBeTruthy();
    expect(accountInfo).toHaveBeenCalledTimes(1);

    scrollTo.mockClear();
    const tabBar = within(screen.getByRole('navigation', { name: '底部导航' }));
    expect(tabBar.getByText('选课')).toBeTruthy();
    fireEvent.click(tabBar.getByText('我的'));
    expect(await screen.findByText('370102********1238')).toBeTruthy();
    expect(location()).toBe('/my');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(accountInfo).toHaveBeenCalledTimes(1);
  });

  it('shows no tab bar on other pages', async () => {
    setTokenCookie('tok');
    renderAt('/register');
    expect(await screen.findByRole('heading', { name: '学员注册' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '底部导航' })).toBeNull();
  });

  it('adopts ?token= and removes it from the address', async () => {
    const { store } = renderAt('/my?token=from-link&x=1');
    await waitFor(() => expect(location()).toBe('/my?x=1'));
    expect(store.get(tokenAtom)).toBe('from-link');
    expect(document.cookie).toContain('token=from-link');
    expect(await screen.findByText('张三')).toBeTruthy();
  });

  it('refuses a back-office account: token cleared, message, to /login', async () => {
    const toast = muteToast('info');
    setTokenCookie('admin-token');
    accountInfo.mockResolvedValue(buildAccountInfo(2));
    const { store } = renderAt('/my');
    await waitFor(() => expect(location()).toBe('/login?redirect=/my'));
    expect(toast).toHaveBeenCalledWith({ message: '该账号不是学员账号，请使用学员账号登录', duration: 5000 });
    expect(store.get(tokenAtom)).toBeUndefined();
    expect(document.cookie).not.toContain('token=');
    toast.mockRestore();
  });

  it('clears the token when the account cannot be loaded and goes to sign in', async () => {
    const toast = muteToast('info');
    setTokenCookie('dead');
    accountInfo.mockRejectedValue(
      new ApiError({ kind: 'error', code: -1, message: '账号已停用，请联系管理员' }),
    );
    renderAt('/switch-login');
    await waitFor(() => expect(location()).toBe('/login?redirect=/switch-login'));
    expect(toast).toHaveBeenCalledWith({ message: '账号已停用，请联系管理员', duration: 5000 });
    toast.mockRestore();
  });

  it('lets a whitelisted page through silently when the account cannot be loaded', async () => {
    const toast = muteToast('info');
    setTokenCookie('dead');
    accountInfo.mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: 'x' }));
    const { store } = renderAt('/reset-pwd');
    expect(await screen.findByRole('heading', { name: '找回密码' })).toBeTruthy();
    expect(store.get(tokenAtom)).toBeUndefined();
    expect(toast).not.toHaveBeenCalled();
    toast.mockRestore();
  });

  it('ends the session when any call is answered with 401', async () => {
    setTokenCookie('tok');
    const { store } = renderAt('/my');
    await screen.findByText('张三');
    act(() => notifyUnauthorized());
    await waitFor(() => expect(location()).toBe('/login?redirect=/my'));
    expect(store.get(tokenAtom)).toBeUndefined();
  });
});

describe('AppRoutes in the WeChat browser', () => {
  let restoreUserAgent: () => void = () => undefined;
  let replace: jest.SpyInstance;

  beforeEach(() => {
    restoreUserAgent = fakeUserAgent(WECHAT_UA);
    replace = jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
  });
  afterEach(() => {
    restoreUserAgent();
    replace.mockRestore();
  });

  it('sends a visitor without a token through WeChat OAuth, once', async () => {
    oauthUrl.mockResolvedValue({
      url: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect',
    });
    renderAt('/my?tab=2&unitId=4');
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    expect(replace).toHaveBeenCalledWith(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect',
    );
    expect(oauthUrl).toHaveBeenCalledWith({ redirect: '/my?tab=2&unitId=4', unitId: 4 });
    expect(location()).toBe('/my?tab=2&unitId=4');
  });

  it('falls back to the sign-in page when the OAuth URL cannot be had', async () => {
    oauthUrl.mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '当前项目未配置公众号' }));
    renderAt('/my');
    await waitFor(() => expect(location()).toBe('/login?redirect=/my'));
    expect(replace).not.toHaveBeenCalled();
  });

  it('uses the sign-in page when the project does not sign in by WeChat', async () => {
    systemInfo.mockResolvedValue(buildSystemInfo({ loginType: ['password', 'sms'] }));
    renderAt('/my');
    await waitFor(() => expect(location()).toBe('/login?redirect=/my'));
    expect(oauthUrl).not.toHaveBeenCalled();
  });

  it('lets public pages through without OAuth (registration pages recognise the visitor themselves)', async () => {
    renderAt('/reset-pwd');
    expect(await screen.findByRole('heading', { name: '找回密码' })).toBeTruthy();
    expect(oauthUrl).not.toHaveBeenCalled();
  });
});

import { buildSystemInfo } from '@px/test/jest/system-info';
import { fireEvent, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { checkAccountBeforeLogin, login, loginByMobile } from '../../api/login';
import { getSystemInfo } from '../../api/project';
import { unitIdAtom } from '../../store/project';
import { tokenAtom } from '../../store/session';
import type * as FakeEncryption from '../../testing/fake-encryption';
import { probedLocation, setTokenCookie } from '../../testing/fixtures';
import { fillFields, renderScreen } from '../../testing/render-screen';
import { bindingRegisterPath, WxBindingPage } from './WxBindingPage';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../api/login', () => ({
  checkAccountBeforeLogin: jest.fn(),
  login: jest.fn(),
  sendMsgCodeByLogin: jest.fn(),
  loginByMobile: jest.fn(),
}));
jest.mock('@px/config', () =>
  jest.requireActual<typeof FakeEncryption>('../../testing/fake-encryption').configWithFakeEncryption(),
);

const SCENE = 'Sc3ne_0123456789abcdef';
const check = jest.mocked(checkAccountBeforeLogin);
const loginMock = jest.mocked(login);
const byMobile = jest.mocked(loginByMobile);

beforeEach(() => {
  jest
    .mocked(getSystemInfo)
    .mockReset()
    .mockResolvedValue(buildSystemInfo({ loginPublicKey: 'PEM' }));
  check.mockReset().mockResolvedValue({ needCaptcha: false, captchaType: 'slider', lockedUntil: null });
  loginMock.mockReset().mockResolvedValue({ tokenCode: 'bound-token', roleSystem: 3 });
  byMobile.mockReset().mockResolvedValue({ tokenCode: 'bound-sms-token', roleSystem: 3 });
  setTokenCookie(undefined);
});

describe('WxBindingPage', () => {
  it('binds by password: the two steps carry the scene, then on to redirect', async () => {
    const { store } = renderScreen(
      <WxBindingPage />,
      `/login-wx-binding?scene=${SCENE}&redirect=%2Fswitch-login`,
    );
    expect(await screen.findByRole('heading', { name: '绑定已有账号' })).toBeTruthy();
    await fillFields({ 账号: '13800000000', 密码: 'Study123' });
    fireEvent.click(screen.getByRole('button', { name: '绑定并登录' }));
    expect(await probedLocation()).toBe('/switch-login');
    expect(loginMock).toHaveBeenCalledWith({
      account: 'enc[PEM](13800000000)',
      password: 'enc[PEM](Study123)',
      roleType: 3,
      scene: SCENE,
    });
    expect(store.get(tokenAtom)).toBe('bound-token');
  });

  it('binds by SMS code with the scene, and goes to /my without redirect', async () => {
    renderScreen(<WxBindingPage />, `/login-wx-binding?scene=${SCENE}`);
    fireEvent.click(await screen.findByRole('tab', { name: '短信验证码' }));
    await fillFields({ 手机号: '13800000000', 验证码: '123456' });
    fireEvent.click(screen.getByRole('button', { name: '绑定并登录' }));
    expect(await probedLocation()).toBe('/my');
    expect(byMobile).toHaveBeenCalledWith({ mobile: '13800000000', msgCode: '123456', scene: SCENE });
  });

  it('links to registering with the scene (and the unit)', async () => {
    const store = createStore();
    store.set(unitIdAtom, 5);
    renderScreen(<WxBindingPage />, `/login-wx-binding?scene=${SCENE}`, store);
    expect((await screen.findByRole('link', { name: '注册新账号' })).getAttribute('href')).toBe(
      `/register?scene=${SCENE}&unitId=5`,
    );
    expect(bindingRegisterPath('a b', undefined)).toBe('/register?scene=a+b');
  });

  it('says the authorisation expired without a scene, with a link to sign in', async () => {
    renderScreen(<WxBindingPage />, '/login-wx-binding?redirect=/my');
    expect(await screen.findByText('微信授权已失效，请重新进入')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('账号')).toBeNull();
  });
});

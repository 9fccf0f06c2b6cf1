import { ApiError } from '@px/config';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { oauthLogin } from '../../api/wechat';
import { tokenAtom } from '../../store/session';
import { LocationProbe, muteToast, probedLocation, setTokenCookie } from '../../testing/fixtures';
import { AuthRedirectPage, bindingTarget, OAUTH_REFUSED_MESSAGE, signedInTarget } from './AuthRedirectPage';

jest.mock('../../api/wechat', () => ({ oauthLogin: jest.fn() }));

const exchange = jest.mocked(oauthLogin);
const SCENE = 'Sc3ne_0123456789abcdef';

/** Renders /auth-redirect in StrictMode (effects run twice in development), as main.tsx does. */
function renderAt(search: string) {
  const store = createStore();
  render(
    <StrictMode>
      <Provider store={store}>
        <MemoryRouter initialEntries={[`/auth-redirect${search}`]}>
          <Routes>
            <Route path="/auth-redirect" element={<AuthRedirectPage />} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </Provider>
    </StrictMode>,
  );
  return store;
}

let toast: jest.SpyInstance;

beforeEach(() => {
  exchange.mockReset();
  setTokenCookie(undefined);
  toast = muteToast('info');
});
afterEach(() => toast.mockRestore());

describe('AuthRedirectPage', () => {
  it('signs a bound WeChat in and goes to its redirect, using the code once', async () => {
    exchange.mockResolvedValue({ status: 'signed-in', tokenCode: 'wx-token', redirect: '/my?tab=1' });
    const store = renderAt('?code=code-1&state=abc123');
    expect(await probedLocation()).toBe('/my?tab=1');
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(exchange).toHaveBeenCalledWith({ code: 'code-1', state: 'abc123' });
    expect(store.get(tokenAtom)).toBe('wx-token');
    expect(document.cookie).toContain('token=wx-token');
  });

  it('never follows a redirect to another site', async () => {
    exchange.mockResolvedValue({
      status: 'signed-in',
      tokenCode: 'wx-token',
      redirect: '//evil.example.com/',
    });
    renderAt('?code=code-2&state=abc123');
    expect(await probedLocation()).toBe('/my');
  });

  it('sends an unbound WeChat to bind an account, with scene and redirect', async () => {
    exchange.mockResolvedValue({
      status: 'bind',
      scene: SCENE,
      redirect: '/my?tab=1',
      nickname: '微信用户',
      avatarUrl: null,
    });
    const store = renderAt('?code=code-3&state=abc123');
    expect(await probedLocation()).toBe(`/login-wx-binding?scene=${SCENE}&redirect=/my%3Ftab%3D1`);
    expect(store.get(tokenAtom)).toBeUndefined();
    expect(exchange).toHaveBeenCalledTimes(1);
  });

  it('sends an unbound WeChat that came from a registration page back there with the scene', async () => {
    exchange.mockResolvedValue({
      status: 'bind',
      scene: SCENE,
      redirect: '/industryRegister?unitId=5',
      nickname: null,
      avatarUrl: null,
    });
    renderAt('?code=code-4&state=abc123');
    expect(await probedLocation()).toBe(`/industryRegister?unitId=5&scene=${SCENE}`);
  });

  it('says the visitor refused and goes to /login when WeChat returns no code', async () => {
    renderAt('?state=abc123');
    expect(await probedLocation()).toBe('/login');
    expect(exchange).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith({ message: OAUTH_REFUSED_MESSAGE, duration: 5000 });
  });

  it('shows a failed exchange with a way back to sign in', async () => {
    exchange.mockRejectedValue(
      new ApiError({ kind: 'error', code: -1, message: '微信授权已过期，请重新进入' }),
    );
    renderAt('?code=code-5&state=abc123');
    expect(await screen.findByText('微信授权已过期，请重新进入')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回登录' }));
    expect(await probedLocation()).toBe('/login');
    expect(exchange).toHaveBeenCalledTimes(1);
  });

  it('does not exchange a code again when the page is shown again', async () => {
    exchange.mockResolvedValue({ status: 'signed-in', tokenCode: 'wx-token', redirect: '/my' });
    renderAt('?code=code-6&state=abc123');
    await probedLocation();
    renderAt('?code=code-6&state=abc123');
    await waitFor(() => expect(screen.getAllByTestId('location')).toHaveLength(2));
    expect(exchange).toHaveBeenCalledTimes(1);
  });
});

describe('bindingTarget', () => {
  it.each([
    [{ scene: 's1', redirect: '/register' }, '/register?scene=s1'],
    [{ scene: 's1', redirect: '/vocRegister?scene=old' }, '/vocRegister?scene=s1'],
    [{ scene: 's1', redirect: '/my' }, '/login-wx-binding?scene=s1&redirect=/my'],
    [
      { scene: 's1', redirect: 'https://evil.example.com/register' },
      '/login-wx-binding?scene=s1&redirect=/my',
    ],
  ])('%p -> %p', (answer, target) => {
    expect(bindingTarget(answer)).toBe(target);
  });
});

describe('signedInTarget', () => {
  it.each([
    ['/my?tab=1', '/my?tab=1'],
    ['/register?unitId=5', '/my'],
    ['/vocRegister', '/my'],
    ['https://evil.example.com/x', '/my'],
  ])('%p -> %p', (redirect, target) => {
    expect(signedInTarget(redirect)).toBe(target);
  });
});

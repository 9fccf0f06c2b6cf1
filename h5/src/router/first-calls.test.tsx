import { buildSystemInfo } from '@px/test/jest/system-info';
import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { AppRoutes } from '../App';
import { prefetchBanners } from '../api/banner';
import { getAccountInfo } from '../api/login';
import { getSystemInfo } from '../api/project';
import { prefetchCenterYears } from '../api/train-class';
import { notifyUnauthorized } from '../session/unauthorized';
import { tokenAtom } from '../store/session';
import { buildAccountInfo, setTokenCookie } from '../testing/fixtures';
import { startFirstCalls } from './first-calls';

jest.mock('../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../api/login', () => ({
  ...jest.requireActual<typeof import('../api/login')>('../api/login'),
  getAccountInfo: jest.fn(),
}));

jest.mock('../api/banner', () => ({
  ...jest.requireActual<typeof import('../api/banner')>('../api/banner'),
  prefetchBanners: jest.fn(),
}));
jest.mock('../api/train-class', () => ({
  ...jest.requireActual<typeof import('../api/train-class')>('../api/train-class'),
  prefetchCenterYears: jest.fn(),
}));

const systemInfoMock = getSystemInfo as jest.MockedFunction<typeof getSystemInfo>;
const accountMock = getAccountInfo as jest.MockedFunction<typeof getAccountInfo>;

beforeAll(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});

beforeEach(() => {
  jest.clearAllMocks();
  systemInfoMock.mockResolvedValue(buildSystemInfo());
  accountMock.mockResolvedValue(buildAccountInfo());
});
afterEach(() => setTokenCookie(undefined));

test('a signed-in student opening a page that needs the account: settings and account start at once', () => {
  setTokenCookie('tok-1');
  startFirstCalls(createStore(), { pathname: '/', search: '' });
  expect(systemInfoMock).toHaveBeenCalledTimes(1);
  expect(accountMock).toHaveBeenCalledTimes(1);
});

test('the sign-in page and a visitor without a session start the settings only (as the guard would)', () => {
  setTokenCookie('tok-1');
  startFirstCalls(createStore(), { pathname: '/login', search: '' });
  setTokenCookie(undefined);
  startFirstCalls(createStore(), { pathname: '/', search: '' });
  startFirstCalls(createStore(), { pathname: '/classSelectCenter', search: '' });
  expect(systemInfoMock).toHaveBeenCalledTimes(3);
  expect(accountMock).not.toHaveBeenCalled();
});

test('the calls a screen first makes start too, unless the visitor is sent away', () => {
  setTokenCookie('tok-1');
  startFirstCalls(createStore(), { pathname: '/', search: '' });
  expect(prefetchCenterYears).toHaveBeenCalledTimes(1);
  expect(prefetchBanners).toHaveBeenCalledTimes(1);
  startFirstCalls(createStore(), { pathname: '/login', search: '' });
  startFirstCalls(createStore(), { pathname: '/my', search: '' });
  expect(prefetchCenterYears).toHaveBeenCalledTimes(1);
  setTokenCookie(undefined);
  // 首页 sends a visitor to sign in; 选课中心 is public.
  startFirstCalls(createStore(), { pathname: '/', search: '' });
  expect(prefetchCenterYears).toHaveBeenCalledTimes(1);
  startFirstCalls(createStore(), { pathname: '/classSelectCenter', search: '' });
  expect(prefetchCenterYears).toHaveBeenCalledTimes(2);
  expect(prefetchBanners).toHaveBeenCalledTimes(1);
});

test('the guard then finds the calls under way and does not ask again', async () => {
  setTokenCookie('tok-1');
  const store = createStore();
  startFirstCalls(store, { pathname: '/login', search: '' });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/login']}>
        <AppRoutes />
      </MemoryRouter>
    </Provider>,
  );
  expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
  expect(systemInfoMock).toHaveBeenCalledTimes(1);
});

test('a 401 answered before the guard has mounted ends the session, as the guard would', () => {
  setTokenCookie('tok-1');
  const store = createStore();
  startFirstCalls(store, { pathname: '/', search: '' });
  expect(store.get(tokenAtom)).toBe('tok-1');
  notifyUnauthorized();
  expect(store.get(tokenAtom)).toBeUndefined();
});

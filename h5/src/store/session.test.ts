import { createStore } from 'jotai';
import { getAccountInfo, loginOut } from '../api/login';
import { buildAccountInfo, setTokenCookie } from '../testing/fixtures';
import { accountInfoAtom, loadAccountInfoAtom, logoutAtom, setTokenAtom, tokenAtom } from './session';

// The store's behaviour is tested with it in @px/config/react; here, how the student site plugs in.

jest.mock('../api/login', () => ({ getAccountInfo: jest.fn(), loginOut: jest.fn() }));

beforeEach(() => setTokenCookie(undefined));

it('reads the token cookie and keeps a new token in it under path / for the 30 days of a student session', () => {
  setTokenCookie('from-cookie');
  expect(createStore().get(tokenAtom)).toBe('from-cookie');
  const store = createStore();
  const cookieWrites = jest.spyOn(document, 'cookie', 'set');
  jest.useFakeTimers({ now: new Date('2026-11-26T08:00:00Z') });
  try {
    store.set(setTokenAtom, 'new-token');
  } finally {
    jest.useRealTimers();
  }
  // Not a browser-session cookie: closing the WeChat page must not end a session the server keeps.
  expect(cookieWrites).toHaveBeenLastCalledWith(
    'token=new-token; path=/; max-age=2592000; expires=Sat, 26 Dec 2026 08:00:00 GMT; SameSite=Lax',
  );
  cookieWrites.mockRestore();
});

it('writes the cookie again when the account loads, as the server extends the session in use', async () => {
  jest.mocked(getAccountInfo).mockResolvedValue(buildAccountInfo());
  setTokenCookie('kept');
  const store = createStore();
  const cookieWrites = jest.spyOn(document, 'cookie', 'set');
  await store.set(loadAccountInfoAtom);
  expect(cookieWrites).toHaveBeenCalledTimes(1);
  expect(cookieWrites.mock.calls[0]?.[0]).toMatch(/^token=kept; path=\/; max-age=2592000; expires=/);
  cookieWrites.mockRestore();
});

it('loads the account with get-account-info and signs out with login-out', async () => {
  jest.mocked(getAccountInfo).mockResolvedValue(buildAccountInfo());
  jest.mocked(loginOut).mockResolvedValue(undefined);
  const store = createStore();
  store.set(setTokenAtom, 'tok');
  await store.set(loadAccountInfoAtom);
  expect(store.get(accountInfoAtom)?.userName).toBe('张三');
  await store.set(logoutAtom);
  expect(loginOut).toHaveBeenCalledTimes(1);
  expect(document.cookie).not.toContain('token=');
});

import { createStore } from 'jotai';
import { getAccountInfo, loginOut } from '../api/login';
import { buildAccountInfo, setTokenCookie } from '../testing/fixtures';
import { accountInfoAtom, loadAccountInfoAtom, logoutAtom, setTokenAtom, tokenAtom } from './session';

// The store's behaviour is tested with it in @px/config/react; here, how the student site plugs in.

jest.mock('../api/login', () => ({ getAccountInfo: jest.fn(), loginOut: jest.fn() }));

beforeEach(() => setTokenCookie(undefined));

it('reads the token cookie and keeps a new token in it under path /', () => {
  setTokenCookie('from-cookie');
  expect(createStore().get(tokenAtom)).toBe('from-cookie');
  const store = createStore();
  const cookieWrites = jest.spyOn(document, 'cookie', 'set');
  store.set(setTokenAtom, 'new-token');
  expect(cookieWrites).toHaveBeenLastCalledWith('token=new-token; path=/; SameSite=Lax');
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

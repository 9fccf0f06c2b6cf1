import { ApiError } from '@px/config';
import { createStore } from 'jotai';
import { getAccountInfo, loginOut } from '../api/login';
import { buildAccountInfo, setTokenCookie } from '../testing/fixtures';
import {
  accountInfoAtom,
  accountStateAtom,
  loadAccountInfoAtom,
  logoutAtom,
  setTokenAtom,
  tokenAtom,
} from './session';

jest.mock('../api/login', () => ({ getAccountInfo: jest.fn(), loginOut: jest.fn() }));

const getAccountInfoMock = jest.mocked(getAccountInfo);
const loginOutMock = jest.mocked(loginOut);
const INFO = buildAccountInfo();

beforeEach(() => {
  setTokenCookie(undefined);
  getAccountInfoMock.mockReset();
  loginOutMock.mockReset().mockResolvedValue(undefined);
});

describe('tokenAtom and setTokenAtom', () => {
  it('start from the token cookie', () => {
    setTokenCookie('from-cookie');
    expect(createStore().get(tokenAtom)).toBe('from-cookie');
    setTokenCookie(undefined);
    expect(createStore().get(tokenAtom)).toBeUndefined();
  });

  it('keep a new token in the cookie under path / and load the account again', () => {
    const store = createStore();
    store.set(accountStateAtom, { status: 'ready', info: INFO });
    const cookieWrites = jest.spyOn(document, 'cookie', 'set');
    store.set(setTokenAtom, 'new-token');
    expect(cookieWrites).toHaveBeenLastCalledWith('token=new-token; path=/; SameSite=Lax');
    cookieWrites.mockRestore();
    expect(document.cookie).toContain('token=new-token');
    expect(store.get(tokenAtom)).toBe('new-token');
    expect(store.get(accountStateAtom)).toEqual({ status: 'idle' });
    store.set(setTokenAtom, undefined);
    expect(document.cookie).not.toContain('token=');
    expect(store.get(tokenAtom)).toBeUndefined();
  });
});

describe('loadAccountInfoAtom', () => {
  it('loads once, however often it is asked', async () => {
    getAccountInfoMock.mockResolvedValue(INFO);
    const store = createStore();
    store.set(setTokenAtom, 'tok');
    await Promise.all([store.set(loadAccountInfoAtom), store.set(loadAccountInfoAtom)]);
    await store.set(loadAccountInfoAtom);
    expect(getAccountInfoMock).toHaveBeenCalledTimes(1);
    expect(store.get(accountInfoAtom)).toEqual(INFO);
  });

  it('keeps a failure with its text, or the default text', async () => {
    getAccountInfoMock.mockRejectedValueOnce(
      new ApiError({ kind: 'error', code: -1, message: '账号已停用' }),
    );
    const store = createStore();
    store.set(setTokenAtom, 'tok');
    await store.set(loadAccountInfoAtom);
    expect(store.get(accountStateAtom)).toEqual({ status: 'failed', message: '账号已停用' });
    getAccountInfoMock.mockRejectedValueOnce('not an Error');
    store.set(setTokenAtom, 'tok2');
    await store.set(loadAccountInfoAtom);
    expect(store.get(accountStateAtom)).toEqual({ status: 'failed', message: 'Has Error' });
  });

  it('drops an answer that arrives after the token changed', async () => {
    let resolve: (info: typeof INFO) => void = () => undefined;
    getAccountInfoMock.mockReturnValueOnce(
      new Promise((done) => {
        resolve = done;
      }),
    );
    const store = createStore();
    store.set(setTokenAtom, 'old');
    const loading = store.set(loadAccountInfoAtom);
    store.set(setTokenAtom, undefined);
    resolve(INFO);
    await loading;
    expect(store.get(accountStateAtom)).toEqual({ status: 'idle' });
  });
});

describe('logoutAtom', () => {
  it('tells the server and clears the session', async () => {
    const store = createStore();
    store.set(setTokenAtom, 'tok');
    store.set(accountStateAtom, { status: 'ready', info: INFO });
    await store.set(logoutAtom);
    expect(loginOutMock).toHaveBeenCalledTimes(1);
    expect(store.get(tokenAtom)).toBeUndefined();
    expect(store.get(accountInfoAtom)).toBeNull();
    expect(document.cookie).not.toContain('token=');
  });

  it('clears the session even when the server call fails', async () => {
    loginOutMock.mockRejectedValueOnce(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    const store = createStore();
    store.set(setTokenAtom, 'tok');
    await store.set(logoutAtom);
    expect(store.get(tokenAtom)).toBeUndefined();
  });
});

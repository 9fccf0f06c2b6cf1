import type { AccountInfo } from '@px/api/contract';
import { ApiError, grantedMenuTree } from '@px/config';
import { createStore } from 'jotai';
import { getAccountInfo, loginOut } from '../api/login';
import { flattenPages } from '../router/route-tree';
import {
  accountInfoAtom,
  accountStateAtom,
  loadAccountInfoAtom,
  logoutAtom,
  permittedRoutesAtom,
  setTokenAtom,
  signedOutAtom,
  tokenAtom,
} from './session';
import { dispatchVisitedViewsAtom, visitedViewsAtom } from './tags-view';

jest.mock('../api/login', () => ({ getAccountInfo: jest.fn(), loginOut: jest.fn() }));

const getAccountInfoMock = jest.mocked(getAccountInfo);
const loginOutMock = jest.mocked(loginOut);

const INFO: AccountInfo = {
  accountId: 1,
  userName: '张三',
  imagePath: null,
  projectId: 7,
  unitId: null,
  roleRP: { roleName: '客服', roleSystem: 2, menu: grantedMenuTree(['/home']) },
  impersonatedBy: null,
};

function clearCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: the session lives in this cookie
  document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

beforeEach(() => {
  clearCookie();
  getAccountInfoMock.mockReset();
  loginOutMock.mockReset().mockResolvedValue(undefined);
});

describe('tokenAtom and setTokenAtom', () => {
  it('start from the token cookie', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the session lives in this cookie
    document.cookie = 'token=from-cookie; path=/';
    expect(createStore().get(tokenAtom)).toBe('from-cookie');
    clearCookie();
    expect(createStore().get(tokenAtom)).toBeUndefined();
  });

  it('keep a new token in the cookie and load the account again', () => {
    const store = createStore();
    store.set(accountStateAtom, { status: 'ready', info: INFO });
    store.set(setTokenAtom, 'new-token');
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

  it('keeps a failure with its text', async () => {
    getAccountInfoMock.mockRejectedValueOnce(
      new ApiError({ kind: 'error', code: -1, message: '账号已停用' }),
    );
    const store = createStore();
    store.set(setTokenAtom, 'tok');
    await store.set(loadAccountInfoAtom);
    expect(store.get(accountStateAtom)).toEqual({ status: 'failed', message: '账号已停用' });
  });

  it('uses Has Error for a failure without text', async () => {
    getAccountInfoMock.mockRejectedValueOnce('no Error object');
    const store = createStore();
    store.set(setTokenAtom, 'tok');
    await store.set(loadAccountInfoAtom);
    expect(store.get(accountStateAtom)).toEqual({ status: 'failed', message: 'Has Error' });
  });

  it('drops an answer that arrives after the token changed', async () => {
    let resolve: (info: AccountInfo) => void = () => undefined;
    getAccountInfoMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    const store = createStore();
    store.set(setTokenAtom, 'old');
    const loading = store.set(loadAccountInfoAtom);
    store.set(setTokenAtom, undefined);
    resolve(INFO);
    await loading;
    expect(store.get(accountStateAtom)).toEqual({ status: 'idle' });
  });
});

describe('permittedRoutesAtom', () => {
  it('is empty until the account is loaded, then follows its menu (home always)', () => {
    const store = createStore();
    expect(store.get(permittedRoutesAtom)).toEqual([]);
    store.set(accountStateAtom, {
      status: 'ready',
      info: { ...INFO, roleRP: { ...INFO.roleRP, menu: [] } },
    });
    expect(flattenPages(store.get(permittedRoutesAtom)).map((route) => route.path)).toEqual(['/home']);
  });
});

describe('logoutAtom', () => {
  it('tells the server, then clears token, account and tabs', async () => {
    const store = createStore();
    store.set(setTokenAtom, 'tok');
    store.set(accountStateAtom, { status: 'ready', info: INFO });
    store.set(dispatchVisitedViewsAtom, {
      type: 'add',
      view: { path: '/x', title: 'X', query: {}, fullPath: '/x', affix: false },
    });
    await store.set(logoutAtom);
    expect(store.get(signedOutAtom)).toBe(true);
    expect(loginOutMock).toHaveBeenCalledTimes(1);
    expect(store.get(tokenAtom)).toBeUndefined();
    expect(document.cookie).not.toContain('token=');
    expect(store.get(accountStateAtom)).toEqual({ status: 'idle' });
    expect(store.get(visitedViewsAtom).map((view) => view.path)).toEqual(['/home']);
  });

  it('signs out on this side even when the server call fails', async () => {
    loginOutMock.mockRejectedValueOnce(new Error('offline'));
    const store = createStore();
    store.set(setTokenAtom, 'tok');
    await store.set(logoutAtom);
    expect(store.get(tokenAtom)).toBeUndefined();
    store.set(setTokenAtom, 'next');
    expect(store.get(signedOutAtom)).toBe(false);
  });
});

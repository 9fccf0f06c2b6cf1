import type { AccountInfo } from '@px/api/contract';
import { grantedMenuTree } from '@px/config';
import { createStore } from 'jotai';
import { getAccountInfo, loginOut } from '../api/login';
import { flattenPages } from '../router/route-tree';
import {
  accountInfoAtom,
  accountStateAtom,
  grantedUrlsAtom,
  loadAccountInfoAtom,
  logoutAtom,
  permittedRoutesAtom,
  setTokenAtom,
  signedOutAtom,
  tokenAtom,
} from './session';
import { dispatchVisitedViewsAtom, visitedViewsAtom } from './tags-view';

// The store's behaviour is tested with it in @px/config/react; here, what the back office adds.

jest.mock('../api/login', () => ({ getAccountInfo: jest.fn(), loginOut: jest.fn() }));

const INFO: AccountInfo = {
  accountId: 1,
  userName: '张三',
  imagePath: null,
  projectId: 7,
  unitId: null,
  roleRP: { roleName: '客服', roleSystem: 2, menu: grantedMenuTree(['/home']) },
  impersonatedBy: null,
};

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the session lives in this cookie
  document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  jest.mocked(loginOut).mockReset().mockResolvedValue(undefined);
});

it('reads and writes the token cookie and loads the account with get-account-info', async () => {
  jest.mocked(getAccountInfo).mockResolvedValue(INFO);
  const store = createStore();
  store.set(setTokenAtom, 'new-token');
  expect(document.cookie).toContain('token=new-token');
  expect(createStore().get(tokenAtom)).toBe('new-token');
  await store.set(loadAccountInfoAtom);
  expect(store.get(accountInfoAtom)).toEqual(INFO);
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

describe('grantedUrlsAtom', () => {
  it('holds the exact pages of the role (home always), none before the account is loaded', () => {
    const store = createStore();
    expect([...store.get(grantedUrlsAtom)]).toEqual([]);
    const menu = grantedMenuTree(['/train-manage/class']);
    store.set(accountStateAtom, { status: 'ready', info: { ...INFO, roleRP: { ...INFO.roleRP, menu } } });
    const granted = store.get(grantedUrlsAtom);
    expect(granted.has('/train-manage/class')).toBe(true);
    expect(granted.has('/home')).toBe(true);
    expect(granted.has('/train-manage/train-class-detail')).toBe(false);
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
    expect(loginOut).toHaveBeenCalledTimes(1);
    expect(store.get(tokenAtom)).toBeUndefined();
    expect(document.cookie).not.toContain('token=');
    expect(store.get(accountStateAtom)).toEqual({ status: 'idle' });
    expect(store.get(visitedViewsAtom).map((view) => view.path)).toEqual(['/home']);
  });
});

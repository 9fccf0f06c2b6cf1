import { createStore } from 'jotai';
import { ApiError } from '../client/interpret-response';
import { createSessionStore } from './session-store';

interface Info {
  userName: string;
}

const INFO: Info = { userName: '张三' };
let cookie: string | undefined;
const getAccountInfo = jest.fn<Promise<Info | null>, []>();
const loginOut = jest.fn<Promise<unknown>, []>();

const session = createSessionStore<Info>({
  tokens: {
    read: () => cookie,
    write: (token) => {
      cookie = token;
    },
    remove: () => {
      cookie = undefined;
    },
  },
  getAccountInfo,
  loginOut,
});
const {
  tokenAtom,
  signedOutAtom,
  accountStateAtom,
  setTokenAtom,
  loadAccountInfoAtom,
  accountInfoAtom,
  logoutAtom,
} = session;

beforeEach(() => {
  cookie = undefined;
  getAccountInfo.mockReset();
  loginOut.mockReset().mockResolvedValue(undefined);
});

describe('tokenAtom and setTokenAtom', () => {
  it('start from the stored token', () => {
    cookie = 'from-cookie';
    expect(createStore().get(tokenAtom)).toBe('from-cookie');
    cookie = undefined;
    expect(createStore().get(tokenAtom)).toBeUndefined();
  });

  it('keep a new token in storage and load the account again', () => {
    const store = createStore();
    store.set(accountStateAtom, { status: 'ready', info: INFO });
    store.set(setTokenAtom, 'new-token');
    expect(cookie).toBe('new-token');
    expect(store.get(tokenAtom)).toBe('new-token');
    expect(store.get(accountStateAtom)).toEqual({ status: 'idle' });
    store.set(setTokenAtom, undefined);
    expect(cookie).toBeUndefined();
    expect(store.get(tokenAtom)).toBeUndefined();
  });
});

describe('loadAccountInfoAtom', () => {
  it('loads once, however often it is asked', async () => {
    getAccountInfo.mockResolvedValue(INFO);
    const store = createStore();
    store.set(setTokenAtom, 'tok');
    await Promise.all([store.set(loadAccountInfoAtom), store.set(loadAccountInfoAtom)]);
    await store.set(loadAccountInfoAtom);
    expect(getAccountInfo).toHaveBeenCalledTimes(1);
    expect(store.get(accountInfoAtom)).toEqual(INFO);
  });

  it('keeps a failure with its text, or Has Error', async () => {
    getAccountInfo.mockRejectedValueOnce(new ApiError({ kind: 'error', code: -1, message: '账号已停用' }));
    const store = createStore();
    store.set(setTokenAtom, 'tok');
    await store.set(loadAccountInfoAtom);
    expect(store.get(accountStateAtom)).toEqual({ status: 'failed', message: '账号已停用' });
    getAccountInfo.mockRejectedValueOnce('no Error object');
    store.set(setTokenAtom, 'tok2');
    await store.set(loadAccountInfoAtom);
    expect(store.get(accountStateAtom)).toEqual({ status: 'failed', message: 'Has Error' });
  });

  it('drops an answer that arrives after the token changed', async () => {
    let resolve: (info: Info) => void = () => undefined;
    getAccountInfo.mockReturnValueOnce(
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
  it('tells the server, then clears token and account and marks the sign-out', async () => {
    const store = createStore();
    store.set(setTokenAtom, 'tok');
    store.set(accountStateAtom, { status: 'ready', info: INFO });
    await store.set(logoutAtom);
    expect(loginOut).toHaveBeenCalledTimes(1);
    expect(store.get(signedOutAtom)).toBe(true);
    expect(store.get(tokenAtom)).toBeUndefined();
    expect(cookie).toBeUndefined();
    expect(store.get(accountStateAtom)).toEqual({ status: 'idle' });
    expect(store.get(accountInfoAtom)).toBeNull();
  });

  it('signs out on this side even when the server call fails; the next token clears the mark', async () => {
    loginOut.mockRejectedValueOnce(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    const store = createStore();
    store.set(setTokenAtom, 'tok');
    await store.set(logoutAtom);
    expect(store.get(tokenAtom)).toBeUndefined();
    store.set(setTokenAtom, 'next');
    expect(store.get(signedOutAtom)).toBe(false);
  });
});

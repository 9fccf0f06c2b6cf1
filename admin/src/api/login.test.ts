import { callUrl } from '@px/config';
import { checkAccountBeforeLogin, getAccountInfo, getLoginVcode, login, loginOut } from './login';
import { api } from './request';

jest.mock('./request', () => ({ api: { call: jest.fn(() => Promise.resolve({ ok: true })) } }));

const callMock = jest.mocked(api.call);
/** The URL of the last call and what it sent (its JSON body, then its options). */
const sent = () => {
  const [key, ...rest] = callMock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest];
};

beforeEach(() => callMock.mockClear());

describe('login calls', () => {
  it('posts step one with the payload in the body', async () => {
    await checkAccountBeforeLogin({ account: 'ENC', roleType: 1 });
    expect(sent()).toEqual(['/login/check-account-before-login.action', { account: 'ENC', roleType: 1 }]);
  });

  it('posts step two with the payload in the body and resolves to the answer', async () => {
    callMock.mockResolvedValueOnce({ tokenCode: 'tok', roleSystem: 2 });
    const payload = { account: 'A', password: 'P', roleType: 1 as const, vcode: 'ab12', codeToken: 'c' };
    await expect(login(payload)).resolves.toEqual({ tokenCode: 'tok', roleSystem: 2 });
    expect(sent()).toEqual(['/login/login.action', payload]);
  });

  it('asks for an image code', async () => {
    await getLoginVcode();
    expect(sent()).toEqual(['/login/get-login-vcode.action']);
  });

  it('gets the account info', async () => {
    await getAccountInfo();
    expect(sent()).toEqual(['/login/get-account-info.action']);
  });

  it('signs out quietly', async () => {
    await loginOut();
    expect(sent()).toEqual(['/login/login-out.action', {}, { quiet: true }]);
  });
});

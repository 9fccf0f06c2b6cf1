import { checkAccountBeforeLogin, getAccountInfo, getLoginVcode, login, loginOut } from './login';
import { request } from './request';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve({ ok: true })) }));

const requestMock = jest.mocked(request);

beforeEach(() => requestMock.mockClear());

describe('login calls', () => {
  it('posts step one with the payload in the body', async () => {
    await checkAccountBeforeLogin({ account: 'ENC', roleType: 1 });
    expect(requestMock).toHaveBeenCalledWith({
      url: '/login/check-account-before-login.action',
      method: 'post',
      data: { account: 'ENC', roleType: 1 },
    });
  });

  it('posts step two with the payload in the body and resolves to the answer', async () => {
    requestMock.mockResolvedValueOnce({ tokenCode: 'tok', roleSystem: 2 });
    const payload = { account: 'A', password: 'P', roleType: 1 as const, vcode: 'ab12', codeToken: 'c' };
    await expect(login(payload)).resolves.toEqual({ tokenCode: 'tok', roleSystem: 2 });
    expect(requestMock).toHaveBeenCalledWith({ url: '/login/login.action', method: 'post', data: payload });
  });

  it('asks for an image code', async () => {
    await getLoginVcode();
    expect(requestMock).toHaveBeenCalledWith({ url: '/login/get-login-vcode.action', method: 'post' });
  });

  it('gets the account info with GET', async () => {
    await getAccountInfo();
    expect(requestMock).toHaveBeenCalledWith({ url: '/login/get-account-info.action', method: 'get' });
  });

  it('signs out quietly', async () => {
    await loginOut();
    expect(requestMock).toHaveBeenCalledWith(
      { url: '/login/login-out.action', method: 'post' },
      { quiet: true },
    );
  });
});

import { answer, failure, timeout } from '@px/test/jest/axios-answers';
import axios, { type InternalAxiosRequestConfig } from 'axios';
import { Dialog, Toast } from 'react-vant';
import { notifyUnauthorized } from '../session/unauthorized';
import { ApiFieldsError, fieldErrorsOf, request } from './request';

jest.mock('react-vant', () => ({
  Toast: { info: jest.fn() },
  Dialog: { alert: jest.fn(() => Promise.resolve()) },
}));

jest.mock('../session/unauthorized', () => ({ notifyUnauthorized: jest.fn() }));

const unauthorized = jest.mocked(notifyUnauthorized);
const toast = jest.mocked(Toast.info);
const dialog = jest.mocked(Dialog.alert);

beforeEach(() => {
  toast.mockClear();
  dialog.mockClear();
  unauthorized.mockClear();
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads the token from this cookie
  document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('request', () => {
  it('resolves to the attribute and sends a credentialed call under /api with the 120 s timeout', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const data = await request<{ title: string }>({
      url: '/project/system-info.action',
      method: 'post',
      params: { unitId: 3 },
      adapter: answer(200, { respCode: 200, respDesc: '成功', attribute: { title: '平台' } }, seen),
    });
    expect(data).toEqual({ title: '平台' });
    expect(seen[0]).toMatchObject({
      baseURL: '/api',
      url: '/project/system-info.action',
      method: 'post',
      params: { unitId: 3 },
      withCredentials: true,
      timeout: 120000,
    });
    expect(axios.getUri(seen[0])).toBe('/api/project/system-info.action?unitId=3');
    expect(toast).not.toHaveBeenCalled();
  });

  it('sends the token cookie in the token header', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the client reads the token from this cookie
    document.cookie = 'token=abc123';
    const seen: InternalAxiosRequestConfig[] = [];
    await request({ url: '/x.action', adapter: answer(200, { respCode: 200 }, seen) });
    expect(seen[0]?.headers.get('token')).toBe('abc123');
  });

  it('sends no token header without the cookie', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    await request({ url: '/x.action', adapter: answer(200, { respCode: 200 }, seen) });
    expect(seen[0]?.headers.has('token')).toBe(false);
  });

  it('shows respDesc of respCode -1 for 5 s and rejects', async () => {
    const error = await failure(
      request({ url: '/x.action', adapter: answer(200, { respCode: -1, respDesc: '手机号已注册' }) }),
    );
    expect(error).toMatchObject({ kind: 'error', code: -1, message: '手机号已注册' });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({ message: '手机号已注册', duration: 5000 });
    expect(dialog).not.toHaveBeenCalled();
  });

  it('shows Error for respCode -1 without respDesc', async () => {
    await failure(request({ url: '/x.action', adapter: answer(200, { respCode: -1 }) }));
    expect(toast).toHaveBeenCalledWith({ message: 'Error', duration: 5000 });
  });

  it('shows respCode -2 in a 友情提示 dialog and rejects', async () => {
    const error = await failure(
      request({ url: '/x.action', adapter: answer(200, { respCode: -2, respDesc: '该班级已报名' }) }),
    );
    expect(error).toMatchObject({ kind: 'notice', code: -2 });
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(dialog).toHaveBeenCalledWith({ title: '友情提示', message: '该班级已报名' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('reads the envelope of an HTTP 401 answer', async () => {
    const error = await failure(
      request({ url: '/x.action', adapter: answer(401, { respCode: 401, respDesc: '请先登录' }) }),
    );
    expect(error).toMatchObject({ kind: 'error', code: 401, message: '请先登录' });
    expect(toast).toHaveBeenCalledWith({ message: '请先登录', duration: 5000 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('ends the session for a respCode 401 envelope whatever the HTTP status', async () => {
    await failure(request({ url: '/x.action', adapter: answer(200, { respCode: 401 }) }));
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps the session for other failures', async () => {
    await failure(request({ url: '/x.action', adapter: answer(403, { respCode: 403 }) }));
    await failure(request({ url: '/x.action', adapter: answer(200, { respCode: -1 }) }));
    await failure(request({ url: '/x.action', adapter: timeout }));
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('shows nothing for a quiet call, which still rejects', async () => {
    const error = await failure(
      request(
        { url: '/x.action', adapter: answer(200, { respCode: -1, respDesc: '失败' }) },
        { quiet: true },
      ),
    );
    expect(error).toMatchObject({ kind: 'error', message: '失败' });
    await failure(request({ url: '/x.action', adapter: answer(200, { respCode: -2 }) }, { quiet: true }));
    expect(toast).not.toHaveBeenCalled();
    expect(dialog).not.toHaveBeenCalled();
  });

  it('shows the timeout text when no answer arrives', async () => {
    const error = await failure(request({ url: '/x.action', adapter: timeout }));
    expect(error).toMatchObject({ kind: 'network', code: undefined, message: '请求超时，请刷新页面' });
    expect(toast).toHaveBeenCalledWith({ message: '请求超时，请刷新页面', duration: 5000 });
  });

  it('shows the timeout text for an HTTP failure without an envelope', async () => {
    await failure(request({ url: '/x.action', adapter: answer(502, '<html>Bad Gateway</html>') }));
    expect(toast).toHaveBeenCalledWith({ message: '请求超时，请刷新页面', duration: 5000 });
  });

  it('passes a blob answer through unchecked', async () => {
    const blob = new Blob(['{"respCode":-1}'], { type: 'application/json' });
    const data = await request<Blob>({
      url: '/export.action',
      responseType: 'blob',
      adapter: answer(200, blob),
    });
    expect(data).toBe(blob);
    expect(toast).not.toHaveBeenCalled();
  });

  it('rejects a cancelled request without showing anything', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      request({ url: '/x.action', signal: controller.signal, adapter: answer(200, { respCode: 200 }) }),
    );
    expect(error.kind).toBe('cancelled');
    expect(toast).not.toHaveBeenCalled();
    expect(dialog).not.toHaveBeenCalled();
  });
});

describe('field errors', () => {
  const invalid = {
    respCode: -1,
    respDesc: '参数错误：idCardNo 身份证号格式不正确',
    attribute: { errors: [{ field: 'idCardNo', rule: 'custom', message: '身份证号格式不正确' }] },
  };

  it('rejects an invalid-input answer with the fields it names, after showing the message', async () => {
    const error = await failure(
      request({ url: '/register/do-register.action', adapter: answer(400, invalid) }),
    );
    expect(error).toBeInstanceOf(ApiFieldsError);
    expect(error).toMatchObject({ kind: 'error', code: -1, message: invalid.respDesc });
    expect(fieldErrorsOf(error)).toEqual([
      { field: 'idCardNo', rule: 'custom', message: '身份证号格式不正确' },
    ]);
    expect(toast).toHaveBeenCalledWith({ message: invalid.respDesc, duration: 5000 });
  });

  it('names no fields for other failures', async () => {
    const business = await failure(
      request({ url: '/x.action', adapter: answer(200, { respCode: -1, respDesc: '该手机号已注册' }) }),
    );
    expect(business).not.toBeInstanceOf(ApiFieldsError);
    expect(fieldErrorsOf(business)).toEqual([]);
    const malformed = await failure(
      request({
        url: '/x.action',
        adapter: answer(400, { respCode: -1, attribute: { errors: [{ rule: 'x' }, 'bad'] } }),
      }),
    );
    expect(fieldErrorsOf(malformed)).toEqual([]);
    expect(fieldErrorsOf(new Error('x'))).toEqual([]);
  });
});

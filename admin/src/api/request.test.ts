import { answer, failure, timeout } from '@px/test/jest/axios-answers';
import { Modal, message } from 'antd';
import axios, { type InternalAxiosRequestConfig } from 'axios';
import { notifyUnauthorized } from '../session/unauthorized';
import { ApiFieldsError, fieldErrorsOf, request } from './request';

jest.mock('antd', () => ({
  message: { error: jest.fn() },
  Modal: { warning: jest.fn() },
}));

jest.mock('../session/unauthorized', () => ({ notifyUnauthorized: jest.fn() }));

const errorMessage = jest.mocked(message.error);
const unauthorized = jest.mocked(notifyUnauthorized);
const warning = jest.mocked(Modal.warning);

function shownError(text: string) {
  return { content: text, duration: 5, key: text };
}

beforeEach(() => {
  errorMessage.mockClear();
  warning.mockClear();
  unauthorized.mockClear();
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads the token from this cookie
  document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('request', () => {
  it('resolves to the attribute and sends a credentialed call under /api with the 120 s timeout', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const data = await request<{ projectTitle: string }>({
      url: '/project/system-info.action',
      method: 'post',
      adapter: answer(200, { respCode: 200, respDesc: '成功', attribute: { projectTitle: '后台' } }, seen),
    });
    expect(data).toEqual({ projectTitle: '后台' });
    expect(seen[0]).toMatchObject({
      baseURL: '/api',
      method: 'post',
      withCredentials: true,
      timeout: 120000,
    });
    expect(axios.getUri(seen[0])).toBe('/api/project/system-info.action');
    expect(errorMessage).not.toHaveBeenCalled();
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

  it('shows respDesc of respCode -1 as an error message for 5 s and rejects', async () => {
    const error = await failure(
      request({ url: '/x.action', adapter: answer(200, { respCode: -1, respDesc: '账号已存在' }) }),
    );
    expect(error).toMatchObject({ kind: 'error', code: -1, message: '账号已存在' });
    expect(errorMessage).toHaveBeenCalledTimes(1);
    expect(errorMessage).toHaveBeenCalledWith(shownError('账号已存在'));
    expect(warning).not.toHaveBeenCalled();
  });

  it('shows Error for respCode -1 without respDesc', async () => {
    await failure(request({ url: '/x.action', adapter: answer(200, { respCode: -1 }) }));
    expect(errorMessage).toHaveBeenCalledWith(shownError('Error'));
  });

  it('shows respCode -2 in a 友情提示 warning dialog and rejects', async () => {
    const error = await failure(
      request({ url: '/x.action', adapter: answer(200, { respCode: -2, respDesc: '该订单已开票' }) }),
    );
    expect(error).toMatchObject({ kind: 'notice', code: -2 });
    expect(warning).toHaveBeenCalledTimes(1);
    expect(warning).toHaveBeenCalledWith({ title: '友情提示', content: '该订单已开票' });
    expect(errorMessage).not.toHaveBeenCalled();
  });

  it('reads the envelope of an HTTP 403 answer', async () => {
    const error = await failure(request({ url: '/x.action', adapter: answer(403, { respCode: 403 }) }));
    expect(error).toMatchObject({ kind: 'error', code: 403, message: '没有权限执行该操作' });
    expect(errorMessage).toHaveBeenCalledWith(shownError('没有权限执行该操作'));
  });

  it('reads the envelope of an HTTP 401 answer, shows it and ends the session', async () => {
    const error = await failure(
      request({ url: '/x.action', adapter: answer(401, { respCode: 401, respDesc: '登录已过期' }) }),
    );
    expect(error).toMatchObject({ kind: 'error', code: 401, message: '登录已过期' });
    expect(errorMessage).toHaveBeenCalledWith(shownError('登录已过期'));
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
    expect(errorMessage).not.toHaveBeenCalled();
    expect(warning).not.toHaveBeenCalled();
  });

  it('shows the timeout text when no answer arrives', async () => {
    const error = await failure(request({ url: '/x.action', adapter: timeout }));
    expect(error).toMatchObject({ kind: 'network', message: '请求超时，请刷新页面' });
    expect(errorMessage).toHaveBeenCalledWith(shownError('请求超时，请刷新页面'));
  });

  it('shows the timeout text for an HTTP failure without an envelope', async () => {
    await failure(request({ url: '/x.action', adapter: answer(504, '') }));
    expect(errorMessage).toHaveBeenCalledWith(shownError('请求超时，请刷新页面'));
  });

  it('passes a blob answer through unchecked', async () => {
    const blob = new Blob(['{"respCode":-1}'], { type: 'application/json' });
    const data = await request<Blob>({
      url: '/export.action',
      responseType: 'blob',
      adapter: answer(200, blob),
    });
    expect(data).toBe(blob);
    expect(errorMessage).not.toHaveBeenCalled();
  });

  it('rejects a cancelled request without showing anything', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      request({ url: '/x.action', signal: controller.signal, adapter: answer(200, { respCode: 200 }) }),
    );
    expect(error.kind).toBe('cancelled');
    expect(errorMessage).not.toHaveBeenCalled();
    expect(warning).not.toHaveBeenCalled();
  });
});

describe('field errors', () => {
  const invalid = {
    respCode: -1,
    respDesc: '参数错误：creditCode 统一社会信用代码不正确',
    attribute: { errors: [{ field: 'creditCode', rule: 'custom', message: '统一社会信用代码不正确' }] },
  };

  it('rejects an invalid-input answer with the fields it names, after showing the message', async () => {
    const error = await failure(request({ url: '/unit/save.action', adapter: answer(400, invalid) }));
    expect(error).toBeInstanceOf(ApiFieldsError);
    expect(error).toMatchObject({ kind: 'error', code: -1, message: invalid.respDesc });
    expect(fieldErrorsOf(error)).toEqual([
      { field: 'creditCode', rule: 'custom', message: '统一社会信用代码不正确' },
    ]);
    expect(errorMessage).toHaveBeenCalledWith(shownError(invalid.respDesc));
  });

  it('names no fields for other failures', async () => {
    const business = await failure(
      request({ url: '/x.action', adapter: answer(200, { respCode: -1, respDesc: '单位不存在' }) }),
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

import { answer, failure, timeout } from '@px/test/jest/axios-answers';
import axios, { type InternalAxiosRequestConfig } from 'axios';
import { Dialog, Toast } from 'react-vant';
import { request } from './request';

jest.mock('react-vant', () => ({
  Toast: { info: jest.fn() },
  Dialog: { alert: jest.fn(() => Promise.resolve()) },
}));

const toast = jest.mocked(Toast.info);
const dialog = jest.mocked(Dialog.alert);

beforeEach(() => {
  toast.mockClear();
  dialog.mockClear();
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

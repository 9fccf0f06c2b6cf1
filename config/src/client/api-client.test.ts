import { answer, failure, timeout } from '@px/test/jest/axios-answers';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { z } from 'zod';
import { answer as answerOf, defineCalls, type KeyedCalls } from '../call';
import { type ApiClient, createApiClient } from './api-client';
import { ApiFieldsError, fieldErrorsOf } from './finish-request';

// The transport both apps' request clients share; each app tests only how it shows failures.

const projectCalls = defineCalls('project', {
  'system-info': {
    input: z.object({ unitId: z.number().optional() }),
    answer: answerOf<{ title: string }>(),
    access: { auth: 'public', tenant: 'request' },
  },
});
type TestCalls = KeyedCalls<typeof projectCalls>;

const feedback = { showErrorMessage: jest.fn(), showNotice: jest.fn() };
const onUnauthorized = jest.fn();
let cookies = '';

function client(adapter?: AxiosAdapter): ApiClient<TestCalls> {
  return createApiClient<TestCalls>({ feedback, onUnauthorized, cookies: () => cookies, adapter });
}
const { request } = client();

beforeEach(() => {
  feedback.showErrorMessage.mockClear();
  feedback.showNotice.mockClear();
  onUnauthorized.mockClear();
  cookies = '';
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
    expect(feedback.showErrorMessage).not.toHaveBeenCalled();
  });

  it('sends the token cookie in the token header, and no header without it', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    cookies = 'a=1; token=abc123';
    await request({ url: '/x.action', adapter: answer(200, { respCode: 200 }, seen) });
    cookies = '';
    await request({ url: '/x.action', adapter: answer(200, { respCode: 200 }, seen) });
    expect(seen[0]?.headers.get('token')).toBe('abc123');
    expect(seen[1]?.headers.has('token')).toBe(false);
  });

  it('shows respDesc of respCode -1 as an error message and rejects', async () => {
    const error = await failure(
      request({ url: '/x.action', adapter: answer(200, { respCode: -1, respDesc: '手机号已注册' }) }),
    );
    expect(error).toMatchObject({ kind: 'error', code: -1, message: '手机号已注册' });
    expect(feedback.showErrorMessage).toHaveBeenCalledTimes(1);
    expect(feedback.showErrorMessage).toHaveBeenCalledWith('手机号已注册');
    expect(feedback.showNotice).not.toHaveBeenCalled();
  });

  it('shows Error for respCode -1 without respDesc', async () => {
    await failure(request({ url: '/x.action', adapter: answer(200, { respCode: -1 }) }));
    expect(feedback.showErrorMessage).toHaveBeenCalledWith('Error');
  });

  it('shows respCode -2 as a notice and rejects', async () => {
    const error = await failure(
      request({ url: '/x.action', adapter: answer(200, { respCode: -2, respDesc: '该班级已报名' }) }),
    );
    expect(error).toMatchObject({ kind: 'notice', code: -2 });
    expect(feedback.showNotice).toHaveBeenCalledTimes(1);
    expect(feedback.showNotice).toHaveBeenCalledWith('该班级已报名');
    expect(feedback.showErrorMessage).not.toHaveBeenCalled();
  });

  it('reads the envelope of an HTTP 403 answer', async () => {
    const error = await failure(request({ url: '/x.action', adapter: answer(403, { respCode: 403 }) }));
    expect(error).toMatchObject({ kind: 'error', code: 403, message: '没有权限执行该操作' });
    expect(feedback.showErrorMessage).toHaveBeenCalledWith('没有权限执行该操作');
  });

  it('reads the envelope of an HTTP 401 answer, shows it and ends the session', async () => {
    const error = await failure(
      request({ url: '/x.action', adapter: answer(401, { respCode: 401, respDesc: '登录已过期' }) }),
    );
    expect(error).toMatchObject({ kind: 'error', code: 401, message: '登录已过期' });
    expect(feedback.showErrorMessage).toHaveBeenCalledWith('登录已过期');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('ends the session for a respCode 401 envelope whatever the HTTP status', async () => {
    await failure(request({ url: '/x.action', adapter: answer(200, { respCode: 401 }) }));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps the session for other failures', async () => {
    await failure(request({ url: '/x.action', adapter: answer(403, { respCode: 403 }) }));
    await failure(request({ url: '/x.action', adapter: answer(200, { respCode: -1 }) }));
    await failure(request({ url: '/x.action', adapter: timeout }));
    expect(onUnauthorized).not.toHaveBeenCalled();
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
    expect(feedback.showErrorMessage).not.toHaveBeenCalled();
    expect(feedback.showNotice).not.toHaveBeenCalled();
  });

  it('shows the timeout text when no answer arrives', async () => {
    const error = await failure(request({ url: '/x.action', adapter: timeout }));
    expect(error).toMatchObject({ kind: 'network', code: undefined, message: '请求超时，请刷新页面' });
    expect(feedback.showErrorMessage).toHaveBeenCalledWith('请求超时，请刷新页面');
  });

  it('shows the timeout text for an HTTP failure without an envelope', async () => {
    await failure(request({ url: '/x.action', adapter: answer(502, '<html>Bad Gateway</html>') }));
    await failure(request({ url: '/x.action', adapter: answer(504, '') }));
    expect(feedback.showErrorMessage).toHaveBeenCalledTimes(2);
    expect(feedback.showErrorMessage).toHaveBeenLastCalledWith('请求超时，请刷新页面');
  });

  it('passes a file blob through unchecked', async () => {
    const blob = new Blob(['PK'], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const data = await request<Blob>({
      url: '/export.action',
      responseType: 'blob',
      adapter: answer(200, blob),
    });
    expect(data).toBe(blob);
    expect(feedback.showErrorMessage).not.toHaveBeenCalled();
  });

  it('reads a refused download (the envelope as a JSON blob) as a failure', async () => {
    const envelope = new Blob([JSON.stringify({ respCode: -1, respDesc: '无可导出的数据' })], {
      type: 'application/json',
    });
    const error = await failure(
      request({ url: '/export.action', responseType: 'blob', adapter: answer(200, envelope) }),
    );
    expect(error).toMatchObject({ kind: 'error', message: '无可导出的数据' });
    expect(feedback.showErrorMessage).toHaveBeenCalledWith('无可导出的数据');
  });

  it('rejects a cancelled request without showing anything', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      request({ url: '/x.action', signal: controller.signal, adapter: answer(200, { respCode: 200 }) }),
    );
    expect(error.kind).toBe('cancelled');
    expect(feedback.showErrorMessage).not.toHaveBeenCalled();
    expect(feedback.showNotice).not.toHaveBeenCalled();
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
    expect(feedback.showErrorMessage).toHaveBeenCalledWith(invalid.respDesc);
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
  });
});

describe('catalogue calls', () => {
  it('post the input as JSON to the call URL and resolve to the answer', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const api = client(answer(200, { respCode: 200, attribute: { title: '平台' } }, seen));
    await expect(api.call('project/system-info', { unitId: 3 })).resolves.toEqual({ title: '平台' });
    await api.call('project/system-info', {}, { quiet: true });
    expect(seen[0]).toMatchObject({ url: '/project/system-info.action', method: 'post' });
    expect(JSON.parse(String(seen[0]?.data))).toEqual({ unitId: 3 });
  });

  it('show a failure unless quiet', async () => {
    const api = client(answer(200, { respCode: -1, respDesc: '项目不存在' }));
    await failure(api.call('project/system-info', {}, { quiet: true }));
    expect(feedback.showErrorMessage).not.toHaveBeenCalled();
    await failure(api.call('project/system-info', {}));
    expect(feedback.showErrorMessage).toHaveBeenCalledWith('项目不存在');
  });

  it('send a multipart body to an upload', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const api = client(answer(200, { respCode: 200, attribute: { title: '上传' } }, seen));
    const form = new FormData();
    form.append('name', 'a.mp4');
    await expect(api.upload('project/system-info', form, { timeout: 600_000 })).resolves.toEqual({
      title: '上传',
    });
    expect(seen[0]).toMatchObject({ url: '/project/system-info.action', data: form, timeout: 600_000 });
  });

  it('send a keepalive call at once: fetch with keepalive, the token header and a JSON body, quiet', async () => {
    cookies = 'token=abc123';
    const sent: [string, RequestInit][] = [];
    let reply: Response = Response.json({ respCode: 200, attribute: { title: '平台' } });
    const fetchSpy = (async (url: string, init: RequestInit) => {
      sent.push([url, init]);
      return reply;
    }) as unknown as typeof fetch;
    const api = createApiClient<TestCalls>({
      feedback,
      onUnauthorized,
      cookies: () => cookies,
      fetch: fetchSpy,
    });
    const answered = api.keepalive('project/system-info', { unitId: 3 });
    // Started before the call returned: a page being left has no later turn to send it in.
    expect(sent).toHaveLength(1);
    await expect(answered).resolves.toEqual({ title: '平台' });
    expect(sent[0]).toEqual([
      '/api/project/system-info.action',
      {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', token: 'abc123' },
        body: '{"unitId":3}',
      },
    ]);
    reply = Response.json({ respCode: 401, respDesc: '请先登录' }, { status: 401 });
    await failure(api.keepalive('project/system-info', {}));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(feedback.showErrorMessage).not.toHaveBeenCalled();
  });
});

describe('first answers (first-data.ts)', () => {
  it('answers a call from the page’s first data once, then asks the server; a session is told to the taker', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const firstAnswer = jest.fn((_call: string, input: unknown) =>
      JSON.stringify(input) === '{}' ? { value: { title: '嵌入' } } : undefined,
    );
    cookies = 'token=abc123';
    const api = createApiClient<TestCalls>({
      feedback,
      onUnauthorized,
      cookies: () => cookies,
      adapter: answer(200, { respCode: 200, attribute: { title: '服务器' } }, seen),
      firstAnswer,
    });
    expect(await api.call('project/system-info', {})).toEqual({ title: '嵌入' });
    expect(seen).toHaveLength(0);
    expect(firstAnswer).toHaveBeenCalledWith('project/system-info', {}, true);
    expect(await api.call('project/system-info', { unitId: 3 })).toEqual({ title: '服务器' });
    expect(seen).toHaveLength(1);
  });
});

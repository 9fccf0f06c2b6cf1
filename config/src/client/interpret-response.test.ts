import { ApiError, interpretResponse } from './interpret-response';

describe('interpretResponse', () => {
  it('resolves a respCode 200 envelope to its attribute', () => {
    const attribute = { title: '职业培训平台' };
    expect(interpretResponse({ status: 200, data: { respCode: 200, respDesc: '成功', attribute } })).toEqual({
      kind: 'ok',
      data: attribute,
    });
  });

  it('resolves a respCode 200 envelope without attribute to undefined', () => {
    expect(interpretResponse({ status: 200, data: { respCode: 200, respDesc: '成功' } })).toEqual({
      kind: 'ok',
      data: undefined,
    });
  });

  it('turns respCode -1 into an error message with respDesc', () => {
    expect(interpretResponse({ status: 200, data: { respCode: -1, respDesc: '手机号已注册' } })).toEqual({
      kind: 'error',
      code: -1,
      message: '手机号已注册',
    });
  });

  it.each([undefined, '', '   ', null])('uses the default text Error when respDesc is %p', (respDesc) => {
    expect(interpretResponse({ status: 200, data: { respCode: -1, respDesc } })).toEqual({
      kind: 'error',
      code: -1,
      message: 'Error',
    });
  });

  it('turns respCode -2 into a notice', () => {
    expect(interpretResponse({ status: 200, data: { respCode: -2, respDesc: '该班级已报名' } })).toEqual({
      kind: 'notice',
      code: -2,
      message: '该班级已报名',
    });
  });

  it('reads a 401 envelope from the body of an HTTP 401 answer', () => {
    expect(interpretResponse({ status: 401, data: { respCode: 401, respDesc: '登录已过期' } })).toEqual({
      kind: 'error',
      code: 401,
      message: '登录已过期',
    });
  });

  it.each([
    [401, '请先登录'],
    [403, '没有权限执行该操作'],
    [404, '接口不存在'],
    [500, 'Error'],
  ])('gives respCode %p without respDesc the text %p', (respCode, message) => {
    expect(interpretResponse({ status: respCode, data: { respCode } })).toEqual({
      kind: 'error',
      code: respCode,
      message,
    });
  });

  it('treats a missing response as a network failure', () => {
    expect(interpretResponse({})).toEqual({ kind: 'network', message: '请求超时，请刷新页面' });
  });

  it('treats an answer without an envelope as a network failure', () => {
    expect(interpretResponse({ status: 502, data: '<html>Bad Gateway</html>' })).toEqual({
      kind: 'network',
      message: '请求超时，请刷新页面',
    });
    expect(interpretResponse({ status: 200, data: { respCode: '200', attribute: {} } }).kind).toBe('network');
    expect(interpretResponse({ status: 200, data: null }).kind).toBe('network');
  });

  it('passes a blob answer through unchecked', () => {
    const blob = new Blob(['{"respCode":-1}'], { type: 'application/json' });
    const outcome = interpretResponse({ status: 200, data: blob, responseType: 'blob' });
    expect(outcome).toEqual({ kind: 'ok', data: blob });
    expect(outcome.kind === 'ok' && outcome.data).toBe(blob);
  });

  it('treats a failed blob download as a network failure', () => {
    expect(interpretResponse({ status: 500, data: new Blob(['x']), responseType: 'blob' }).kind).toBe(
      'network',
    );
  });

  it('lets a cancelled request fail quietly', () => {
    expect(interpretResponse({ cancelled: true, status: 200 })).toEqual({ kind: 'cancelled' });
  });
});

describe('ApiError', () => {
  it('carries the kind, code and message of the outcome', () => {
    const error = new ApiError({ kind: 'error', code: 401, message: '请先登录' });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ApiError', kind: 'error', code: 401, message: '请先登录' });
    expect(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }).code).toBeUndefined();
  });
});

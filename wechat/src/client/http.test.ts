import {
  type FetchLike,
  isWechatErrcode,
  WechatApiError,
  WechatHttpError,
  wechatJson,
  wechatUrl,
} from './http';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function fakeFetch(answer: () => Response | Promise<Response>): { fetch: FetchLike; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    fetch: async (url, init) => {
      calls.push({ url, init });
      return answer();
    },
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

test('builds URLs from a base (with or without a path or trailing slash) and an encoded query', () => {
  expect(
    wechatUrl('https://api.weixin.qq.com', '/cgi-bin/user/info', { openid: 'o+1/=', lang: undefined }),
  ).toBe('https://api.weixin.qq.com/cgi-bin/user/info?openid=o%2B1%2F%3D');
  expect(wechatUrl('http://127.0.0.1:9/sim/', '/cgi-bin/token')).toBe('http://127.0.0.1:9/sim/cgi-bin/token');
});

test('GETs without a body and returns the parsed answer', async () => {
  const { fetch, calls } = fakeFetch(() => json({ ticket: 't', errcode: 0, errmsg: 'ok' }));
  const answer = await wechatJson<{ ticket: string }>({
    base: 'https://api.weixin.qq.com',
    path: '/cgi-bin/ticket/getticket',
    query: { access_token: 'AT', type: 'jsapi' },
    fetch,
  });
  expect(answer.ticket).toBe('t');
  expect(calls[0]?.url).toBe('https://api.weixin.qq.com/cgi-bin/ticket/getticket?access_token=AT&type=jsapi');
  expect(calls[0]?.init?.method).toBe('GET');
  expect(calls[0]?.init?.body).toBeUndefined();
});

test('POSTs JSON', async () => {
  const { fetch, calls } = fakeFetch(() => json({ access_token: 'a', expires_in: 7200 }));
  await wechatJson({
    base: 'https://api.weixin.qq.com',
    path: '/cgi-bin/stable_token',
    body: { appid: 'wx1' },
    fetch,
  });
  expect(calls[0]?.init?.method).toBe('POST');
  expect(calls[0]?.init?.body).toBe('{"appid":"wx1"}');
  expect(new Headers(calls[0]?.init?.headers).get('content-type')).toContain('application/json');
});

test('a non-zero errcode throws WechatApiError naming the path, never the query', async () => {
  const { fetch } = fakeFetch(() => json({ errcode: 40001, errmsg: 'invalid credential' }));
  const error = await rejection(
    wechatJson({
      base: 'https://api.weixin.qq.com',
      path: '/cgi-bin/user/info',
      query: { access_token: 'SECRET_TOKEN' },
      fetch,
    }),
  );
  expect(error).toBeInstanceOf(WechatApiError);
  expect(error).toMatchObject({ errcode: 40001, errmsg: 'invalid credential', path: '/cgi-bin/user/info' });
  expect(error.message).not.toContain('SECRET_TOKEN');
  expect(isWechatErrcode(error, 40014, 40001)).toBe(true);
  expect(isWechatErrcode(error, 42001)).toBe(false);
  expect(isWechatErrcode(new Error('x'), 40001)).toBe(false);
});

test('HTTP errors, bodies that are not JSON objects and network failures throw WechatHttpError without secrets', async () => {
  const base = {
    base: 'https://api.weixin.qq.com',
    path: '/sns/oauth2/access_token',
    query: { secret: 'APP_SECRET' },
  };
  const http = await rejection(
    wechatJson({ ...base, fetch: fakeFetch(() => new Response('busy', { status: 503 })).fetch }),
  );
  expect(http).toBeInstanceOf(WechatHttpError);
  expect(http).toMatchObject({ status: 503, path: '/sns/oauth2/access_token' });
  for (const body of ['<html>', '[1]', 'null', '"x"']) {
    const notJson = await rejection(
      wechatJson({ ...base, fetch: fakeFetch(() => new Response(body)).fetch }),
    );
    expect(notJson).toBeInstanceOf(WechatHttpError);
  }
  const network = await rejection(
    wechatJson({
      ...base,
      fetch: async (url) => {
        throw new TypeError(`fetch failed for ${url}`);
      },
    }),
  );
  expect(network).toBeInstanceOf(WechatHttpError);
  expect(network).toMatchObject({ status: null });
  expect(network.message).not.toContain('APP_SECRET');
});

test('gives up after the timeout', async () => {
  const hanging: FetchLike = (_url, init) =>
    new Promise((_resolve, reject) =>
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
    );
  const started = Date.now();
  const error = await rejection(
    wechatJson({ base: 'https://api.weixin.qq.com', path: '/x', fetch: hanging, timeoutMs: 50 }),
  );
  expect(error).toBeInstanceOf(WechatHttpError);
  expect(error.message).toContain('TimeoutError');
  expect(Date.now() - started).toBeLessThan(5000);
});

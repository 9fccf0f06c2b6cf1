import Koa from 'koa';
import helmet from 'koa-helmet';
import supertest from 'supertest';
import { fixedHeaders } from './fixed-headers';

const OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: { upgradeInsecureRequests: null, imgSrc: ["'self'", 'data:'] },
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
} as const;

function serve(middleware: Koa.Middleware) {
  const app = new Koa();
  app.silent = true;
  app.use(async (ctx, next) => {
    ctx.set('X-Powered-By', 'something');
    await next();
  });
  app.use(middleware);
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  return supertest(app.callback());
}

test("answers carry exactly helmet's headers, set once recorded", async () => {
  const direct = await serve(helmet(OPTIONS)).get('/x?y=1');
  const fixed = await serve(fixedHeaders(helmet(OPTIONS))).get('/x?y=1');
  const { date: _a, ...directHeaders } = direct.headers;
  const { date: _b, ...fixedHeadersSeen } = fixed.headers;
  expect(fixedHeadersSeen).toEqual(directHeaders);
  expect(fixed.headers['content-security-policy']).toContain("img-src 'self' data:");
  expect(fixed.headers['x-powered-by']).toBeUndefined();
});

test('a middleware that does not go on is refused on the first request', async () => {
  const stuck: Koa.Middleware = async (ctx) => {
    ctx.res.setHeader('X-Only', '1');
  };
  const res = await serve(fixedHeaders(stuck)).get('/');
  expect(res.status).toBe(500);
});

test("a call's path gets the call answers' set; setOn puts helmet's on a response", async () => {
  const headers = fixedHeaders(helmet(OPTIONS), { callAnswers: [['X-Frame-Options', 'DENY']] });
  const call = await serve(headers).get('/api/cart/count.action');
  expect(call.headers['x-frame-options']).toBe('DENY');
  expect(call.headers['content-security-policy']).toBeUndefined();
  const page = await serve(headers).get('/api/cart/count');
  expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  const set: Record<string, unknown> = {};
  headers.setOn({
    setHeader: (name: string, value: unknown) => (set[name] = value),
    removeHeader: () => undefined,
  } as never);
  expect(set['X-Frame-Options']).toBe('SAMEORIGIN');
  expect(String(set['Content-Security-Policy'])).toContain("img-src 'self' data:");
});

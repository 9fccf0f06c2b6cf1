import Koa from 'koa';
import supertest from 'supertest';
import { prefixedRoutes } from './prefixed-routes';

function appWith(seen: string[]) {
  const app = new Koa();
  app.use(
    prefixedRoutes(
      ['/api/a/', '/api/b/'],
      [
        async (ctx, next) => {
          seen.push(`first ${ctx.path}`);
          if (ctx.path === '/api/a/x') ctx.body = 'first';
          else await next();
        },
        async (ctx, next) => {
          seen.push(`second ${ctx.path}`);
          if (ctx.path.startsWith('/api/b/')) ctx.body = 'second';
          else await next();
        },
      ],
    ),
  );
  app.use((ctx) => {
    seen.push(`after ${ctx.path}`);
    ctx.body = 'after';
  });
  return supertest(app.callback());
}

test('a request under a prefix runs the routes in order until one answers, then goes on', async () => {
  const seen: string[] = [];
  const http = appWith(seen);
  expect((await http.get('/api/a/x')).text).toBe('first');
  expect((await http.get('/api/b/y')).text).toBe('second');
  expect((await http.get('/api/a/other')).text).toBe('after');
  expect(seen).toEqual([
    'first /api/a/x',
    'first /api/b/y',
    'second /api/b/y',
    'first /api/a/other',
    'second /api/a/other',
    'after /api/a/other',
  ]);
});

test('a request under no prefix skips every route', async () => {
  const seen: string[] = [];
  const http = appWith(seen);
  expect((await http.post('/api/class/center-page.action')).text).toBe('after');
  expect((await http.get('/classSelectCenter')).text).toBe('after');
  expect(seen).toEqual(['after /api/class/center-page.action', 'after /classSelectCenter']);
});

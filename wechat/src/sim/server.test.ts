import { createClock } from './clock';
import { DEMO_WECHAT_APP, DEMO_WECHAT_USERS } from './demo';
import { mpError } from './http';
import { openIdOf } from './registry';
import { createSimulator, type WechatSimulator } from './server';

let sim: WechatSimulator;
let base: string;

beforeAll(async () => {
  sim = createSimulator({
    apps: [DEMO_WECHAT_APP],
    users: DEMO_WECHAT_USERS,
    clock: createClock(() => 1_700_000_000_000),
    modules: [
      (context) =>
        context.route('GET', '/echo/:word', (request) => ({ body: { word: request.params.word } })),
    ],
  });
  base = await sim.listen();
});
afterAll(() => sim.close());

test('routes with path parameters, and 404 for unknown paths', async () => {
  expect(await (await fetch(`${base}/echo/hello`)).json()).toEqual({ word: 'hello' });
  const missing = await fetch(`${base}/echo/hello/again`);
  expect(missing.status).toBe(404);
});

test('the clock moves forward only, through the hook', async () => {
  const answer = await fetch(`${base}/__sim/clock/advance`, {
    method: 'POST',
    body: JSON.stringify({ ms: 5000 }),
  });
  expect(await answer.json()).toEqual({ now: 1_700_000_005_000 });
  const back = await fetch(`${base}/__sim/clock/advance`, {
    method: 'POST',
    body: JSON.stringify({ ms: -1 }),
  });
  expect(back.status).toBe(400);
  expect(sim.clock.now()).toBe(1_700_000_005_000);
});

test('an injected fault answers the next matching requests, then the real route answers again', async () => {
  const inject = await fetch(`${base}/__sim/faults`, {
    method: 'POST',
    body: JSON.stringify({ path: '/echo/*', times: 2, response: mpError(-1, 'system error') }),
  });
  expect(inject.status).toBe(204);
  expect(await (await fetch(`${base}/echo/a`)).json()).toEqual({ errcode: -1, errmsg: 'system error' });
  expect(await (await fetch(`${base}/echo/b`)).json()).toEqual({ errcode: -1, errmsg: 'system error' });
  expect(await (await fetch(`${base}/echo/c`)).json()).toEqual({ word: 'c' });
});

test('hooks allow any origin (the bridge script calls them from the H5 page)', async () => {
  const preflight = await fetch(`${base}/__sim/faults`, { method: 'OPTIONS' });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
});

test('openids are per app, stable, 28 characters starting with o', () => {
  const a = openIdOf('wx1', 'zhangsan');
  expect(a).toMatch(/^o[\w-]{27}$/);
  expect(openIdOf('wx1', 'zhangsan')).toBe(a);
  expect(openIdOf('wx2', 'zhangsan')).not.toBe(a);
  expect(openIdOf('wx1', 'lisi')).not.toBe(a);
});

test('the index page lists what happened', async () => {
  sim.record('oauth.consent', { user: 'zhangsan' });
  const page = await (await fetch(`${base}/`)).text();
  expect(page).toContain('微信模拟器');
  expect(page).toContain('oauth.consent');
});

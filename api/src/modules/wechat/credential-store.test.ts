import { createOfficialAccountClient, type FetchLike } from '@px/wechat';
import { createWechatSimulator, DEMO_WECHAT_APP, type WechatSimulator } from '@px/wechat/sim';
import { createTestApp, type TestApp } from '../../testing/app';
import { createPgCredentialStore } from './credential-store';

let t: TestApp;
let sim: WechatSimulator;
let tokenFetches = 0;

const countingFetch: FetchLike = (input, init) => {
  if (String(input).includes('/cgi-bin/stable_token') || String(input).includes('/cgi-bin/token'))
    tokenFetches += 1;
  return fetch(input, init);
};

beforeAll(async () => {
  t = await createTestApp();
  sim = createWechatSimulator();
  await sim.listen();
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

/** A client as one API instance holds it: its own in-process cache, the shared PostgreSQL store. */
const instance = () =>
  createOfficialAccountClient({
    appId: DEMO_WECHAT_APP.appId,
    appSecret: DEMO_WECHAT_APP.appSecret,
    endpoints: sim.endpoints(),
    store: createPgCredentialStore(t.sequelize),
    fetch: countingFetch,
  });

test('two API instances asking at once fetch the token from WeChat once and share it', async () => {
  const [a, b] = [instance(), instance()];
  const tokens = await Promise.all([
    ...Array.from({ length: 5 }, () => a.accessToken()),
    ...Array.from({ length: 5 }, () => b.accessToken()),
  ]);
  expect(new Set(tokens).size).toBe(1);
  expect(tokenFetches).toBe(1);
  const [row] = (
    await t.sequelize.query('SELECT key, value FROM wechat_credential', { plain: false })
  )[0] as {
    key: string;
    value: string;
  }[];
  expect(row).toEqual({ key: `access_token:${DEMO_WECHAT_APP.appId}`, value: tokens[0] });
});

test('expireIf removes only the value that failed, never a newer one', async () => {
  const store = createPgCredentialStore(t.sequelize);
  await store.set('k', { value: 'new', expiresAt: Date.now() + 60_000 });
  await store.expireIf('k', 'old');
  expect((await store.get('k'))?.value).toBe('new');
  await store.expireIf('k', 'new');
  expect(await store.get('k')).toBeNull();
});

test('withLock serialises holders of the same key across connections', async () => {
  const store = createPgCredentialStore(t.sequelize);
  const order: string[] = [];
  const hold = (name: string, ms: number) =>
    store.withLock('lock-key', async () => {
      order.push(`${name}:in`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      order.push(`${name}:out`);
    });
  await Promise.all([hold('a', 150), hold('b', 10)]);
  // Whichever got the lock first left before the other came in.
  const [first] = order[0]?.split(':') ?? [];
  const second = first === 'a' ? 'b' : 'a';
  expect(order).toEqual([`${first}:in`, `${first}:out`, `${second}:in`, `${second}:out`]);
});

import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { Session } from './session.model';
import { hashToken, openSession, SESSION_TTL_MS } from './session.service';
import { createSessionAuthenticator } from './session-cache';

let t: TestApp;
let projectId: number;
beforeAll(async () => {
  t = await createTestApp({ caches: true });
  projectId = (await buildProject()).id;
});
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

function authenticator() {
  if (!t.changeFeed) throw new Error('the test app has no change feed');
  return createSessionAuthenticator(t.sequelize, t.changeFeed);
}

/**
 * Waits until `authenticate` holds the session of `token`: a read racing the change of the sign-in
 * or of an update (its notification arrives a moment later) is not kept, and the next one is.
 */
async function heldBy(authenticate: ReturnType<typeof authenticator>, token: string) {
  for (let tries = 0; tries < 100; tries++) {
    const answer = authenticate(token);
    if (!(answer instanceof Promise)) return;
    await answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a session held in memory is answered at once, with no promise; the first use reads it', async () => {
  const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
  const token = await signIn(account);
  const authenticate = authenticator();
  const first = authenticate(token);
  expect(first).toBeInstanceOf(Promise);
  expect(await first).toMatchObject({ accountId: account.id, projectId });
  await heldBy(authenticate, token);
  const held = authenticate(token);
  expect(held).not.toBeInstanceOf(Promise);
  expect(held).toMatchObject({ accountId: account.id, projectId });
  expect(authenticate('too-short')).toBeNull();
});

test('a held session due for extension is extended before it is answered, as when read', async () => {
  const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
  const token = await signIn(account);
  const authenticate = authenticator();
  await authenticate(token);
  const term = SESSION_TTL_MS[ROLE_SYSTEM.STUDENT];
  const now = Date.now();

  // Past the second half of its term: extended in the database before the principal is answered.
  jest.spyOn(Date, 'now').mockReturnValue(now + term / 2 + 60_000);
  const extending = authenticate(token);
  expect(extending).toBeInstanceOf(Promise);
  expect(await extending).toMatchObject({ accountId: account.id });
  const stored = await Session.findOne({ where: { tokenHash: hashToken(token), projectId } });
  expect(stored?.expiresAt.getTime()).toBeGreaterThan(now + term);
});

test('a held super-account session (never extended) is refused once past its expiry', async () => {
  const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT });
  const admin = await buildAccount({ projectId: null, roleSystem: ROLE_SYSTEM.PLATFORM });
  const token = await openSession({
    accountId: account.id,
    projectId,
    roleSystem: ROLE_SYSTEM.PROJECT,
    impersonatorId: admin.account.id,
  });
  // Ten seconds left: read and held.
  const now = Date.now();
  await Session.update(
    { expiresAt: new Date(now + 10_000) },
    { where: { tokenHash: hashToken(token), projectId } },
  );
  const authenticate = authenticator();
  await heldBy(authenticate, token);
  expect(authenticate(token)).toMatchObject({ impersonatorId: admin.account.id });
  // Twenty seconds on, well within the cache's own minute: refused.
  jest.spyOn(Date, 'now').mockReturnValue(now + 20_000);
  expect(await authenticate(token)).toBeNull();
});

import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { Session } from '../session/session.model';
import {
  authenticateToken,
  hashToken,
  openSession,
  revokeAccountSessions,
  revokeSession,
  SESSION_TTL_MS,
} from '../session/session.service';

let t: TestApp;
let projectId: number;
beforeAll(async () => {
  t = await createTestApp();
  projectId = (await buildProject()).id;
});
afterAll(() => t.close());

test('a new session resolves to its principal with the role and its menu', async () => {
  const { account, role } = await buildAccount({
    projectId,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/unit-manage/list'],
  });
  const token = await signIn(account);
  const principal = await authenticateToken(t.sequelize, token);
  expect(principal).toMatchObject({
    accountId: account.id,
    projectId,
    roleSystem: 2,
    roleId: role.id,
    impersonatorId: null,
  });
  expect([...(principal?.menu ?? [])]).toEqual(['/unit-manage/list']);
});

test('only the hash of the token is stored', async () => {
  const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
  const token = await signIn(account);
  const stored = await Session.findOne({ where: { accountId: account.id, projectId } });
  expect(stored?.tokenHash).toBe(hashToken(token));
  expect(JSON.stringify(stored?.toJSON())).not.toContain(token);
});

test('unknown, revoked and expired tokens resolve to nobody', async () => {
  const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
  expect(await authenticateToken(t.sequelize, 'x'.repeat(43))).toBeNull();
  const revoked = await signIn(account);
  expect(await revokeSession(revoked)).toBe(true);
  expect(await revokeSession(revoked)).toBe(false);
  expect(await authenticateToken(t.sequelize, revoked)).toBeNull();
  const expired = await signIn(account);
  await Session.update(
    { expiresAt: new Date(Date.now() - 1000) },
    { where: { tokenHash: hashToken(expired) }, allTenants: true },
  );
  expect(await authenticateToken(t.sequelize, expired)).toBeNull();
});

test('a disabled or deleted account loses its sessions at once', async () => {
  const disabled = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT });
  const token = await signIn(disabled.account);
  await Account.update({ status: 'DISABLED' }, { where: { id: disabled.account.id, projectId } });
  expect(await authenticateToken(t.sequelize, token)).toBeNull();

  const deleted = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT });
  const other = await signIn(deleted.account);
  await deleted.account.destroy();
  expect(await authenticateToken(t.sequelize, other)).toBeNull();
});

test('revoking an account ends all its sessions', async () => {
  const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
  const tokens = [await signIn(account), await signIn(account)];
  await revokeAccountSessions(account);
  for (const token of tokens) expect(await authenticateToken(t.sequelize, token)).toBeNull();
});

test('a session used in the second half of its life is extended; a super-account session is not', async () => {
  const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT });
  const token = await signIn(account);
  const soon = new Date(Date.now() + 60_000);
  await Session.update({ expiresAt: soon }, { where: { tokenHash: hashToken(token), projectId } });
  await authenticateToken(t.sequelize, token);
  const extended = await Session.findOne({ where: { tokenHash: hashToken(token), projectId } });
  expect(extended?.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS[2] - 60_000);

  const admin = await buildAccount({ projectId: null, roleSystem: ROLE_SYSTEM.PLATFORM });
  const impersonation = await openSession({
    accountId: account.id,
    projectId,
    roleSystem: 2,
    impersonatorId: admin.account.id,
  });
  await Session.update({ expiresAt: soon }, { where: { tokenHash: hashToken(impersonation), projectId } });
  expect(await authenticateToken(t.sequelize, impersonation)).toMatchObject({
    impersonatorId: admin.account.id,
  });
  const kept = await Session.findOne({ where: { tokenHash: hashToken(impersonation), projectId } });
  expect(kept?.expiresAt.getTime()).toBe(soon.getTime());
});

test("a unit manager's sessions stop while the unit is disabled and work again when it is enabled", async () => {
  const unit = await buildUnit(projectId);
  const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.UNIT, unitId: unit.id });
  const token = await signIn(account);
  expect(await authenticateToken(t.sequelize, token)).not.toBeNull();
  await unit.update({ status: 'DISABLED' });
  expect(await authenticateToken(t.sequelize, token)).toBeNull();
  await unit.update({ status: 'ENABLED' });
  expect(await authenticateToken(t.sequelize, token)).not.toBeNull();
});

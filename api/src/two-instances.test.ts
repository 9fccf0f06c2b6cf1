import { ROLE_SYSTEM } from '@px/config';
import { Account } from './modules/account/account.model';
import { Role } from './modules/account/role.model';
import { Project } from './modules/project/project.model';
import { TrainClass } from './modules/train-class/train-class.model';
import { buildClass, enrol } from './modules/train-class/train-class.testing';
import { TrainPlan } from './modules/train-plan/train-plan.model';
import { createTestApp, type TestApp } from './testing/app';
import { cutChangeFeeds, delivered as deliveredTo, until, writeUnheard } from './testing/change-feed';
import { buildAccount, buildHostedProject, buildUnit, signIn } from './testing/factories';

/**
 * Two API instances on one database, each caching sessions and request projects in its own memory
 * (as `startServer` does): a change made through one instance, or straight in the database, is
 * honoured by the other on its next call (migration 0030's notifications, core/change-feed.ts).
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ caches: true });
  b = await createTestApp({ caches: true, sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const ACCOUNT_INFO = '/api/login/get-account-info.action';
const SYSTEM_INFO = '/api/project/system-info.action';

const delivered = () => deliveredTo(a, b);

test('a session signed out on instance A is refused on instance B', async () => {
  const { project } = await buildHostedProject();
  const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const token = await signIn(account);
  // Both instances have the session cached.
  for (const app of [a, b])
    expect((await app.http.get(ACCOUNT_INFO).set('token', token)).body.respCode).toBe(200);
  expect((await a.http.post('/api/login/login-out.action').set('token', token)).body.respCode).toBe(200);
  await delivered();
  for (const app of [b, a])
    expect((await app.http.get(ACCOUNT_INFO).set('token', token)).body.respCode).toBe(401);
});

test("a change of the account, its role or its project reaches the other instance's cached session", async () => {
  const { project } = await buildHostedProject();
  const { account, role } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/train-manage/class'],
  });
  const token = await signIn(account);
  const classPage = () => b.http.post('/api/class/page.action').set('token', token).send({});
  expect((await classPage()).body.respCode).toBe(200);
  // The role loses the page (as saved through any instance): refused at once.
  await Role.update({ menu: [] }, { where: { id: role.id, projectId: project.id } });
  await delivered();
  expect((await classPage()).body.respCode).toBe(403);
  await Role.update({ menu: ['/train-manage/class'] }, { where: { id: role.id, projectId: project.id } });
  await delivered();
  expect((await classPage()).body.respCode).toBe(200);
  // The project is disabled: its sessions stop.
  await Project.update({ status: 'DISABLED' }, { where: { id: project.id } });
  await delivered();
  expect((await classPage()).body.respCode).not.toBe(200);
});

test('a setting changed on one instance is what the other answers next', async () => {
  const { project, host } = await buildHostedProject({ settings: { title: '旧标题' } });
  const title = async (app: TestApp) =>
    (await app.http.post(SYSTEM_INFO).set('Host', host)).body.attribute?.title as string | undefined;
  expect(await title(a)).toBe('旧标题');
  expect(await title(b)).toBe('旧标题');
  await Project.update({ settings: { title: '新标题' } }, { where: { id: project.id } });
  await delivered();
  expect(await title(b)).toBe('新标题');
  expect(await title(a)).toBe('新标题');
  // A host moved to another project is served by that project at once.
  const { project: other } = await buildHostedProject({ settings: { title: '另一个项目' } });
  await Project.update({ domains: [] }, { where: { id: project.id } });
  await Project.update({ domains: [host] }, { where: { id: other.id } });
  await delivered();
  expect(await title(b)).toBe('另一个项目');
});

test('while the change feed is cut, nothing is served from the cache; once back, it starts empty', async () => {
  const { project, host } = await buildHostedProject({ settings: { title: '标题一' } });
  const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const token = await signIn(account);
  expect((await b.http.get(ACCOUNT_INFO).set('token', token)).body.respCode).toBe(200);
  expect((await b.http.post(SYSTEM_INFO).set('Host', host)).body.attribute.title).toBe('标题一');
  // Cut every listening connection on the database (the feeds of both instances), then change
  // things while nobody listens: revoked session, new title.
  await cutChangeFeeds(b, async (admin) => {
    await admin.query('UPDATE session SET revoked_at = now() WHERE account_id = $1', [account.id]);
    await admin.query('UPDATE project SET settings = \'{"title": "标题二"}\' WHERE id = $1', [project.id]);
  });
  expect((await b.http.get(ACCOUNT_INFO).set('token', token)).body.respCode).toBe(401);
  expect((await b.http.post(SYSTEM_INFO).set('Host', host)).body.attribute.title).toBe('标题二');
  // The feed reconnects (after a second) and caching resumes.
  await until(() => b.changeFeed?.live === true);
  const again = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const fresh = await signIn(again.account);
  expect((await b.http.get(ACCOUNT_INFO).set('token', fresh)).body.respCode).toBe(200);
  expect((await b.http.get(ACCOUNT_INFO).set('token', fresh)).body.respCode).toBe(200);
});

test("the class centre's cached answers follow the classes, their plans and lessons on every instance", async () => {
  const { project, host } = await buildHostedProject();
  const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const token = await signIn(account);
  const { trainClass, plan } = await buildClass({ projectId: project.id, name: '在售班' });
  const listed = async (app: TestApp) => {
    const res = await app.http
      .post('/api/class/center-page.action')
      .set('Host', host)
      .send({ pageNum: 1, pageSize: 10 });
    return (res.body.attribute.list as { name: string }[]).map((item) => item.name);
  };
  const detail = (app: TestApp, as: string | null = token) => {
    const request = app.http.post('/api/class/find-detail.action').set('Host', host);
    return (as ? request.set('token', as) : request).send({ id: trainClass.id });
  };
  expect(await listed(b)).toEqual(['在售班']);
  const first = await detail(b);
  expect(first.body.attribute).toMatchObject({ name: '在售班', inCart: false, enrolled: false });
  // The same cached detail with the same state again (its bytes kept), and a visitor's of it.
  expect((await detail(b)).text).toBe(first.text);
  expect((await detail(b, null)).body.attribute).toMatchObject({
    name: '在售班',
    inCart: null,
    enrolled: null,
  });
  // The student's own state (cart, enrolment) follows their enrolment.
  await enrol(trainClass, account.id);
  await delivered();
  expect((await detail(b)).body.attribute).toMatchObject({ name: '在售班', enrolled: true });
  await TrainClass.update({ name: '改名班' }, { where: { id: trainClass.id, projectId: project.id } });
  await delivered();
  expect(await listed(b)).toEqual(['改名班']);
  expect((await detail(b)).body.attribute).toMatchObject({ name: '改名班', enrolled: true });
  expect((await detail(b, null)).body.attribute).toMatchObject({ name: '改名班', enrolled: null });
  await TrainPlan.update({ status: 'DRAFT' }, { where: { id: plan.id, projectId: project.id } });
  await delivered();
  expect(await listed(b)).toEqual([]);
  expect((await detail(b)).body.respCode).toBe(-1);
  expect(await listed(a)).toEqual([]);
});

test("the account info and the cart count cached on one instance follow the other's writes", async () => {
  const { project, host } = await buildHostedProject();
  const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const token = await signIn(account);
  const { trainClass } = await buildClass({ projectId: project.id });
  const userName = async (app: TestApp) =>
    (await app.http.get(ACCOUNT_INFO).set('token', token)).body.attribute.userName as string;
  const cartCount = async (app: TestApp) =>
    (await app.http.post('/api/shop-cart/count.action').set('Host', host).set('token', token).send({})).body
      .attribute.count as number;
  expect(await userName(b)).toBe('测试学员');
  expect(await cartCount(b)).toBe(0);
  await Account.update({ realName: '改名学员' }, { where: { id: account.id, projectId: project.id } });
  const added = await a.http
    .post('/api/shop-cart/save.action')
    .set('Host', host)
    .set('token', token)
    .send({ classId: trainClass.id });
  expect(added.body.attribute.count).toBe(1);
  await delivered();
  expect(await userName(b)).toBe('改名学员');
  expect(await cartCount(b)).toBe(1);
});

/**
 * Revokes the account's sessions without notifying anyone: a session cached on an instance is then
 * served until a change drops it, so whether a request is refused tells whether the instance read
 * the session again.
 */
const revokeUnheard = (accountId: number) =>
  writeUnheard(a, 'UPDATE session SET revoked_at = now() WHERE account_id = $1', [accountId]);

test("a change of one account drops that account's cached sessions only; new accounts and enrolments drop none", async () => {
  const { project } = await buildHostedProject();
  const { account: changed } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const { account: studying } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.STUDENT,
  });
  const changedToken = await signIn(changed);
  const studyingToken = await signIn(studying);
  const answer = async (token: string) =>
    (await b.http.get(ACCOUNT_INFO).set('token', token)).body.respCode as number;
  expect(await answer(changedToken)).toBe(200);
  expect(await answer(studyingToken)).toBe(200);
  await revokeUnheard(studying.id);
  // What a unit import's chunk writes: new accounts, an update of accounts that matches none, and
  // enrolments of other students. The studying student's session stays cached: still answered.
  const unit = await buildUnit(project.id);
  const { trainClass } = await buildClass({ projectId: project.id });
  const { account: newcomer } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.STUDENT,
    unitId: unit.id,
  });
  await Account.update(
    { unitId: unit.id },
    { where: { id: newcomer.id, projectId: project.id, unitId: null } },
  );
  await enrol(trainClass, newcomer.id, 'PENDING_PAY');
  // Another account disabled: refused at once, the studying student still served from memory.
  await Account.update({ status: 'DISABLED' }, { where: { id: changed.id, projectId: project.id } });
  await delivered();
  expect(await answer(changedToken)).toBe(401);
  expect(await answer(studyingToken)).toBe(200);
  // A change naming the studying student drops their session: the revocation now shows.
  await Account.update({ realName: '改名学员' }, { where: { id: studying.id, projectId: project.id } });
  await delivered();
  expect(await answer(studyingToken)).toBe(401);
});

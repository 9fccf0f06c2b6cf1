import { ROLE_SYSTEM } from '@px/config';
import type { MyClassPage, MyPortfolio } from '../../contract/my-class';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { ShopCartItem } from '../cart/cart.model';
import { useTestStorage } from '../resource/resource.testing';
import { buildClass, enrol } from '../train-class/train-class.testing';

let t: TestApp;
useTestStorage();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const page = (token: string, body: object = {}) =>
  t.http.post('/api/my-class/page.action').set('token', token).send(body);

test("a student's enrolments, newest first, with state, window and hours; nobody else's", async () => {
  const project = await buildProject({ settings: { hideElective: 1 } });
  const { account: student } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const { account: other } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const first = (await buildClass({ projectId: project.id, electiveHoursTenths: 20 })).trainClass;
  const second = (await buildClass({ projectId: project.id })).trainClass;
  await enrol(first, student.id, 'PASSED');
  await enrol(second, student.id, 'STUDYING');
  await enrol(second, other.id, 'STUDYING');
  const res = await page(await signIn(student));
  const answer = res.body.attribute as MyClassPage;
  expect(answer.total).toBe(2);
  expect(answer.list.map((item) => [item.classId, item.status])).toEqual([
    [second.id, 'STUDYING'],
    [first.id, 'PASSED'],
  ]);
  expect(answer.list[1]).toMatchObject({
    className: first.name,
    studyStartDate: first.studyStartDate,
    requiredHours: 1,
    electiveHours: 0,
  });
  const studying = (await page(await signIn(student), { status: 'STUDYING' })).body.attribute as MyClassPage;
  expect(studying.list.map((item) => item.classId)).toEqual([second.id]);
});

test('students only', async () => {
  const project = await buildProject();
  const { account } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/home'],
  });
  expect((await page(await signIn(account))).status).toBe(403);
  expect((await t.http.post('/api/my-class/page.action').send({})).status).toBe(401);
});

test('current and ended classes, the portfolio per base type, and recommendations leave out what the student holds', async () => {
  const project = await buildProject();
  const { account: student } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const token = await signIn(student);
  const publicClass = (await buildClass({ projectId: project.id, baseType: 'public' })).trainClass;
  const specialized = (await buildClass({ projectId: project.id, baseType: 'specialized' })).trainClass;
  const over = (
    await buildClass({
      projectId: project.id,
      enrolStartDate: '2020-01-01',
      enrolEndDate: '2020-06-30',
      studyStartDate: '2020-01-01',
      studyEndDate: '2020-12-31',
    })
  ).trainClass;
  const offered = (await buildClass({ projectId: project.id })).trainClass;
  const inCart = (await buildClass({ projectId: project.id })).trainClass;
  const a = await enrol(publicClass, student.id, 'PASSED');
  const b = await enrol(specialized, student.id, 'STUDYING');
  await enrol(over, student.id, 'STUDYING');
  await a.update({ requiredTenths: 15, electiveTenths: 5 });
  await b.update({ requiredTenths: 7 });
  await ShopCartItem.create({ projectId: project.id, accountId: student.id, classId: inCart.id });

  const current = (await page(token, { scope: 'current' })).body.attribute as MyClassPage;
  expect(current.list.map((item) => item.classId).sort()).toEqual([publicClass.id, specialized.id].sort());
  const ended = (await page(token, { scope: 'ended' })).body.attribute as MyClassPage;
  expect(ended.list.map((item) => [item.classId, item.studyEnded])).toEqual([[over.id, true]]);
  const passed = current.list.find((item) => item.classId === publicClass.id);
  expect(passed).toMatchObject({
    baseType: 'public',
    creditedRequiredHours: 1.5,
    creditedElectiveHours: 0.5,
  });

  const portfolio = (await t.http.post('/api/my-class/portfolio.action').set('token', token).send({})).body
    .attribute as MyPortfolio;
  expect(portfolio).toEqual({
    classCount: 3,
    countsByStatus: { PASSED: 1, STUDYING: 2 },
    hoursByBaseType: { public: 1.5, specialized: 0.7 },
    electiveHours: 0.5,
  });
  const recommended = (await t.http.post('/api/my-class/recommended.action').set('token', token).send({}))
    .body.attribute as { id: number }[];
  expect(recommended.map((item) => item.id)).toEqual([offered.id]);
});

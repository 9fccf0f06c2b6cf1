import { ROLE_SYSTEM } from '@px/config';
import type { MyClassPage } from '../../contract/my-class';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
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

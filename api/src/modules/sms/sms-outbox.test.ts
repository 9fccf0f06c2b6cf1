import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import type { Project } from '../project/project.model';
import { SmsOutbox } from './sms-outbox.model';

const PATH = '/api/sms/outbox.action';
const PERMISSION = '/account-manage/administrator-list';

let t: TestApp;
let mine: Project;
let theirs: Project;

beforeAll(async () => {
  t = await createTestApp();
  mine = await buildProject();
  theirs = await buildProject();
  const base = Date.now() - 3600_000;
  const rows = [
    {
      projectId: mine.id,
      mobile: '13911110001',
      content: '【我的】您的验证码为111111，5分钟内有效，请勿泄露。',
    },
    {
      projectId: mine.id,
      mobile: '13911110002',
      content: '【我的】您的验证码为222222，5分钟内有效，请勿泄露。',
    },
    {
      projectId: theirs.id,
      mobile: '13911110003',
      content: '【他的】您的验证码为333333，5分钟内有效，请勿泄露。',
    },
    {
      projectId: mine.id,
      mobile: '13822220001',
      content: '【我的】您的验证码为444444，5分钟内有效，请勿泄露。',
    },
  ];
  for (const [index, row] of rows.entries()) {
    await SmsOutbox.create({ ...row, createdAt: new Date(base + index * 1000) });
  }
});
afterAll(() => t.close());

async function tokenFor(projectId: number | null, roleSystem: 1 | 2 | 3 | 4, menu: string[]) {
  const unitId = roleSystem === ROLE_SYSTEM.UNIT && projectId ? (await buildUnit(projectId)).id : null;
  const { account } = await buildAccount({ projectId, roleSystem, menu, unitId });
  return signIn(account);
}

test("project staff with the administrator list see their project's messages, newest first, paged", async () => {
  const token = await tokenFor(mine.id, ROLE_SYSTEM.PROJECT, [PERMISSION]);
  const res = await t.http.post(PATH).set('token', token).send({ pageNum: 1, pageSize: 2 });
  expect(res.body.respCode).toBe(200);
  expect(res.body.attribute).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
  expect(res.body.attribute.list.map((row: { mobile: string }) => row.mobile)).toEqual([
    '13822220001',
    '13911110002',
  ]);
  expect(res.body.attribute.list[0]).toEqual({
    id: expect.any(Number),
    projectId: mine.id,
    mobile: '13822220001',
    content: '【我的】您的验证码为444444，5分钟内有效，请勿泄露。',
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  const second = await t.http.post(PATH).set('token', token).send({ pageNum: 2, pageSize: 2 });
  expect(second.body.attribute.list.map((row: { mobile: string }) => row.mobile)).toEqual(['13911110001']);
});

test('filters by any part of the mobile', async () => {
  const token = await tokenFor(mine.id, ROLE_SYSTEM.PROJECT, [PERMISSION]);
  const res = await t.http.post(`${PATH}?mobile=1111`).set('token', token);
  expect(res.body.attribute.list.map((row: { mobile: string }) => row.mobile)).toEqual([
    '13911110002',
    '13911110001',
  ]);
  const bad = await t.http.post(PATH).set('token', token).send({ mobile: '139-1111' });
  expect(bad.body.attribute.errors[0].field).toBe('mobile');
});

test("another project's messages are invisible, even when asked for by id", async () => {
  const token = await tokenFor(mine.id, ROLE_SYSTEM.PROJECT, [PERMISSION]);
  const all = await t.http.post(PATH).set('token', token).send({ pageSize: 100 });
  expect(all.body.attribute.list.every((row: { projectId: number }) => row.projectId === mine.id)).toBe(true);
  const asked = await t.http
    .post(PATH)
    .set('token', token)
    .send({ projectId: theirs.id, mobile: '13911110003' });
  expect(asked.body.attribute).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 10 });
  const theirStaff = await tokenFor(theirs.id, ROLE_SYSTEM.PROJECT, [PERMISSION]);
  const theirView = await t.http.post(PATH).set('token', theirStaff);
  expect(theirView.body.attribute.list.map((row: { mobile: string }) => row.mobile)).toEqual(['13911110003']);
});

test('platform staff with the permission see every project, and may narrow to one', async () => {
  const token = await tokenFor(null, ROLE_SYSTEM.PLATFORM, [PERMISSION]);
  const all = await t.http.post(PATH).set('token', token);
  expect(all.body.attribute.total).toBe(4);
  const one = await t.http.post(PATH).set('token', token).send({ projectId: theirs.id });
  expect(one.body.attribute.list.map((row: { mobile: string }) => row.mobile)).toEqual(['13911110003']);
});

test('refused without the permission, to students and unit managers, and without a session', async () => {
  const withoutPermission = await tokenFor(mine.id, ROLE_SYSTEM.PROJECT, ['/home', '/account-manage/role']);
  expect((await t.http.post(PATH).set('token', withoutPermission)).status).toBe(403);
  const platformWithout = await tokenFor(null, ROLE_SYSTEM.PLATFORM, ['/home']);
  expect((await t.http.post(PATH).set('token', platformWithout)).status).toBe(403);
  const unitManager = await tokenFor(mine.id, ROLE_SYSTEM.UNIT, [PERMISSION]);
  expect((await t.http.post(PATH).set('token', unitManager)).status).toBe(403);
  const student = await tokenFor(mine.id, ROLE_SYSTEM.STUDENT, [PERMISSION]);
  expect((await t.http.post(PATH).set('token', student)).status).toBe(403);
  expect((await t.http.post(PATH)).status).toBe(401);
});

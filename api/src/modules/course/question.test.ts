import { ROLE_SYSTEM } from '@px/config';
import type { QuestionItem } from '../../contract/course';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import type { Resource } from '../resource/resource.model';
import { buildResource, useTestStorage, VIDEO_MENU } from '../resource/resource.testing';
import { ResourceQuestion } from './course.model';
import { checkQuestionAnswer } from './question.service';

const QUESTION_MENU = ['/home', '/resource-manage', '/resource-manage/add-question'];

let t: TestApp;
let projectId: number;
let token: string;
let otherToken: string;
let video: Resource;

useTestStorage();

const post = (name: string, body: object = {}, as = token) =>
  t.http.post(`/api/resource/${name}.action`).set('token', as).send(body);

async function staff(project: number, menu: string[]) {
  return signIn((await buildAccount({ projectId: project, roleSystem: ROLE_SYSTEM.PROJECT, menu })).account);
}

beforeAll(async () => {
  t = await createTestApp();
  projectId = (await buildProject()).id;
  const otherProjectId = (await buildProject()).id;
  token = await staff(projectId, QUESTION_MENU);
  otherToken = await staff(otherProjectId, QUESTION_MENU);
  video = await buildResource(projectId, { durationSeconds: 60 });
});
afterAll(() => t.close());

const single = (change: object = {}) => ({
  resourceId: video.id,
  markSecond: 10,
  type: 'SINGLE',
  content: '发现火情第一步？',
  options: ['继续工作', '报警'],
  answer: 'B',
  explanation: '先报警',
  ...change,
});

const fieldsOf = (res: { body: { attribute: { errors: { field: string }[] } } }) =>
  res.body.attribute.errors.map((error) => error.field);

test('saves, lists by mark, edits and deletes questions; audited', async () => {
  const judge = await post(
    'question-save',
    single({ markSecond: 40, type: 'JUDGE', options: [], answer: 'a' }),
  );
  expect(judge.body.attribute).toMatchObject({ options: ['正确', '错误'], answer: 'A', type: 'JUDGE' });
  const multi = await post(
    'question-save',
    single({ markSecond: 5, type: 'MULTIPLE', options: ['甲', '乙', '丙'], answer: 'C,A' }),
  );
  expect(multi.body.attribute).toMatchObject({ answer: 'AC', markSecond: 5 });
  const one = await post('question-save', single());
  expect(one.body.respCode).toBe(200);
  const list = (await post('question-query', { resourceId: video.id })).body.attribute as QuestionItem[];
  expect(list.map((q) => q.markSecond)).toEqual([5, 10, 40]);

  const edited = await post(
    'question-save',
    single({ id: one.body.attribute.id, markSecond: 12, answer: 'A' }),
  );
  expect(edited.body.attribute).toMatchObject({ id: one.body.attribute.id, markSecond: 12, answer: 'A' });
  expect((await post('question-delete', { id: multi.body.attribute.id })).body.respCode).toBe(200);
  const after = (await post('question-query', { resourceId: video.id })).body.attribute as QuestionItem[];
  expect(after.map((q) => q.markSecond)).toEqual([12, 40]);
  expect(await AuditLog.count({ where: { action: 'resource-question.create', projectId } })).toBe(3);
  expect(await AuditLog.count({ where: { action: 'resource-question.delete', projectId } })).toBe(1);
  await ResourceQuestion.destroy({ where: { resourceId: video.id }, allTenants: true });
});

test('bad input names the field and changes nothing', async () => {
  await post('question-save', single({ markSecond: 20 }));
  const cases: [object, string[]][] = [
    [{ markSecond: 60 }, ['markSecond']],
    [{ markSecond: 0 }, ['markSecond']],
    [{ markSecond: 20 }, ['markSecond']],
    [{ answer: 'C' }, ['answer']],
    [{ answer: 'AB' }, ['answer']],
    [{ answer: 'AA', type: 'MULTIPLE' }, ['answer']],
    [{ answer: 'A', type: 'MULTIPLE' }, ['answer']],
    [{ options: ['唯一'], answer: 'A' }, ['options']],
    [{ options: ['1', '2', '3', '4', '5', '6', '7'], answer: 'A' }, ['options']],
    [{ options: ['同', '同'], answer: 'A' }, ['options']],
    [{ type: 'JUDGE', options: ['对', '错'], answer: 'A' }, ['options']],
    [{ type: 'JUDGE', options: [], answer: 'C' }, ['answer']],
    [{ type: 'FILL' }, ['type']],
    [{ content: '' }, ['content']],
  ];
  for (const [change, fields] of cases) {
    const res = await post('question-save', single({ markSecond: 30, ...change }));
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(fields);
  }
  expect(await ResourceQuestion.count({ where: { resourceId: video.id }, allTenants: true })).toBe(1);
});

test("another project's video and questions are refused", async () => {
  const res = await post('question-save', single({ markSecond: 33 }), otherToken);
  expect(fieldsOf(res)).toEqual(['resourceId']);
  expect((await post('question-query', { resourceId: video.id }, otherToken)).body.respDesc).toBe(
    '视频不存在',
  );
  const mine = await ResourceQuestion.findOne({ where: { resourceId: video.id }, allTenants: true });
  expect((await post('question-delete', { id: mine?.id }, otherToken)).body.respDesc).toBe('弹题不存在');
  expect(await ResourceQuestion.count({ where: { resourceId: video.id }, allTenants: true })).toBe(1);
});

test('readers of the video screen may list questions but not change them', async () => {
  const reader = await staff(projectId, VIDEO_MENU);
  expect((await post('question-query', { resourceId: video.id }, reader)).body.respCode).toBe(200);
  expect((await post('question-save', single({ markSecond: 44 }), reader)).status).toBe(403);
});

test('deleting a video deletes its questions', async () => {
  const other = await buildResource(projectId, { durationSeconds: 10 });
  await post('question-save', single({ resourceId: other.id, markSecond: 3 }));
  const videoToken = await staff(projectId, VIDEO_MENU);
  expect(
    (await t.http.post('/api/resource/delete.action').set('token', videoToken).send({ id: other.id })).body
      .respCode,
  ).toBe(200);
  expect(await ResourceQuestion.count({ where: { resourceId: other.id }, allTenants: true })).toBe(0);
});

test('checkQuestionAnswer sorts the answer and fixes judge options', () => {
  expect(checkQuestionAnswer({ type: 'MULTIPLE', options: ['a', 'b', 'c', 'd'], answer: 'DB' })).toEqual({
    options: ['a', 'b', 'c', 'd'],
    answer: 'BD',
  });
  expect(checkQuestionAnswer({ type: 'JUDGE', options: [], answer: 'B' })).toEqual({
    options: ['正确', '错误'],
    answer: 'B',
  });
});

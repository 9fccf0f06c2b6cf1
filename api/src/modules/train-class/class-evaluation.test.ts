import { ROLE_SYSTEM } from '@px/config';
import type { EvaluationPage } from '../../contract/class-evaluation';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { buildHostedProject } from '../sms/sms.testing';
import { maskName } from './class-evaluation.service';
import { ClassEvaluation } from './train-class.model';
import { buildClass, enrol } from './train-class.testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CLASS_MENU = ['/home', '/train-manage', '/train-manage/class'];
const DETAIL_MENU = ['/home', '/train-manage', '/train-manage/train-class-detail'];

/** A project (by host) with an offered class, staff of the class screen, and a helper for students. */
async function scene() {
  const { project, host } = await buildHostedProject();
  const { trainClass } = await buildClass({ projectId: project.id, name: '评价班' });
  const staff = async (menu: string[]) =>
    signIn((await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.PROJECT, menu })).account);
  const student = async (realName: string) => {
    const account = (
      await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT, overrides: { realName } })
    ).account;
    return { account, token: await signIn(account) };
  };
  const post = (name: string, body: object, token?: string) => {
    const request = t.http.post(`/api/class/${name}.action`).set('Host', host);
    return (token ? request.set('token', token) : request).send(body);
  };
  const list = async (token?: string, classId = trainClass.id): Promise<EvaluationPage> => {
    const res = await post('evaluate-list', { classId }, token);
    expect(res.body.respCode).toBe(200);
    return res.body.attribute;
  };
  return { project, host, trainClass, staff, student, post, list };
}

test('maskName keeps the first character', () => {
  expect(maskName('张三')).toBe('张*');
  expect(maskName('欧阳娜娜')).toBe('欧***');
  expect(maskName('李')).toBe('李*');
  expect(maskName('')).toBe('*');
});

describe('class/evaluate-save and evaluate-get', () => {
  test('only students with a paid enrolment may evaluate; one evaluation each, rewriting replaces it', async () => {
    const { trainClass, student, post } = await scene();
    const zhang = await student('张三');
    const save = (body: object, token = zhang.token) =>
      post('evaluate-save', { classId: trainClass.id, ...body }, token);

    expect((await post('evaluate-get', { classId: trainClass.id }, zhang.token)).body).toMatchObject({
      respCode: 200,
      attribute: null,
    });
    const notEnrolled = await save({ score: 5 });
    expect(notEnrolled.body).toMatchObject({ respCode: -1, respDesc: '报名并缴费后才能评价该班级' });
    const enrolment = await enrol(trainClass, zhang.account.id, 'PENDING_PAY');
    expect((await save({ score: 5 })).body.respCode).toBe(-1);
    await enrolment.update({ status: 'REFUNDED' });
    expect((await save({ score: 5 })).body.respCode).toBe(-1);
    await enrolment.update({ status: 'CHANGED_OUT' });
    expect((await save({ score: 5 })).body.respCode).toBe(-1);
    expect(await ClassEvaluation.count({ where: { classId: trainClass.id }, allTenants: true })).toBe(0);

    await enrolment.update({ status: 'STUDYING' });
    const first = await save({ score: 4, content: '  讲得清楚  ' });
    expect(first.body.attribute).toMatchObject({
      classId: trainClass.id,
      studentName: '张三',
      score: 4,
      content: '讲得清楚',
      status: 'VISIBLE',
    });
    await enrolment.update({ status: 'EXPIRED' });
    const second = await save({ score: 2, content: '' });
    expect(second.body.attribute).toMatchObject({ id: first.body.attribute.id, score: 2, content: null });
    expect(await ClassEvaluation.count({ where: { classId: trainClass.id }, allTenants: true })).toBe(1);
    const own = await post('evaluate-get', { classId: trainClass.id }, zhang.token);
    expect(own.body.attribute).toMatchObject({ id: first.body.attribute.id, score: 2 });
  });

  test('bad scores name the field; anonymous 401, staff 403; a class of another project is not found', async () => {
    const { trainClass, student, staff, post } = await scene();
    const other = await scene();
    const zhang = await student('张三');
    await enrol(trainClass, zhang.account.id);
    for (const score of [0, 6, 3.5, 'x']) {
      const res = await post('evaluate-save', { classId: trainClass.id, score }, zhang.token);
      expect(res.status).toBe(400);
      expect(res.body.attribute.errors.map((error: { field: string }) => error.field)).toEqual(['score']);
    }
    const long = await post(
      'evaluate-save',
      { classId: trainClass.id, score: 3, content: '好'.repeat(501) },
      zhang.token,
    );
    expect(long.body.attribute.errors.map((error: { field: string }) => error.field)).toEqual(['content']);
    expect((await post('evaluate-save', { classId: trainClass.id, score: 5 })).status).toBe(401);
    const staffToken = await staff(CLASS_MENU);
    expect((await post('evaluate-save', { classId: trainClass.id, score: 5 }, staffToken)).status).toBe(403);
    expect((await post('evaluate-get', { classId: trainClass.id }, staffToken)).status).toBe(403);
    const foreign = await post('evaluate-save', { classId: other.trainClass.id, score: 5 }, zhang.token);
    expect(foreign.body).toMatchObject({ respCode: -1, respDesc: '班级不存在' });
    expect(
      await ClassEvaluation.count({
        where: { classId: [trainClass.id, other.trainClass.id] },
        allTenants: true,
      }),
    ).toBe(0);
  });
});

describe('class/evaluate-list and evaluate-status', () => {
  test('the public sees visible evaluations with masked names; staff see all; hiding updates both and is audited', async () => {
    const { project, trainClass, staff, student, post, list } = await scene();
    const authors = [await student('张三'), await student('李四'), await student('王五')];
    for (const [index, author] of authors.entries()) {
      await enrol(trainClass, author.account.id);
      const res = await post(
        'evaluate-save',
        { classId: trainClass.id, score: [5, 4, 1][index] },
        author.token,
      );
      expect(res.body.respCode).toBe(200);
    }

    const publicView = await list();
    expect(publicView).toMatchObject({ total: 3, rating: 3.3 });
    expect(publicView.list.map((item) => item.studentName)).toEqual(['王*', '李*', '张*']);
    // A student of the project reads the public view too, as do staff without a class screen.
    expect((await list(authors[0]?.token)).list[0]?.studentName).toBe('王*');
    expect((await list(await staff(['/home']))).list[0]?.studentName).toBe('王*');

    const staffToken = await staff(CLASS_MENU);
    const wang = publicView.list[0]?.id as number;
    const hidden = await post('evaluate-status', { id: wang, status: 'HIDDEN' }, staffToken);
    expect(hidden.body.attribute).toMatchObject({ id: wang, status: 'HIDDEN', studentName: '王五' });
    expect(
      await AuditLog.count({ where: { action: 'class-evaluation.status', projectId: project.id } }),
    ).toBe(1);

    const after = await list();
    expect(after).toMatchObject({ total: 2, rating: 4.5 });
    expect(after.list.map((item) => item.studentName)).toEqual(['李*', '张*']);
    const staffView = await list(await staff(DETAIL_MENU));
    expect(staffView).toMatchObject({ total: 3, rating: 4.5 });
    expect(staffView.list.map((item) => [item.studentName, item.status])).toEqual([
      ['王五', 'HIDDEN'],
      ['李四', 'VISIBLE'],
      ['张三', 'VISIBLE'],
    ]);
    // The author still reads their own hidden evaluation.
    const own = await post('evaluate-get', { classId: trainClass.id }, authors[2]?.token);
    expect(own.body.attribute).toMatchObject({ status: 'HIDDEN', score: 1 });

    expect((await post('evaluate-status', { id: wang, status: 'VISIBLE' }, staffToken)).body.respCode).toBe(
      200,
    );
    expect((await list()).total).toBe(3);
  });

  test('off-shelf classes: the public is refused, staff still read them', async () => {
    const { trainClass, staff, post, list } = await scene();
    await trainClass.update({ onShelf: false });
    const publicView = await post('evaluate-list', { classId: trainClass.id });
    expect(publicView.body).toMatchObject({ respCode: -1, respDesc: '班级不存在或已下架' });
    expect(await list(await staff(CLASS_MENU))).toMatchObject({ total: 0, rating: null });
  });

  test("other projects: neither their lists nor their evaluations' status are reachable", async () => {
    const mine = await scene();
    const other = await scene();
    const li = await other.student('李四');
    await enrol(other.trainClass, li.account.id);
    const saved = await other.post('evaluate-save', { classId: other.trainClass.id, score: 5 }, li.token);
    const myStaff = await mine.staff(CLASS_MENU);

    const asStaff = await mine.post('evaluate-list', { classId: other.trainClass.id }, myStaff);
    expect(asStaff.body).toMatchObject({ respCode: -1, respDesc: '班级不存在' });
    const byHost = await mine.post('evaluate-list', { classId: other.trainClass.id });
    expect(byHost.body).toMatchObject({ respCode: -1, respDesc: '班级不存在或已下架' });
    const status = await mine.post(
      'evaluate-status',
      { id: saved.body.attribute.id, status: 'HIDDEN' },
      myStaff,
    );
    expect(status.body).toMatchObject({ respCode: -1, respDesc: '评价不存在' });
    expect((await ClassEvaluation.findByPk(saved.body.attribute.id, { allTenants: true }))?.status).toBe(
      'VISIBLE',
    );
  });

  test('evaluate-status: staff without the class screens, students and anonymous callers are refused', async () => {
    const { trainClass, staff, student, post } = await scene();
    const zhang = await student('张三');
    await enrol(trainClass, zhang.account.id);
    const saved = await post('evaluate-save', { classId: trainClass.id, score: 5 }, zhang.token);
    const body = { id: saved.body.attribute.id, status: 'HIDDEN' };
    expect(
      (await post('evaluate-status', body, await staff(['/home', '/train-manage/train-plan-list']))).status,
    ).toBe(403);
    expect((await post('evaluate-status', body, zhang.token)).status).toBe(403);
    expect((await post('evaluate-status', body)).status).toBe(401);
    const bad = await post('evaluate-status', { id: body.id, status: 'GONE' }, await staff(CLASS_MENU));
    expect(bad.body.attribute.errors.map((error: { field: string }) => error.field)).toEqual(['status']);
    expect((await ClassEvaluation.findByPk(body.id, { allTenants: true }))?.status).toBe('VISIBLE');
  });
});

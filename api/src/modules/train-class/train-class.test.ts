import { ROLE_SYSTEM } from '@px/config';
import type { ClassDetail, ClassItem } from '../../contract/train-class';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildUnit, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { Course } from '../course/course.model';
import { Project } from '../project/project.model';
import {
  buildClassCatalogue,
  buildPlan,
  CLASS_MENU,
  type ClassCatalogue,
  THIS_YEAR,
  validClass,
} from './class-admin.testing';
import { MyClass, TrainClass, TrainClassCourse } from './train-class.model';

const CLASS = '/train-manage/class';
const DETAIL = '/train-manage/train-class-detail';

let t: TestApp;
let c: ClassCatalogue;
let other: ClassCatalogue;

const post = (name: string, body: object = {}, as = c.token) =>
  t.http.post(`/api/class/${name}.action`).set('token', as).send(body);

const fieldsOf = (res: { body: { attribute: { errors: { field: string }[] } } }) =>
  res.body.attribute.errors.map((error) => error.field);

/** Creates a class over HTTP (in catalogue `of`) and answers its detail. */
async function createClass(overrides: Record<string, unknown> = {}, of = c): Promise<ClassDetail> {
  const res = await post('create', validClass(of, overrides), of.token);
  expect(res.body).toMatchObject({ respCode: 200 });
  return res.body.attribute as ClassDetail;
}

/** Puts classes on the shelf directly (the shelf rules have tests of their own). */
async function shelve(...ids: number[]) {
  // Classes of any project: read across projects, then updated one by one.
  for (const cls of await TrainClass.findAll({ where: { id: ids }, allTenants: true }))
    await cls.update({ onShelf: true });
}

async function staff(projectId: number, menu: string[]) {
  return signIn((await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu })).account);
}

async function enrol(cls: { id: number }, projectId = c.projectId) {
  const student = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
  await MyClass.create({ projectId, accountId: student.account.id, classId: cls.id, status: 'STUDYING' });
}

beforeAll(async () => {
  t = await createTestApp();
  c = await buildClassCatalogue();
  other = await buildClassCatalogue();
});
afterAll(() => t.close());

describe('permissions', () => {
  const CALLS = [
    'create',
    'detail',
    'page',
    'export',
    'on-shelf',
    'amount',
    'copy',
    'batch-copy',
    'batch-modify',
    'delete',
    'sort',
  ];

  test('staff without the class screens, unit managers and students are refused (403); anonymous callers 401', async () => {
    const tokens = [
      await staff(c.projectId, ['/home', '/train-manage', '/train-manage/train-plan-list']),
      await signIn(
        (
          await buildAccount({
            projectId: c.projectId,
            roleSystem: ROLE_SYSTEM.UNIT,
            unitId: (await buildUnit(c.projectId)).id,
            menu: CLASS_MENU,
          })
        ).account,
      ),
      await signIn(
        (await buildAccount({ projectId: c.projectId, roleSystem: ROLE_SYSTEM.STUDENT, menu: CLASS_MENU }))
          .account,
      ),
    ];
    const body = { ...validClass(c, { name: '无权班级' }), id: 1, ids: [1], onShelf: true, items: [] };
    for (const token of tokens)
      for (const name of CALLS) expect((await post(name, body, token)).status).toBe(403);
    for (const name of CALLS) expect((await t.http.post(`/api/class/${name}.action`)).status).toBe(401);
    expect(await TrainClass.count({ where: { name: '无权班级' }, allTenants: true })).toBe(0);
  });

  test('the list screen reads and runs the row actions but does not edit; the editor edits and reads only', async () => {
    const listOnly = await staff(c.projectId, ['/train-manage', CLASS]);
    const detailOnly = await staff(c.projectId, ['/train-manage', DETAIL]);
    expect((await post('create', validClass(c), listOnly)).status).toBe(403);
    const cls = await createClass({}, { ...c, token: detailOnly });
    expect((await post('detail', { id: cls.id }, detailOnly)).body.respCode).toBe(200);
    expect((await post('page', {}, detailOnly)).body.respCode).toBe(200);
    for (const name of ['amount', 'copy', 'delete', 'export'])
      expect((await post(name, { id: cls.id, amount: 1 }, detailOnly)).status).toBe(403);
    expect((await post('detail', { id: cls.id }, listOnly)).body.respCode).toBe(200);
    expect((await post('amount', { id: cls.id, amount: 100 }, listOnly)).body.respCode).toBe(200);
  });
});

describe('class/create', () => {
  test('creates a class off the shelf, last in the order, hours defaulting to the courses; detail answers it; audited', async () => {
    const first = await createClass();
    const second = await createClass({
      certificateTemplateId: c.templates.enabled.id,
      teacherName: '王老师',
    });
    expect(second.sort).toBe(first.sort + 1);
    expect(second).toMatchObject({
      onShelf: false,
      offered: false,
      planName: c.plans.published.name,
      year: THIS_YEAR,
      categoryId: c.categories.major.id,
      baseType: 'specialized',
      categoryPath: '专业科目 / 建筑工程',
      amount: 9800,
      requiredHours: 2,
      electiveHours: 1,
      courseCount: 2,
      enrolledCount: 0,
      unpaidCount: 0,
      leftCount: 0,
      certificateTemplateId: c.templates.enabled.id,
      certificateTemplateName: '结业证书',
      teacherName: '王老师',
      studyInOrder: false,
      examRequired: false,
      examPassScore: 60,
    });
    expect(second.courses).toEqual([
      expect.objectContaining({
        courseId: c.courses.required.id,
        name: '安全生产基础',
        kind: 'REQUIRED',
        hours: 2,
      }),
      expect.objectContaining({
        courseId: c.courses.elective.id,
        kind: 'ELECTIVE',
        hours: 1.5,
        courseHours: 1.5,
      }),
    ]);
    expect(second.courses[0]?.lessonCount).toBe(1);
    const detail = await post('detail', { id: second.id });
    expect(detail.body.attribute).toEqual(second);
    const log = await AuditLog.findOne({
      where: { action: 'class.create', targetId: String(second.id) },
      allTenants: true,
    });
    expect(log?.detail).toMatchObject({ name: second.name, amountFen: 9800 });
  });

  test('turning the exam off passes the enrolments that waited for it; others stay', async () => {
    const cls = await createClass({ examRequired: true, examPassScore: 60 });
    const waiting = await buildAccount({ projectId: c.projectId, roleSystem: ROLE_SYSTEM.STUDENT });
    const finished = await MyClass.create({
      projectId: c.projectId,
      accountId: waiting.account.id,
      classId: cls.id,
      status: 'FINISHED_STUDY',
    });
    await enrol(cls);
    const off = await post('create', validClass(c, { id: cls.id, name: cls.name, examRequired: false }));
    expect(off.body.respCode).toBe(200);
    expect(await MyClass.findByPk(finished.id, { allTenants: true })).toMatchObject({ status: 'PASSED' });
    expect(await MyClass.count({ where: { classId: cls.id, status: 'STUDYING' }, allTenants: true })).toBe(1);
  });

  test('an update replaces the course list as sent, with the hours given', async () => {
    const cls = await createClass();
    const updated = await post(
      'create',
      validClass(c, {
        id: cls.id,
        name: '改名后的班级',
        electiveHours: 0,
        courses: [{ courseId: c.courses.elective.id, kind: 'REQUIRED', hours: 3.5 }],
      }),
    );
    expect(updated.body.respCode).toBe(200);
    expect(updated.body.attribute).toMatchObject({
      id: cls.id,
      name: '改名后的班级',
      requiredHours: 3.5,
      courseCount: 1,
    });
    expect(await TrainClassCourse.count({ where: { classId: cls.id }, allTenants: true })).toBe(1);
    expect(
      await AuditLog.count({ where: { action: 'class.update', targetId: String(cls.id) }, allTenants: true }),
    ).toBe(1);
  });

  test('bad input is refused naming the fields, nothing written', async () => {
    const before = await TrainClass.count({ allTenants: true });
    const cases: [Record<string, unknown>, string[]][] = [
      [{ name: '' }, ['name']],
      [{ amount: -1 }, ['amount']],
      [{ amount: 98.5 }, ['amount']],
      [{ amount: 'abc' }, ['amount']],
      [{ amount: '' }, ['amount']],
      [{ enrolStartDate: '2025-02-30' }, ['enrolStartDate']],
      [{ enrolEndDate: `${THIS_YEAR - 1}-12-31`, studyStartDate: `${THIS_YEAR}-01-01` }, ['enrolEndDate']],
      [
        { studyStartDate: `${THIS_YEAR + 1}-06-01`, studyEndDate: `${THIS_YEAR + 1}-01-01` },
        ['studyEndDate'],
      ],
      [{ courses: [{ courseId: c.courses.required.id, kind: 'OTHER' }] }, ['courses.0.kind']],
      [
        { courses: [{ courseId: c.courses.required.id, kind: 'REQUIRED', hours: 1.25 }] },
        ['courses.0.hours'],
      ],
    ];
    for (const [overrides, fields] of cases) {
      const res = await post('create', validClass(c, overrides));
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toEqual(fields);
    }
    expect(await TrainClass.count({ allTenants: true })).toBe(before);
  });

  test('another project’s plan, category, course and template are refused, naming each field', async () => {
    const before = await TrainClass.count({ allTenants: true });
    const res = await post(
      'create',
      validClass(c, {
        planId: other.plans.published.id,
        categoryId: other.categories.major.id,
        certificateTemplateId: other.templates.enabled.id,
        courses: [{ courseId: other.courses.required.id, kind: 'REQUIRED' }],
        electiveHours: 0,
      }),
    );
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(['planId', 'categoryId', 'certificateTemplateId', 'courses.0.courseId']);
    expect(await TrainClass.count({ allTenants: true })).toBe(before);
  });

  test('a closed plan, a disabled template, draft and repeated courses, a year out of range and too many elective hours are refused', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ planId: c.plans.closed.id }, ['planId']],
      [{ certificateTemplateId: c.templates.disabled.id }, ['certificateTemplateId']],
      [
        {
          courses: [
            { courseId: c.courses.required.id, kind: 'REQUIRED' },
            { courseId: c.courses.draft.id, kind: 'REQUIRED' },
            { courseId: c.courses.required.id, kind: 'ELECTIVE' },
          ],
          electiveHours: 0,
        },
        ['courses.1.courseId', 'courses.2.courseId'],
      ],
      [{ year: 2018 }, ['year']],
      [{ year: THIS_YEAR + 2 }, ['year']],
      [{ electiveHours: 1.6 }, ['electiveHours']],
    ];
    for (const [overrides, fields] of cases) {
      const res = await post('create', validClass(c, overrides));
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toEqual(fields);
    }
    const draftCase = await post(
      'create',
      validClass(c, { courses: [{ courseId: c.courses.draft.id, kind: 'REQUIRED' }] }),
    );
    expect(draftCase.body.respDesc).toContain('草稿课程');
  });

  test('an unchanged year and plan stay valid after the year range or the plan moved on', async () => {
    const cls = await createClass({ year: THIS_YEAR - 1 });
    const project = (await Project.findByPk(c.projectId)) as Project;
    await project.update({ settings: { classStartYear: THIS_YEAR } });
    const plan = await buildPlan(c.projectId);
    const kept = await createClass({ planId: plan.id });
    await plan.update({ status: 'CLOSED' });
    try {
      expect((await post('create', validClass(c, { id: cls.id, year: THIS_YEAR - 1 }))).body.respCode).toBe(
        200,
      );
      expect((await post('create', validClass(c, { id: kept.id, planId: plan.id }))).body.respCode).toBe(200);
      const moved = await post('create', validClass(c, { year: THIS_YEAR - 1 }));
      expect(fieldsOf(moved)).toEqual(['year']);
    } finally {
      await project.update({ settings: {} });
    }
  });

  test('a class on the shelf keeps a required course', async () => {
    const cls = await createClass();
    await shelve(cls.id);
    const res = await post(
      'create',
      validClass(c, { id: cls.id, courses: [{ courseId: c.courses.elective.id, kind: 'ELECTIVE' }] }),
    );
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(['courses']);
    expect(await TrainClassCourse.count({ where: { classId: cls.id }, allTenants: true })).toBe(2);
  });

  test('another project’s class is not found, neither to read nor to update', async () => {
    const foreign = await createClass({}, other);
    const detail = await post('detail', { id: foreign.id });
    expect(detail.body).toMatchObject({ respCode: -1, respDesc: '班级不存在' });
    const update = await post('create', validClass(c, { id: foreign.id, name: '越权修改' }));
    expect(update.body).toMatchObject({ respCode: -1, respDesc: '班级不存在' });
    expect((await TrainClass.findByPk(foreign.id, { allTenants: true }))?.name).toBe(foreign.name);
  });
});

describe('class/page', () => {
  test('filters by name, year, plan, category (with those below) and shelf, in display order', async () => {
    const p = await buildClassCatalogue();
    const a = await createClass({ name: '公需甲班', categoryId: p.categories.publicBase.id }, p);
    const b = await createClass({ name: '施工乙班', categoryId: p.categories.child.id }, p);
    const d = await createClass(
      { name: '施工丙班', year: THIS_YEAR - 1, planId: (await buildPlan(p.projectId)).id },
      p,
    );
    await shelve(b.id);
    await enrol(b, p.projectId);
    const names = async (filters: object) => {
      const res = await post('page', filters, p.token);
      expect(res.body.respCode).toBe(200);
      return (res.body.attribute.list as ClassItem[]).map((item) => item.name);
    };
    expect(await names({})).toEqual(['公需甲班', '施工乙班', '施工丙班']);
    expect(await names({ name: '施工' })).toEqual(['施工乙班', '施工丙班']);
    expect(await names({ year: THIS_YEAR - 1 })).toEqual(['施工丙班']);
    expect(await names({ planId: p.plans.published.id })).toEqual(['公需甲班', '施工乙班']);
    expect(await names({ categoryId: p.categories.specializedBase.id })).toEqual(['施工乙班', '施工丙班']);
    expect(await names({ categoryId: p.categories.child.id })).toEqual(['施工乙班']);
    expect(await names({ shelf: 'ON' })).toEqual(['施工乙班']);
    expect(await names({ shelf: 'OFF' })).toEqual(['公需甲班', '施工丙班']);
    // Same sort: the newest first.
    await TrainClass.update({ sort: 5 }, { where: { id: [a.id, b.id, d.id], projectId: p.projectId } });
    expect(await names({})).toEqual(['施工丙班', '施工乙班', '公需甲班']);
    const page = await post('page', { pageNum: 2, pageSize: 2 }, p.token);
    expect(page.body.attribute).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    const rows = (await post('page', { shelf: 'ON' }, p.token)).body.attribute.list as ClassItem[];
    expect(rows[0]).toMatchObject({
      onShelf: true,
      offered: true,
      enrolledCount: 1,
      unpaidCount: 0,
      leftCount: 0,
      categoryPath: '专业科目 / 建筑工程 / 建筑施工',
    });
    // 报名人数 counts paid enrolments only; the unpaid and the refunded or changed out apart.
    for (const status of ['PENDING_PAY', 'PENDING_PAY', 'REFUNDED', 'CHANGED_OUT', 'PASSED'] as const) {
      const student = await buildAccount({ projectId: p.projectId, roleSystem: ROLE_SYSTEM.STUDENT });
      await MyClass.create({ projectId: p.projectId, accountId: student.account.id, classId: b.id, status });
    }
    const counted = (await post('page', { shelf: 'ON' }, p.token)).body.attribute.list as ClassItem[];
    expect(counted[0]).toMatchObject({ enrolledCount: 2, unpaidCount: 2, leftCount: 2 });
    expect((await post('page', { shelf: 'MAYBE' }, p.token)).status).toBe(400);
  });
});

describe('class/on-shelf', () => {
  test('puts classes on the shelf (setting shelvedAt) and takes them off; audited', async () => {
    const a = await createClass();
    const b = await createClass();
    const on = await post('on-shelf', { ids: [a.id, b.id], onShelf: true });
    expect(on.body.respCode).toBe(200);
    const shelved = await TrainClass.findAll({ where: { id: [a.id, b.id] }, allTenants: true });
    expect(shelved.every((cls) => cls.onShelf && cls.shelvedAt instanceof Date)).toBe(true);
    expect((await post('detail', { id: a.id })).body.attribute).toMatchObject({
      onShelf: true,
      offered: true,
    });
    expect((await post('on-shelf', { ids: [a.id], onShelf: false })).body.respCode).toBe(200);
    expect(await TrainClass.findByPk(a.id, { allTenants: true })).toMatchObject({
      onShelf: false,
      shelvedAt: null,
    });
    expect(
      await AuditLog.count({ where: { action: 'class.on-shelf', projectId: c.projectId } }),
    ).toBeGreaterThan(0);
  });

  test('refuses the whole call, naming the class, for a draft plan, no required course, a draft course or a study window over', async () => {
    const good = await createClass();
    const inDraftPlan = await createClass({ name: '草稿计划班', planId: c.plans.draft.id });
    const electiveOnly = await createClass({
      name: '只有选修班',
      courses: [{ courseId: c.courses.elective.id, kind: 'ELECTIVE' }],
    });
    const over = await createClass({
      name: '已结束班',
      year: THIS_YEAR - 1,
      enrolStartDate: '2020-01-01',
      enrolEndDate: '2020-06-30',
      studyStartDate: '2020-01-01',
      studyEndDate: '2020-12-31',
    });
    const withCourse = await createClass({ name: '课程变草稿班' });
    const cases: [number, string][] = [
      [inDraftPlan.id, '班级「草稿计划班」的培训计划未发布'],
      [electiveOnly.id, '班级「只有选修班」没有必修课程'],
      [over.id, '班级「已结束班」的学习已于 2020-12-31 结束'],
    ];
    for (const [id, message] of cases) {
      const res = await post('on-shelf', { ids: [good.id, id], onShelf: true });
      expect(res.body.respCode).toBe(-1);
      expect(res.body.respDesc).toContain(message);
    }
    await Course.update(
      { status: 'DRAFT' },
      { where: { id: c.courses.elective.id, projectId: c.projectId } },
    );
    try {
      const res = await post('on-shelf', { ids: [withCourse.id], onShelf: true });
      expect(res.body.respDesc).toContain('课程「现场急救实务」未发布');
    } finally {
      await Course.update(
        { status: 'PUBLISHED' },
        { where: { id: c.courses.elective.id, projectId: c.projectId } },
      );
    }
    expect(
      await TrainClass.count({ where: { id: [good.id, withCourse.id], onShelf: true }, allTenants: true }),
    ).toBe(0);
    const foreign = await createClass({}, other);
    expect((await post('on-shelf', { ids: [good.id, foreign.id], onShelf: true })).body.respDesc).toBe(
      '班级不存在',
    );
    expect((await post('on-shelf', { ids: [], onShelf: true })).status).toBe(400);
  });
});

describe('class/amount', () => {
  test('sets the price in fen, audited with the old and the new; bad amounts are refused', async () => {
    const cls = await createClass();
    const res = await post('amount', { id: cls.id, amount: 26000 });
    expect(res.body.attribute).toMatchObject({ id: cls.id, amount: 26000 });
    const log = await AuditLog.findOne({
      where: { action: 'class.amount', targetId: String(cls.id) },
      allTenants: true,
    });
    expect(log?.detail).toMatchObject({ before: 9800, after: 26000 });
    for (const amount of [-100, 12.5, 10_000_001, '']) {
      const bad = await post('amount', { id: cls.id, amount });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad)).toEqual(['amount']);
    }
    expect((await TrainClass.findByPk(cls.id, { allTenants: true }))?.amountFen).toBe(26000);
    const foreign = await createClass({}, other);
    expect((await post('amount', { id: foreign.id, amount: 1 })).body.respDesc).toBe('班级不存在');
  });
});

describe('class/delete', () => {
  test('refused while on the shelf and once a student enrolled; otherwise deletes the class and its courses', async () => {
    const shelved = await createClass();
    await shelve(shelved.id);
    expect((await post('delete', { id: shelved.id })).body.respDesc).toContain('请先下架');
    const enrolled = await createClass();
    await enrol(enrolled);
    expect((await post('delete', { id: enrolled.id })).body.respDesc).toContain('已有学员报名');
    expect(await TrainClass.count({ where: { id: [shelved.id, enrolled.id] }, allTenants: true })).toBe(2);
    const free = await createClass();
    expect((await post('delete', { id: free.id })).body.respCode).toBe(200);
    expect(await TrainClass.findByPk(free.id, { allTenants: true })).toBeNull();
    expect(await TrainClassCourse.count({ where: { classId: free.id }, allTenants: true })).toBe(0);
    expect(
      await AuditLog.count({
        where: { action: 'class.delete', targetId: String(free.id) },
        allTenants: true,
      }),
    ).toBe(1);
    const foreign = await createClass({}, other);
    expect((await post('delete', { id: foreign.id })).body.respDesc).toBe('班级不存在');
  });
});

describe('class/copy and class/batch-copy', () => {
  test('a copy keeps the courses, goes off the shelf and to the end, named 原名（副本） within 100 characters', async () => {
    const cls = await createClass({ name: '长'.repeat(100) });
    await shelve(cls.id);
    const res = await post('copy', { id: cls.id });
    expect(res.body.respCode).toBe(200);
    const [id] = res.body.attribute.ids as number[];
    const copy = (await post('detail', { id })).body.attribute as ClassDetail;
    expect(copy.name).toBe(`${'长'.repeat(96)}（副本）`);
    expect(copy).toMatchObject({ onShelf: false, planId: cls.planId, year: cls.year, amount: cls.amount });
    expect(copy.courses.map((course) => [course.courseId, course.kind, course.hours])).toEqual(
      cls.courses.map((course) => [course.courseId, course.kind, course.hours]),
    );
    const last = await TrainClass.max<number, TrainClass>('sort', { where: { projectId: c.projectId } });
    expect(copy.sort).toBe(last);
  });

  test('batch copies into another plan and year, in the order of ids', async () => {
    const a = await createClass({ name: '甲班' });
    const b = await createClass({ name: '乙班' });
    const plan = await buildPlan(c.projectId, { status: 'DRAFT' });
    const res = await post('batch-copy', { ids: [b.id, a.id], planId: plan.id, year: THIS_YEAR + 1 });
    expect(res.body.respCode).toBe(200);
    const copies = await TrainClass.findAll({ where: { id: res.body.attribute.ids }, allTenants: true });
    const byId = new Map(copies.map((copy) => [copy.id, copy]));
    const ordered = (res.body.attribute.ids as number[]).map((id) => byId.get(id) as TrainClass);
    expect(ordered.map((copy) => [copy.name, copy.planId, copy.year])).toEqual([
      ['乙班（副本）', plan.id, THIS_YEAR + 1],
      ['甲班（副本）', plan.id, THIS_YEAR + 1],
    ]);
    expect((ordered[1] as TrainClass).sort).toBe((ordered[0] as TrainClass).sort + 1);
  });

  test('a closed target plan, a year out of range or another project’s class refuse the whole copy', async () => {
    const a = await createClass();
    const before = await TrainClass.count({ allTenants: true });
    const closed = await post('batch-copy', { ids: [a.id], planId: c.plans.closed.id });
    expect(fieldsOf(closed)).toEqual(['planId']);
    const foreignPlan = await post('batch-copy', { ids: [a.id], planId: other.plans.published.id });
    expect(fieldsOf(foreignPlan)).toEqual(['planId']);
    const year = await post('batch-copy', { ids: [a.id], year: 2018 });
    expect(fieldsOf(year)).toEqual(['year']);
    const foreign = await createClass({}, other);
    expect((await post('batch-copy', { ids: [a.id, foreign.id] })).body.respDesc).toBe('班级不存在');
    await TrainClass.update({ planId: c.plans.closed.id }, { where: { id: a.id, projectId: c.projectId } });
    expect(fieldsOf(await post('copy', { id: a.id }))).toEqual(['planId']);
    expect(await TrainClass.count({ allTenants: true })).toBe(before + 1);
  });
});

describe('class/batch-modify', () => {
  test('sets the given fields on every class and leaves the others', async () => {
    const a = await createClass({ amount: 100 });
    const b = await createClass({ amount: 200 });
    const res = await post('batch-modify', {
      ids: [a.id, b.id],
      amount: 12000,
      categoryId: c.categories.child.id,
      enrolEndDate: `${THIS_YEAR + 1}-06-30`,
    });
    expect(res.body.respCode).toBe(200);
    const rows = await TrainClass.findAll({ where: { id: [a.id, b.id] }, allTenants: true });
    for (const row of rows)
      expect(row).toMatchObject({
        amountFen: 12000,
        categoryId: c.categories.child.id,
        enrolEndDate: `${THIS_YEAR + 1}-06-30`,
        enrolStartDate: `${THIS_YEAR}-01-01`,
        planId: c.plans.published.id,
      });
    expect(await AuditLog.count({ where: { action: 'class.batch-modify', projectId: c.projectId } })).toBe(1);
  });

  test('all or nothing: one class whose windows would break refuses the call, naming the field and the class', async () => {
    const a = await createClass({ name: '长窗口班' });
    const b = await createClass({
      name: '短窗口班',
      enrolEndDate: `${THIS_YEAR}-03-31`,
      studyEndDate: `${THIS_YEAR}-12-31`,
    });
    const res = await post('batch-modify', {
      ids: [a.id, b.id],
      enrolStartDate: `${THIS_YEAR}-06-01`,
      amount: 1,
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(['enrolEndDate']);
    expect(res.body.respDesc).toContain('短窗口班');
    expect(await TrainClass.count({ where: { id: [a.id, b.id], amountFen: 1 }, allTenants: true })).toBe(0);
  });

  test('a closed plan, a year out of range, another project’s category or class, or nothing to change are refused', async () => {
    const a = await createClass();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ planId: c.plans.closed.id }, ['planId']],
      [{ year: THIS_YEAR + 2 }, ['year']],
      [{ categoryId: other.categories.major.id }, ['categoryId']],
      [{ enrolStartDate: `${THIS_YEAR}-05-01`, enrolEndDate: `${THIS_YEAR}-04-01` }, ['enrolEndDate']],
    ];
    for (const [changes, fields] of cases) {
      const res = await post('batch-modify', { ids: [a.id], ...changes });
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toEqual(fields);
    }
    expect((await post('batch-modify', { ids: [a.id] })).body.respDesc).toBe('请至少填写一项要修改的内容');
    const foreign = await createClass({}, other);
    expect((await post('batch-modify', { ids: [a.id, foreign.id], amount: 5 })).body.respDesc).toBe(
      '班级不存在',
    );
    expect(await TrainClass.findByPk(a.id, { allTenants: true })).toMatchObject({
      amountFen: 9800,
      planId: c.plans.published.id,
    });
  });
});

describe('class/sort', () => {
  test('sets the order of classes of the project; another project’s id or a repeated id refuse it', async () => {
    const a = await createClass();
    const b = await createClass();
    expect(
      (
        await post('sort', {
          items: [
            { id: a.id, sort: 9 },
            { id: b.id, sort: 8 },
          ],
        })
      ).body.respCode,
    ).toBe(200);
    expect((await TrainClass.findByPk(a.id, { allTenants: true }))?.sort).toBe(9);
    expect((await TrainClass.findByPk(b.id, { allTenants: true }))?.sort).toBe(8);
    const foreign = await createClass({}, other);
    const refused = await post('sort', {
      items: [
        { id: a.id, sort: 1 },
        { id: foreign.id, sort: 2 },
      ],
    });
    expect(refused.body.respDesc).toBe('班级不存在');
    const repeated = await post('sort', {
      items: [
        { id: a.id, sort: 1 },
        { id: a.id, sort: 2 },
      ],
    });
    expect(fieldsOf(repeated)).toEqual(['items']);
    expect((await TrainClass.findByPk(a.id, { allTenants: true }))?.sort).toBe(9);
    expect((await TrainClass.findByPk(foreign.id, { allTenants: true }))?.sort).toBe(foreign.sort);
    expect(fieldsOf(await post('sort', { items: [{ id: a.id, sort: -1 }] }))).toEqual(['items.0.sort']);
  });
});

describe('deleting what classes use', () => {
  test('a plan with classes is not deleted', async () => {
    const plan = await buildPlan(c.projectId, { status: 'DRAFT' });
    const cls = await createClass({ planId: plan.id, name: '计划内班级' });
    const token = await staff(c.projectId, ['/train-manage', '/train-manage/train-plan-list']);
    const res = await t.http.post('/api/train-plan/delete.action').set('token', token).send({ id: plan.id });
    expect(res.body.respCode).toBe(-1);
    expect(res.body.respDesc).toContain('计划内班级');
    await post('delete', { id: cls.id });
    const again = await t.http
      .post('/api/train-plan/delete.action')
      .set('token', token)
      .send({ id: plan.id });
    expect(again.body.respCode).toBe(200);
  });

  test('a category used by a class, itself or below it, is not deleted', async () => {
    const p = await buildClassCatalogue();
    const cls = await createClass({ categoryId: p.categories.child.id, name: '子类班级' }, p);
    const leaf = await post('category-delete', { id: p.categories.child.id }, p.token);
    expect(leaf.body.respDesc).toContain('子类班级');
    const parent = await post('category-delete', { id: p.categories.major.id }, p.token);
    expect(parent.body.respDesc).toContain('含下级分类');
    await post('delete', { id: cls.id }, p.token);
    expect((await post('category-delete', { id: p.categories.child.id }, p.token)).body.respCode).toBe(200);
  });

  test('a course used by a class is not deleted, nor made a draft while a class on the shelf uses it', async () => {
    const p = await buildClassCatalogue();
    const course = p.courses.elective;
    const cls = await createClass({ name: '用课班级' }, p);
    const courseToken = await staff(p.projectId, ['/resource-manage', '/resource-manage/course']);
    const courseCall = (name: string, body: object) =>
      t.http.post(`/api/course/${name}.action`).set('token', courseToken).send(body);
    const detail = (await courseCall('get', { id: course.id })).body.attribute;
    const save = (status: string) =>
      courseCall('save', {
        id: course.id,
        name: detail.name,
        categoryId: detail.categoryId,
        status,
        lessons: detail.lessons.map(
          (lesson: { resourceId: number; hours: number; trialSeconds: number }) => ({
            resourceId: lesson.resourceId,
            hours: lesson.hours,
            trialSeconds: lesson.trialSeconds,
          }),
        ),
      });
    await shelve(cls.id);
    const refused = await save('DRAFT');
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual(['status']);
    expect(refused.body.respDesc).toContain('用课班级');
    await TrainClass.update({ onShelf: false }, { where: { id: cls.id, projectId: p.projectId } });
    expect((await save('DRAFT')).body.respCode).toBe(200);
    const deleted = await courseCall('delete', { id: course.id });
    expect(deleted.body.respCode).toBe(-1);
    expect(deleted.body.respDesc).toContain('用课班级');
    await post('delete', { id: cls.id }, p.token);
    expect((await courseCall('delete', { id: course.id })).body.respCode).toBe(200);
  });
});

describe('tenancy', () => {
  test('platform staff outside a project are refused', async () => {
    const platform = await buildAccount({
      projectId: null,
      roleSystem: ROLE_SYSTEM.PLATFORM,
      menu: CLASS_MENU,
    });
    const res = await post('page', {}, await signIn(platform.account));
    expect(res.status).toBe(403);
  });
});

import { ROLE_SYSTEM } from '@px/config';
import type { CourseCategoryNode, CourseDetail } from '../../contract/course';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { Resource } from '../resource/resource.model';
import { buildResource, useTestStorage, VIDEO_MENU } from '../resource/resource.testing';
import { TrainClassCourse } from '../train-class/train-class.model';
import { buildClass } from '../train-class/train-class.testing';
import { Course, CourseCategory, CourseLesson } from './course.model';

const COURSE_MENU = ['/home', '/resource-manage', '/resource-manage/course'];

let t: TestApp;
let projectId: number;
let token: string;
let otherProjectId: number;
let otherToken: string;

useTestStorage();

const post = (path: string, body: object = {}, as = token) =>
  t.http.post(`/api/${path}.action`).set('token', as).send(body);

async function staff(project: number, menu: string[]) {
  return signIn((await buildAccount({ projectId: project, roleSystem: ROLE_SYSTEM.PROJECT, menu })).account);
}

beforeAll(async () => {
  t = await createTestApp();
  projectId = (await buildProject()).id;
  otherProjectId = (await buildProject()).id;
  token = await staff(projectId, COURSE_MENU);
  otherToken = await staff(otherProjectId, COURSE_MENU);
});
afterAll(() => t.close());

async function category(name: string, parentId?: number, as = token): Promise<number> {
  const res = await post('course/category-save', { name, ...(parentId ? { parentId } : {}) }, as);
  expect(res.body.respCode).toBe(200);
  return res.body.attribute.id;
}

function shape(nodes: CourseCategoryNode[]): string {
  return nodes
    .map(
      (node) => `${node.name}(${node.courseCount})${node.children.length ? `[${shape(node.children)}]` : ''}`,
    )
    .join(' ');
}

const fieldsOf = (res: { body: { attribute: { errors: { field: string }[] } } }) =>
  res.body.attribute.errors.map((error) => error.field);

describe('permissions', () => {
  test('staff without the course screen get 403 on every course call; anonymous callers 401', async () => {
    const noScreen = await staff(projectId, VIDEO_MENU);
    const student = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, menu: COURSE_MENU })).account,
    );
    const calls = [
      'course/category-tree',
      'course/category-save',
      'course/category-drag',
      'course/category-delete',
      'course/query',
      'course/get',
      'course/save',
      'course/delete',
      'resource/question-save',
      'resource/question-delete',
    ];
    for (const as of [noScreen, student])
      for (const call of calls)
        expect((await post(call, { id: 1, name: '无权', index: 0 }, as)).status).toBe(403);
    expect(await CourseCategory.count({ where: { name: '无权' }, allTenants: true })).toBe(0);
    expect((await t.http.post('/api/course/query.action')).status).toBe(401);
  });

  test('the class screen may read courses but not change them', async () => {
    const reader = await staff(projectId, ['/train-manage', '/train-manage/class']);
    expect((await post('course/query', {}, reader)).body.respCode).toBe(200);
    expect((await post('course/category-tree', {}, reader)).body.respCode).toBe(200);
    expect((await post('course/category-save', { name: '班级页' }, reader)).status).toBe(403);
  });
});

describe('course categories', () => {
  test('tree, save, drag (no cycles), delete only when empty; audited', async () => {
    const project = (await buildProject()).id;
    const as = await staff(project, COURSE_MENU);
    const safety = await category('安全生产', undefined, as);
    const fire = await category('消防安全', safety, as);
    const skills = await category('职业技能', undefined, as);
    const tree = async () =>
      (await post('course/category-tree', {}, as)).body.attribute as CourseCategoryNode[];
    expect(shape(await tree())).toBe('安全生产(0)[消防安全(0)] 职业技能(0)');

    // A move under its own descendant is a cycle.
    const cycle = await post('course/category-drag', { id: safety, parentId: fire, index: 0 }, as);
    expect(cycle.status).toBe(400);
    expect(fieldsOf(cycle)).toEqual(['parentId']);
    const moved = await post('course/category-drag', { id: skills, parentId: null, index: 0 }, as);
    expect(shape(moved.body.attribute)).toBe('职业技能(0) 安全生产(0)[消防安全(0)]');

    const duplicate = await post('course/category-save', { name: '消防安全', parentId: safety }, as);
    expect(fieldsOf(duplicate)).toEqual(['name']);

    const course = await post('course/save', { name: '消防课', categoryId: fire, lessons: [] }, as);
    expect(course.body.respCode).toBe(200);
    expect(shape(await tree())).toBe('职业技能(0) 安全生产(1)[消防安全(1)]');
    const refused = await post('course/category-delete', { id: safety }, as);
    expect(refused.body).toMatchObject({
      respCode: -1,
      respDesc: '该分类或其下级分类中还有 1 门课程，不能删除',
    });
    expect(await CourseCategory.count({ where: { projectId: project } })).toBe(3);

    expect((await post('course/delete', { id: course.body.attribute.id }, as)).body.respCode).toBe(200);
    expect((await post('course/category-delete', { id: safety }, as)).body.respCode).toBe(200);
    expect(shape(await tree())).toBe('职业技能(0)');
    expect(await AuditLog.count({ where: { action: 'course-category.delete', projectId: project } })).toBe(1);
  });

  test("another project's categories are invisible and refused", async () => {
    const mine = await category('本项目分类');
    expect(shape((await post('course/category-tree', {}, otherToken)).body.attribute)).not.toContain(
      '本项目分类',
    );
    expect((await post('course/category-save', { id: mine, name: '改名' }, otherToken)).body.respDesc).toBe(
      '课程分类不存在',
    );
    expect((await post('course/category-delete', { id: mine }, otherToken)).body.respDesc).toBe(
      '课程分类不存在',
    );
    expect(await CourseCategory.findByPk(mine, { allTenants: true })).toMatchObject({ name: '本项目分类' });
  });
});

describe('courses', () => {
  let categoryId: number;
  let videoA: Resource;
  let videoB: Resource;
  let foreignVideo: Resource;

  beforeAll(async () => {
    categoryId = await category('课程测试');
    videoA = await buildResource(projectId, { name: '视频甲', durationSeconds: 60 });
    videoB = await buildResource(projectId, { name: '视频乙', durationSeconds: 30 });
    foreignVideo = await buildResource(otherProjectId, { name: '他项目视频', durationSeconds: 60 });
  });

  const lessons = () => [
    { resourceId: videoB.id, hours: 0.5, trialSeconds: 30 },
    { resourceId: videoA.id, hours: 1.5, trialSeconds: 0 },
  ];

  test('a course with a video still 转码中 or 失败 saves as a draft but cannot be published', async () => {
    const packaging = await buildResource(projectId, { name: '转码中视频', status: 'PROCESSING' });
    const failed = await buildResource(projectId, { name: '失败视频', status: 'FAILED' });
    const course = {
      name: '待转码课程',
      categoryId,
      status: 'PUBLISHED',
      lessons: [
        { resourceId: packaging.id, hours: 1 },
        { resourceId: failed.id, hours: 1 },
      ],
    };
    const refused = await post('course/save', course);
    expect(refused.body.respCode).toBe(-1);
    expect(refused.body.attribute.errors).toEqual([
      { field: 'lessons.0.resourceId', rule: 'playable', message: '视频「转码中视频」正在转码，暂不能发布' },
      { field: 'lessons.1.resourceId', rule: 'playable', message: '视频「失败视频」转码失败，暂不能发布' },
    ]);
    expect(await Course.count({ where: { projectId, name: '待转码课程' } })).toBe(0);
    const draft = await post('course/save', { ...course, status: 'DRAFT' });
    expect(draft.body.respCode).toBe(200);
    await post('course/delete', { id: draft.body.attribute.id });
  });

  test('saves a course with its ordered lessons; total hours derived; get answers it; audited', async () => {
    const res = await post('course/save', {
      name: ' 安全生产基础 ',
      categoryId,
      teacherName: '王老师',
      description: '简介',
      status: 'PUBLISHED',
      lessons: lessons(),
    });
    expect(res.body.respCode).toBe(200);
    const detail = res.body.attribute as CourseDetail;
    expect(detail).toMatchObject({
      name: '安全生产基础',
      categoryId,
      categoryName: '课程测试',
      teacherName: '王老师',
      status: 'PUBLISHED',
      hours: 2,
      lessonCount: 2,
    });
    expect(detail.lessons.map((l) => [l.resourceId, l.resourceName, l.hours, l.trialSeconds])).toEqual([
      [videoB.id, '视频乙', 0.5, 30],
      [videoA.id, '视频甲', 1.5, 0],
    ]);
    expect(await Course.findByPk(detail.id, { allTenants: true })).toMatchObject({
      hoursTenths: 20,
      projectId,
    });

    // Save again: reorder, drop a lesson, change hours.
    const again = await post('course/save', {
      id: detail.id,
      name: '安全生产基础',
      categoryId,
      status: 'DRAFT',
      lessons: [{ resourceId: videoA.id, hours: 0.3 }],
    });
    expect(again.body.attribute).toMatchObject({
      hours: 0.3,
      lessonCount: 1,
      status: 'DRAFT',
      teacherName: null,
    });
    expect(await CourseLesson.count({ where: { courseId: detail.id }, allTenants: true })).toBe(1);
    expect((await post('course/get', { id: detail.id })).body.attribute.lessons).toHaveLength(1);
    expect(
      await AuditLog.count({
        where: { action: 'course.update', targetId: String(detail.id) },
        allTenants: true,
      }),
    ).toBe(1);
  });

  test('bad input names the field and changes nothing', async () => {
    const before = await Course.count({ where: { projectId } });
    const cases: [object, string[]][] = [
      [{ lessons: [{ resourceId: foreignVideo.id, hours: 1 }] }, ['lessons.0.resourceId']],
      [{ lessons: [{ resourceId: videoB.id, hours: 1, trialSeconds: 31 }] }, ['lessons.0.trialSeconds']],
      [{ lessons: [{ resourceId: videoB.id, hours: 1, trialSeconds: -1 }] }, ['lessons.0.trialSeconds']],
      [{ lessons: [{ resourceId: videoB.id, hours: 0.15 }] }, ['lessons.0.hours']],
      [{ lessons: [{ resourceId: videoB.id, hours: 0 }] }, ['lessons.0.hours']],
      [{ lessons: [{ resourceId: videoB.id, hours: 100.5 }] }, ['lessons.0.hours']],
      [
        {
          lessons: [
            { resourceId: videoB.id, hours: 1 },
            { resourceId: videoB.id, hours: 1 },
          ],
        },
        ['lessons.1.resourceId'],
      ],
      [{ status: 'PUBLISHED', lessons: [] }, ['lessons']],
      [{ status: 'ONLINE' }, ['status']],
      [{ name: ' ' }, ['name']],
      [{ categoryId: await category('他项目分类', undefined, otherToken) }, ['categoryId']],
    ];
    for (const [change, fields] of cases) {
      const res = await post('course/save', { name: '坏课程', categoryId, ...change });
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toEqual(fields);
    }
    expect(await Course.count({ where: { projectId } })).toBe(before);
  });

  test('query filters by name, teacher, status and category subtree; other projects see nothing', async () => {
    const parent = await category('查询父类');
    const child = await category('查询子类', parent);
    await post('course/save', { name: '查询课程一', categoryId: child, teacherName: '赵老师', lessons: [] });
    await post('course/save', {
      name: '查询课程二',
      categoryId: parent,
      status: 'PUBLISHED',
      lessons: [{ resourceId: videoA.id, hours: 1 }],
    });
    const names = async (filter: object, as = token) =>
      (
        (await post('course/query', { pageSize: 100, ...filter }, as)).body.attribute.list as {
          name: string;
        }[]
      ).map((row) => row.name);
    expect(await names({ categoryId: parent })).toEqual(['查询课程二', '查询课程一']);
    expect(await names({ categoryId: child })).toEqual(['查询课程一']);
    expect(await names({ name: '查询', status: 'PUBLISHED' })).toEqual(['查询课程二']);
    expect(await names({ teacherName: '赵' })).toEqual(['查询课程一']);
    expect(await names({ name: '查询' }, otherToken)).toEqual([]);
    const id = (await Course.findOne({ where: { name: '查询课程二' }, allTenants: true }))?.id;
    expect((await post('course/get', { id }, otherToken)).body.respDesc).toBe('课程不存在');
    expect((await post('course/delete', { id }, otherToken)).body.respDesc).toBe('课程不存在');
  });

  test('a published course cannot be deleted; a draft can, with its lessons', async () => {
    const published = await post('course/save', {
      name: '待删课程',
      categoryId,
      status: 'PUBLISHED',
      lessons: [{ resourceId: videoA.id, hours: 1 }],
    });
    const id = published.body.attribute.id;
    expect(published.body.attribute.abilities).toEqual({
      canDelete: false,
      deleteRefusal: '已发布的课程不能删除，请先改为草稿',
    });
    expect((await post('course/delete', { id })).body).toMatchObject({
      respCode: -1,
      respDesc: '已发布的课程不能删除，请先改为草稿',
    });
    expect(await Course.findByPk(id, { allTenants: true })).not.toBeNull();
    await post('course/save', {
      id,
      name: '待删课程',
      categoryId,
      status: 'DRAFT',
      lessons: [{ resourceId: videoA.id, hours: 1 }],
    });
    const drafts = await post('course/query', { name: '待删课程' });
    expect(drafts.body.attribute.list[0].abilities).toEqual({ canDelete: true, deleteRefusal: null });
    expect((await post('course/delete', { id })).body.respCode).toBe(200);
    expect(await Course.findByPk(id, { allTenants: true })).toBeNull();
    expect(await CourseLesson.count({ where: { courseId: id }, allTenants: true })).toBe(0);
  });

  test('a video used by a lesson cannot be deleted; once unused it can', async () => {
    const video = await buildResource(projectId, { name: '被引用视频', durationSeconds: 20 });
    const videoToken = await staff(projectId, VIDEO_MENU);
    const course = await post('course/save', {
      name: '引用课程',
      categoryId,
      lessons: [{ resourceId: video.id, hours: 1 }],
    });
    const refused = await post('resource/delete', { id: video.id }, videoToken);
    expect(refused.body).toMatchObject({ respCode: -1, respDesc: '该视频已被 1 个课程课时使用，不能删除' });
    expect(await Resource.findByPk(video.id, { allTenants: true })).not.toBeNull();
    await post('course/delete', { id: course.body.attribute.id });
    expect((await post('resource/delete', { id: video.id }, videoToken)).body.respCode).toBe(200);
    expect(await Resource.findByPk(video.id, { allTenants: true })).toBeNull();
  });

  test('a course a class holds cannot be deleted, and stays published while a class on the shelf holds it', async () => {
    const built = await buildClass({ projectId, name: '在售班级' });
    const held = built.courses[0]?.course;
    if (!held) throw new Error('no course');
    const draft = { id: held.id, name: held.name, categoryId: held.categoryId, status: 'DRAFT', lessons: [] };
    const unpublish = await post('course/save', draft);
    expect(unpublish.body.attribute.errors).toEqual([
      {
        field: 'status',
        rule: 'in-use',
        message: '该课程正被已上架的班级「在售班级」使用，不能改为草稿，请先下架这些班级',
      },
    ]);
    expect((await Course.findByPk(held.id, { allTenants: true }))?.status).toBe('PUBLISHED');
    // Another project's staff cannot reach it at all.
    expect((await post('course/save', draft, otherToken)).body.respDesc).toBe('课程不存在');

    await built.trainClass.update({ onShelf: false });
    expect((await post('course/save', draft)).body.respCode).toBe(200);
    expect((await post('course/delete', { id: held.id })).body).toMatchObject({
      respCode: -1,
      respDesc: '该课程已被班级「在售班级」使用，不能删除',
    });
    expect(await Course.findByPk(held.id, { allTenants: true })).not.toBeNull();
    await TrainClassCourse.destroy({ where: { projectId, classId: built.trainClass.id } });
    expect((await post('course/delete', { id: held.id })).body.respCode).toBe(200);
  });
});

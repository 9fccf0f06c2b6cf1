import fs from 'node:fs';
import path from 'node:path';
import { ROLE_SYSTEM } from '@px/config';
import type { ClassCenterDetail, ClassCenterItem } from '../../contract/class-center';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildUnit, signIn } from '../../testing/factories';
import { rawBody } from '../../testing/http';
import { ShopCartItem } from '../cart/cart.model';
import { getMediaSecret, verifyMediaToken } from '../resource/media-token';
import { DEMO_VIDEO_DIR } from '../resource/resource.demo';
import { useTestStorage } from '../resource/resource.testing';
import { buildHostedProject } from '../sms/sms.testing';
import { chinaToday, CLASS_NOT_OFFERED as NOT_OFFERED } from '../train-class/class-read';
import { ClassEvaluation } from '../train-class/train-class.model';
import {
  baseCategory,
  buildCategory,
  buildClass,
  buildLessonCourse,
  enrol,
  shiftDay,
} from '../train-class/train-class.testing';

let t: TestApp;
const storage = useTestStorage();
beforeAll(async () => {
  t = await createTestApp({ providers: storage.providers() });
});
afterAll(() => t.close());

const today = chinaToday();

/** A project of its own (by host), a unit of it, and a student of it. */
async function scene(settings: Record<string, unknown> = {}) {
  const { project, host } = await buildHostedProject({ settings });
  const unit = await buildUnit(project.id);
  const student = (await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT })).account;
  return { project, host, unit, student, studentToken: await signIn(student) };
}

/** A public call of the class group from `host` (with a token when given). */
function call(name: string, body: object, options: { host: string; token?: string }) {
  const request = t.http.post(`/api/class/${name}.action`).set('Host', options.host);
  return (options.token ? request.set('token', options.token) : request).send(body);
}

async function page(host: string, body: object = {}, token?: string): Promise<ClassCenterItem[]> {
  const res = await call('center-page', { pageSize: 100, ...body }, { host, token });
  expect(res.body.respCode).toBe(200);
  return res.body.attribute.list;
}

const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('class/center-page and class/find-detail: only offered classes', () => {
  test('off shelf, unpublished plans and closed or future enrol windows are left out and not found', async () => {
    const { project, host } = await scene();
    const projectId = project.id;
    const offered = await buildClass({ projectId, name: '在售班' });
    const lastDay = await buildClass({ projectId, name: '今天截止', enrolEndDate: today });
    const firstDay = await buildClass({ projectId, name: '今天开始', enrolStartDate: today });
    const hidden = [
      await buildClass({ projectId, name: '已下架', onShelf: false }),
      await buildClass({ projectId, name: '草稿计划', planStatus: 'DRAFT' }),
      await buildClass({ projectId, name: '已关闭计划', planStatus: 'CLOSED' }),
      await buildClass({ projectId, name: '未开始', enrolStartDate: shiftDay(today, 1) }),
      await buildClass({ projectId, name: '已截止', enrolEndDate: shiftDay(today, -1) }),
    ];
    expect(names(await page(host)).sort()).toEqual(['今天开始', '今天截止', '在售班'].sort());
    for (const built of [offered, lastDay, firstDay]) {
      const res = await call('find-detail', { id: built.trainClass.id }, { host });
      expect(res.body.attribute.name).toBe(built.trainClass.name);
    }
    for (const built of hidden) {
      const res = await call('find-detail', { id: built.trainClass.id }, { host });
      expect(res.body).toMatchObject({ respCode: -1, respDesc: NOT_OFFERED });
    }
  });

  test("another project's class is never answered: not by host, unit or a student's token", async () => {
    const mine = await scene();
    const other = await scene();
    const theirs = await buildClass({ projectId: other.project.id, name: '别的项目的班' });
    await buildClass({ projectId: mine.project.id, name: '本项目的班' });

    expect(names(await page(mine.host))).toEqual(['本项目的班']);
    expect(names(await page(mine.host, { unitId: mine.unit.id }))).toEqual(['本项目的班']);
    // A student's token selects the student's project, whatever host or unit the call names.
    expect(names(await page(other.host, { unitId: other.unit.id }, mine.studentToken))).toEqual([
      '本项目的班',
    ]);
    const asStudent = await call(
      'find-detail',
      { id: theirs.trainClass.id, unitId: other.unit.id },
      { host: other.host, token: mine.studentToken },
    );
    expect(asStudent.body).toMatchObject({ respCode: -1, respDesc: NOT_OFFERED });
    const byHost = await call('find-detail', { id: theirs.trainClass.id }, { host: mine.host });
    expect(byHost.body).toMatchObject({ respCode: -1, respDesc: NOT_OFFERED });
    const trial = await call(
      'trial-play',
      { classId: theirs.trainClass.id, lessonId: theirs.courses[0]?.lessons[0]?.id },
      { host: mine.host },
    );
    expect(trial.body).toMatchObject({ respCode: -1, respDesc: NOT_OFFERED });
    // The other project's unit selects the other project for anonymous callers.
    expect(names(await page(mine.host, { unitId: other.unit.id }))).toEqual(['别的项目的班']);
    const years = await call('center-years', {}, { host: mine.host, token: mine.studentToken });
    expect(years.body.attribute).toEqual([theirs.trainClass.year]);
  });
});

describe('class/center-page filters and order', () => {
  let host: string;
  let projectId: number;
  let major: number;
  let child: number;

  beforeAll(async () => {
    const built = await scene();
    host = built.host;
    projectId = built.project.id;
    const specialized = await baseCategory(projectId, 'specialized');
    const majorCategory = await buildCategory(specialized, '建筑工程');
    major = majorCategory.id;
    child = (await buildCategory(majorCategory, '建筑施工')).id;
    const year = Number(today.slice(0, 4));
    await buildClass({ projectId, name: '公需班', baseType: 'public', sort: 2 });
    await buildClass({ projectId, name: '专业大类班', categoryId: major, sort: 1 });
    await buildClass({ projectId, name: '施工安全员班', categoryId: child, sort: 1 });
    await buildClass({ projectId, name: '去年的公需班', baseType: 'public', year: year - 1, sort: 3 });
  });

  test('display order: sort, then newest', async () => {
    expect(names(await page(host))).toEqual(['施工安全员班', '专业大类班', '公需班', '去年的公需班']);
  });

  test('year, base type, category with the categories below it, part of the name; paging', async () => {
    const year = Number(today.slice(0, 4));
    expect(names(await page(host, { year: year - 1 }))).toEqual(['去年的公需班']);
    expect(names(await page(host, { baseType: 'specialized' }))).toEqual(['施工安全员班', '专业大类班']);
    expect(names(await page(host, { categoryId: major }))).toEqual(['施工安全员班', '专业大类班']);
    expect(names(await page(host, { categoryId: child }))).toEqual(['施工安全员班']);
    expect(names(await page(host, { name: '安全' }))).toEqual(['施工安全员班']);
    expect(names(await page(host, { name: '%' }))).toEqual([]);
    const second = await call('center-page', { pageNum: 2, pageSize: 3 }, { host });
    expect(second.body.attribute).toMatchObject({ total: 4, pageNum: 2, pageSize: 3 });
    expect(names(second.body.attribute.list)).toEqual(['去年的公需班']);
    const bad = await call('center-page', { baseType: 'other', year: 'x' }, { host });
    expect(bad.status).toBe(400);
    expect(bad.body.attribute.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'baseType',
      'year',
    ]);
  });

  test('an item: base type, category path, price in fen, hours, rating of visible evaluations', async () => {
    const { project, host: own } = await scene();
    const built = await buildClass({
      projectId: project.id,
      name: '评分班',
      amountFen: 9_800,
      electiveHoursTenths: 5,
      teacherName: '王老师',
      courses: [
        { kind: 'REQUIRED', hoursTenths: 20 },
        { kind: 'REQUIRED', hoursTenths: 15 },
        { kind: 'ELECTIVE', hoursTenths: 10 },
      ],
    });
    const students = await Promise.all(
      [1, 2, 3].map(
        async () => (await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT })).account,
      ),
    );
    const evaluate = (index: number, score: number, status: 'VISIBLE' | 'HIDDEN' = 'VISIBLE') =>
      ClassEvaluation.create({
        projectId: project.id,
        classId: built.trainClass.id,
        accountId: students[index]?.id as number,
        score,
        content: null,
        status,
      });
    await evaluate(0, 5);
    await evaluate(1, 4);
    await evaluate(2, 1, 'HIDDEN');
    const [item] = await page(own);
    expect(item).toEqual({
      id: built.trainClass.id,
      name: '评分班',
      year: built.trainClass.year,
      baseType: 'public',
      categoryPath: '公需科目',
      amount: 9_800,
      requiredHours: 3.5,
      electiveHours: 0.5,
      courseCount: 3,
      teacherName: '王老师',
      enrolEndDate: built.trainClass.enrolEndDate,
      studyStartDate: built.trainClass.studyStartDate,
      studyEndDate: built.trainClass.studyEndDate,
      rating: 4.5,
      evaluationCount: 2,
    });
  });
});

describe('project settings', () => {
  async function typedScene(settings: Record<string, unknown>) {
    const built = await scene(settings);
    const year = Number(today.slice(0, 4));
    await buildClass({ projectId: built.project.id, name: '公需班', baseType: 'public', year });
    await buildClass({
      projectId: built.project.id,
      name: '专业班',
      baseType: 'specialized',
      year: year - 1,
    });
    return built;
  }
  const years = async (host: string) => (await call('center-years', {}, { host })).body.attribute;

  test('hidden base types are neither listed nor counted in the years', async () => {
    const year = Number(today.slice(0, 4));
    const all = await typedScene({});
    expect(names(await page(all.host)).sort()).toEqual(['专业班', '公需班'].sort());
    expect(await years(all.host)).toEqual([year, year - 1]);

    const noPublic = await typedScene({ hidePublicType: 1 });
    expect(names(await page(noPublic.host))).toEqual(['专业班']);
    expect(names(await page(noPublic.host, { baseType: 'public' }))).toEqual([]);
    expect(await years(noPublic.host)).toEqual([year - 1]);

    const noSpecialized = await typedScene({ hideSpecializedType: 1 });
    expect(names(await page(noSpecialized.host))).toEqual(['公需班']);

    const onlySpecialized = await typedScene({ h5Config: { showClassType: ['specialized'] } });
    expect(names(await page(onlySpecialized.host))).toEqual(['专业班']);
  });

  test('center-years: distinct years of offered classes from classStartYear on, newest first', async () => {
    const year = Number(today.slice(0, 4));
    const { project, host } = await scene({ classStartYear: year - 1 });
    await buildClass({ projectId: project.id, year });
    await buildClass({ projectId: project.id, year });
    await buildClass({ projectId: project.id, year: year - 1 });
    await buildClass({ projectId: project.id, year: year - 2 });
    await buildClass({ projectId: project.id, year: year + 1, onShelf: false });
    expect(await years(host)).toEqual([year, year - 1]);
  });
});

describe('class/find-detail', () => {
  async function detailScene(settings: Record<string, unknown> = {}) {
    const built = await scene(settings);
    const required = await buildLessonCourse(built.project.id, {
      name: '安全生产基础',
      teacherName: '李老师',
      lessons: [
        { name: '第一课', durationSeconds: 120, hoursTenths: 5, trialSeconds: 30 },
        { name: '第二课', durationSeconds: 90, hoursTenths: 5, trialSeconds: 0 },
      ],
    });
    const cls = await buildClass({
      projectId: built.project.id,
      name: '详情班',
      description: '班级简介',
      studyInOrder: true,
      electiveHoursTenths: 10,
      courses: [
        { course: required, kind: 'REQUIRED', hoursTenths: 12 },
        { kind: 'ELECTIVE', lessons: [{ name: '选修课', trialSeconds: 20 }] },
      ],
    });
    return { ...built, cls };
  }

  const detail = async (host: string, id: number, token?: string): Promise<ClassCenterDetail> => {
    const res = await call('find-detail', { id }, { host, token });
    expect(res.body.respCode).toBe(200);
    return res.body.attribute;
  };

  test('courses in class order with their lessons; visitors get null cart and enrolment state', async () => {
    const { host, cls } = await detailScene();
    const answer = await detail(host, cls.trainClass.id);
    expect(answer).toMatchObject({
      name: '详情班',
      description: '班级简介',
      studyInOrder: true,
      examRequired: false,
      examPassScore: 60,
      enrolStartDate: cls.trainClass.enrolStartDate,
      requiredHours: 1.2,
      electiveHours: 1,
      courseCount: 2,
      inCart: null,
      enrolled: null,
    });
    expect(answer.courses).toEqual([
      {
        courseId: cls.courses[0]?.course.id,
        name: '安全生产基础',
        teacherName: '李老师',
        kind: 'REQUIRED',
        hours: 1.2,
        courseHours: 1,
        lessonCount: 2,
        sort: 0,
        lessons: [
          {
            lessonId: cls.courses[0]?.lessons[0]?.id,
            name: '第一课',
            durationSeconds: 120,
            hours: 0.5,
            trialSeconds: 30,
          },
          {
            lessonId: cls.courses[0]?.lessons[1]?.id,
            name: '第二课',
            durationSeconds: 90,
            hours: 0.5,
            trialSeconds: 0,
          },
        ],
      },
      expect.objectContaining({ kind: 'ELECTIVE', lessonCount: 1 }),
    ]);
  });

  test("a student's cart and enrolment state", async () => {
    const { host, cls, student, studentToken } = await detailScene();
    expect(await detail(host, cls.trainClass.id, studentToken)).toMatchObject({
      inCart: false,
      enrolled: false,
    });
    await ShopCartItem.create({
      projectId: cls.trainClass.projectId,
      accountId: student.id,
      classId: cls.trainClass.id,
    });
    expect(await detail(host, cls.trainClass.id, studentToken)).toMatchObject({
      inCart: true,
      enrolled: false,
    });
    const enrolment = await enrol(cls.trainClass, student.id, 'REFUNDED');
    expect(await detail(host, cls.trainClass.id, studentToken)).toMatchObject({ enrolled: false });
    await enrolment.update({ status: 'PENDING_PAY' });
    expect(await detail(host, cls.trainClass.id, studentToken)).toMatchObject({ enrolled: true });
  });

  test('trySeeVideo off: every trial is 0; hideElective: elective courses left out, elective hours 0', async () => {
    const noTrial = await detailScene({ trySeeVideo: 0 });
    const lessons = (await detail(noTrial.host, noTrial.cls.trainClass.id)).courses.flatMap((c) => c.lessons);
    expect(lessons.map((lesson) => lesson.trialSeconds)).toEqual([0, 0, 0]);

    const noElective = await detailScene({ hideElective: 1 });
    const answer = await detail(noElective.host, noElective.cls.trainClass.id);
    expect(answer.courses.map((course) => course.kind)).toEqual(['REQUIRED']);
    expect(answer).toMatchObject({ electiveHours: 0, courseCount: 1, requiredHours: 1.2 });
    const [item] = await page(noElective.host);
    expect(item).toMatchObject({ electiveHours: 0, courseCount: 1 });
  });
});

describe('class/trial-play', () => {
  async function trialScene(settings: Record<string, unknown> = {}) {
    const built = await scene(settings);
    const cls = await buildClass({
      projectId: built.project.id,
      courses: [
        { kind: 'REQUIRED', lessons: [{ durationSeconds: 120, trialSeconds: 30 }, { trialSeconds: 0 }] },
        { kind: 'ELECTIVE', lessons: [{ trialSeconds: 15 }] },
      ],
    });
    await storeVideo(cls.courses.flatMap((course) => course.videos));
    const lesson = (course: number, index: number) => cls.courses[course]?.lessons[index]?.id as number;
    return { ...built, cls, lesson };
  }
  const trial = (host: string, classId: number, lessonId: number) =>
    call('trial-play', { classId, lessonId }, { host });

  /** safety-intro.mp4 (12 s, moov first), stored as the file of each video. */
  const VIDEO = fs.readFileSync(path.join(DEMO_VIDEO_DIR, 'safety-intro.mp4'));
  const storeVideo = (videos: { storageKey: string }[]) =>
    Promise.all(videos.map((video) => t.scope().providers.storage.put(video.storageKey, VIDEO)));
  /** GET of a media URL with the raw bytes of the answer. */
  const fetchMedia = (url: string, range?: string) =>
    t.http
      .get(url)
      .set(range ? { Range: range } : {})
      .buffer(true)
      .parse(rawBody);

  test('the trial URL serves only the start (and the moov); the limit grows with the trial seconds', async () => {
    const built = await scene();
    const cls = await buildClass({
      projectId: built.project.id,
      courses: [
        {
          kind: 'REQUIRED',
          lessons: [1, 3, 60].map((trialSeconds) => ({ durationSeconds: 12, trialSeconds })),
        },
      ],
    });
    const videos = cls.courses[0]?.videos ?? [];
    await storeVideo(videos);
    const limits: number[] = [];
    for (const lesson of cls.courses[0]?.lessons ?? []) {
      const res = await trial(built.host, cls.trainClass.id, lesson.id);
      expect(res.body.respCode).toBe(200);
      const start = await fetchMedia(res.body.attribute.url, 'bytes=0-');
      expect(start.status).toBe(206);
      const served = Number(/^bytes 0-(\d+)\/(\d+)$/.exec(start.headers['content-range'] ?? '')?.[1]) + 1;
      expect(start.headers['content-range']).toBe(`bytes 0-${served - 1}/${VIDEO.length}`);
      expect(Buffer.compare(start.body as Buffer, VIDEO.subarray(0, served))).toBe(0);
      limits.push(served);
      if (served < VIDEO.length) {
        const past = await fetchMedia(res.body.attribute.url, `bytes=${served}-`);
        expect(past.status).toBe(416);
        expect(past.headers['content-range']).toBe(`bytes */${VIDEO.length}`);
      }
    }
    const [one, three, whole] = limits as [number, number, number];
    // The moov (7 KB) and about 2 s of a 12 s video, then 4 s, then all of it (60 s > 12 s).
    expect(one).toBeGreaterThan(VIDEO.indexOf('mdat'));
    expect(one).toBeLessThan(VIDEO.length / 2);
    expect(three).toBeGreaterThan(one);
    expect(three).toBeLessThan(VIDEO.length);
    expect(whole).toBe(VIDEO.length);

    // The ordinary play URL of the same video still serves everything (an MP4: no key, so no viewer check).
    const grant = await t
      .scope()
      .providers.video.authorizePlay(
        t.scope(),
        videos[0] as (typeof videos)[number],
        { kind: 'staff', accountId: 1, signInId: '1' },
        60,
      );
    const full = await fetchMedia(grant.url as string);
    expect(full.status).toBe(200);
    expect(Buffer.compare(full.body as Buffer, VIDEO)).toBe(0);
  });

  test('a video whose file is missing or not an MP4 has no trial', async () => {
    const { host, cls, lesson } = await trialScene();
    const [missing, broken] = [cls.courses[0]?.videos[0], cls.courses[1]?.videos[0]];
    await t.scope().providers.storage.delete(missing?.storageKey as string);
    await t
      .scope()
      .providers.storage.put(broken?.storageKey as string, Buffer.from('not a video'.repeat(10)));
    for (const lessonId of [lesson(0, 0), lesson(1, 0)]) {
      expect((await trial(host, cls.trainClass.id, lessonId)).body).toMatchObject({
        respCode: -1,
        respDesc: '视频暂不能播放',
      });
    }
  });

  test('answers a signed play URL of the lesson video that expires within ten minutes', async () => {
    const { host, cls, lesson } = await trialScene();
    const before = Math.floor(Date.now() / 1000);
    const res = await trial(host, cls.trainClass.id, lesson(0, 0));
    expect(res.body.respCode).toBe(200);
    const answer = res.body.attribute;
    expect(answer).toMatchObject({ trialSeconds: 30, durationSeconds: 120 });
    const token = String(answer.url).replace('/api/media/', '');
    const grant = verifyMediaToken(await getMediaSecret(t.sequelize), token, before);
    expect(grant).toMatchObject({ resourceId: cls.courses[0]?.videos[0]?.id });
    const expires = Date.parse(answer.expiresAt) / 1000;
    expect(expires).toBeGreaterThan(before);
    expect(expires).toBeLessThanOrEqual(before + 10 * 60 + 2);
    // An elective lesson has a trial too while electives are shown.
    expect((await trial(host, cls.trainClass.id, lesson(1, 0))).body.respCode).toBe(200);
  });

  test('refused: trials off, class not offered, lesson of another class, lesson without a trial, hidden elective', async () => {
    const off = await trialScene({ trySeeVideo: 0 });
    expect((await trial(off.host, off.cls.trainClass.id, off.lesson(0, 0))).body).toMatchObject({
      respCode: -1,
      respDesc: '试看未开放',
    });

    const { host, project, cls, lesson } = await trialScene();
    const another = await buildClass({ projectId: project.id });
    const foreign = await trial(host, cls.trainClass.id, another.courses[0]?.lessons[0]?.id as number);
    expect(foreign.body).toMatchObject({ respCode: -1, respDesc: '该课时不在本班级中' });
    expect((await trial(host, cls.trainClass.id, lesson(0, 1))).body).toMatchObject({
      respCode: -1,
      respDesc: '该课时不支持试看',
    });
    await cls.trainClass.update({ onShelf: false });
    expect((await trial(host, cls.trainClass.id, lesson(0, 0))).body).toMatchObject({
      respCode: -1,
      respDesc: NOT_OFFERED,
    });

    const noElective = await trialScene({ hideElective: 1 });
    const elective = await trial(noElective.host, noElective.cls.trainClass.id, noElective.lesson(1, 0));
    expect(elective.body).toMatchObject({ respCode: -1, respDesc: '该课时不在本班级中' });
  });
});

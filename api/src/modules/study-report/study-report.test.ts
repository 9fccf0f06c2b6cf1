import { ROLE_SYSTEM } from '@px/config';
import ExcelJS from 'exceljs';
import type { PageAnswer } from '../../contract/common';
import type { HeartbeatAnswer, StudyStart } from '../../contract/study';
import type {
  ReportClassOption,
  ReportRefusal,
  ReportStudentAnswer,
  StudyDetail,
  StudyReportPage,
} from '../../contract/study-report';
import { createManualClock } from '../../core/clock';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { ResourceQuestion } from '../course/course.model';
import { useTestStorage } from '../resource/resource.testing';
import { buildStudent, staffToken } from '../student/student.testing';
import { buildClass, enrol } from '../train-class/train-class.testing';

const clock = createManualClock();
const storage = useTestStorage();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ providers: { ...storage.providers(), clock } });
});
afterAll(() => t.close());

type Envelope<T> = { respCode: number; respDesc: string; attribute: T };
const post = (path: string, token: string, body: object = {}) =>
  t.http.post(`/api/${path}.action`).set('token', token).send(body);
const call = <T>(path: string, token: string, body: object = {}) =>
  post(path, token, body).then((res) => res.body as Envelope<T>);
const ok = async <T>(pending: Promise<Envelope<T>>): Promise<T> => {
  const body = await pending;
  expect(body).toMatchObject({ respCode: 200 });
  return body.attribute;
};

const REPORT = '/train-manage/study-report';
const REPORT_STUDENT = '/train-manage/study-report/student-detail';
const REPORT_STUDY = '/train-manage/study-report/study-detail';
const ALL = ['/train-manage', REPORT, REPORT_STUDENT, REPORT_STUDY];

/** Starts a lesson as the student and plays it: each beat advances the clock, then beats at a position. */
async function player(token: string, myClassId: number, lessonId: number) {
  const start = await ok(call<StudyStart>('study/start', token, { myClassId, lessonId }));
  let seq = 0;
  return {
    start,
    beat: (after: number, position: number, extra: { rate?: number; visible?: boolean } = {}) => {
      clock.advance(after * 1000);
      return ok(
        call<HeartbeatAnswer>('study/heartbeat', token, {
          sessionId: start.sessionId,
          seq: ++seq,
          position,
          rate: extra.rate ?? 1,
          visible: extra.visible ?? true,
        }),
      );
    },
  };
}

/**
 * A student of a unit enrolled in a class of two 60 s lessons (1 h each, one required course) who
 * studies through the real calls: the first lesson to the end with a seek ahead, a pop-up question
 * answered wrongly and a hidden page refused; the second for 15 s and a 2x beat refused.
 */
async function studiedScene() {
  const project = await buildProject();
  const unit = await buildUnit(project.id, { name: '档案单位' });
  const student = await buildStudent(project.id, { realName: '档案学员', unitId: unit.id });
  const built = await buildClass({
    projectId: project.id,
    name: '档案测试班',
    courses: [{ lessons: [{ durationSeconds: 60 }, { durationSeconds: 60 }] }],
  });
  const [first, second] = built.courses[0]?.lessons ?? [];
  const question = await ResourceQuestion.create({
    projectId: project.id,
    resourceId: built.courses[0]?.videos[0]?.id ?? 0,
    markSecond: 30,
    type: 'SINGLE',
    content: '安全帽的作用是什么？',
    options: ['保护头部', '装饰'],
    answer: 'A',
    explanation: null,
  });
  const enrolment = await enrol(built.trainClass, student.id);
  const token = await signIn(student);

  const one = await player(token, enrolment.id, first?.id ?? 0);
  expect((await one.beat(15, 15)).credited).toBe(15);
  expect((await one.beat(15, 50)).refusal).toBe('SEEK_AHEAD');
  expect((await one.beat(15, 30)).action.kind).toBe('QUESTION');
  expect((await one.beat(15, 30)).refusal).toBe('AWAITING_QUESTION');
  await ok(
    call('study/answer-question', token, {
      sessionId: one.start.sessionId,
      questionId: question.id,
      answer: 'B',
    }),
  );
  expect((await one.beat(15, 45)).credited).toBe(15);
  expect((await one.beat(15, 45, { visible: false })).refusal).toBe('HIDDEN');
  expect(await one.beat(15, 60)).toMatchObject({ credited: 15, finishedNow: true });
  const two = await player(token, enrolment.id, second?.id ?? 0);
  expect((await two.beat(15, 15)).credited).toBe(15);
  const lastBeat = clock.advance(0);
  expect((await two.beat(0, 30, { rate: 2 })).refusal).toBe('SPEED');
  return { project, unit, student, built, enrolment, question, lastBeat };
}

let scene: Awaited<ReturnType<typeof studiedScene>>;
let staff: string;
beforeAll(async () => {
  scene = await studiedScene();
  staff = await staffToken(scene.project.id, ALL);
});

describe('the archive', () => {
  test('lists the enrolment with the hours the beats earned against the class’s, and the last study time', async () => {
    const page = await ok(call<StudyReportPage>('study-report/page', staff));
    expect(page.total).toBe(1);
    expect(page.list[0]).toEqual({
      myClassId: scene.enrolment.id,
      classId: scene.built.trainClass.id,
      className: '档案测试班',
      year: scene.built.trainClass.year,
      status: 'STUDYING',
      requiredHours: 2,
      electiveHours: 0,
      creditedRequiredHours: 1,
      creditedElectiveHours: 0,
      studyStartDate: scene.built.trainClass.studyStartDate,
      studyEndDate: scene.built.trainClass.studyEndDate,
      enrolledAt: scene.enrolment.createdAt.toISOString(),
      lastStudyAt: scene.lastBeat.toISOString(),
      finishedStudyAt: null,
      passedAt: null,
      accountId: scene.student.id,
      studentName: '档案学员',
      idCardNo: `${scene.student.idCardNo?.slice(0, 6)}********${scene.student.idCardNo?.slice(-4)}`,
      mobile: scene.student.mobile,
      unitName: '档案单位',
      correctedHours: null,
    });
  });

  test('filters by class, student (name, ID number, mobile), state and unit', async () => {
    const other = await buildClass({ projectId: scene.project.id, name: '另一个班' });
    const count = async (filters: object) =>
      (await ok(call<StudyReportPage>('study-report/page', staff, filters))).total;
    expect(await count({ classId: scene.built.trainClass.id })).toBe(1);
    expect(await count({ classId: other.trainClass.id })).toBe(0);
    expect(await count({ student: '档案' })).toBe(1);
    expect(await count({ student: scene.student.idCardNo?.toLowerCase() })).toBe(1);
    expect(await count({ student: scene.student.mobile })).toBe(1);
    expect(await count({ student: '无此人' })).toBe(0);
    expect(await count({ status: 'STUDYING' })).toBe(1);
    expect(await count({ status: 'PASSED' })).toBe(0);
    expect(await count({ unitId: scene.unit.id })).toBe(1);
    expect(await count({ unitId: (await buildUnit(scene.project.id)).id })).toBe(0);
    const options = await ok(
      call<ReportClassOption[]>('study-report/class-options', staff, { name: '档案' }),
    );
    expect(options).toEqual([
      { id: scene.built.trainClass.id, name: '档案测试班', year: scene.built.trainClass.year },
    ]);
  });

  test('one enrolment lesson by lesson: credited time, coverage, furthest, finish, refusals by reason, the pop-up answer', async () => {
    const detail = await ok(
      call<StudyDetail>('study-report/detail', staff, { myClassId: scene.enrolment.id }),
    );
    expect(detail.enrolment).toMatchObject({ myClassId: scene.enrolment.id, creditedRequiredHours: 1 });
    expect(detail.lessons).toEqual([
      expect.objectContaining({
        kind: 'REQUIRED',
        durationSeconds: 60,
        hours: 1,
        creditedSeconds: 60,
        coverage: 1,
        furthestPosition: 60,
        finishedAt: expect.any(String),
        refusedBeats: 3,
      }),
      expect.objectContaining({
        creditedSeconds: 15,
        coverage: 0.25,
        furthestPosition: 15,
        finishedAt: null,
        refusedBeats: 1,
      }),
    ]);
    expect(detail.refusalTotal).toBe(4);
    expect(detail.refusalCounts.map((entry) => [entry.reason, entry.count]).sort()).toEqual([
      ['AWAITING_QUESTION', 1],
      ['HIDDEN', 1],
      ['SEEK_AHEAD', 1],
      ['SPEED', 1],
    ]);
    expect(detail.popupAnswers).toEqual([
      expect.objectContaining({
        lessonName: detail.lessons[0]?.lessonName,
        markSecond: 30,
        content: '安全帽的作用是什么？',
        answer: 'B',
        correct: false,
      }),
    ]);
    expect(detail.captureCount).toBe(0);
    expect(detail.corrections).toEqual([]);

    const refusals = await ok(
      call<PageAnswer<ReportRefusal>>('study-report/refusals', staff, { myClassId: scene.enrolment.id }),
    );
    expect(refusals.list.map((row) => [row.reason, row.position])).toEqual([
      ['SPEED', 30],
      ['HIDDEN', 45],
      ['AWAITING_QUESTION', 30],
      ['SEEK_AHEAD', 50],
    ]);
    const ofSecond = await ok(
      call<PageAnswer<ReportRefusal>>('study-report/refusals', staff, {
        myClassId: scene.enrolment.id,
        progressId: detail.lessons[1]?.progressId,
      }),
    );
    expect(ofSecond.list.map((row) => row.reason)).toEqual(['SPEED']);
    const hidden = await ok(
      call<PageAnswer<ReportRefusal>>('study-report/refusals', staff, {
        myClassId: scene.enrolment.id,
        reason: 'HIDDEN',
      }),
    );
    expect(hidden.total).toBe(1);
  });

  test('one student’s enrolments', async () => {
    const answer = await ok(
      call<ReportStudentAnswer>('study-report/student', staff, { accountId: scene.student.id }),
    );
    expect(answer.student).toMatchObject({
      accountId: scene.student.id,
      studentName: '档案学员',
      unitName: '档案单位',
    });
    expect(answer.enrolments.map((row) => [row.myClassId, row.creditedRequiredHours])).toEqual([
      [scene.enrolment.id, 1],
    ]);
  });

  test('exports the filtered enrolments as .xlsx', async () => {
    const res = await post('study-report/export', staff, { classId: scene.built.trainClass.id })
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('学习档案');
    if (!sheet) throw new Error('the export has no sheet 学习档案');
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    const value = (name: string) => row[header.indexOf(name)];
    expect(value('学员')).toBe('档案学员');
    expect(value('班级')).toBe('档案测试班');
    expect(value('学习状态')).toBe('学习中');
    expect(value('已获必修学时')).toBe(1);
    expect(value('要求必修学时')).toBe(2);
    expect(value('身份证号')).toBe(
      `${scene.student.idCardNo?.slice(0, 6)}********${scene.student.idCardNo?.slice(-4)}`,
    );
  });
});

describe('access and isolation', () => {
  test('each call needs its page; unit managers and students are refused whatever they hold', async () => {
    const { id: projectId } = scene.project;
    const tokens = {
      report: await staffToken(projectId, ['/train-manage', REPORT]),
      student: await staffToken(projectId, ['/train-manage', REPORT_STUDENT]),
      study: await staffToken(projectId, ['/train-manage', REPORT_STUDY]),
      unitManager: await signIn(
        (
          await buildAccount({
            projectId,
            roleSystem: ROLE_SYSTEM.UNIT,
            unitId: scene.unit.id,
            menu: ALL,
          })
        ).account,
      ),
      learner: await signIn(scene.student),
    };
    const calls: [string, object, keyof typeof tokens][] = [
      ['study-report/page', {}, 'report'],
      ['study-report/export', {}, 'report'],
      ['study-report/class-options', {}, 'report'],
      ['study-report/student', { accountId: scene.student.id }, 'student'],
      ['study-report/detail', { myClassId: scene.enrolment.id }, 'study'],
      ['study-report/refusals', { myClassId: scene.enrolment.id }, 'study'],
      ['student/capture-list', { id: scene.student.id, myClassId: scene.enrolment.id }, 'study'],
    ];
    for (const [path, body, granted] of calls) {
      const statuses: Record<string, number> = {};
      for (const [who, token] of Object.entries(tokens))
        statuses[who] = (await post(path, token, body)).status;
      expect({ path, ...statuses }).toEqual({
        path,
        report: granted === 'report' ? 200 : 403,
        student: granted === 'student' ? 200 : 403,
        study: granted === 'study' ? 200 : 403,
        unitManager: 403,
        learner: 403,
      });
    }
  });

  test('another project’s enrolments and students answer as missing and never appear in its list', async () => {
    const elsewhere = await staffToken((await buildProject()).id, ALL);
    expect((await ok(call<StudyReportPage>('study-report/page', elsewhere))).total).toBe(0);
    expect(await call('study-report/detail', elsewhere, { myClassId: scene.enrolment.id })).toMatchObject({
      respCode: -1,
      respDesc: '学习记录不存在',
    });
    expect(await call('study-report/refusals', elsewhere, { myClassId: scene.enrolment.id })).toMatchObject({
      respCode: -1,
      respDesc: '学习记录不存在',
    });
    expect(await call('study-report/student', elsewhere, { accountId: scene.student.id })).toMatchObject({
      respCode: -1,
      respDesc: '学员不存在',
    });
    expect(
      await ok(call<ReportClassOption[]>('study-report/class-options', elsewhere, { name: '档案' })),
    ).toEqual([]);
  });
});

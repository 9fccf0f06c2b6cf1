import { ROLE_SYSTEM } from '@px/config';
import type { HeartbeatAnswer, StudyInfo, StudyStart } from '../../contract/study';
import { createManualClock } from '../../core/clock';
import { listen } from '../../core/events';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { ResourceQuestion } from '../course/course.model';
import { tenantOf } from '../project/project.tenant';
import { useTestStorage } from '../resource/resource.testing';
import { chinaToday } from '../train-class/class-read';
import { type EnrolmentPassed, enrolmentPassed } from '../train-class/my-class.events';
import { MyClass } from '../train-class/train-class.model';
import { buildClass, enrol, shiftDay } from '../train-class/train-class.testing';
import { passEnrolment } from './progress.service';
import { LessonProgress, PopupAnswer, StudyRefusal, StudySession } from './study.model';

const clock = createManualClock(new Date('2026-11-26T02:00:00Z'));
const storage = useTestStorage();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ providers: { ...storage.providers(), clock } });
});
afterAll(() => t.close());

const call = <T>(name: string, body: object, token: string, group = 'study') =>
  t.http
    .post(`/api/${group}/${name}.action`)
    .set('token', token)
    .send(body)
    .then((res) => res.body as { respCode: number; respDesc: string; attribute: T });
const ok = async <T>(pending: Promise<{ respCode: number; respDesc: string; attribute: T }>): Promise<T> => {
  const body = await pending;
  expect(body).toMatchObject({ respCode: 200 });
  return body.attribute;
};

/** A project (settings as given) with a signed-in student enrolled in a class of `lessons` (seconds each). */
async function scene(
  options: {
    settings?: Record<string, unknown>;
    lessons?: number[];
    examRequired?: boolean;
    studyInOrder?: boolean;
  } = {},
) {
  const project = await buildProject({ settings: options.settings ?? {} });
  const { account: student } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const built = await buildClass({
    projectId: project.id,
    examRequired: options.examRequired ?? false,
    studyInOrder: options.studyInOrder ?? false,
    courses: [
      { lessons: (options.lessons ?? [60]).map((durationSeconds) => ({ durationSeconds, hoursTenths: 10 })) },
    ],
  });
  const enrolment = await enrol(built.trainClass, student.id, 'STUDYING');
  const token = await signIn(student);
  const lessons = built.courses[0]?.lessons ?? [];
  const videos = built.courses[0]?.videos ?? [];
  return { project, student, token, enrolment, cls: built.trainClass, lessons, videos };
}

/** Starts the lesson and plays it: each step advances the clock and beats at a position. */
async function player(token: string, myClassId: number, lessonId: number) {
  const start = await ok(call<StudyStart>('start', { myClassId, lessonId }, token));
  let seq = 0;
  return {
    start,
    beat: (
      afterSeconds: number,
      position: number,
      extra: Partial<{ rate: number; visible: boolean; seq: number; last: boolean }> = {},
    ) => {
      clock.advance(afterSeconds * 1000);
      return ok(
        call<HeartbeatAnswer>(
          'heartbeat',
          {
            sessionId: start.sessionId,
            seq: extra.seq ?? ++seq,
            position,
            rate: extra.rate ?? 1,
            visible: extra.visible ?? true,
            ...(extra.last ? { last: true } : {}),
          },
          token,
        ),
      );
    },
  };
}

const enrolmentOf = (id: number) => MyClass.findOne({ where: { id }, allTenants: true });

/** Every enrolmentPassed event, as the certificates module hears it. */
const passed: EnrolmentPassed[] = [];
listen(enrolmentPassed, async (_scope, payload) => {
  passed.push(payload);
});
const passedOf = (myClassId: number) => passed.filter((event) => event.myClassId === myClassId);

test('honest play finishes the lesson and the class: hours roll up, a class without exam is passed', async () => {
  const s = await scene({ lessons: [60] });
  const p = await player(s.token, s.enrolment.id, s.lessons[0]?.id ?? 0);
  expect(p.start).toMatchObject({ durationSeconds: 60, resumePosition: 0, awaiting: null });
  const answers = [];
  for (let position = 15; position <= 60; position += 15) answers.push(await p.beat(15, position));
  expect(answers.map((a) => a.credited)).toEqual([15, 15, 15, 15]);
  expect(answers.at(-1)).toMatchObject({ finished: true, finishedNow: true, status: 'PASSED', coverage: 1 });
  expect(await enrolmentOf(s.enrolment.id)).toMatchObject({ status: 'PASSED', requiredTenths: 10 });
  const info = await ok(call<StudyInfo>('study-info', { myClassId: s.enrolment.id }, s.token, 'my-class'));
  expect(info).toMatchObject({ creditedRequiredHours: 1, requiredHours: 1, status: 'PASSED' });
  expect(info.courses[0]?.lessons[0]).toMatchObject({ finished: true, creditedSeconds: 60, coverage: 1 });
  // The modules above hear of it once, in the beat's transaction.
  expect(passedOf(s.enrolment.id)).toEqual([
    {
      projectId: s.project.id,
      myClassId: s.enrolment.id,
      accountId: s.student.id,
      classId: s.cls.id,
      passedAt: clock.now(),
      score: null,
    },
  ]);
});

test('a class with an exam stops at FINISHED_STUDY', async () => {
  const s = await scene({ lessons: [30], examRequired: true });
  const p = await player(s.token, s.enrolment.id, s.lessons[0]?.id ?? 0);
  await p.beat(15, 15);
  expect((await p.beat(15, 30)).status).toBe('FINISHED_STUDY');
  expect(passedOf(s.enrolment.id)).toEqual([]);

  // Its exam passed: passEnrolment moves it once and tells the modules above; a second call does nothing.
  const scope = t.scope({ project: tenantOf(s.project) });
  const pass = () =>
    t.sequelize.transaction(async (transaction) => {
      const enrolment = (await MyClass.findOne({
        where: { id: s.enrolment.id, projectId: s.project.id },
        transaction,
        lock: transaction.LOCK.UPDATE,
      })) as MyClass;
      return passEnrolment(scope, enrolment, 88, clock.now(), transaction);
    });
  expect(await pass()).toBe(true);
  expect(await pass()).toBe(false);
  expect(await enrolmentOf(s.enrolment.id)).toMatchObject({ status: 'PASSED', passedAt: clock.now() });
  expect(passedOf(s.enrolment.id)).toMatchObject([{ score: 88 }]);
});

test('seeking ahead, 2x, replayed or reordered beats and beats faster than wall time credit nothing, each recorded', async () => {
  const s = await scene({ lessons: [300] });
  const p = await player(s.token, s.enrolment.id, s.lessons[0]?.id ?? 0);
  expect((await p.beat(15, 15)).credited).toBe(15);
  const ahead = await p.beat(15, 200);
  expect(ahead).toMatchObject({
    credited: 0,
    refusal: 'SEEK_AHEAD',
    action: { kind: 'SEEK_TO', position: 15 },
  });
  expect(await p.beat(15, 45, { rate: 2 })).toMatchObject({ credited: 0, refusal: 'SPEED' });
  expect(await p.beat(15, 60, { seq: 2 })).toMatchObject({ credited: 0, refusal: 'OUT_OF_ORDER' });
  expect(await p.beat(1, 90)).toMatchObject({ credited: 0, refusal: 'SEEK_AHEAD' });
  const progress = await LessonProgress.findOne({ where: { myClassId: s.enrolment.id }, allTenants: true });
  expect(progress).toMatchObject({ creditedSeconds: 15, furthestPosition: 15, refusedBeats: 4 });
  const reasons = (
    await StudyRefusal.findAll({
      where: { progressId: progress?.id },
      order: [['id', 'ASC']],
      allTenants: true,
    })
  ).map((row) => row.reason);
  expect(reasons).toEqual(['SEEK_AHEAD', 'SPEED', 'OUT_OF_ORDER', 'SEEK_AHEAD']);
});

test('two devices: the newest wins and the other is told to stop', async () => {
  const s = await scene({ lessons: [120] });
  const phone = await player(s.token, s.enrolment.id, s.lessons[0]?.id ?? 0);
  expect((await phone.beat(15, 15)).credited).toBe(15);
  const laptop = await player(s.token, s.enrolment.id, s.lessons[0]?.id ?? 0);
  expect(laptop.start.resumePosition).toBe(15);
  expect(await phone.beat(15, 30)).toMatchObject({
    credited: 0,
    refusal: 'SUPERSEDED',
    action: { kind: 'STOP' },
  });
  expect((await laptop.beat(0, 30)).credited).toBe(15);
});

test('the last beat of a page going away is judged like any beat and ends the session', async () => {
  const s = await scene({ lessons: [120] });
  // 4.3 s played, then the page reloads: the stretch before the first 15 s beat is credited.
  const p = await player(s.token, s.enrolment.id, s.lessons[0]?.id ?? 0);
  expect(await p.beat(4.5, 4.3, { last: true })).toMatchObject({ credited: 4.3, refusal: null });
  const session = await StudySession.findOne({ where: { id: p.start.sessionId }, allTenants: true });
  expect(session).toMatchObject({ status: 'ENDED', endedAt: clock.now() });
  // Nothing more is taken from that session.
  expect(await p.beat(10, 14)).toMatchObject({
    credited: 0,
    refusal: 'SUPERSEDED',
    action: { kind: 'STOP' },
  });

  // The same rules: a last beat claiming more than the clock allows is a seek, and still ends it.
  const again = await player(s.token, s.enrolment.id, s.lessons[0]?.id ?? 0);
  expect(again.start).toMatchObject({ resumePosition: 4.3, creditedSeconds: 4 });
  expect((await again.beat(15, 19.3)).credited).toBe(15);
  expect(await again.beat(2, 60, { last: true })).toMatchObject({ credited: 0, refusal: 'SEEK_AHEAD' });
  expect(
    await StudySession.findOne({ where: { id: again.start.sessionId }, allTenants: true }),
  ).toMatchObject({ status: 'ENDED' });
  const progress = await LessonProgress.findOne({ where: { myClassId: s.enrolment.id }, allTenants: true });
  expect(progress?.creditedSeconds).toBeCloseTo(19.3);
});

test('a pop-up question pauses crediting until it is answered; its answer never reaches the player', async () => {
  const s = await scene({ lessons: [120] });
  const question = await ResourceQuestion.create({
    projectId: s.project.id,
    resourceId: s.videos[0]?.id ?? 0,
    markSecond: 20,
    type: 'SINGLE',
    content: '安全帽的作用是什么？',
    options: ['防止头部受伤', '装饰'],
    answer: 'A',
    explanation: '保护头部',
  });
  const p = await player(s.token, s.enrolment.id, s.lessons[0]?.id ?? 0);
  expect(p.start.questions).toEqual([
    { id: question.id, markSecond: 20, type: 'SINGLE', content: question.content, options: question.options },
  ]);
  expect((await p.beat(15, 15)).action.kind).toBe('CONTINUE');
  expect((await p.beat(6, 20)).action).toEqual({ kind: 'QUESTION', questionId: question.id, markSecond: 20 });
  expect(await p.beat(15, 20)).toMatchObject({ credited: 0, refusal: 'AWAITING_QUESTION' });
  const answer = await ok(
    call<{ correct: boolean; answer: string }>(
      'answer-question',
      { sessionId: p.start.sessionId, questionId: question.id, answer: 'B' },
      s.token,
    ),
  );
  expect(answer).toMatchObject({ correct: false, answer: 'A', explanation: '保护头部' });
  expect((await p.beat(15, 35)).credited).toBe(15);
  expect(await PopupAnswer.findAll({ where: { myClassId: s.enrolment.id }, allTenants: true })).toMatchObject(
    [{ questionId: question.id, answer: 'B', correct: false, markSecond: 20 }],
  );
  // Answered: a new session does not ask it again.
  const again = await player(s.token, s.enrolment.id, s.lessons[0]?.id ?? 0);
  expect(again.start.questions).toEqual([]);
});

test('anti-idle prompts every videoTaskTime minutes hold crediting until confirmed', async () => {
  const s = await scene({ lessons: [600], settings: { videoTaskTime: 1 } });
  const p = await player(s.token, s.enrolment.id, s.lessons[0]?.id ?? 0);
  for (let position = 15; position < 60; position += 15) await p.beat(15, position);
  expect((await p.beat(15, 60)).action.kind).toBe('IDLE_PROMPT');
  expect(await p.beat(15, 60)).toMatchObject({ credited: 0, refusal: 'AWAITING_IDLE' });
  expect((await call('confirm-idle', { sessionId: p.start.sessionId }, s.token)).respCode).toBe(200);
  expect((await p.beat(15, 75)).credited).toBe(15);
});

test('lessons in order are locked until the ones before are finished', async () => {
  const s = await scene({ lessons: [30, 30], studyInOrder: true });
  const [first, second] = s.lessons;
  const info = await ok(call<StudyInfo>('study-info', { myClassId: s.enrolment.id }, s.token, 'my-class'));
  expect(info.courses[0]?.lessons.map((lesson) => lesson.locked)).toEqual([false, true]);
  expect(await call('start', { myClassId: s.enrolment.id, lessonId: second?.id }, s.token)).toMatchObject({
    respCode: -1,
    respDesc: '请按顺序学习，先学完前面的课时',
  });
  const p = await player(s.token, s.enrolment.id, first?.id ?? 0);
  await p.beat(15, 15);
  await p.beat(15, 30);
  expect((await call('start', { myClassId: s.enrolment.id, lessonId: second?.id }, s.token)).respCode).toBe(
    200,
  );
});

test('no study outside the window, before payment, or of another student', async () => {
  const s = await scene();
  const lessonId = s.lessons[0]?.id ?? 0;
  await MyClass.update({ status: 'PENDING_PAY' }, { where: { id: s.enrolment.id, projectId: s.project.id } });
  expect(await call('start', { myClassId: s.enrolment.id, lessonId }, s.token)).toMatchObject({
    respDesc: '订单尚未支付',
  });
  await MyClass.update({ status: 'STUDYING' }, { where: { id: s.enrolment.id, projectId: s.project.id } });
  const yesterday = shiftDay(chinaToday(clock.now()), -1);
  await s.cls.update({ studyEndDate: yesterday });
  expect(await call('start', { myClassId: s.enrolment.id, lessonId }, s.token)).toMatchObject({
    respDesc: `学习时间已于 ${yesterday} 结束`,
  });
  const other = await signIn(
    (await buildAccount({ projectId: s.project.id, roleSystem: ROLE_SYSTEM.STUDENT })).account,
  );
  expect(await call('start', { myClassId: s.enrolment.id, lessonId }, other)).toMatchObject({
    respDesc: '班级不存在或未报名',
  });
  expect(await call('study-info', { myClassId: s.enrolment.id }, other, 'my-class')).toMatchObject({
    respCode: -1,
  });
});

test('study is blocked until the student completes the profile the project requires (/student/info)', async () => {
  const s = await scene({ lessons: [60] });
  const lessonId = s.lessons[0]?.id ?? 0;
  await Account.update({ idCardNo: null }, { where: { id: s.student.id }, allTenants: true });
  const refused = await call('start', { myClassId: s.enrolment.id, lessonId }, s.token);
  expect(refused).toEqual({
    respCode: -1,
    respDesc: '请先完善个人信息后再开始学习',
    attribute: { reason: 'NEED_COMPLETE_INFO', missing: ['idCardNo'] },
  });
  expect(await StudySession.count({ where: { projectId: s.project.id } })).toBe(0);
  // Staff may ask for a check of a complete profile too (the flag): still refused until confirmed.
  const completed = await call('complete-info', { idCardNo: '370102199003075116' }, s.token, 'account');
  expect(completed).toMatchObject({ respCode: 200, attribute: { needComplete: false, missing: [] } });
  await Account.update({ needComplete: true }, { where: { id: s.student.id }, allTenants: true });
  expect(await call('start', { myClassId: s.enrolment.id, lessonId }, s.token)).toMatchObject({
    attribute: { reason: 'NEED_COMPLETE_INFO', missing: [] },
  });
  expect(await call('complete-info', {}, s.token, 'account')).toMatchObject({ respCode: 200 });
  const started = await ok(call<StudyStart>('start', { myClassId: s.enrolment.id, lessonId }, s.token));
  expect(started.sessionId).toEqual(expect.any(String));
});

import { ROLE_SYSTEM } from '@px/config';
import type { AttemptSummary, ExamEntry, ExamResult, ExamSaveAnswer, ExamSheet } from '../../contract/exam';
import type { PaperDetail, PaperItem, PaperPreview } from '../../contract/exam-paper';
import type { ExamQuestionItem } from '../../contract/exam-question';
import type { ExamSetting } from '../../contract/exam-setting';
import type { MyClassStatus } from '../../contract/train-class';
import { createManualClock } from '../../core/clock';
import { listen } from '../../core/events';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { Certificate } from '../my-certificate/my-certificate.model';
import { chinaToday } from '../train-class/class-read';
import { type EnrolmentPassed, enrolmentPassed } from '../train-class/my-class.events';
import { MyClass } from '../train-class/train-class.model';
import { buildClass, enrol, shiftDay } from '../train-class/train-class.testing';
import { ExamAttempt } from './exam.model';

// The clock stands three hours behind the queue's real time, so a deadline job is due for the
// queue at once and the job itself decides by this clock (as the server does by its own).
const clock = createManualClock(new Date(Date.now() - 3 * 3600_000));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ providers: { clock } });
});
afterAll(() => t.close());

type Envelope<T> = { respCode: number; respDesc: string; attribute: T };
const call = <T>(path: string, body: object, token: string) =>
  t.http
    .post(`/api/${path}.action`)
    .set('token', token)
    .send(body)
    .then((res) => ({ ...(res.body as Envelope<T>), status: res.status }));
const ok = async <T>(pending: Promise<Envelope<T> & { status: number }>): Promise<T> => {
  const body = await pending;
  expect(body).toMatchObject({ respCode: 200 });
  return body.attribute;
};

const STAFF_PAGES = [
  '/resource-manage/exam-question',
  '/resource-manage/exam-paper',
  '/train-manage/exam-score',
  '/train-manage/train-class-detail',
];

/** Every enrolmentPassed event, as the certificates module hears it. */
const passed: EnrolmentPassed[] = [];
listen(enrolmentPassed, async (_scope, payload) => {
  passed.push(payload);
});

/** Markers that only the answers and analyses carry: none may reach a student before review. */
const SECRET_FILL = '秘密答案甲';
const SECRET_ANALYSIS = '秘密解析乙';

/** A project with staff (all exam pages), a bank of one question per type and a FIXED paper of them (25 each). */
async function bank() {
  const project = await buildProject();
  const { account: staffAccount } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: STAFF_PAGES,
  });
  const staff = await signIn(staffAccount);
  const save = (body: object) => ok(call<ExamQuestionItem>('exam-question/save', body, staff));
  const single = await save({
    type: 'SINGLE',
    content: '火警电话是？',
    options: ['110', '119', '120'],
    answer: 'B',
    analysis: `${SECRET_ANALYSIS}1`,
  });
  const multiple = await save({
    type: 'MULTIPLE',
    content: '灭火的基本方法有？',
    options: ['冷却', '窒息', '隔离', '助燃'],
    answer: 'ABC',
    analysis: `${SECRET_ANALYSIS}2`,
  });
  const judge = await save({ type: 'JUDGE', content: '电器着火可以用水扑救。', answer: 'B' });
  const fill = await save({
    type: 'FILL',
    content: '灭火器应对准火焰的____部。',
    acceptedAnswers: [SECRET_FILL, '根'],
    analysis: `${SECRET_ANALYSIS}4`,
  });
  const paper = await ok(
    call<PaperDetail>(
      'exam-paper/save',
      {
        name: '消防试卷',
        mode: 'FIXED',
        questions: [single, multiple, judge, fill].map((q) => ({ questionId: q.id, score: 25 })),
      },
      staff,
    ),
  );
  return { project, staff, staffAccount, questions: { single, multiple, judge, fill }, paper };
}

/** The bank, a class requiring its exam (settings as given) and a signed-in student enrolled in it. */
async function scene(
  options: { status?: MyClassStatus; setting?: Partial<Record<string, unknown>>; passScore?: number } = {},
) {
  const b = await bank();
  const { trainClass } = await buildClass({ projectId: b.project.id, examRequired: true });
  await ok(
    call<ExamSetting>(
      'exam-setting/save',
      {
        classId: trainClass.id,
        examRequired: true,
        paperId: b.paper.id,
        timeLimitMinutes: 20,
        attemptsAllowed: 3,
        passScore: options.passScore ?? 60,
        reviewPolicy: 'AFTER_SUBMIT',
        exerciseEnabled: true,
        ...options.setting,
      },
      b.staff,
    ),
  );
  const { account: studentAccount } = await buildAccount({
    projectId: b.project.id,
    roleSystem: ROLE_SYSTEM.STUDENT,
  });
  const enrolment = await enrol(trainClass, studentAccount.id, options.status ?? 'FINISHED_STUDY');
  const student = await signIn(studentAccount);
  return { ...b, trainClass, enrolment, student, studentAccount };
}

/** All right: 100; `wrong` lists the questions (by no) answered wrong (25 each). */
function answers(wrong: number[] = []) {
  const right: Record<number, string> = { 1: 'B', 2: 'CAB', 3: 'B', 4: `  ${SECRET_FILL.toUpperCase()} ` };
  const bad: Record<number, string> = { 1: 'A', 2: 'AB', 3: 'A', 4: '错' };
  return [1, 2, 3, 4].map((no) => ({
    no,
    answer: wrong.includes(no) ? (bad[no] as string) : (right[no] as string),
  }));
}

const enrolmentOf = (id: number) => MyClass.findOne({ where: { id }, allTenants: true });

/** Keys anywhere in a JSON value. */
function keysOf(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, keys);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      keys.add(key);
      keysOf(inner, keys);
    }
  return keys;
}

test('each type is graded on the server; MULTIPLE is all or nothing; FILL ignores case and spaces', async () => {
  const s = await scene({ setting: { attemptsAllowed: 5 } });
  const scores: (number | null)[] = [];
  for (const wrong of [[], [2], [1, 3], [4], [1, 2, 3, 4]]) {
    const sheet = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
    const result = await ok(
      call<ExamResult>('exam/submit', { attemptId: sheet.attemptId, answers: answers(wrong) }, s.student),
    );
    scores.push(result.score);
    if (result.passed) break;
  }
  // The first attempt scores 100 and passes: the enrolment is passed and the exam closes.
  expect(scores).toEqual([100]);
  const s2 = await scene({ passScore: 100, setting: { attemptsAllowed: 5 } });
  const more: (number | null)[] = [];
  for (const wrong of [[2], [1, 3], [4], [1, 2, 3, 4]]) {
    const sheet = await ok(call<ExamSheet>('exam/start', { myClassId: s2.enrolment.id }, s2.student));
    more.push(
      (
        await ok(
          call<ExamResult>(
            'exam/submit',
            { attemptId: sheet.attemptId, answers: answers(wrong) },
            s2.student,
          ),
        )
      ).score,
    );
  }
  expect(more).toEqual([75, 50, 75, 0]);
});

test('no answer or analysis reaches the student before review (the JSON walked); the review shows them', async () => {
  const s = await scene({ setting: { reviewPolicy: 'NEVER' } });
  const seen: unknown[] = [];
  const keep = async <T>(pending: Promise<Envelope<T> & { status: number }>) => {
    const body = await ok(pending);
    seen.push(body);
    return body;
  };
  await keep(call<ExamEntry>('my-class/exam-entry', { myClassId: s.enrolment.id }, s.student));
  const sheet = await keep(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  await keep(
    call<ExamSaveAnswer>('exam/save', { attemptId: sheet.attemptId, answers: answers([4]) }, s.student),
  );
  await keep(call<ExamSheet>('exam/sheet', { attemptId: sheet.attemptId }, s.student));
  await keep(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  await keep(call<AttemptSummary[]>('exam/attempts', { myClassId: s.enrolment.id }, s.student));
  const result = await keep(
    call<ExamResult>('exam/submit', { attemptId: sheet.attemptId, answers: [] }, s.student),
  );
  await keep(call<ExamResult>('exam/result', { attemptId: sheet.attemptId }, s.student));
  const exercise = await keep(
    call<ExamSheet>('exam/start', { myClassId: s.enrolment.id, kind: 'EXERCISE' }, s.student),
  );
  for (const body of seen) {
    const keys = keysOf(body);
    for (const secret of ['acceptedAnswers', 'analysis', 'correctAnswer', 'questionId'])
      expect(keys.has(secret)).toBe(false);
    const text = JSON.stringify(body);
    expect(text).not.toContain(SECRET_ANALYSIS);
    expect(text).not.toContain(SECRET_FILL);
  }
  for (const q of sheet.questions)
    expect(Object.keys(q).sort()).toEqual(['content', 'no', 'options', 'score', 'type']);
  expect(result).toMatchObject({ score: 75, passed: true, reviewable: false, review: null });
  // An exercise is always reviewable, with answers and analyses.
  const practised = await ok(
    call<ExamResult>('exam/submit', { attemptId: exercise.attemptId, answers: answers() }, s.student),
  );
  expect(practised.reviewable).toBe(true);
  expect(practised.review?.map((q) => q.correctAnswer)).toEqual(['B', 'ABC', 'B', `${SECRET_FILL} / 根`]);
  expect(practised.review?.[0]?.analysis).toBe(`${SECRET_ANALYSIS}1`);
});

test('review policies: AFTER_SUBMIT at once, AFTER_PASS only once passed', async () => {
  const s = await scene({ setting: { reviewPolicy: 'AFTER_PASS' } });
  const first = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  const failed = await ok(
    call<ExamResult>('exam/submit', { attemptId: first.attemptId, answers: answers([1, 2, 3]) }, s.student),
  );
  expect(failed).toMatchObject({ score: 25, passed: false, reviewable: false, review: null });
  const second = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  const pass = await ok(
    call<ExamResult>('exam/submit', { attemptId: second.attemptId, answers: answers() }, s.student),
  );
  expect(pass).toMatchObject({ score: 100, passed: true, reviewable: true });
  expect(
    (await ok(call<ExamResult>('exam/result', { attemptId: first.attemptId }, s.student))).reviewable,
  ).toBe(true);
  const a = await scene({ setting: { reviewPolicy: 'AFTER_SUBMIT' } });
  const sheet = await ok(call<ExamSheet>('exam/start', { myClassId: a.enrolment.id }, a.student));
  const result = await ok(
    call<ExamResult>(
      'exam/submit',
      { attemptId: sheet.attemptId, answers: answers([1, 2, 3, 4]) },
      a.student,
    ),
  );
  expect(result).toMatchObject({ score: 0, passed: false, reviewable: true });
  expect(result.review?.map((q) => q.correct)).toEqual([false, false, false, false]);
});

test('attempts are limited; an open attempt is resumed, not counted twice', async () => {
  const s = await scene({ setting: { attemptsAllowed: 2 } });
  const first = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  const again = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  expect(again.attemptId).toBe(first.attemptId);
  await ok(
    call<ExamResult>('exam/submit', { attemptId: first.attemptId, answers: answers([1, 2, 3]) }, s.student),
  );
  const second = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  expect(second.attemptId).not.toBe(first.attemptId);
  await ok(call<ExamResult>('exam/submit', { attemptId: second.attemptId, answers: [] }, s.student));
  const entry = await ok(call<ExamEntry>('my-class/exam-entry', { myClassId: s.enrolment.id }, s.student));
  expect(entry).toMatchObject({
    unlocked: false,
    lockedReason: 'ATTEMPTS_USED_UP',
    attemptsUsed: 2,
    attemptsAllowed: 2,
    bestScore: 25,
    passed: false,
  });
  expect(await call('exam/start', { myClassId: s.enrolment.id }, s.student)).toMatchObject({
    respCode: -1,
    respDesc: '考试次数已用完',
  });
  // Exercises stay open, without limit, and change nothing.
  for (let i = 0; i < 3; i += 1) {
    const ex = await ok(
      call<ExamSheet>('exam/start', { myClassId: s.enrolment.id, kind: 'EXERCISE' }, s.student),
    );
    expect(ex).toMatchObject({ kind: 'EXERCISE', deadline: null, remainingSeconds: null });
    await ok(call<ExamResult>('exam/submit', { attemptId: ex.attemptId, answers: answers() }, s.student));
  }
  expect(await enrolmentOf(s.enrolment.id)).toMatchObject({ status: 'FINISHED_STUDY' });
  expect(passed.filter((event) => event.myClassId === s.enrolment.id)).toEqual([]);
});

test('the deadline: a reload resumes with the time left; past it the attempt is final and late saves are refused', async () => {
  const s = await scene();
  const sheet = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  expect(sheet).toMatchObject({ status: 'OPEN', remainingSeconds: 20 * 60 });
  await ok(
    call<ExamSaveAnswer>('exam/save', { attemptId: sheet.attemptId, answers: answers([3]) }, s.student),
  );
  clock.advance(5 * 60_000);
  const reloaded = await ok(call<ExamSheet>('exam/sheet', { attemptId: sheet.attemptId }, s.student));
  expect(reloaded).toMatchObject({ remainingSeconds: 15 * 60, deadline: sheet.deadline });
  expect(reloaded.questions).toEqual(sheet.questions);
  // Answers are kept trimmed, choice answers as their sorted letters.
  expect(reloaded.answers).toEqual([
    { no: 1, answer: 'B' },
    { no: 2, answer: 'ABC' },
    { no: 3, answer: 'A' },
    { no: 4, answer: SECRET_FILL },
  ]);
  expect(
    await call(
      'exam/save',
      {
        attemptId: sheet.attemptId,
        answers: [
          { no: 1, answer: 'AB' },
          { no: 2, answer: 'E' },
          { no: 3, answer: 'C' },
        ],
      },
      s.student,
    ),
  ).toMatchObject({
    respCode: -1,
    attribute: {
      errors: [
        { field: 'answers.0.answer', message: '答案应为一个选项字母' },
        { field: 'answers.1.answer', message: '答案应为选项字母' },
        { field: 'answers.2.answer', message: '答案应为一个选项字母' },
      ],
    },
  });
  expect(
    await call('exam/save', { attemptId: sheet.attemptId, answers: [{ no: 9, answer: 'A' }] }, s.student),
  ).toMatchObject({
    respCode: -1,
    attribute: { errors: [{ field: 'answers.0.no' }] },
  });
  clock.advance(16 * 60_000);
  // Past the deadline (and its grace): the save is refused and the saved answers were graded.
  expect(
    await call('exam/save', { attemptId: sheet.attemptId, answers: answers() }, s.student),
  ).toMatchObject({
    respCode: -2,
    respDesc: '考试时间已到，已按保存的答案自动交卷',
  });
  const attempt = await ExamAttempt.findOne({ where: { id: sheet.attemptId }, allTenants: true });
  expect(attempt).toMatchObject({ status: 'TIMED_OUT', scoreTenths: 750, passed: true });
  expect(attempt?.submittedAt?.toISOString()).toBe(sheet.deadline);
  expect(await enrolmentOf(s.enrolment.id)).toMatchObject({ status: 'PASSED' });
  // Final: a submit answers the same result and changes nothing.
  const result = await ok(
    call<ExamResult>('exam/submit', { attemptId: sheet.attemptId, answers: answers() }, s.student),
  );
  expect(result).toMatchObject({ status: 'TIMED_OUT', score: 75 });
  expect(await call('exam/save', { attemptId: sheet.attemptId, answers: [] }, s.student)).toMatchObject({
    respCode: -2,
    respDesc: '考试已结束，答案不能再修改',
  });
});

test('the deadline job finalises an attempt nobody reads, once, and not before its end', async () => {
  const s = await scene({ passScore: 80 });
  const sheet = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  await ok(call<ExamSaveAnswer>('exam/save', { attemptId: sheet.attemptId, answers: answers() }, s.student));
  await t.jobs.drain();
  expect(await ExamAttempt.findOne({ where: { id: sheet.attemptId }, allTenants: true })).toMatchObject({
    status: 'OPEN',
  });
  clock.advance(21 * 60_000);
  await t.jobs.drain();
  expect(await ExamAttempt.findOne({ where: { id: sheet.attemptId }, allTenants: true })).toMatchObject({
    status: 'TIMED_OUT',
    scoreTenths: 1000,
    passed: true,
  });
  expect(await enrolmentOf(s.enrolment.id)).toMatchObject({ status: 'PASSED' });
  await t.jobs.drain();
  expect(passed.filter((event) => event.myClassId === s.enrolment.id)).toHaveLength(1);
});

test('unlock: STUDYING is refused with the reason, FINISHED_STUDY opens, a class without a paper says so', async () => {
  const s = await scene({ status: 'STUDYING' });
  expect(
    await ok(call<ExamEntry>('my-class/exam-entry', { myClassId: s.enrolment.id }, s.student)),
  ).toMatchObject({
    unlocked: false,
    lockedReason: 'HOURS_NOT_CREDITED',
    lockedText: '学时未达到要求，学完后才能考试',
    exerciseOpen: true,
    timeLimitMinutes: 20,
    passScore: 60,
    questionCount: 4,
    // The abilities by the exam attempt policy: the refusal is the server's when starting.
    abilities: {
      canStart: false,
      startRefusal: '学时未达到要求，学完后才能考试',
      canPractise: true,
      practiseRefusal: null,
    },
  });
  expect(await call('exam/start', { myClassId: s.enrolment.id }, s.student)).toMatchObject({
    respCode: -1,
    respDesc: '学时未达到要求，学完后才能考试',
  });
  expect(await ExamAttempt.count({ where: { projectId: s.project.id } })).toBe(0);
  await MyClass.update(
    { status: 'FINISHED_STUDY' },
    { where: { id: s.enrolment.id, projectId: s.project.id } },
  );
  expect(
    await ok(call<ExamEntry>('my-class/exam-entry', { myClassId: s.enrolment.id }, s.student)),
  ).toMatchObject({
    unlocked: true,
    lockedReason: null,
    attemptsUsed: 0,
    attemptsAllowed: 3,
    abilities: { canStart: true, startRefusal: null },
  });
  // A class requiring an exam without settings: NOT_CONFIGURED, and saving settings without a paper is refused.
  const { trainClass } = await buildClass({ projectId: s.project.id, examRequired: true });
  const other = await enrol(trainClass, s.studentAccount.id, 'FINISHED_STUDY');
  expect(await ok(call<ExamEntry>('my-class/exam-entry', { myClassId: other.id }, s.student))).toMatchObject({
    unlocked: false,
    lockedReason: 'NOT_CONFIGURED',
  });
  expect(
    await call(
      'exam-setting/save',
      {
        classId: trainClass.id,
        examRequired: true,
        timeLimitMinutes: 20,
        attemptsAllowed: 3,
        passScore: 60,
        reviewPolicy: 'NEVER',
        exerciseEnabled: false,
      },
      s.staff,
    ),
  ).toMatchObject({ respCode: -1, attribute: { errors: [{ field: 'paperId' }] } });
  expect(await ok(call<ExamSetting>('exam-setting/get', { classId: trainClass.id }, s.staff))).toMatchObject({
    examRequired: true,
    paperId: null,
    configured: false,
    attemptsAllowed: 3,
  });
});

test('after the study window no exam starts; an attempt open before it can still be finished', async () => {
  const s = await scene();
  const open = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  const yesterday = shiftDay(chinaToday(clock.now()), -1);
  await s.trainClass.update({ studyStartDate: shiftDay(yesterday, -30), studyEndDate: yesterday });
  // Resumed: the same attempt, and it can be submitted.
  expect(await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student))).toMatchObject({
    attemptId: open.attemptId,
  });
  await ok(
    call<ExamResult>('exam/submit', { attemptId: open.attemptId, answers: answers([1, 2, 3]) }, s.student),
  );
  // Failed, and the window is over: no new attempt.
  expect(
    await ok(call<ExamEntry>('my-class/exam-entry', { myClassId: s.enrolment.id }, s.student)),
  ).toMatchObject({ unlocked: false, lockedReason: 'STUDY_WINDOW_OVER' });
  expect(await call('exam/start', { myClassId: s.enrolment.id }, s.student)).toMatchObject({
    respCode: -1,
    respDesc: '学习时间已结束，不能再参加考试',
  });
  expect(await ExamAttempt.count({ where: { projectId: s.project.id, myClassId: s.enrolment.id } })).toBe(1);
});

test('passing moves the enrolment to PASSED once and tells the certificates once, however many submits race', async () => {
  const s = await scene();
  const sheet = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  const results = await Promise.all(
    [0, 1, 2].map(() =>
      call<ExamResult>('exam/submit', { attemptId: sheet.attemptId, answers: answers([4]) }, s.student),
    ),
  );
  for (const result of results)
    expect(result).toMatchObject({ respCode: 200, attribute: { score: 75, passed: true } });
  expect(await enrolmentOf(s.enrolment.id)).toMatchObject({ status: 'PASSED' });
  expect(passed.filter((event) => event.myClassId === s.enrolment.id)).toEqual([
    expect.objectContaining({ myClassId: s.enrolment.id, accountId: s.studentAccount.id, score: 75 }),
  ]);
  // The certificates module issued one class certificate, with the exam's score.
  const certificates = await Certificate.findAll({
    where: { projectId: s.enrolment.projectId, myClassId: s.enrolment.id },
  });
  expect(certificates).toHaveLength(1);
  expect(certificates[0]).toMatchObject({ kind: 'CLASS', score: 75, status: 'VALID' });
  expect(
    await ok(call<ExamEntry>('my-class/exam-entry', { myClassId: s.enrolment.id }, s.student)),
  ).toMatchObject({
    lockedReason: 'ALREADY_PASSED',
    passed: true,
    bestScore: 75,
    attemptsUsed: 1,
  });
});

test('a class that stops requiring its exam passes the enrolments that waited for it, once', async () => {
  const s = await scene();
  const { account: other } = await buildAccount({ projectId: s.project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const studying = await enrol(s.trainClass, other.id, 'STUDYING');
  const setting = {
    classId: s.trainClass.id,
    paperId: s.paper.id,
    timeLimitMinutes: 20,
    attemptsAllowed: 3,
    passScore: 60,
    reviewPolicy: 'AFTER_SUBMIT',
    exerciseEnabled: false,
  };
  await ok(call<ExamSetting>('exam-setting/save', { ...setting, examRequired: false }, s.staff));
  expect(await enrolmentOf(s.enrolment.id)).toMatchObject({ status: 'PASSED', passedAt: clock.now() });
  expect(passed.filter((event) => event.myClassId === s.enrolment.id)).toEqual([
    expect.objectContaining({ classId: s.trainClass.id, score: null }),
  ]);
  // Still studying: it passes when its hours are credited, by the roll-up.
  expect(await enrolmentOf(studying.id)).toMatchObject({ status: 'STUDYING' });
  // Saving again (off stays off) changes nothing more.
  await ok(call<ExamSetting>('exam-setting/save', { ...setting, examRequired: false }, s.staff));
  expect(passed.filter((event) => event.myClassId === s.enrolment.id)).toHaveLength(1);
});

test('a failing score leaves the enrolment FINISHED_STUDY; a passing exercise changes nothing', async () => {
  const s = await scene({ passScore: 80 });
  const sheet = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  expect(
    await ok(
      call<ExamResult>('exam/submit', { attemptId: sheet.attemptId, answers: answers([4]) }, s.student),
    ),
  ).toMatchObject({ score: 75, passed: false });
  const exercise = await ok(
    call<ExamSheet>('exam/start', { myClassId: s.enrolment.id, kind: 'EXERCISE' }, s.student),
  );
  expect(
    await ok(
      call<ExamResult>('exam/submit', { attemptId: exercise.attemptId, answers: answers() }, s.student),
    ),
  ).toMatchObject({ score: 100, passed: true, kind: 'EXERCISE' });
  expect(await enrolmentOf(s.enrolment.id)).toMatchObject({ status: 'FINISHED_STUDY', passedAt: null });
  expect(passed.filter((event) => event.myClassId === s.enrolment.id)).toEqual([]);
  expect(
    await ok(call<ExamEntry>('my-class/exam-entry', { myClassId: s.enrolment.id }, s.student)),
  ).toMatchObject({
    attemptsUsed: 1,
    bestScore: 75,
    unlocked: true,
  });
});

test('another project never reaches the questions, papers, settings or attempts of this one', async () => {
  const s = await scene();
  const other = await scene();
  const sheet = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  const refused = [
    ['exam-question/detail', { id: s.questions.single.id }, '试题不存在'],
    ['exam-question/delete', { id: s.questions.single.id }, '试题不存在'],
    ['exam-paper/detail', { id: s.paper.id }, '试卷不存在'],
    ['exam-paper/preview', { id: s.paper.id }, '试卷不存在'],
    ['exam-setting/get', { classId: s.trainClass.id }, '班级不存在'],
    ['exam-score/attempts', { myClassId: s.enrolment.id }, '学习记录不存在'],
    ['exam-score/attempt', { attemptId: sheet.attemptId }, '考试记录不存在'],
  ] as const;
  for (const [path, body, message] of refused)
    expect(await call(path, body, other.staff)).toMatchObject({ respCode: -1, respDesc: message });
  for (const [path, body] of [
    ['exam/sheet', { attemptId: sheet.attemptId }],
    ['exam/submit', { attemptId: sheet.attemptId }],
    ['exam/result', { attemptId: sheet.attemptId }],
  ] as const)
    expect(await call(path, body, other.student)).toMatchObject({ respCode: -1, respDesc: '考试记录不存在' });
  expect(await call('my-class/exam-entry', { myClassId: s.enrolment.id }, other.student)).toMatchObject({
    respCode: -1,
    respDesc: '班级不存在或未报名',
  });
  // A paper cannot take another project's question.
  expect(
    await call(
      'exam-paper/save',
      { name: '越界', mode: 'FIXED', questions: [{ questionId: s.questions.single.id, score: 100 }] },
      other.staff,
    ),
  ).toMatchObject({ respCode: -1, attribute: { errors: [{ field: 'questions.0.questionId' }] } });
  const page = await ok(
    call<{ total: number; list: ExamQuestionItem[] }>('exam-question/page', {}, other.staff),
  );
  expect(page.list.map((q) => q.id).sort()).toEqual(
    Object.values(other.questions)
      .map((q) => q.id)
      .sort(),
  );
  const scores = await ok(call<{ list: { myClassId: number }[] }>('exam-score/page', {}, other.staff));
  expect(scores.list.map((row) => row.myClassId)).toEqual([other.enrolment.id]);
  expect(
    await ExamAttempt.count({ where: { id: sheet.attemptId, projectId: s.project.id, status: 'OPEN' } }),
  ).toBe(1);
});

test('roles: students cannot call staff calls, staff need the page, staff cannot sit exams', async () => {
  const s = await scene();
  for (const path of ['exam-question/page', 'exam-paper/page', 'exam-score/page', 'exam-setting/get'])
    expect((await call(path, { classId: s.trainClass.id }, s.student)).status).toBe(403);
  const { account } = await buildAccount({
    projectId: s.project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/resource-manage/exam-question'],
  });
  const narrow = await signIn(account);
  expect((await call('exam-question/page', {}, narrow)).status).toBe(200);
  expect((await call('exam-paper/page', {}, narrow)).status).toBe(403);
  expect((await call('exam-score/page', {}, narrow)).status).toBe(403);
  expect((await call('exam-setting/save', { classId: s.trainClass.id }, narrow)).status).toBe(403);
  expect((await call('exam/start', { myClassId: s.enrolment.id }, s.staff)).status).toBe(403);
});

test('papers: totals must be 100, used questions and papers are not deleted, random papers draw the asked counts', async () => {
  const s = await scene();
  const q = s.questions;
  expect(
    await call(
      'exam-paper/save',
      {
        name: '少分',
        mode: 'FIXED',
        questions: [
          { questionId: q.single.id, score: 40 },
          { questionId: q.judge.id, score: 50 },
        ],
      },
      s.staff,
    ),
  ).toMatchObject({ respCode: -1, respDesc: expect.stringContaining('试卷总分应为 100 分（现为 90 分）') });
  expect(
    await call(
      'exam-paper/save',
      {
        name: '重复',
        mode: 'FIXED',
        questions: [
          { questionId: q.single.id, score: 50 },
          { questionId: q.single.id, score: 50 },
        ],
      },
      s.staff,
    ),
  ).toMatchObject({ attribute: { errors: [{ field: 'questions.1.questionId', rule: 'unique' }] } });
  expect(await call('exam-paper/save', { name: '', mode: 'FIXED' }, s.staff)).toMatchObject({
    respCode: -1,
    respDesc: expect.stringContaining('请填写试卷名称'),
  });
  expect(await call('exam-question/delete', { id: q.single.id }, s.staff)).toMatchObject({
    respCode: -1,
    respDesc: '该试题已被 1 张试卷使用，不能删除',
  });
  expect(await call('exam-paper/delete', { id: s.paper.id }, s.staff)).toMatchObject({
    respCode: -1,
    respDesc: '该试卷已被 1 个班级的考试使用，不能删除',
  });
  // The rows answer the same refusals as their abilities, so the back office offers what the server allows.
  const papers = await ok(call<{ list: PaperItem[] }>('exam-paper/page', {}, s.staff));
  expect(papers.list.find((paper) => paper.id === s.paper.id)?.abilities).toEqual({
    canDelete: false,
    deleteRefusal: '该试卷已被 1 个班级的考试使用，不能删除',
  });
  expect(
    (await ok(call<ExamQuestionItem>('exam-question/detail', { id: q.single.id }, s.staff))).abilities,
  ).toEqual({
    canDelete: false,
    deleteRefusal: '该试题已被 1 张试卷使用，不能删除',
  });
  // More judge questions in a category, then a random paper: 5 judge × 10 from the category, 5 of any single × ... too few.
  const category = await ok(
    call<{ id: number }>('exam-question/category-save', { name: '消防安全' }, s.staff),
  );
  for (let i = 0; i < 8; i += 1)
    await ok(
      call(
        'exam-question/save',
        { type: 'JUDGE', content: `判断题${i}`, answer: i % 2 ? 'A' : 'B', categoryId: category.id },
        s.staff,
      ),
    );
  expect(
    await call(
      'exam-paper/save',
      {
        name: '随机不足',
        mode: 'RANDOM',
        rules: [
          { categoryId: category.id, type: 'JUDGE', count: 9, score: 10 },
          { type: 'SINGLE', count: 1, score: 10 },
        ],
      },
      s.staff,
    ),
  ).toMatchObject({ attribute: { errors: [{ field: 'rules.0.count', rule: 'available' }] } });
  const random = await ok(
    call<PaperDetail>(
      'exam-paper/save',
      {
        name: '随机卷',
        mode: 'RANDOM',
        rules: [
          { categoryId: category.id, type: 'JUDGE', count: 6, score: 10 },
          { type: 'JUDGE', count: 3, score: 10 },
          { type: 'FILL', count: 1, score: 10 },
        ],
      },
      s.staff,
    ),
  );
  expect(random).toMatchObject({
    questionCount: 10,
    totalScore: 100,
    rules: [{ available: 8 }, { available: 9 }, { available: 1 }],
  });
  const preview = await ok(call<PaperPreview>('exam-paper/preview', { id: random.id }, s.staff));
  expect(preview.questions.map((question) => question.type)).toEqual([...Array(9).fill('JUDGE'), 'FILL']);
  expect(preview.questions.slice(0, 6).every((question) => question.categoryId === category.id)).toBe(true);
  expect(new Set(preview.questions.map((question) => question.id)).size).toBe(10);
  // Students draw their own sheet from it, each as asked.
  await ok(
    call(
      'exam-setting/save',
      {
        classId: s.trainClass.id,
        examRequired: true,
        paperId: random.id,
        timeLimitMinutes: 30,
        attemptsAllowed: 3,
        passScore: 60,
        reviewPolicy: 'NEVER',
        exerciseEnabled: true,
      },
      s.staff,
    ),
  );
  const draws = [];
  for (let i = 0; i < 4; i += 1) {
    const ex = await ok(
      call<ExamSheet>('exam/start', { myClassId: s.enrolment.id, kind: 'EXERCISE' }, s.student),
    );
    expect(ex.questions.map((question) => [question.no, question.type, question.score])).toEqual(
      [...Array(9).fill('JUDGE'), 'FILL'].map((type, index) => [index + 1, type, 10]),
    );
    const stored = await ExamAttempt.findOne({ where: { id: ex.attemptId }, allTenants: true });
    draws.push((stored?.questions ?? []).map((question) => question.questionId).join(','));
    await ok(call('exam/submit', { attemptId: ex.attemptId }, s.student));
  }
  expect(new Set(draws).size).toBeGreaterThan(1);
});

test('scores: per class and student with attempts and best score, filtered, an attempt in detail, the export', async () => {
  const s = await scene({ passScore: 80 });
  const first = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  await ok(call('exam/submit', { attemptId: first.attemptId, answers: answers([1, 2]) }, s.student));
  const second = await ok(call<ExamSheet>('exam/start', { myClassId: s.enrolment.id }, s.student));
  await ok(call('exam/submit', { attemptId: second.attemptId, answers: answers() }, s.student));
  const exercise = await ok(
    call<ExamSheet>('exam/start', { myClassId: s.enrolment.id, kind: 'EXERCISE' }, s.student),
  );
  await ok(call('exam/submit', { attemptId: exercise.attemptId, answers: [] }, s.student));
  const { account: other } = await buildAccount({ projectId: s.project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const otherEnrolment = await enrol(s.trainClass, other.id, 'STUDYING');
  type Page = {
    total: number;
    list: { myClassId: number; attemptsUsed: number; bestScore: number | null; passed: boolean }[];
  };
  const page = await ok(call<Page>('exam-score/page', { classId: s.trainClass.id }, s.staff));
  expect(page.total).toBe(2);
  expect(page.list).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        myClassId: s.enrolment.id,
        attemptsUsed: 2,
        bestScore: 100,
        passed: true,
        passScore: 80,
      }),
      expect.objectContaining({
        myClassId: otherEnrolment.id,
        attemptsUsed: 0,
        bestScore: null,
        passed: false,
      }),
    ]),
  );
  expect(
    (await ok(call<Page>('exam-score/page', { passed: true }, s.staff))).list.map((row) => row.myClassId),
  ).toEqual([s.enrolment.id]);
  expect(
    (await ok(call<Page>('exam-score/page', { passed: false }, s.staff))).list.map((row) => row.myClassId),
  ).toEqual([otherEnrolment.id]);
  const attempts = await ok(
    call<{ attemptId: number; score: number }[]>(
      'exam-score/attempts',
      { myClassId: s.enrolment.id },
      s.staff,
    ),
  );
  expect(attempts.map((attempt) => [attempt.attemptId, attempt.score])).toEqual([
    [second.attemptId, 100],
    [first.attemptId, 50],
  ]);
  const detail = await ok(
    call<{ review: { correct: boolean }[] }>('exam-score/attempt', { attemptId: first.attemptId }, s.staff),
  );
  expect(detail.review.map((q) => q.correct)).toEqual([false, false, true, true]);
  expect(
    (await ok(call<{ id: number }[]>('exam-score/class-options', {}, s.staff))).map((option) => option.id),
  ).toEqual([s.trainClass.id]);
  const res = await t.http
    .get('/api/exam-score/export.action')
    .query({ classId: s.trainClass.id })
    .set('token', s.staff)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  expect(sheet.rowCount).toBe(3);
  const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
  expect(rows).toEqual(
    expect.arrayContaining([
      expect.arrayContaining([2, 3, 100, 80, '合格']),
      expect.arrayContaining([0, 3, '未合格']),
    ]),
  );
});

test('the bank: bad questions are refused naming the field; the page filters by category (and below), type and keyword', async () => {
  const b = await bank();
  const refused = async (body: object, field: string) =>
    expect(await call('exam-question/save', body, b.staff)).toMatchObject({
      respCode: -1,
      attribute: { errors: [expect.objectContaining({ field })] },
    });
  await refused({ type: 'SINGLE', content: '', options: ['甲', '乙'], answer: 'A' }, 'content');
  await refused({ type: 'ESSAY', content: '题', answer: 'A' }, 'type');
  await refused({ type: 'SINGLE', content: '题', options: ['甲'], answer: 'A' }, 'options');
  await refused({ type: 'SINGLE', content: '题', options: ['甲', '乙'], answer: 'C' }, 'answer');
  await refused({ type: 'SINGLE', content: '题', options: ['甲', '乙'], answer: '' }, 'answer');
  await refused({ type: 'MULTIPLE', content: '题', options: ['甲', '乙', '丙'], answer: 'A' }, 'answer');
  await refused({ type: 'FILL', content: '题', acceptedAnswers: [] }, 'acceptedAnswers');
  await refused({ type: 'FILL', content: '题', acceptedAnswers: ['Ab', 'aB'] }, 'acceptedAnswers');
  await refused({ type: 'FILL', content: '题', options: ['甲'], acceptedAnswers: ['甲'] }, 'options');
  await refused({ type: 'JUDGE', content: '题', answer: 'A', categoryId: 999_999 }, 'categoryId');
  const parent = await ok(call<{ id: number }>('exam-question/category-save', { name: '安全' }, b.staff));
  const child = await ok(
    call<{ id: number }>('exam-question/category-save', { name: '消防', parentId: parent.id }, b.staff),
  );
  const filed = await ok(
    call<ExamQuestionItem>(
      'exam-question/save',
      { type: 'JUDGE', content: '灭火器每月检查一次压力表。', answer: 'A', categoryId: child.id },
      b.staff,
    ),
  );
  expect(filed).toMatchObject({
    categoryName: '安全 / 消防',
    options: ['正确', '错误'],
    paperCount: 0,
    abilities: { canDelete: true, deleteRefusal: null },
  });
  type Page = { total: number; list: ExamQuestionItem[] };
  const ids = async (filters: object) =>
    (await ok(call<Page>('exam-question/page', filters, b.staff))).list.map((question) => question.id);
  expect(await ids({ categoryId: parent.id })).toEqual([filed.id]);
  expect(await ids({ type: 'FILL' })).toEqual([b.questions.fill.id]);
  expect(await ids({ keyword: '灭火' })).toEqual([filed.id, b.questions.fill.id, b.questions.multiple.id]);
  expect((await ok(call<Page>('exam-question/page', {}, b.staff))).total).toBe(5);
  expect(await call('exam-question/category-delete', { id: parent.id }, b.staff)).toMatchObject({
    respCode: -1,
  });
  expect(
    await ok(call<ExamQuestionItem>('exam-question/detail', { id: b.questions.single.id }, b.staff)),
  ).toMatchObject({ answer: 'B', paperCount: 1, analysis: `${SECRET_ANALYSIS}1` });
  await ok(call('exam-question/delete', { id: filed.id }, b.staff));
  expect(await call('exam-question/detail', { id: filed.id }, b.staff)).toMatchObject({
    respDesc: '试题不存在',
  });
});

test('a copied class keeps its exam: the copy has the same paper and settings', async () => {
  const s = await scene({ setting: { timeLimitMinutes: 45, attemptsAllowed: 2, reviewPolicy: 'NEVER' } });
  const { account } = await buildAccount({
    projectId: s.project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/train-manage/class', '/train-manage/train-class-detail'],
  });
  const classStaff = await signIn(account);
  const { ids } = await ok(call<{ ids: number[] }>('class/copy', { id: s.trainClass.id }, classStaff));
  expect(
    await ok(call<ExamSetting>('exam-setting/get', { classId: ids[0] as number }, classStaff)),
  ).toMatchObject({
    examRequired: true,
    paperId: s.paper.id,
    timeLimitMinutes: 45,
    attemptsAllowed: 2,
    reviewPolicy: 'NEVER',
    exerciseEnabled: true,
    configured: true,
  });
});

import type { ExamEntry, ExamResult, ExamSheet } from '../../contract/exam';
import type { HeartbeatAnswer, StudyInfo, StudyStart } from '../../contract/study';
import { createManualClock } from '../../core/clock';
import { DEMO, seedDemoData } from '../../db/seed';
import { createTestApp, type TestApp } from '../../testing/app';
import { signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { useTestStorage } from '../resource/resource.testing';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { DEMO_PAPER, DEMO_QUESTIONS } from './exam.demo';

const clock = createManualClock(new Date());
const storage = useTestStorage();
let t: TestApp;
beforeAll(async () => {
  // The seed runs only on a database without projects: a database of its own.
  t = await createTestApp({ providers: { ...storage.providers(), clock } });
  expect(await seedDemoData(t.sequelize)).toBe(true);
});
afterAll(() => t.close());

type Envelope<T> = { respCode: number; respDesc: string; attribute: T };
const ok = async <T>(path: string, body: object, token: string): Promise<T> => {
  const res = await t.http.post(`/api/${path}.action`).set('token', token).send(body);
  expect(res.body).toMatchObject({ respCode: 200 });
  return (res.body as Envelope<T>).attribute;
};

test('张三 enrols in the demo exam class for free, studies its lesson, sits the exam and passes', async () => {
  const student = (await Account.findOne({
    where: { idCardNo: DEMO.accounts.student.idCardNo },
    allTenants: true,
  })) as Account;
  const token = await signIn(student);
  const cls = (await TrainClass.findOne({ where: { name: DEMO.examClass }, allTenants: true })) as TrainClass;
  expect(cls).toMatchObject({ examRequired: true, examPassScore: 60, amountFen: 0, onShelf: true });

  await ok('shop-cart/one-click-join', { classIds: [cls.id] }, token);
  await ok('order/submit', {}, token);
  const enrolment = (await MyClass.findOne({
    where: { accountId: student.id, classId: cls.id },
    allTenants: true,
  })) as MyClass;
  expect(enrolment.status).toBe('STUDYING');
  const locked = await ok<ExamEntry>('my-class/exam-entry', { myClassId: enrolment.id }, token);
  expect(locked).toMatchObject({
    lockedReason: 'HOURS_NOT_CREDITED',
    timeLimitMinutes: 20,
    attemptsAllowed: 3,
    passScore: 60,
    exerciseOpen: true,
  });

  // Study the one lesson through the heartbeat judge, answering its pop-up question.
  const info = await ok<StudyInfo>('my-class/study-info', { myClassId: enrolment.id }, token);
  expect(info.courses.flatMap((course) => course.lessons)).toHaveLength(1);
  const lessonId = info.courses[0]?.lessons[0]?.lessonId as number;
  const start = await ok<StudyStart>('study/start', { myClassId: enrolment.id, lessonId }, token);
  let position = 0;
  let last: HeartbeatAnswer | undefined;
  for (let seq = 1; seq < 200 && !last?.finished; seq += 1) {
    clock.advance(15_000);
    position = Math.min(start.durationSeconds, position + 15);
    last = await ok<HeartbeatAnswer>(
      'study/heartbeat',
      { sessionId: start.sessionId, seq, position, rate: 1, visible: true },
      token,
    );
    if (last.action.kind === 'QUESTION') {
      await ok(
        'study/answer-question',
        { sessionId: start.sessionId, questionId: last.action.questionId, answer: 'B' },
        token,
      );
      position = last.action.markSecond;
    }
    if (last.action.kind === 'SEEK_TO') position = last.action.position;
  }
  expect(last).toMatchObject({ finished: true, status: 'FINISHED_STUDY' });

  const entry = await ok<ExamEntry>('my-class/exam-entry', { myClassId: enrolment.id }, token);
  expect(entry).toMatchObject({ unlocked: true, questionCount: 10 });
  const sheet = await ok<ExamSheet>('exam/start', { myClassId: enrolment.id }, token);
  expect(sheet).toMatchObject({ paperName: DEMO_PAPER, remainingSeconds: 20 * 60 });
  expect(new Set(sheet.questions.map((question) => question.type))).toEqual(
    new Set(['SINGLE', 'MULTIPLE', 'JUDGE', 'FILL']),
  );
  const onPaper = DEMO_QUESTIONS.filter((question) => question.onPaper);
  const answers = sheet.questions.map((question) => {
    const demo = onPaper.find((entry) => entry.content === question.content);
    const answer = demo?.answer ?? '';
    return { no: question.no, answer: Array.isArray(answer) ? (answer[0] as string) : answer };
  });
  const result = await ok<ExamResult>('exam/submit', { attemptId: sheet.attemptId, answers }, token);
  expect(result).toMatchObject({ score: 100, passed: true, reviewable: true });
  expect(await MyClass.findOne({ where: { id: enrolment.id }, allTenants: true })).toMatchObject({
    status: 'PASSED',
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROLE_SYSTEM } from '@px/config';
import { createPartnerClient, HEADERS, type ProgressNotice, verifySigned } from '@px/partner';
import type { PartnerNoticeItem } from '../../contract';
import type { StudyStart } from '../../contract/study';
import { createManualClock } from '../../core/clock';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildHostedProject, randomIdCardNo, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { useTestStorage } from '../resource/resource.testing';
import { buildClass } from '../train-class/train-class.testing';
import { buildPartnerApp } from './partner.testing';
import { PartnerNotice, PartnerNoticeAttempt } from './partner-api.model';
import { NOTICE_ATTEMPTS } from './partner-notice.service';

const clock = createManualClock(new Date());
const storage = useTestStorage();
let t: TestApp;
let base: string;
let staffToken: string;

/** The partner's callback: what arrived (verified), and the status it answers with. */
const received: { notice: ProgressNotice; verified: boolean; noticeId: string | undefined }[] = [];
let answerStatus = 200;
let secretOfReceiver = '';
let appKeyOfReceiver = '';
let receiver: Server;
let callbackUrl = '';

beforeAll(async () => {
  t = await createTestApp({ providers: { ...storage.providers(), clock } });
  base = await t.listen();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const verified = verifySigned(
        { appKey: appKeyOfReceiver, secrets: [secretOfReceiver] },
        { method: request.method ?? '', target: request.url ?? '', body, headers: request.headers },
        Math.floor(clock.now().getTime() / 1000),
      ).ok;
      received.push({
        notice: JSON.parse(body) as ProgressNotice,
        verified,
        noticeId: request.headers[HEADERS.noticeId] as string | undefined,
      });
      response.statusCode = answerStatus;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/px/notify?from=test`;
  const staff = await buildAccount({
    projectId: null,
    roleSystem: ROLE_SYSTEM.PLATFORM,
    menu: ['/project-manage/partner-app', '/project-manage/partner-app-detail'],
  });
  staffToken = await signIn(staff.account);
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

const staffCall = <T>(name: string, body: object) =>
  t.http
    .post(`/api/partner-app/${name}.action`)
    .set('token', staffToken)
    .send(body)
    .then((res) => res.body as { respCode: number; respDesc: string; attribute: T });

/** A partner app with a callback, a student it signed up in a one-lesson class, and the student's session. */
async function scene() {
  const { project } = await buildHostedProject();
  const cls = await buildClass({
    projectId: project.id,
    courses: [{ lessons: [{ durationSeconds: 30, hoursTenths: 10 }] }],
  });
  const { app, secret } = await buildPartnerApp(project.id, { callbackUrl });
  appKeyOfReceiver = app.appKey;
  secretOfReceiver = secret;
  const client = createPartnerClient({
    baseUrl: base,
    appKey: app.appKey,
    secret,
    nowSeconds: () => Math.floor(clock.now().getTime() / 1000),
  });
  const idCardNo = randomIdCardNo();
  const signed = await client.signUpStudent({
    requestId: `r-${idCardNo}`,
    outAccountId: `out-${idCardNo}`,
    idCardNo,
    realName: '回调学员',
    mobile: `136${idCardNo.slice(-9, -1)}`, // digits only: an ID number may end in X
    classId: cls.trainClass.id,
  });
  const student = (await Account.findOne({ where: { idCardNo }, allTenants: true })) as Account;
  return { app, cls, signed, token: await signIn(student), lessonId: cls.courses[0]?.lessons[0]?.id ?? 0 };
}

/** Plays the 30-second lesson to its end. */
async function studyTheLesson(token: string, myClassId: number, lessonId: number) {
  const call = (name: string, body: object) =>
    t.http
      .post(`/api/study/${name}.action`)
      .set('token', token)
      .send(body)
      .then((res) => res.body);
  const start = (await call('start', { myClassId, lessonId })).attribute as StudyStart;
  for (const [seq, position] of [15, 30].entries()) {
    clock.advance(15_000);
    const beat = await call('heartbeat', {
      sessionId: start.sessionId,
      seq: seq + 1,
      position,
      rate: 1,
      visible: true,
    });
    expect(beat.respCode).toBe(200);
  }
}

test('a finished lesson and a passed class reach the callback, signed, once each', async () => {
  received.length = 0;
  answerStatus = 200;
  const s = await scene();
  await studyTheLesson(s.token, s.signed.enrolmentId, s.lessonId);
  const notices = await PartnerNotice.findAll({
    where: { appId: s.app.id },
    order: [['id', 'ASC']],
    allTenants: true,
  });
  expect(notices.map((notice) => notice.event).sort()).toEqual([
    'CERTIFICATE_ISSUED',
    'CLASS_PASSED',
    'LESSON_FINISHED',
  ]);
  await t.jobs.drain();
  expect(received.map((entry) => entry.notice.event).sort()).toEqual([
    'CERTIFICATE_ISSUED',
    'CLASS_PASSED',
    'LESSON_FINISHED',
  ]);
  expect(received.every((entry) => entry.verified)).toBe(true);
  const lesson = received.find((entry) => entry.notice.event === 'LESSON_FINISHED')?.notice;
  expect(lesson).toMatchObject({
    enrolmentId: s.signed.enrolmentId,
    outAccountId: expect.stringMatching(/^out-/),
    classId: s.cls.trainClass.id,
    lessonId: s.lessonId,
    status: 'PASSED',
  });
  expect(
    received.find((entry) => entry.notice.event === 'CERTIFICATE_ISSUED')?.notice.certificateNo,
  ).toBeTruthy();
  expect(received.every((entry) => entry.noticeId === entry.notice.noticeId)).toBe(true);
  const reread = await PartnerNotice.findAll({
    where: { appId: s.app.id },
    order: [['id', 'ASC']],
    allTenants: true,
  });
  expect(reread.map((notice) => [notice.status, notice.attempts])).toEqual([
    ['DELIVERED', 1],
    ['DELIVERED', 1],
    ['DELIVERED', 1],
  ]);
  // Nothing is sent twice.
  await t.jobs.drain();
  expect(received).toHaveLength(3);
});

test('a refused delivery is logged and retried; staff replay it; retries run out as FAILED', async () => {
  received.length = 0;
  answerStatus = 503;
  const s = await scene();
  await studyTheLesson(s.token, s.signed.enrolmentId, s.lessonId);
  await t.jobs.drain();
  expect(received).toHaveLength(3);
  const list = await staffCall<{ list: PartnerNoticeItem[] }>('notices', {
    id: s.app.id,
    event: 'LESSON_FINISHED',
  });
  const [notice] = list.attribute.list;
  expect(notice).toMatchObject({ status: 'PENDING', attempts: 1, lastHttpStatus: 503, canReplay: true });
  const attempts = await PartnerNoticeAttempt.findAll({ where: { noticeId: notice?.id }, allTenants: true });
  expect(attempts.map((row) => [row.outcome, row.httpStatus, row.replay])).toEqual([
    ['REJECTED', 503, false],
  ]);

  answerStatus = 200;
  const replayed = await staffCall<PartnerNoticeItem>('replay-notice', { id: notice?.id });
  expect(replayed.respCode).toBe(200);
  await t.jobs.drain();
  const after = (
    await staffCall<{ list: PartnerNoticeItem[] }>('notices', { id: s.app.id, status: 'DELIVERED' })
  ).attribute.list;
  // (On a slow machine pg-boss's own retry, 30 s on, may have delivered others meanwhile.)
  expect(after.map((row) => row.id)).toContain(notice?.id);
  const lessonDeliveries = received.filter((entry) => entry.notice.event === 'LESSON_FINISHED');
  expect(lessonDeliveries.length).toBeGreaterThanOrEqual(2);
  for (const delivery of lessonDeliveries)
    expect(delivery.notice.noticeId).toBe(lessonDeliveries[0]?.notice.noticeId);

  // A notice whose last attempt fails ends FAILED.
  answerStatus = 500;
  const other = (await PartnerNotice.findOne({
    where: { appId: s.app.id, event: 'CLASS_PASSED' },
    allTenants: true,
  })) as PartnerNotice;
  await PartnerNotice.update(
    { attempts: NOTICE_ATTEMPTS - 1, status: 'PENDING' },
    { where: { id: other.id }, allTenants: true },
  );
  await t.jobs.queue.send('partner.notice', {
    projectId: other.projectId,
    noticeId: other.id,
    replay: false,
  });
  await t.jobs.drain();
  const failed = await PartnerNotice.findOne({ where: { id: other.id }, allTenants: true });
  expect([failed?.status, failed?.attempts]).toEqual(['FAILED', NOTICE_ATTEMPTS]);
});

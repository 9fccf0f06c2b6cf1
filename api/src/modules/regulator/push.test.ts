import { ROLE_SYSTEM } from '@px/config';
import { createRegulatorSimulator, type RegulatorSimulator } from '@px/regulator/sim';
import { createSimDatabase } from '@px/regulator/testing';
import ExcelJS from 'exceljs';
import { QueryTypes } from 'sequelize';
import type { Scope } from '../../core/action';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { rawBody } from '../../testing/http';
import { Account } from '../account/account.model';
import { Certificate } from '../my-certificate/my-certificate.model';
import { ledgerHead, verifyLedgers } from '../study/ledger';
import { passEnrolment } from '../study/progress.service';
import { LessonProgress } from '../study/study.model';
import { type MyClass, MyClass as MyClassModel } from '../train-class/train-class.model';
import { buildClass, enrol } from '../train-class/train-class.testing';
import { RegulatorPush, RegulatorPushLog } from './push.model';
import { RegulatorPushConfig } from './push-config.model';
import { dispatchPushes, sweepPushes } from './push-dispatch';
import { buildStudyRecords, classCode } from './push-record';
import { createRegulatorProvider } from './regulator.provider';

// The push pipeline against the regulator simulator over HTTP: the outbox written with the pass,
// the signed sending, duplicates, rejections and their correction, retries with backoff and their
// cap, rate limits, a dead sender's pushes taken up again, and the staff and student calls.

const PUSH_LOG_MENU = [
  '/customer/my-class-push-log-manage',
  '/customer/my-class-push-log-exception-manage',
  '/train-manage/class',
];

let simDb: Awaited<ReturnType<typeof createSimDatabase>>;
let sim: RegulatorSimulator;
let t: TestApp;
let app: { appId: string; secret: string };
let projectId: number;
let staffToken: string;

const scope = (): Scope => t.scope();
const call = (name: string, body: object, as = staffToken) =>
  t.http.post(`/api/${name}.action`).set('token', as).send(body);

/** A student who passes a class without an exam (the pass emits `enrolmentPassed`). */
async function passedStudent(
  options: { baseType?: 'public' | 'specialized'; realName?: string; classId?: number } = {},
): Promise<{ enrolment: MyClass; accountId: number; classId: number; idCardNo: string }> {
  const classId =
    options.classId ??
    (await buildClass({ projectId, baseType: options.baseType ?? 'public' })).trainClass.id;
  const student = await buildAccount({
    projectId,
    roleSystem: ROLE_SYSTEM.STUDENT,
    overrides: { realName: options.realName ?? '王五' },
  });
  const enrolment = await enrol({ id: classId, projectId }, student.account.id, 'FINISHED_STUDY');
  await enrolment.update({ requiredTenths: 10, finishedStudyAt: new Date() });
  await t.sequelize.transaction((transaction) =>
    passEnrolment(t.scope(), enrolment, null, new Date(), transaction),
  );
  return { enrolment, accountId: student.account.id, classId, idCardNo: student.account.idCardNo ?? '' };
}

const pushOf = (myClassId: number) =>
  RegulatorPush.findOne({ where: { projectId, myClassId, kind: 'ORIGINAL' }, rejectOnEmpty: true });

/** Runs the project's sender until nothing is due now (retries due later wait: `until` polls). */
async function deliver(until: (push: RegulatorPush) => boolean, myClassId: number): Promise<RegulatorPush> {
  for (let round = 0; round < 200; round++) {
    await dispatchPushes(scope(), projectId, { reschedule: false, sliceMs: 5000 });
    const push = await pushOf(myClassId);
    if (until(push)) return push;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the push did not reach the state');
}

beforeAll(async () => {
  simDb = await createSimDatabase();
  sim = createRegulatorSimulator({ databaseUrl: simDb.url, ratePerSecond: 1000 });
  const simUrl = await sim.listen();
  app = await sim.createApp('测试培训机构');
  t = await createTestApp({
    providers: {
      regulator: createRegulatorProvider({
        mode: 'simulator',
        simulatorUrl: simUrl,
        defaultEndpoint: null,
        timeoutMs: 2000,
        pipeline: { backoffBaseMs: 20, backoffMaxMs: 100, maxFailures: 3, leaseMs: 1000 },
      }),
    },
  });
  const project = await buildProject();
  projectId = project.id;
  await RegulatorPushConfig.create({
    projectId,
    enabled: true,
    endpoint: null,
    appId: app.appId,
    appSecret: app.secret,
    baseTypes: ['public'],
    pushMode: 'AUTO',
    updatedBy: null,
  });
  const staff = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: PUSH_LOG_MENU });
  staffToken = await signIn(staff.account);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await simDb?.drop();
});
beforeEach(() => sim.clearFaults());

test('passing writes the push in the same transaction; the sender files the class and delivers it, signed, once', async () => {
  const { enrolment, classId, idCardNo } = await passedStudent();
  const push = await pushOf(enrolment.id);
  expect(push).toMatchObject({ status: 'PENDING', kind: 'ORIGINAL', origin: 'AUTO', attempts: 0 });
  expect(push.pushNo).toMatch(/^RP\d{8}\d{8}$/);

  const sent = await deliver((p) => p.status === 'SUCCESS', enrolment.id);
  expect(sent).toMatchObject({ attempts: 1, duplicate: false, lastCode: 'ACCEPTED', leaseUntil: null });
  expect(sent.receiptNo).toBeTruthy();
  const held = await sim.store.record(app.appId, push.pushNo);
  expect(held?.record).toMatchObject({
    pushNo: push.pushNo,
    kind: 'ORIGINAL',
    classCode: classCode(projectId, classId),
    student: { name: '王五', idType: 'ID_CARD', idNumber: idCardNo },
    study: { hours: 1, result: 'COMPLETED', examScore: null },
  });
  expect(await sim.store.filedClass(app.appId, classCode(projectId, classId))).toMatchObject({ hours: 1 });
  // The record carries the head of the enrolment's study ledger (its pass the newest entry).
  const head = await ledgerHead(t.sequelize, projectId, enrolment.id);
  expect(head).toMatch(/^[0-9a-f]{64}$/);
  expect(held?.record.ledgerHead).toBe(head);
  const logs = await RegulatorPushLog.findAll({ where: { projectId, pushId: push.id } });
  expect(logs).toHaveLength(1);
  expect(logs[0]).toMatchObject({ attempt: 1, answerCode: 'ACCEPTED', httpStatus: 200 });
  expect(logs[0]?.request).toMatchObject({
    pushNo: push.pushNo,
    hours: 1,
    classCode: classCode(projectId, classId),
  });
  expect(logs[0]?.request.idNumber).not.toBe(idCardNo);
});

test('a pass rolled back leaves no push; a class whose base type is not reported is not pushed', async () => {
  const { trainClass } = await buildClass({ projectId });
  const student = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
  const enrolment = await enrol(trainClass, student.account.id, 'FINISHED_STUDY');
  await expect(
    t.sequelize.transaction(async (transaction) => {
      await passEnrolment(t.scope(), enrolment, null, new Date(), transaction);
      throw new Error('the pass fails later');
    }),
  ).rejects.toThrow('the pass fails later');
  expect(await RegulatorPush.count({ where: { projectId, myClassId: enrolment.id } })).toBe(0);

  const specialized = await passedStudent({ baseType: 'specialized' });
  expect(await RegulatorPush.count({ where: { projectId, myClassId: specialized.enrolment.id } })).toBe(0);
});

test('a push sent again after its answer was lost is held once: DUPLICATE counts as success', async () => {
  const { enrolment } = await passedStudent();
  const first = await deliver((p) => p.status === 'SUCCESS', enrolment.id);
  // The answer "was lost": the push is due again with what it sent.
  await first.update({ status: 'RETRY_WAIT', nextAttemptAt: new Date(), receiptNo: null });
  const again = await deliver((p) => p.status === 'SUCCESS', enrolment.id);
  expect(again).toMatchObject({ duplicate: true, lastCode: 'DUPLICATE', attempts: 2 });
  expect(again.receiptNo).toBe((await sim.store.record(app.appId, first.pushNo))?.receiptNo);
  expect((await sim.store.records(app.appId)).filter((r) => r.pushNo === first.pushNo)).toHaveLength(1);
});

test('a rejection stops retrying and waits in the exception queue; corrected there, it is sent again and accepted', async () => {
  const { enrolment, accountId, idCardNo } = await passedStudent({ realName: '赵六' });
  sim.injectFault({
    kind: 'reject-id',
    idNumber: idCardNo,
    reason: 'ID_NAME_MISMATCH',
    field: 'student.idNumber',
  });
  const refused = await deliver((p) => p.status === 'FAILED', enrolment.id);
  expect(refused).toMatchObject({
    attempts: 1,
    failures: 0,
    lastCode: 'REJECTED',
    rejectField: 'student.idNumber',
    rejectReason: 'ID_NAME_MISMATCH',
  });
  // Not retried: the sender leaves it.
  await dispatchPushes(scope(), projectId, { reschedule: false });
  expect((await pushOf(enrolment.id)).attempts).toBe(1);

  const page = await call('my-class-push-log/exception-page', { pageNum: 1, pageSize: 10 });
  const row = page.body.attribute.list.find((r: { id: number }) => r.id === refused.id);
  expect(row).toMatchObject({
    status: 'FAILED',
    realName: '赵六',
    idCardNoFull: idCardNo,
    errors: [
      {
        field: 'student.idNumber',
        fieldLabel: '身份证号',
        reason: 'ID_NAME_MISMATCH',
        message: '身份证号与姓名不一致',
      },
    ],
    canCorrect: true,
    canHandle: true,
    canRepush: true,
  });
  const mine = await t.http
    .post('/api/my-class-push-log/my-push-log.action')
    .set(
      'token',
      await signIn(await Account.findOne({ where: { projectId, id: accountId }, rejectOnEmpty: true })),
    )
    .send({});
  expect(mine.body.attribute).toEqual([
    expect.objectContaining({ myClassId: enrolment.id, state: 'FAILED', label: '上报失败' }),
  ]);
  expect(mine.body.attribute[0].reason).toContain('身份证号与姓名不一致');

  // A note is required; then the corrected name goes out under the same number.
  expect(
    (await call('my-class-push-log/exception-correct', { id: refused.id, realName: '赵陆' })).status,
  ).toBe(400);
  sim.clearFaults();
  const corrected = await call('my-class-push-log/exception-correct', {
    id: refused.id,
    realName: '赵陆',
    note: '学员姓名录入有误，已核对身份证更正',
  });
  expect(corrected.body).toMatchObject({
    respCode: 200,
    attribute: { status: 'PENDING', realName: '赵陆', handleNote: '学员姓名录入有误，已核对身份证更正' },
  });
  const accepted = await deliver((p) => p.status === 'SUCCESS', enrolment.id);
  expect(accepted.pushNo).toBe(refused.pushNo);
  expect((await sim.store.record(app.appId, refused.pushNo))?.record.student.name).toBe('赵陆');
  // Handled once: neither corrected nor marked again.
  expect(
    (await call('my-class-push-log/exception-handle', { id: refused.id, note: '再次' })).body,
  ).toMatchObject({
    respCode: -1,
    respDesc: '该记录已上报成功，无需重新上报',
  });
});

test('server errors are retried with backoff; after the cap the push fails, and re-push sends it again', async () => {
  const { enrolment } = await passedStudent();
  sim.injectFault({ kind: 'server-error', status: 503, times: 2 });
  const retried = await deliver((p) => p.status === 'SUCCESS', enrolment.id);
  expect(retried).toMatchObject({ attempts: 3, failures: 2, lastCode: 'ACCEPTED' });
  const codes = (
    await RegulatorPushLog.findAll({ where: { projectId, pushId: retried.id }, order: [['id', 'ASC']] })
  ).map((log) => [log.answerCode, log.httpStatus]);
  expect(codes).toEqual([
    ['SERVER_ERROR', 503],
    ['SERVER_ERROR', 503],
    ['ACCEPTED', 200],
  ]);

  const other = await passedStudent();
  sim.injectFault({ kind: 'outage', times: 100 });
  const given = await deliver((p) => p.status === 'FAILED', other.enrolment.id);
  expect(given).toMatchObject({ failures: 3, lastCode: 'UNREACHABLE', rejectReason: null });
  expect(given.lastMessage).toContain('已尝试 3 次仍未成功');
  sim.clearFaults();
  const again = await call('my-class-push-log/re-push', { ids: [given.id] });
  expect(again.body.attribute).toEqual({ queued: 1, refused: [] });
  const delivered = await deliver((p) => p.status === 'SUCCESS', other.enrolment.id);
  expect(delivered.failures).toBe(0);
  expect((await call('my-class-push-log/re-push', { ids: [given.id] })).body.attribute).toEqual({
    queued: 0,
    refused: [{ id: given.id, reason: '该记录已上报成功，无需重新上报' }],
  });
});

test('RATE_LIMITED waits the retry-after without counting a failure', async () => {
  const { enrolment } = await passedStudent();
  sim.injectFault({ kind: 'rate-limit', retryAfterSeconds: 1, times: 1 });
  await dispatchPushes(scope(), projectId, { reschedule: false });
  const waiting = await pushOf(enrolment.id);
  expect(waiting).toMatchObject({ status: 'RETRY_WAIT', failures: 0, lastCode: 'RATE_LIMITED' });
  expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 100);
  const sent = await deliver((p) => p.status === 'SUCCESS', enrolment.id);
  expect(sent.failures).toBe(0);
});

test('a wrong secret is refused SIGNATURE_INVALID: failed at once, not retried', async () => {
  const config = await RegulatorPushConfig.findByPk(projectId, { rejectOnEmpty: true });
  await config.update({ appSecret: 'not-the-secret-0123456789abcdef' });
  try {
    const { enrolment } = await passedStudent();
    const failed = await deliver((p) => p.status === 'FAILED', enrolment.id);
    expect(failed).toMatchObject({
      attempts: 1,
      lastCode: 'SIGNATURE_INVALID',
      lastMessage: '签名错误，请检查应用密钥',
    });
  } finally {
    await config.update({ appSecret: app.secret });
  }
});

test('a sender that died mid-batch: its pushes are due again after their lease, and sent again are held once', async () => {
  const { enrolment } = await passedStudent();
  const sent = await deliver((p) => p.status === 'SUCCESS', enrolment.id);
  // As a killed process leaves it: SENDING, the lease run out, the regulator holding the record.
  await sent.update({ status: 'SENDING', leaseUntil: new Date(Date.now() - 1000) });
  expect(await sweepPushes(scope())).toContain(projectId);
  expect((await pushOf(enrolment.id)).status).toBe('RETRY_WAIT');
  const again = await deliver((p) => p.status === 'SUCCESS', enrolment.id);
  expect(again.duplicate).toBe(true);
  expect(await sim.store.record(app.appId, sent.pushNo)).toBeTruthy();
});

test("a dead sender's claim whose lease ran out is claimed again by the next sender itself, no sweep between", async () => {
  const { enrolment } = await passedStudent();
  const sent = await deliver((p) => p.status === 'SUCCESS', enrolment.id);
  await sent.update({ status: 'SENDING', leaseUntil: new Date(Date.now() - 1000) });
  await dispatchPushes(scope(), projectId, { reschedule: false, sliceMs: 5000 });
  const again = await pushOf(enrolment.id);
  expect(again).toMatchObject({ status: 'SUCCESS', duplicate: true, attempts: sent.attempts + 1 });
});

test('a claim whose lease still runs is left alone, and the sender says when it runs out', async () => {
  const { enrolment } = await passedStudent();
  const sent = await deliver((p) => p.status === 'SUCCESS', enrolment.id);
  const leaseUntil = new Date(Date.now() + 5000);
  await sent.update({ status: 'SENDING', leaseUntil });
  const outcome = await dispatchPushes(scope(), projectId, { reschedule: false, sliceMs: 5000 });
  expect(outcome.nextAt?.getTime()).toBeLessThanOrEqual(leaseUntil.getTime());
  expect((await pushOf(enrolment.id)).status).toBe('SENDING');
  await sent.update({ leaseUntil: new Date(Date.now() - 1) });
  await deliver((p) => p.status === 'SUCCESS', enrolment.id);
});

test('staff lists: the report list, attempts, the failure export, and cross-project refusals', async () => {
  const { enrolment, classId } = await passedStudent();
  await deliver((p) => p.status === 'SUCCESS', enrolment.id);
  const list = await call('my-class-push-log/report-list', { pageNum: 1, pageSize: 5, classId });
  expect(list.body.attribute).toMatchObject({ total: 1 });
  const row = list.body.attribute.list[0];
  expect(row).toMatchObject({
    status: 'SUCCESS',
    hours: 1,
    attempts: 1,
    canRepush: false,
    studentName: '王五',
  });
  expect(row.idCardNo).toMatch(/\*/);
  const attempts = await call('my-class-push-log/attempts', { id: row.id });
  expect(attempts.body.attribute).toEqual([expect.objectContaining({ attempt: 1, answerCode: 'ACCEPTED' })]);
  const failedOnly = await call('my-class-push-log/report-list', {
    pageNum: 1,
    pageSize: 50,
    status: 'FAILED',
  });
  expect(failedOnly.body.attribute.list.every((r: { status: string }) => r.status === 'FAILED')).toBe(true);

  const file = await t.http
    .post('/api/my-class-push-log/fail-export.action')
    .set('token', staffToken)
    .send({})
    .buffer(true)
    .parse(rawBody);
  expect(file.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  expect(sheet?.getRow(1).values).toContain('失败原因');
  expect((sheet?.rowCount ?? 0) - 1).toBe(failedOnly.body.attribute.total);

  const other = await buildProject();
  const stranger = await buildAccount({
    projectId: other.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: PUSH_LOG_MENU,
  });
  const strangerToken = await signIn(stranger.account);
  expect(
    (await call('my-class-push-log/report-list', { pageNum: 1, pageSize: 5 }, strangerToken)).body.attribute
      .total,
  ).toBe(0);
  expect((await call('my-class-push-log/attempts', { id: row.id }, strangerToken)).body.respCode).toBe(-1);
  expect(
    (await call('my-class-push-log/re-push', { ids: [row.id] }, strangerToken)).body.attribute.refused,
  ).toEqual([{ id: row.id, reason: '上报记录不存在' }]);
});

test('manual reporting: the not-pushed list, count pushable, push one enrolment, push a class', async () => {
  const config = await RegulatorPushConfig.findByPk(projectId, { rejectOnEmpty: true });
  await config.update({ pushMode: 'MANUAL' });
  try {
    const { trainClass } = await buildClass({ projectId });
    const a = await passedStudent({ classId: trainClass.id });
    const b = await passedStudent({ classId: trainClass.id });
    expect(await RegulatorPush.count({ where: { projectId, classId: trainClass.id } })).toBe(0);
    const counted = await call('class/count-pushable', { ids: [trainClass.id] });
    expect(counted.body.attribute).toEqual({ total: 2, classes: [{ classId: trainClass.id, count: 2 }] });
    const waiting = await call('my-class-push-log/not-push-list', {
      pageNum: 1,
      pageSize: 10,
      classId: trainClass.id,
    });
    expect(waiting.body.attribute.total).toBe(2);
    expect(waiting.body.attribute.list[0].reason).toBe('手动上报模式，待人工上报');

    expect(
      (await call('my-class-push-log/push-my-class', { myClassId: a.enrolment.id })).body.attribute,
    ).toEqual({
      queued: 1,
      refused: [],
    });
    expect((await call('my-class-push-log/push-my-class', { myClassId: a.enrolment.id })).body).toMatchObject(
      {
        respCode: -1,
        respDesc: '该学员已上报，请在推送日志中查看',
      },
    );
    expect((await call('class/push', { id: trainClass.id })).body.attribute).toEqual({
      queued: 1,
      refused: [],
    });
    expect((await call('class/count-pushable', { ids: [trainClass.id] })).body.attribute.total).toBe(0);
    const pushB = await pushOf(b.enrolment.id);
    expect(pushB).toMatchObject({ origin: 'MANUAL', status: 'PENDING' });
    await deliver((p) => p.status === 'SUCCESS', b.enrolment.id);

    const specialized = await buildClass({ projectId, baseType: 'specialized' });
    expect((await call('class/batch-push', { ids: [specialized.trainClass.id] })).body.attribute).toEqual({
      queued: 0,
      refused: [{ id: specialized.trainClass.id, reason: '该班级的基础类型不上报' }],
    });
  } finally {
    await config.update({ pushMode: 'AUTO' });
  }
});

test('data correction: corrected hours of an accepted record are reported again as a correction, with a ledger entry', async () => {
  const { enrolment } = await passedStudent({ realName: '钱八' });
  const original = await deliver((p) => p.status === 'SUCCESS', enrolment.id);
  const corrector = await buildAccount({
    projectId,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/customer/study-report'],
  });
  const token = await signIn(corrector.account);
  // Refused at the edge (no reason) and by the class's hours; nothing written.
  const noReason = await call(
    'study-report/correct-hours',
    { myClassId: enrolment.id, requiredHours: 0.5, electiveHours: 0, reason: ' ' },
    token,
  );
  expect(noReason.body.respCode).not.toBe(200);
  expect(JSON.stringify(noReason.body)).toContain('请填写更正原因');
  const tooMany = await call(
    'study-report/correct-hours',
    { myClassId: enrolment.id, requiredHours: 99, electiveHours: 0, reason: '补录' },
    token,
  );
  expect(tooMany.body.respDesc).toContain('必修学时不能超过班级要求');
  expect(await RegulatorPush.count({ where: { projectId, myClassId: enrolment.id } })).toBe(1);

  const corrected = await call(
    'study-report/correct-hours',
    { myClassId: enrolment.id, requiredHours: 0.5, electiveHours: 0, reason: '重复计时，核减' },
    token,
  );
  expect(corrected.body.respCode).toBe(200);
  expect(corrected.body.attribute.correction).toMatchObject({
    target: 'HOURS',
    before: '必修 1.0 / 选修 0.0',
    after: '必修 0.5 / 选修 0.0',
    reason: '重复计时，核减',
    studentName: '钱八',
  });
  // What study credited stays; the correction is reported as a CORRECTION of the accepted push.
  expect((await MyClassModel.findOne({ where: { projectId, id: enrolment.id } }))?.requiredTenths).toBe(10);
  const correctionOf = () =>
    RegulatorPush.findOne({
      where: { projectId, myClassId: enrolment.id, kind: 'CORRECTION' },
      rejectOnEmpty: true,
    });
  let correction = await correctionOf();
  expect(correction).toMatchObject({ correctsId: original.id, status: 'PENDING', origin: 'CORRECTION' });
  for (let round = 0; round < 200; round++) {
    await dispatchPushes(scope(), projectId, { reschedule: false, sliceMs: 5000 });
    correction = await correctionOf();
    if (correction.status === 'SUCCESS') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(correction.status).toBe('SUCCESS');
  const held = await sim.store.record(app.appId, correction.pushNo);
  expect(held?.record).toMatchObject({
    kind: 'CORRECTION',
    corrects: original.pushNo,
    study: { hours: 0.5 },
  });
  // The ledger holds the correction (its head went with the correction) and still verifies.
  const head = await ledgerHead(t.sequelize, projectId, enrolment.id);
  expect(held?.record.ledgerHead).toBe(head);
  const [entry] = await t.sequelize.query<{ kind: string; body: Record<string, unknown> }>(
    'SELECT kind, body FROM study_ledger WHERE my_class_id = :id ORDER BY seq DESC LIMIT 1',
    { replacements: { id: enrolment.id }, type: QueryTypes.SELECT },
  );
  expect(entry).toMatchObject({
    kind: 'CORRECTION',
    body: { target: 'HOURS', fromRequiredTenths: 10, toRequiredTenths: 5, reason: '重复计时，核减' },
  });
  expect((await verifyLedgers(t.sequelize, { projectId, myClassId: enrolment.id })).mismatches).toEqual([]);
  // Listed with the push that reported it; the same hours again change nothing.
  const list = await call(
    'study-report/corrections',
    { pageNum: 1, pageSize: 10, myClassId: enrolment.id },
    token,
  );
  expect(list.body.attribute).toMatchObject({ total: 1 });
  expect(list.body.attribute.list[0]).toMatchObject({ correctionPushNo: correction.pushNo });
  const same = await call(
    'study-report/correct-hours',
    { myClassId: enrolment.id, requiredHours: 0.5, electiveHours: 0, reason: '再次核减' },
    token,
  );
  expect(same.body.respDesc).toBe('学时没有变化');
  // 学习档案纠正 finds the enrolment with the archive's calls: the row carries the corrected hours,
  // the detail the correction beside the original; the student's 我的班级 shows it too.
  const found = await call('study-report/page', { pageNum: 1, pageSize: 10, student: '钱八' }, token);
  expect(found.body.attribute.list).toEqual([
    expect.objectContaining({
      myClassId: enrolment.id,
      creditedRequiredHours: 1,
      correctedHours: { requiredHours: 0.5, electiveHours: 0 },
    }),
  ]);
  const detail = await call('study-report/detail', { myClassId: enrolment.id }, token);
  expect(detail.body.attribute.corrections).toEqual([
    expect.objectContaining({
      before: '必修 1.0 / 选修 0.0',
      after: '必修 0.5 / 选修 0.0',
      reason: '重复计时，核减',
    }),
  ]);
  expect((await call('study-report/class-options', {}, token)).body.respCode).toBe(200);
  const owner = await Account.findOne({ where: { projectId, id: enrolment.accountId }, rejectOnEmpty: true });
  const mine = await call('my-class/page', { pageNum: 1, pageSize: 10 }, await signIn(owner));
  expect(mine.body.attribute.list.find((item: { id: number }) => item.id === enrolment.id)).toMatchObject({
    corrections: [
      {
        target: 'HOURS',
        before: '必修 1.0 / 选修 0.0',
        after: '必修 0.5 / 选修 0.0',
        reason: '重复计时，核减',
      },
    ],
  });
  // Another project's staff find no such enrolment.
  const other = await buildProject();
  const stranger = await buildAccount({
    projectId: other.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/customer/study-report'],
  });
  const refused = await call(
    'study-report/correct-hours',
    { myClassId: enrolment.id, requiredHours: 0.2, electiveHours: 0, reason: '越权' },
    await signIn(stranger.account),
  );
  expect(refused.body.respDesc).toBe('学习记录不存在');
});

test('data correction of a lesson: a started lesson marked finished rolls the hours up, with the correction in the ledger', async () => {
  const built = await buildClass({
    projectId,
    baseType: 'specialized',
    courses: [{ lessons: [{ durationSeconds: 60, hoursTenths: 10 }] }],
  });
  const student = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
  const enrolment = await enrol(built.trainClass, student.account.id, 'STUDYING');
  const course = built.courses[0];
  const progress = await LessonProgress.create({
    projectId,
    accountId: student.account.id,
    myClassId: enrolment.id,
    courseId: course?.course.id ?? 0,
    resourceId: course?.videos[0]?.id ?? 0,
    courseName: '课程',
    lessonName: '第一课',
    durationSeconds: 60,
    hoursTenths: 10,
    creditedSeconds: 58,
  });
  const corrector = await buildAccount({
    projectId,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/customer/study-report'],
  });
  const token = await signIn(corrector.account);
  const answer = await call(
    'study-report/correct-lesson',
    { myClassId: enrolment.id, progressId: progress.id, finished: true, reason: '断网导致最后两秒未计入' },
    token,
  );
  expect(answer.body.respCode).toBe(200);
  expect(answer.body.attribute.correction).toMatchObject({
    target: 'LESSON',
    lessonName: '第一课',
    before: '未完成',
    after: '已完成',
  });
  expect(await MyClassModel.findOne({ where: { projectId, id: enrolment.id } })).toMatchObject({
    requiredTenths: 10,
    status: 'PASSED',
  });
  const kinds = await t.sequelize.query<{ kind: string }>(
    'SELECT kind FROM study_ledger WHERE my_class_id = :id ORDER BY seq',
    { replacements: { id: enrolment.id }, type: QueryTypes.SELECT },
  );
  expect(kinds.map((row) => row.kind)).toEqual(['CORRECTION', 'HOURS']);
  expect((await verifyLedgers(t.sequelize, { projectId, myClassId: enrolment.id })).mismatches).toEqual([]);
  const again = await call(
    'study-report/correct-lesson',
    { myClassId: enrolment.id, progressId: progress.id, finished: true, reason: '重复' },
    token,
  );
  expect(again.body.respDesc).toBe('该课时已完成');
});

test('the records of a batch are built together, each from its own enrolment, student and certificate', async () => {
  const { trainClass } = await buildClass({ projectId, baseType: 'public' });
  const first = await passedStudent({ classId: trainClass.id, realName: '赵一' });
  const second = await passedStudent({ classId: trainClass.id, realName: '钱二' });
  // The first has a class certificate, the second none (whatever passing issued is replaced).
  await Certificate.destroy({ where: { projectId, myClassId: [first.enrolment.id, second.enrolment.id] } });
  await Certificate.create({
    projectId,
    kind: 'CLASS',
    accountId: first.accountId,
    myClassId: first.enrolment.id,
    classId: trainClass.id,
    year: 2026,
    certificateNo: `ZS${Date.now()}`,
    verifyCode: 'AB12CD34',
    studentName: '赵一',
    idCardMasked: '1101**********0011',
    className: trainClass.name,
    publicTenths: 10,
    specializedTenths: 0,
    electiveTenths: 0,
    issueDate: '2026-03-01',
  });
  await first.enrolment.update({ requiredTenths: 7 });
  const pushes = [await pushOf(first.enrolment.id), await pushOf(second.enrolment.id)];
  const records = await buildStudyRecords(
    t.sequelize,
    pushes.map((push) => ({ push, corrects: null })),
    new Date('2026-03-05T02:00:00Z'),
  );
  expect(records.get(pushes[0]?.id ?? 0)).toMatchObject({
    student: { name: '赵一', idNumber: first.idCardNo },
    study: { hours: 0.7, result: 'COMPLETED' },
    certificate: { number: expect.stringMatching(/^ZS\d+$/), issuedOn: '2026-03-01' },
    reportedAt: '2026-03-05T10:00:00+08:00',
  });
  expect(records.get(pushes[1]?.id ?? 0)).toMatchObject({
    student: { name: '钱二', idNumber: second.idCardNo },
    study: { hours: 1 },
    certificate: null,
  });
  // A push whose student is gone from its project has no record (the sender fails it DATA_MISSING).
  const stray = RegulatorPush.build({ ...(pushes[1]?.get() ?? {}), id: -1, accountId: -1 });
  expect((await buildStudyRecords(t.sequelize, [{ push: stray, corrects: null }], new Date())).size).toBe(0);
});

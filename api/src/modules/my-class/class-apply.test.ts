import { ROLE_SYSTEM } from '@px/config';
import {
  createWechatSimulator,
  mpSimulator,
  openIdOf,
  type SimApp,
  type WechatSimulator,
} from '@px/wechat/sim';
import { CLASS_APPLY_MESSAGES as M } from '../../contract/class-apply';
import { MY_CLASS_END_MESSAGES } from '../../contract/my-class';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import type { Project } from '../project/project.model';
import { useTestStorage } from '../resource/resource.testing';
import { SmsOutbox } from '../sms/sms-outbox.model';
import { ClassApply } from '../train-class/class-apply.model';
import { MyClass, type TrainClass } from '../train-class/train-class.model';
import { buildClass, enrol } from '../train-class/train-class.testing';
import { createWechatGateway } from '../wechat/wechat.gateway';
import { WechatBinding, Wxapp, WxappProject } from '../wechat/wxapp.model';
import { StudyNotice } from './study-notice.model';

// Issue 27, the spec's remaining 我的班级 calls: enrolment applications (my-class/apply, class-apply/*)
// gating the cart and checkout of classes marked 报名需审核; 结束班级 (my-class/end-class) moving a
// passed class to 已结束; study reminders (class/notify-study-class) by SMS and WeChat template
// message, once per student and day.

const APP: SimApp = {
  appId: 'wx27b0000000000001',
  appSecret: 'e'.repeat(32),
  name: '提醒测试服务号',
  token: 'remindToken2026',
  encodingAESKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  pushMode: 'plain',
};
const TEMPLATE = 'studyRemindTpl_01';

let t: TestApp;
let sim: WechatSimulator;
useTestStorage();
beforeAll(async () => {
  sim = createWechatSimulator({ apps: [{ ...APP }] });
  await sim.listen();
  const wechat = createWechatGateway({
    endpoints: sim.endpoints(),
    publicUrl: 'http://h5.example.test',
    bridgeScript: null,
  });
  t = await createTestApp({ providers: { wechat } });
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

const APPLY_PAGE = '/train-manage/class-apply';
const post = (path: string, token: string, body: object) =>
  t.http.post(`/api/${path}.action`).set('token', token).send(body);

interface World {
  project: Project;
  student: string;
  studentId: number;
  staff: string;
  cls: TrainClass;
}

async function world(classFields: Partial<TrainClass> = {}): Promise<World> {
  const project = await buildProject({ settings: { studyRemindTemplateId: TEMPLATE } });
  const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const { account: staffAccount } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/train-manage', APPLY_PAGE, '/train-manage/class'],
  });
  const cls = (await buildClass({ projectId: project.id, applyRequired: true, ...classFields })).trainClass;
  return {
    project,
    student: await signIn(account),
    studentId: account.id,
    staff: await signIn(staffAccount),
    cls,
  };
}

describe('enrolment applications', () => {
  test('a class marked 报名需审核 is bought only after staff approve the application', async () => {
    const w = await world();
    const addToCart = () => post('shop-cart/save', w.student, { classId: w.cls.id });
    expect((await addToCart()).body.respDesc).toBe(M.NOT_APPROVED);

    const applied = await post('my-class/apply', w.student, { classId: w.cls.id, reason: '单位安排' });
    expect(applied.body.attribute).toMatchObject({ status: 'PENDING', remark: null });
    expect((await post('my-class/apply', w.student, { classId: w.cls.id })).body.respDesc).toBe(M.PENDING);
    const detail = await post('class/find-detail', w.student, { id: w.cls.id });
    expect(detail.body.attribute).toMatchObject({ applyRequired: true, apply: { status: 'PENDING' } });
    expect((await addToCart()).body.respDesc).toBe(M.NOT_APPROVED);

    const page = await post('class-apply/page', w.staff, { status: 'PENDING' });
    expect(page.body.attribute.total).toBe(1);
    const [row] = page.body.attribute.list;
    expect(row).toMatchObject({
      className: w.cls.name,
      reason: '单位安排',
      canApprove: true,
      canReject: true,
      rejectRefusal: null,
    });
    const approved = await post('class-apply/audit', w.staff, { id: row.id, pass: true });
    expect(approved.body.attribute).toMatchObject({ status: 'APPROVED', canApprove: false });
    expect(approved.body.attribute.approveRefusal).toBe(M.NOT_PENDING);
    expect(
      (await post('class-apply/audit', w.staff, { id: row.id, pass: false, remark: 'x' })).body.respDesc,
    ).toBe(M.NOT_PENDING);

    expect((await addToCart()).body.respCode).toBe(200);
    const submitted = await post('order/submit', w.student, {});
    expect(submitted.body.respCode).toBe(200);
    expect((await post('my-class/apply', w.student, { classId: w.cls.id })).body.respDesc).toBe(M.ENROLLED);
  });

  test('a rejection needs a reason the student reads; the student may apply again', async () => {
    const w = await world();
    const applied = (await post('my-class/apply', w.student, { classId: w.cls.id })).body.attribute;
    const noReason = await post('class-apply/audit', w.staff, { id: applied.id, pass: false });
    expect(noReason.status).toBe(400);
    expect(noReason.body.attribute.errors[0].field).toBe('remark');
    const rejected = await post('class-apply/audit', w.staff, {
      id: applied.id,
      pass: false,
      remark: '名额已满',
    });
    expect(rejected.body.attribute.status).toBe('REJECTED');
    const detail = await post('class/find-detail', w.student, { id: w.cls.id });
    expect(detail.body.attribute.apply).toMatchObject({ status: 'REJECTED', remark: '名额已满' });
    expect((await post('shop-cart/save', w.student, { classId: w.cls.id })).body.respDesc).toBe(
      M.NOT_APPROVED,
    );
    expect((await post('my-class/apply', w.student, { classId: w.cls.id })).body.attribute.status).toBe(
      'PENDING',
    );
  });

  test('classes without the mark need no application; the checkout refuses a marked class in the cart', async () => {
    const w = await world({ applyRequired: false });
    expect((await post('my-class/apply', w.student, { classId: w.cls.id })).body.respDesc).toBe(
      M.NOT_REQUIRED,
    );
    expect((await post('shop-cart/save', w.student, { classId: w.cls.id })).body.respCode).toBe(200);
    await w.cls.update({ applyRequired: true });
    const cart = (await post('shop-cart/find', w.student, {})).body.attribute;
    const submitted = await post('order/submit', w.student, { cartItemIds: [cart.items[0].id] });
    expect(submitted.body.respDesc).toContain(M.NOT_APPROVED);
  });

  test("another project's staff and students never see or decide the application", async () => {
    const w = await world();
    const other = await world();
    const applied = (await post('my-class/apply', w.student, { classId: w.cls.id })).body.attribute;
    expect((await post('class-apply/audit', other.staff, { id: applied.id, pass: true })).body.respDesc).toBe(
      M.NOT_FOUND,
    );
    expect((await post('class-apply/page', other.staff, {})).body.attribute.total).toBe(0);
    expect((await post('my-class/apply', other.student, { classId: w.cls.id })).body.respCode).toBe(-1);
    expect((await post('class-apply/page', w.student, {})).status).toBe(403);
    const row = await ClassApply.findOne({ where: { projectId: w.project.id, id: applied.id } });
    expect(row?.status).toBe('PENDING');
  });
});

describe('结束班级', () => {
  test('a passed class is ended once and moves to 已结束; others are refused with the reason', async () => {
    const w = await world({ applyRequired: false });
    const passed = await enrol(w.cls, w.studentId, 'PASSED');
    const other = (await buildClass({ projectId: w.project.id })).trainClass;
    const studying = await enrol(other, w.studentId, 'STUDYING');
    const current = (await post('my-class/page', w.student, { scope: 'current' })).body.attribute.list;
    expect(current.find((item: { id: number }) => item.id === passed.id)).toMatchObject({
      canEnd: true,
      endRefusal: null,
    });
    expect(current.find((item: { id: number }) => item.id === studying.id)).toMatchObject({
      canEnd: false,
      endRefusal: MY_CLASS_END_MESSAGES.NOT_PASSED,
    });

    const ended = await post('my-class/end-class', w.student, { id: passed.id });
    expect(ended.body.attribute).toMatchObject({
      id: passed.id,
      canEnd: false,
      endRefusal: MY_CLASS_END_MESSAGES.ENDED,
    });
    expect(ended.body.attribute.endedAt).not.toBeNull();
    const after = (await post('my-class/page', w.student, { scope: 'current' })).body.attribute.list;
    expect(after.map((item: { id: number }) => item.id)).toEqual([studying.id]);
    const endedList = (await post('my-class/page', w.student, { scope: 'ended' })).body.attribute.list;
    expect(endedList.map((item: { id: number }) => item.id)).toEqual([passed.id]);

    expect((await post('my-class/end-class', w.student, { id: passed.id })).body.respDesc).toBe(
      MY_CLASS_END_MESSAGES.ENDED,
    );
    expect((await post('my-class/end-class', w.student, { id: studying.id })).body.respDesc).toBe(
      MY_CLASS_END_MESSAGES.NOT_PASSED,
    );
    const stranger = await world();
    expect((await post('my-class/end-class', stranger.student, { id: studying.id })).body.respDesc).toBe(
      MY_CLASS_END_MESSAGES.NOT_FOUND,
    );
    const row = await MyClass.findOne({ where: { projectId: w.project.id, id: studying.id } });
    expect(row?.endedAt).toBeNull();
  });
});

describe('学习提醒', () => {
  test('students still studying get an SMS and, bound and following, a WeChat message, once a day', async () => {
    const w = await world({ applyRequired: false });
    const wxapp = await Wxapp.create({
      name: APP.name,
      appId: APP.appId,
      appSecret: APP.appSecret,
      pushToken: APP.token,
      encodingAesKey: APP.encodingAESKey,
      pushMode: 'plain',
      mchId: null,
      mchSerialNo: null,
      mchPrivateKey: null,
      apiV3Key: null,
      platformSerialNo: null,
      platformPublicKey: null,
    });
    await WxappProject.create({ projectId: w.project.id, wxappId: wxapp.id });
    // 学员一 bound and following; 学员二 bound, not following; 学员三 not bound; 学员四 passed.
    const students = await Promise.all(
      [1, 2, 3, 4].map(() => buildAccount({ projectId: w.project.id, roleSystem: ROLE_SYSTEM.STUDENT })),
    );
    const [one, two, three, four] = students.map((built) => built.account) as [
      (typeof students)[0]['account'],
      (typeof students)[0]['account'],
      (typeof students)[0]['account'],
      (typeof students)[0]['account'],
    ];
    for (const [account, user] of [
      [one, 'zhangsan'],
      [two, 'lisi'],
    ] as const) {
      await WechatBinding.create({
        wxappId: wxapp.id,
        openId: openIdOf(APP.appId, user),
        unionId: null,
        accountId: account.id,
        projectId: w.project.id,
        nickname: null,
        avatarUrl: null,
      });
    }
    await mpSimulator(sim).follow(APP.appId, 'zhangsan');
    for (const account of [one, two, three]) await enrol(w.cls, account.id, 'STUDYING');
    await enrol(w.cls, four.id, 'PASSED');

    const first = await post('class/notify-study-class', w.staff, { classId: w.cls.id });
    expect(first.body.attribute).toEqual({ students: 3, notified: 3, alreadyToday: 0, sms: 3, wechat: 2 });
    const outbox = await SmsOutbox.findAll({
      where: { projectId: w.project.id, mobile: one.mobile as string },
    });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.content).toContain(`「${w.cls.name}」`);
    expect(await SmsOutbox.count({ where: { projectId: w.project.id, mobile: four.mobile as string } })).toBe(
      0,
    );

    await t.jobs.drain();
    const states = new Map(
      (await StudyNotice.findAll({ where: { projectId: w.project.id, classId: w.cls.id } })).map((row) => [
        row.accountId,
        row.wechatState,
      ]),
    );
    expect(Object.fromEntries(states)).toEqual({
      [one.id]: 'SENT',
      [two.id]: 'SKIPPED',
      [three.id]: 'SKIPPED',
    });
    const messages = mpSimulator(sim).templateMessages(APP.appId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ openId: openIdOf(APP.appId, 'zhangsan'), templateId: TEMPLATE });
    expect(messages[0]?.data.keyword1?.value).toBe(w.cls.name);

    const again = await post('class/notify-study-class', w.staff, { classId: w.cls.id });
    expect(again.body.attribute).toEqual({ students: 3, notified: 0, alreadyToday: 3, sms: 0, wechat: 0 });
    await t.jobs.drain();
    expect(mpSimulator(sim).templateMessages(APP.appId)).toHaveLength(1);
    expect(await SmsOutbox.count({ where: { projectId: w.project.id, mobile: one.mobile as string } })).toBe(
      1,
    );
  });

  test("another project's class is refused and nobody is reminded", async () => {
    const w = await world({ applyRequired: false });
    const other = await world({ applyRequired: false });
    await enrol(w.cls, w.studentId, 'STUDYING');
    const answer = await post('class/notify-study-class', other.staff, { classId: w.cls.id });
    expect(answer.body.respDesc).toBe('班级不存在');
    expect(await StudyNotice.count({ where: { projectId: w.project.id } })).toBe(0);
    expect((await post('class/notify-study-class', w.student, { classId: w.cls.id })).status).toBe(403);
  });
});

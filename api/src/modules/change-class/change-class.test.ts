import { ROLE_SYSTEM } from '@px/config';
import {
  type ChangeClassOptions,
  type ChangeClassView,
  CHANGE_CLASS_MESSAGES as M,
} from '../../contract/change-class';
import type { MyClassPage } from '../../contract/my-class';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { PayOrder, PayOrderItem } from '../order/order.model';
import type { Project } from '../project/project.model';
import { useTestStorage } from '../resource/resource.testing';
import { MyClass, type TrainClass } from '../train-class/train-class.model';
import { buildClass, enrol } from '../train-class/train-class.testing';
import { ChangeClassApply } from './change-class.model';

// Issue 15, class changes: the student's application within the openChangeClass* rules, the back
// office's approval (old enrolment CHANGED_OUT, a new one STUDYING, the order paying for it),
// rejection and cancellation, each refused where the rules, the role or the tenant say no.

let t: TestApp;
useTestStorage();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MANAGE = '/train-manage/change-class-manage';
const DAY = 24 * 60 * 60 * 1000;
let serial = 0;

const call = (key: string, token: string, body: object) =>
  t.http.post(`/api/change-class/${key}.action`).set('token', token).send(body);

const OPEN = {
  openChangeClass: 1,
  openChangeClassSameAmount: 1,
  openChangeClassProcess: 20,
  openChangeClassDays: 7,
};

interface World {
  project: Project;
  student: string;
  studentId: number;
  staff: string;
  myClass: MyClass;
  from: TrainClass;
  same: TrainClass;
  cheaper: TrainClass;
  dearer: TrainClass;
  item: PayOrderItem;
}

/** A project with the given rules; a student who paid 100.00 for a class; three other offered classes. */
async function world(settings: Record<string, unknown> = OPEN, paidDaysAgo = 1): Promise<World> {
  const project = await buildProject({ settings });
  const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const { account: staffAccount } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: [MANAGE, `${MANAGE}/detail`],
  });
  const from = (await buildClass({ projectId: project.id, amountFen: 10_000 })).trainClass;
  const same = (await buildClass({ projectId: project.id, amountFen: 10_000 })).trainClass;
  const cheaper = (await buildClass({ projectId: project.id, amountFen: 5_000 })).trainClass;
  const dearer = (await buildClass({ projectId: project.id, amountFen: 20_000 })).trainClass;
  const myClass = await enrol(from, account.id, 'STUDYING');
  const paidAt = new Date(Date.now() - paidDaysAgo * DAY);
  const order = await PayOrder.create({
    projectId: project.id,
    orderNo: `CC${Date.now()}${serial++}`.slice(0, 24),
    accountId: account.id,
    unitId: null,
    status: 'PAID',
    channel: 'WX_JSAPI',
    totalFen: 10_000,
    paidFen: 10_000,
    expiresAt: null,
    paidAt,
  });
  const item = await PayOrderItem.create({
    orderId: order.id,
    projectId: project.id,
    classId: from.id,
    className: from.name,
    classYear: from.year,
    amountFen: 10_000,
    myClassId: myClass.id,
  });
  return {
    project,
    student: await signIn(account),
    studentId: account.id,
    staff: await signIn(staffAccount),
    myClass,
    from,
    same,
    cheaper,
    dearer,
    item,
  };
}

const statusOf = async (myClass: MyClass) =>
  (await MyClass.findOne({ where: { projectId: myClass.projectId, id: myClass.id } }))?.status;

const refusal = async (w: World, body: object = {}) => {
  const res = await call('do-change-my-class', w.student, {
    myClassId: w.myClass.id,
    toClassId: w.same.id,
    reason: '时间冲突',
    ...body,
  });
  return res.body.respDesc as string;
};

test('apply, approve: the old enrolment is CHANGED_OUT, a new one STUDYING, the order pays for it', async () => {
  const w = await world();
  const options = (await call('options', w.student, { myClassId: w.myClass.id })).body
    .attribute as ChangeClassOptions;
  expect(options).toMatchObject({ refusal: null, paidFen: 10_000, progressPercent: 0, pending: null });
  expect(options.rules).toEqual({ sameAmount: true, maxProgress: 20, days: 7 });
  expect(options.targets.map((target) => target.id)).toEqual([w.same.id]);

  const applied = await call('do-change-my-class', w.student, {
    myClassId: w.myClass.id,
    toClassId: w.same.id,
    reason: '工作调整',
  });
  expect(applied.body.attribute).toMatchObject({
    status: 'PENDING',
    toClassId: w.same.id,
    reason: '工作调整',
  });
  const id = (applied.body.attribute as ChangeClassView).id;
  expect(await refusal(w)).toBe(M.PENDING);
  const again = (await call('options', w.student, { myClassId: w.myClass.id })).body
    .attribute as ChangeClassOptions;
  expect(again).toMatchObject({ refusal: M.PENDING, pending: { id }, targets: [] });

  const list = await call('page', w.staff, { pageNum: 1, pageSize: 10, status: 'PENDING' });
  expect(list.body.attribute.list.map((row: ChangeClassView) => row.id)).toEqual([id]);
  const approved = await call('audit', w.staff, { id, pass: true, remark: '同意' });
  expect(approved.body.attribute).toMatchObject({
    status: 'DONE',
    remark: '同意',
    auditedByName: expect.any(String),
  });
  const started = (approved.body.attribute as ChangeClassView).newMyClassId as number;

  expect(await statusOf(w.myClass)).toBe('CHANGED_OUT');
  const fresh = await MyClass.findOne({ where: { projectId: w.project.id, id: started } });
  expect(fresh).toMatchObject({ classId: w.same.id, status: 'STUDYING', accountId: w.studentId });
  const item = await PayOrderItem.findOne({ where: { projectId: w.project.id, id: w.item.id } });
  expect(item?.myClassId).toBe(started);
  const mine = (
    await t.http.post('/api/my-class/page.action').set('token', w.student).send({ scope: 'current' })
  ).body.attribute as MyClassPage;
  expect(mine.list.map((row) => row.classId)).toEqual([w.same.id]);

  expect((await call('audit', w.staff, { id, pass: false, remark: '晚了' })).body.respDesc).toBe(
    M.NOT_PENDING,
  );
  expect(await refusal(w)).toBe(M.STATE);
});

test('each rule refuses: closed, days, progress, same amount, dearer, enrolled, same class, state, unpaid', async () => {
  expect(await refusal(await world({ ...OPEN, openChangeClass: 0 }))).toBe(M.CLOSED);
  expect(await refusal(await world(OPEN, 8))).toBe(M.DAYS(7));

  const progressed = await world();
  await progressed.myClass.update({ requiredTenths: 3 }); // 3 of 10 tenths: 30 %
  expect(await refusal(progressed)).toBe(M.PROGRESS(20));

  const sameAmount = await world();
  expect(await refusal(sameAmount, { toClassId: sameAmount.cheaper.id })).toBe(M.SAME_AMOUNT);
  expect(await refusal(sameAmount, { toClassId: sameAmount.from.id })).toBe(M.SAME_CLASS);
  await enrol(sameAmount.same, sameAmount.studentId, 'STUDYING');
  expect(await refusal(sameAmount)).toBe(M.ENROLLED);

  const anyAmount = await world({ ...OPEN, openChangeClassSameAmount: 0 });
  expect(await refusal(anyAmount, { toClassId: anyAmount.dearer.id })).toBe(M.DEARER);
  const options = (await call('options', anyAmount.student, { myClassId: anyAmount.myClass.id })).body
    .attribute as ChangeClassOptions;
  expect(options.targets.map((target) => target.id).sort()).toEqual(
    [anyAmount.same.id, anyAmount.cheaper.id].sort(),
  );
  const cheaper = await call('do-change-my-class', anyAmount.student, {
    myClassId: anyAmount.myClass.id,
    toClassId: anyAmount.cheaper.id,
    reason: '换个便宜的',
  });
  expect(cheaper.body.attribute).toMatchObject({ status: 'PENDING', paidFen: 10_000, toAmountFen: 5_000 });

  const passed = await world();
  await passed.myClass.update({ status: 'PASSED' });
  expect(await refusal(passed)).toBe(M.STATE);

  // Given free by a unit or staff without an order of the student's: nothing paid to move.
  const unpaid = await world();
  await unpaid.item.update({ myClassId: null });
  expect(await refusal(unpaid)).toBe(M.NOT_PAID);

  const none = await world();
  expect(await refusal(none, { toClassId: none.dearer.id + 100_000 })).toBe(M.TARGET);
  expect(await ChangeClassApply.count({ where: { projectId: none.project.id } })).toBe(0);
});

/** The enrolment as the student's 我的班级 answers it. */
const cardOf = async (w: World) => {
  const page = (await t.http.post('/api/my-class/page.action').set('token', w.student).send({})).body
    .attribute as MyClassPage;
  return page.list.find((item) => item.id === w.myClass.id);
};

test('我的班级 offers 转班 by the same policy the application is judged by, and while one is pending', async () => {
  const open = await world();
  expect(await cardOf(open)).toMatchObject({ canChangeClass: true, changeClassRefusal: null });

  const closed = await world({ ...OPEN, openChangeClass: 0 });
  const late = await world(OPEN, 8);
  const progressed = await world();
  await progressed.myClass.update({ requiredTenths: 3 });
  const passed = await world();
  await passed.myClass.update({ status: 'PASSED' });
  const unpaid = await world();
  await unpaid.item.update({ myClassId: null });
  for (const [w, reason] of [
    [closed, M.CLOSED],
    [late, M.DAYS(7)],
    [progressed, M.PROGRESS(20)],
    [passed, M.STATE],
    [unpaid, M.NOT_PAID],
  ] as const) {
    expect(await cardOf(w)).toMatchObject({ canChangeClass: false, changeClassRefusal: reason });
    expect(await refusal(w)).toBe(reason);
  }

  // A pending application keeps 转班 (its page shows the application and 撤销申请) past the days.
  const applied = (
    await call('do-change-my-class', open.student, {
      myClassId: open.myClass.id,
      toClassId: open.same.id,
      reason: '时间冲突',
    })
  ).body.attribute as ChangeClassView;
  await PayOrder.update(
    { paidAt: new Date(Date.now() - 8 * DAY) },
    { where: { projectId: open.project.id, id: open.item.orderId } },
  );
  expect(await cardOf(open)).toMatchObject({ canChangeClass: true, changeClassRefusal: null });
  await call('my-cancel', open.student, { id: applied.id });
  expect(await cardOf(open)).toMatchObject({ canChangeClass: false, changeClassRefusal: M.DAYS(7) });
});

test('reject needs a reason; the student withdraws their own; staff cancel with a reason; approval checks again', async () => {
  const w = await world();
  const apply = async () =>
    (
      await call('do-change-my-class', w.student, {
        myClassId: w.myClass.id,
        toClassId: w.same.id,
        reason: '原因',
      })
    ).body.attribute as ChangeClassView;

  const first = await apply();
  const noReason = await call('audit', w.staff, { id: first.id, pass: false });
  expect(noReason.body.attribute).toEqual({ errors: [expect.objectContaining({ field: 'remark' })] });
  expect(
    (await call('audit', w.staff, { id: first.id, pass: false, remark: '材料不全' })).body.attribute,
  ).toMatchObject({
    status: 'REJECTED',
    remark: '材料不全',
  });
  expect(await statusOf(w.myClass)).toBe('STUDYING');

  const second = await apply();
  const { account: other } = await buildAccount({ projectId: w.project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  expect((await call('my-cancel', await signIn(other), { id: second.id })).body.respDesc).toBe(
    '转班申请不存在',
  );
  expect((await call('my-cancel', w.student, { id: second.id })).body.attribute).toMatchObject({
    status: 'CANCELLED',
  });

  const third = await apply();
  expect((await call('cancel', w.staff, { id: third.id })).body.attribute).toEqual({
    errors: [expect.objectContaining({ field: 'remark' })],
  });
  expect(
    (await call('cancel', w.staff, { id: third.id, remark: '学员来电撤销' })).body.attribute,
  ).toMatchObject({
    status: 'CANCELLED',
  });

  const fourth = await apply();
  await w.same.update({ onShelf: false });
  const late = await call('audit', w.staff, { id: fourth.id, pass: true });
  expect(late.body.respDesc).toBe(`不能通过：${M.TARGET}`);
  expect(
    (await ChangeClassApply.findOne({ where: { projectId: w.project.id, id: fourth.id } }))?.status,
  ).toBe('PENDING');
  expect(await statusOf(w.myClass)).toBe('STUDYING');

  const mine = (await call('my-list', w.student, { pageNum: 1, pageSize: 10 })).body.attribute;
  expect(mine.list.map((row: ChangeClassView) => row.status)).toEqual([
    'PENDING',
    'CANCELLED',
    'CANCELLED',
    'REJECTED',
  ]);
});

test("another project's staff and students, and staff without the page, reach nothing", async () => {
  const w = await world();
  const applied = (
    await call('do-change-my-class', w.student, {
      myClassId: w.myClass.id,
      toClassId: w.same.id,
      reason: '原因',
    })
  ).body.attribute as ChangeClassView;
  const elsewhere = await world();
  expect((await call('detail', elsewhere.staff, { id: applied.id })).body.respDesc).toBe('转班申请不存在');
  expect((await call('audit', elsewhere.staff, { id: applied.id, pass: true })).body.respDesc).toBe(
    '转班申请不存在',
  );
  expect((await call('cancel', elsewhere.staff, { id: applied.id, remark: '越权' })).body.respDesc).toBe(
    '转班申请不存在',
  );
  expect((await call('page', elsewhere.staff, { pageNum: 1, pageSize: 10 })).body.attribute.total).toBe(0);
  expect((await call('options', elsewhere.student, { myClassId: w.myClass.id })).body.respDesc).toBe(
    M.NOT_YOURS,
  );
  expect((await call('my-cancel', elsewhere.student, { id: applied.id })).body.respDesc).toBe(
    '转班申请不存在',
  );
  const { account: clerk } = await buildAccount({
    projectId: w.project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/home'],
  });
  expect((await call('audit', await signIn(clerk), { id: applied.id, pass: true })).status).toBe(403);
  expect(
    (
      await call('do-change-my-class', w.staff, {
        myClassId: w.myClass.id,
        toClassId: w.same.id,
        reason: 'x',
      })
    ).status,
  ).toBe(403);
  expect(
    (await ChangeClassApply.findOne({ where: { projectId: w.project.id, id: applied.id } }))?.status,
  ).toBe('PENDING');
});

test("applications carry the caller's abilities by the class change policy, and the server refuses with the same words", async () => {
  const w = await world();
  const applied = (
    await call('do-change-my-class', w.student, {
      myClassId: w.myClass.id,
      toClassId: w.same.id,
      reason: '原因',
    })
  ).body.attribute as ChangeClassView;
  const notYours = '转班申请不存在';
  // The student may withdraw their own pending application; deciding is not theirs.
  expect(applied.abilities).toEqual({
    canApprove: false,
    approveRefusal: expect.any(String),
    canReject: false,
    rejectRefusal: expect.any(String),
    canCancel: false,
    cancelRefusal: expect.any(String),
    canWithdraw: true,
    withdrawRefusal: null,
  });
  const options = (await call('options', w.student, { myClassId: w.myClass.id })).body
    .attribute as ChangeClassOptions;
  expect(options.pending?.abilities).toEqual(applied.abilities);
  // Staff decide it; withdrawing is the student's.
  const detail = async () =>
    ((await call('detail', w.staff, { id: applied.id })).body.attribute as ChangeClassView).abilities;
  expect(await detail()).toEqual({
    canApprove: true,
    approveRefusal: null,
    canReject: true,
    rejectRefusal: null,
    canCancel: true,
    cancelRefusal: null,
    canWithdraw: false,
    withdrawRefusal: notYours,
  });
  const listed = (await call('page', w.staff, { pageNum: 1, pageSize: 10 })).body.attribute.list;
  expect(listed.map((row: ChangeClassView) => row.abilities)).toEqual([await detail()]);

  expect(
    (await call('audit', w.staff, { id: applied.id, pass: false, remark: '材料不全' })).body.respCode,
  ).toBe(200);
  const decided = await detail();
  expect(decided).toMatchObject({
    canApprove: false,
    approveRefusal: M.NOT_PENDING,
    canCancel: false,
    cancelRefusal: M.NOT_PENDING,
  });
  expect((await call('cancel', w.staff, { id: applied.id, remark: '再撤销' })).body).toMatchObject({
    respCode: -1,
    respDesc: decided.cancelRefusal,
  });
  const mine = (await call('my-list', w.student, { pageNum: 1, pageSize: 10 })).body.attribute
    .list[0] as ChangeClassView;
  expect(mine.abilities).toMatchObject({ canWithdraw: false, withdrawRefusal: M.NOT_PENDING });
  expect((await call('my-cancel', w.student, { id: applied.id })).body).toMatchObject({
    respCode: -1,
    respDesc: mine.abilities.withdrawRefusal,
  });
});

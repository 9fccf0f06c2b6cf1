import { ROLE_SYSTEM } from '@px/config';
import type { PageAnswer } from '../../contract/common';
import type {
  UnitClassTransferRecord,
  UnitClassTransferTarget,
  UnitClassTransferView,
} from '../../contract/unit-class-transfer';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { AuditLog } from '../audit/audit-log.model';
import { MyClass, type TrainClass } from '../train-class/train-class.model';
import { buildClass } from '../train-class/train-class.testing';
import { UnitClass } from './unit-class.model';
import { UnitClassTransferRecord as RecordModel, UnitClassTransfer } from './unit-class-transfer.model';
import { NOT_IN_SOURCE, runTransfer, TRANSFER_CHUNK_ROWS } from './unit-class-transfer.run';

const PAGES = ['/home', '/train-manage', '/train-manage/unit-class', '/train-manage/unit-class-detail'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Envelope<T> = { respCode: number; respDesc: string; attribute: T };
const call = <T>(name: string, body: object, token: string) =>
  t.http
    .post(`/api/unit-class/${name}.action`)
    .set('token', token)
    .send(body)
    .then((res) => res.body as Envelope<T>);
const ok = <T>(envelope: Envelope<T>): T => {
  expect(envelope).toMatchObject({ respCode: 200 });
  return envelope.attribute;
};
const refused = (envelope: Envelope<unknown>, respDesc: string) =>
  expect(envelope).toMatchObject({ respCode: -1, respDesc });

/** Runs queued jobs until none is left. */
async function drain(): Promise<void> {
  while ((await t.jobs.drain()) > 0);
}

/** A project with units A and B, their managers, staff, one class and unit classes A1, A2 (A) and B1 (B). */
async function scene() {
  const projectId = (await buildProject()).id;
  const unitA = await buildUnit(projectId, { name: `甲单位${Math.random()}` });
  const unitB = await buildUnit(projectId, { name: `乙单位${Math.random()}` });
  const manager = async (unitId: number) =>
    signIn((await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.UNIT, unitId, menu: PAGES })).account);
  const managerA = await manager(unitA.id);
  const managerB = await manager(unitB.id);
  const staff = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: PAGES })).account,
  );
  const { trainClass } = await buildClass({ projectId, name: '电工作业班' });
  const unitClass = (unitId: number, name: string, classId = trainClass.id) =>
    UnitClass.create({ projectId, unitId, classId, name, plannedStudents: 50, createdBy: null });
  const a1 = await unitClass(unitA.id, '甲一期');
  const a2 = await unitClass(unitA.id, '甲二期');
  const b1 = await unitClass(unitB.id, '乙一期');
  return { projectId, unitA, unitB, managerA, managerB, staff, trainClass, a1, a2, b1, unitClass };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** `count` students of unit A enrolled in the unit class with some credited hours. */
async function students(
  s: Scene,
  unitClass: UnitClass,
  count: number,
  trainClass: TrainClass = s.trainClass,
) {
  const rows: MyClass[] = [];
  for (let n = 0; n < count; n += 1) {
    const { account } = await buildAccount({
      projectId: s.projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      unitId: unitClass.unitId,
      overrides: { realName: `学员${n}号` },
    });
    rows.push(
      await MyClass.create({
        projectId: s.projectId,
        accountId: account.id,
        classId: trainClass.id,
        unitClassId: unitClass.id,
        status: 'STUDYING',
        requiredTenths: 15 + n,
      }),
    );
  }
  return rows;
}

const unitClassOf = async (myClassId: number) =>
  (await MyClass.findByPk(myClassId, { allTenants: true }))?.unitClassId;

async function transfer(body: object, token: string): Promise<UnitClassTransferView> {
  const started = ok(await call<UnitClassTransferView>('transfer', body, token));
  expect(started).toMatchObject({ status: 'RUNNING', finished: false, processed: 0 });
  await drain();
  return ok(await call<UnitClassTransferView>('transfer-progress', { id: started.id }, token));
}

describe('unit-class/transfer', () => {
  test('moves the chosen students: unit class only; progress, hours and status stay; records and audit', async () => {
    const s = await scene();
    const [first, second, third] = await students(s, s.a1, 3);
    const done = await transfer(
      { fromId: s.a1.id, toId: s.a2.id, myClassIds: [first.id, third.id] },
      s.managerA,
    );
    expect(done).toMatchObject({
      status: 'DONE',
      finished: true,
      total: 2,
      processed: 2,
      okCount: 2,
      failedCount: 0,
      fromUnitClassName: '甲一期',
      toUnitClassName: '甲二期',
    });
    expect(done.finishedAt).not.toBeNull();
    for (const row of [first, third]) {
      const now = await MyClass.findByPk(row.id, { allTenants: true });
      expect(now).toMatchObject({
        unitClassId: s.a2.id,
        status: 'STUDYING',
        requiredTenths: row.requiredTenths,
        accountId: row.accountId,
        classId: row.classId,
      });
    }
    expect(await unitClassOf(second.id)).toBe(s.a1.id);
    const counts = ok(await call<{ studentCount: number }>('detail', { id: s.a2.id }, s.managerA));
    expect(counts.studentCount).toBe(2);

    const records = ok(
      await call<PageAnswer<UnitClassTransferRecord>>('transfer-records', { id: s.a1.id }, s.managerA),
    );
    expect(records.total).toBe(2);
    expect(records.list.map((row) => row.myClassId).sort()).toEqual([first.id, third.id].sort());
    expect(records.list[0]).toMatchObject({
      transferId: done.id,
      direction: 'OUT',
      status: 'OK',
      reason: null,
      fromUnitClassName: '甲一期',
      toUnitClassName: '甲二期',
      fromUnitName: s.unitA.name,
      toUnitName: s.unitA.name,
    });
    expect(records.list[0].realName).toMatch(/^学员\d号$/);
    expect(records.list[0].processedAt).not.toBeNull();
    expect(records.list[0].createdBy).not.toBeNull();
    const incoming = ok(
      await call<PageAnswer<UnitClassTransferRecord>>('transfer-records', { id: s.a2.id }, s.managerA),
    );
    expect(incoming.list.map((row) => row.direction)).toEqual(['IN', 'IN']);
    expect(
      await AuditLog.count({
        where: { projectId: s.projectId, action: 'unit-class.transfer', targetId: String(done.id) },
      }),
    ).toBe(1);
  });

  test('moves all students (when none is chosen) in chunks; those that left are not taken', async () => {
    const s = await scene();
    const rows = await students(s, s.a1, 3);
    await rows[1].update({ status: 'REFUNDED' });
    // More than one chunk: accounts and enrolments of unit A in bulk.
    const { account } = await buildAccount({ projectId: s.projectId, roleSystem: ROLE_SYSTEM.STUDENT });
    const bulk = TRANSFER_CHUNK_ROWS + 2;
    await t.sequelize.query(
      `WITH created AS (
         INSERT INTO account (project_id, unit_id, role_id, role_system, real_name, mobile, status, need_complete, created_at, updated_at)
         SELECT :projectId, :unitId, :roleId, :student, '批量学员' || n, '1770000' || lpad(n::text, 4, '0'), 'ENABLED', FALSE, NOW(), NOW()
           FROM generate_series(1, :bulk) AS n RETURNING id)
       INSERT INTO my_class (project_id, account_id, class_id, unit_class_id, status, created_at, updated_at)
       SELECT :projectId, id, :classId, :unitClassId, 'PENDING_PAY', NOW(), NOW() FROM created`,
      {
        replacements: {
          projectId: s.projectId,
          unitId: s.unitA.id,
          roleId: account.roleId,
          student: ROLE_SYSTEM.STUDENT,
          bulk,
          classId: s.trainClass.id,
          unitClassId: s.a1.id,
        },
      },
    );
    const expected = bulk + 2;
    const done = await transfer({ fromId: s.a1.id, toId: s.a2.id }, s.staff);
    expect(done).toMatchObject({ status: 'DONE', total: expected, processed: expected, okCount: expected });
    expect(await unitClassOf(rows[1].id)).toBe(s.a1.id);
    expect(await unitClassOf(rows[0].id)).toBe(s.a2.id);
    expect(await MyClass.count({ where: { projectId: s.projectId, unitClassId: s.a2.id } })).toBe(expected);
    const records = ok(
      await call<PageAnswer<UnitClassTransferRecord>>(
        'transfer-records',
        { id: s.a2.id, pageNum: 6, pageSize: 100 },
        s.staff,
      ),
    );
    expect(records).toMatchObject({ total: expected, pageNum: 6 });
    expect(records.list).toHaveLength(expected - 500);
    refused(
      await call('transfer', { fromId: s.a1.id, toId: s.a2.id }, s.staff),
      '该单位班级没有可转移的学员',
    );
  });

  test('a chosen enrolment not in the source fails with its reason; the transfer ends PARTIAL or FAILED', async () => {
    const s = await scene();
    const [mine, gone] = await students(s, s.a1, 2);
    const [elsewhere] = await students(s, s.b1, 1);
    await gone.update({ status: 'CHANGED_OUT' });
    const partial = await transfer(
      { fromId: s.a1.id, toId: s.a2.id, myClassIds: [mine.id, gone.id, elsewhere.id, 999_999] },
      s.managerA,
    );
    expect(partial).toMatchObject({ status: 'PARTIAL', total: 4, processed: 4, okCount: 1, failedCount: 3 });
    expect(await unitClassOf(elsewhere.id)).toBe(s.b1.id);
    const records = ok(
      await call<PageAnswer<UnitClassTransferRecord>>(
        'transfer-records',
        { id: s.a1.id, transferId: partial.id },
        s.managerA,
      ),
    );
    const failed = records.list.filter((row) => row.status === 'FAILED');
    expect(failed).toHaveLength(3);
    for (const row of failed) expect(row.reason).toBe(NOT_IN_SOURCE);
    // Another unit's student is not named to unit A's manager.
    const foreign = failed.find((row) => row.myClassId === elsewhere.id);
    expect(foreign).toMatchObject({ accountId: null, realName: '' });

    const none = await transfer({ fromId: s.a1.id, toId: s.a2.id, myClassIds: [gone.id] }, s.managerA);
    expect(none).toMatchObject({ status: 'FAILED', okCount: 0, failedCount: 1, message: '没有学员转移成功' });
  });

  test('an enrolment that leaves the source after the start fails; a target closed meanwhile fails the rest', async () => {
    const s = await scene();
    const [a, b] = await students(s, s.a1, 2);
    const started = ok(
      await call<UnitClassTransferView>(
        'transfer',
        { fromId: s.a1.id, toId: s.a2.id, myClassIds: [a.id] },
        s.staff,
      ),
    );
    await a.update({ status: 'REFUNDED' });
    await drain();
    expect(
      ok(await call<UnitClassTransferView>('transfer-progress', { id: started.id }, s.staff)),
    ).toMatchObject({
      status: 'FAILED',
      failedCount: 1,
    });
    const second = ok(
      await call<UnitClassTransferView>(
        'transfer',
        { fromId: s.a1.id, toId: s.a2.id, myClassIds: [b.id] },
        s.staff,
      ),
    );
    await s.a2.update({ state: 'CLOSED' });
    await drain();
    expect(
      ok(await call<UnitClassTransferView>('transfer-progress', { id: second.id }, s.staff)),
    ).toMatchObject({
      status: 'FAILED',
    });
    expect(
      await RecordModel.findOne({ where: { projectId: s.projectId, transferId: second.id } }),
    ).toMatchObject({
      status: 'FAILED',
      reason: '转入单位班级已关闭',
    });
    expect(await unitClassOf(b.id)).toBe(s.a1.id);
  });

  test('refusals: same unit class, another class, closed target, another unit as unit manager, running transfer', async () => {
    const s = await scene();
    const [student] = await students(s, s.a1, 1);
    const body = { fromId: s.a1.id, myClassIds: [student.id] };
    refused(
      await call('transfer', { ...body, toId: s.a1.id }, s.managerA),
      '转入单位班级不能与转出单位班级相同',
    );
    const { trainClass: otherClass } = await buildClass({ projectId: s.projectId });
    const otherClassUnitClass = await s.unitClass(s.unitA.id, '甲其他班', otherClass.id);
    refused(
      await call('transfer', { ...body, toId: otherClassUnitClass.id }, s.managerA),
      '只能转移到同一班级的其他单位班级',
    );
    await s.a2.update({ state: 'CLOSED' });
    refused(
      await call('transfer', { ...body, toId: s.a2.id }, s.managerA),
      '转入单位班级已关闭，不能转入学员',
    );
    await s.a2.update({ state: 'OPEN' });
    // A unit manager reaches neither another unit's target nor another unit's source.
    refused(await call('transfer', { ...body, toId: s.b1.id }, s.managerA), '单位班级不存在');
    refused(await call('transfer', { ...body, toId: s.a2.id }, s.managerB), '单位班级不存在');
    refused(await call('transfer-targets', { id: s.a1.id }, s.managerB), '单位班级不存在');
    refused(await call('transfer-records', { id: s.a1.id }, s.managerB), '单位班级不存在');
    // Another project's unit class is missing to staff too.
    const elsewhere = await buildProject();
    const foreignUnit = await buildUnit(elsewhere.id);
    const { trainClass: foreignClass } = await buildClass({ projectId: elsewhere.id });
    const foreign = await UnitClass.create({
      projectId: elsewhere.id,
      unitId: foreignUnit.id,
      classId: foreignClass.id,
      name: '外项目',
      plannedStudents: 1,
      createdBy: null,
    });
    refused(await call('transfer', { ...body, toId: foreign.id }, s.staff), '单位班级不存在');
    const running = ok(await call<UnitClassTransferView>('transfer', { ...body, toId: s.a2.id }, s.managerA));
    refused(
      await call('transfer', { ...body, toId: s.a2.id }, s.managerA),
      '该单位班级有正在进行的转移，请等它完成后再转移',
    );
    refused(await call('transfer-progress', { id: running.id }, s.managerB), '转移记录不存在');
    refused(
      await call('transfer', { fromId: s.a1.id, toId: s.a2.id, myClassIds: [] }, s.managerA),
      '参数错误：myClassIds 请选择学员',
    );
    await drain();
    expect(await unitClassOf(student.id)).toBe(s.a2.id);
    expect(await UnitClassTransfer.count({ where: { projectId: s.projectId } })).toBe(1);
  });

  test('staff move across units of the project: the account unit becomes the target unit; both managers see the progress', async () => {
    const s = await scene();
    const [student, stays] = await students(s, s.a1, 2);
    const done = await transfer({ fromId: s.a1.id, toId: s.b1.id, myClassIds: [student.id] }, s.staff);
    expect(done).toMatchObject({ status: 'DONE', okCount: 1 });
    expect(await unitClassOf(student.id)).toBe(s.b1.id);
    expect((await Account.findByPk(student.accountId, { allTenants: true }))?.unitId).toBe(s.unitB.id);
    expect((await Account.findByPk(stays.accountId, { allTenants: true }))?.unitId).toBe(s.unitA.id);
    for (const token of [s.managerA, s.managerB])
      expect(ok(await call<UnitClassTransferView>('transfer-progress', { id: done.id }, token)).status).toBe(
        'DONE',
      );
    const inB = ok(
      await call<PageAnswer<UnitClassTransferRecord>>('transfer-records', { id: s.b1.id }, s.managerB),
    );
    expect(inB.list[0]).toMatchObject({
      direction: 'IN',
      toUnitName: s.unitB.name,
      fromUnitName: s.unitA.name,
    });
    // A unit class whose students all left is kept for its records (it may be closed).
    await transfer({ fromId: s.a1.id, toId: s.a2.id }, s.staff);
    refused(await call('delete', { id: s.a1.id }, s.staff), '该单位班级有转移记录，不能删除，可将其关闭');
  });

  test('running a transfer twice (even at once) moves and records each student once', async () => {
    const s = await scene();
    const rows = await students(s, s.a1, 3);
    const started = ok(
      await call<UnitClassTransferView>('transfer', { fromId: s.a1.id, toId: s.a2.id }, s.staff),
    );
    const scope = t.scope();
    await Promise.all([runTransfer(scope, started.id), runTransfer(scope, started.id)]);
    await runTransfer(scope, started.id);
    await drain();
    // A sweep at start takes up running transfers only; this one ended.
    await t.scope().jobs.send('unit-class-transfer.sweep', { staleSeconds: 0 });
    await drain();
    const done = ok(await call<UnitClassTransferView>('transfer-progress', { id: started.id }, s.staff));
    expect(done).toMatchObject({ status: 'DONE', total: 3, processed: 3, okCount: 3, failedCount: 0 });
    expect(await RecordModel.count({ where: { projectId: s.projectId, transferId: started.id } })).toBe(3);
    expect(await RecordModel.count({ where: { projectId: s.projectId, status: 'OK' } })).toBe(3);
    for (const row of rows) expect(await unitClassOf(row.id)).toBe(s.a2.id);
  });

  test('the sweep takes up a running transfer whose job was lost', async () => {
    const s = await scene();
    await students(s, s.a1, 2);
    const started = ok(
      await call<UnitClassTransferView>('transfer', { fromId: s.a1.id, toId: s.a2.id }, s.staff),
    );
    // Lose the queued run (as if its worker died with it).
    const [, lost] = (await t.sequelize.query(
      `DELETE FROM pgboss.job WHERE name = 'unit-class-transfer.run' AND data->>'transferId' = :id`,
      { replacements: { id: String(started.id) } },
    )) as [unknown, { rowCount: number }];
    expect(lost.rowCount).toBe(1);
    await t.scope().jobs.send('unit-class-transfer.sweep', { staleSeconds: 0 });
    await drain();
    expect(
      ok(await call<UnitClassTransferView>('transfer-progress', { id: started.id }, s.staff)),
    ).toMatchObject({
      status: 'DONE',
      okCount: 2,
    });
  });
});

describe('unit-class/transfer-targets', () => {
  test('open unit classes of the same class the caller may reach, not the source', async () => {
    const s = await scene();
    await students(s, s.a2, 1);
    const closed = await s.unitClass(s.unitA.id, '甲已关闭');
    await closed.update({ state: 'CLOSED' });
    const { trainClass: otherClass } = await buildClass({ projectId: s.projectId });
    await s.unitClass(s.unitA.id, '甲其他班', otherClass.id);
    const mine = ok(await call<UnitClassTransferTarget[]>('transfer-targets', { id: s.a1.id }, s.managerA));
    expect(mine).toEqual([
      { id: s.a2.id, name: '甲二期', unitId: s.unitA.id, unitName: s.unitA.name, studentCount: 1 },
    ]);
    const staffs = ok(await call<UnitClassTransferTarget[]>('transfer-targets', { id: s.a1.id }, s.staff));
    expect(staffs.map((row) => row.name)).toEqual(['甲二期', '乙一期']);
  });
});

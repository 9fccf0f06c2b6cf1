import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { chinaToday } from '../train-class/class-read';
import { buildClass, enrol, shiftDay } from '../train-class/train-class.testing';
import { UnitClass } from './unit-class.model';
import { UnitClassTransfer } from './unit-class-transfer.model';

const path = (name: string) => `/api/unit-class/${name}.action`;
const PAGES = [
  '/home',
  '/train-manage',
  '/train-manage/unit-class',
  '/train-manage/unit-class-detail',
  '/train-manage/creat-class',
];

let t: TestApp;
let projectId: number;
let otherProjectId: number;
let staffToken: string;
let unitA: number;
let unitB: number;
let managerA: string;
let managerB: string;
let offeredClassId: number;

const post = (name: string, body: object = {}, as = staffToken) =>
  t.http.post(path(name)).set('token', as).send(body);

async function manager(unitId: number, project = projectId) {
  const { account } = await buildAccount({
    projectId: project,
    roleSystem: ROLE_SYSTEM.UNIT,
    unitId,
    menu: PAGES,
  });
  return signIn(account);
}

beforeAll(async () => {
  t = await createTestApp();
  projectId = (await buildProject()).id;
  otherProjectId = (await buildProject()).id;
  const staff = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: PAGES });
  staffToken = await signIn(staff.account);
  unitA = (await buildUnit(projectId)).id;
  unitB = (await buildUnit(projectId)).id;
  managerA = await manager(unitA);
  managerB = await manager(unitB);
  offeredClassId = (await buildClass({ projectId, name: '电工安全班' })).trainClass.id;
});
afterAll(() => t.close());

async function create(body: object, as = staffToken) {
  const res = await post('save', { plannedStudents: 10, ...body }, as);
  expect(res.body.respCode).toBe(200);
  return res.body.attribute as { id: number; unitId: number; name: string; state: string };
}

describe('unit-class/save', () => {
  test('staff create one for an offered class; the name defaults to the class name; audited', async () => {
    const row = await create({
      unitId: unitA,
      classId: offeredClassId,
      contactName: '李老师',
      remark: '一期',
    });
    expect(row).toMatchObject({
      unitId: unitA,
      name: '电工安全班',
      state: 'OPEN',
      plannedStudents: 10,
      studentCount: 0,
    });
    expect(
      await AuditLog.count({ where: { projectId, action: 'unit-class.create', targetId: String(row.id) } }),
    ).toBe(1);
    const updated = await post('save', { id: row.id, name: '电工安全一班', plannedStudents: 20 });
    expect(updated.body.attribute).toMatchObject({
      name: '电工安全一班',
      plannedStudents: 20,
      classId: offeredClassId,
    });
    expect(
      await AuditLog.count({ where: { projectId, action: 'unit-class.update', targetId: String(row.id) } }),
    ).toBe(1);
  });

  test('validation names the fields in Chinese', async () => {
    const res = await post('save', { unitId: unitA, classId: offeredClassId, plannedStudents: 0 });
    expect(res.body.respCode).toBe(-1);
    expect(JSON.stringify(res.body)).toContain('plannedStudents');
    expect(JSON.stringify(res.body)).toContain('计划人数应为 1 到 100000 的整数');
    const noClass = await post('save', { unitId: unitA, plannedStudents: 5 });
    expect(JSON.stringify(noClass.body)).toContain('classId');
    expect(JSON.stringify(noClass.body)).toContain('请选择班级');
    const noUnit = await post('save', { classId: offeredClassId, plannedStudents: 5 });
    expect(JSON.stringify(noUnit.body)).toContain('请选择单位');
  });

  test('a class that is not offered is refused with the reason', async () => {
    const off = (await buildClass({ projectId, onShelf: false })).trainClass;
    const closed = (
      await buildClass({
        projectId,
        enrolStartDate: shiftDay(chinaToday(), -60),
        enrolEndDate: shiftDay(chinaToday(), -1),
      })
    ).trainClass;
    const draft = (await buildClass({ projectId, planStatus: 'DRAFT' })).trainClass;
    const offRes = await post('save', { unitId: unitA, classId: off.id, plannedStudents: 5 });
    expect(JSON.stringify(offRes.body)).toContain('未上架');
    const closedRes = await post('save', { unitId: unitA, classId: closed.id, plannedStudents: 5 });
    expect(JSON.stringify(closedRes.body)).toContain('不在报名时间内');
    const draftRes = await post('save', { unitId: unitA, classId: draft.id, plannedStudents: 5 });
    expect(JSON.stringify(draftRes.body)).toContain('未上架');
    const other = (await buildClass({ projectId: otherProjectId })).trainClass;
    expect(
      JSON.stringify((await post('save', { unitId: unitA, classId: other.id, plannedStudents: 5 })).body),
    ).toContain('班级不存在');
    const options = await post('class-options', {});
    const ids = (options.body.attribute as { id: number }[]).map((o) => o.id);
    expect(ids).toContain(offeredClassId);
    expect(ids).not.toContain(off.id);
    expect(ids).not.toContain(closed.id);
    expect(ids).not.toContain(other.id);
  });

  test('a unit manager creates for their own unit whatever the input says', async () => {
    const row = await create({ unitId: unitB, classId: offeredClassId, name: '甲单位班' }, managerA);
    expect(row.unitId).toBe(unitA);
  });
});

describe('unit manager isolation', () => {
  test('neither unit manager sees or changes the other unit’s unit classes', async () => {
    const a = await create({ unitId: unitA, classId: offeredClassId, name: '仅甲可见' });
    const b = await create({ unitId: unitB, classId: offeredClassId, name: '仅乙可见' });
    const listA = (await post('page', { pageSize: 100 }, managerA)).body.attribute.list as {
      id: number;
      unitId: number;
    }[];
    expect(listA.every((row) => row.unitId === unitA)).toBe(true);
    expect(listA.map((row) => row.id)).toContain(a.id);
    const listB = (await post('page', { pageSize: 100, unitId: unitA }, managerB)).body.attribute.list as {
      id: number;
    }[];
    expect(listB).toEqual([]);
    for (const [token, id] of [
      [managerA, b.id],
      [managerB, a.id],
    ] as const) {
      for (const name of ['detail', 'close', 'delete', 'students']) {
        const res = await post(name, { id }, token);
        expect(res.body.respCode).toBe(-1);
        expect(res.body.respDesc ?? JSON.stringify(res.body)).toContain('单位班级不存在');
      }
      const upd = await post('save', { id, plannedStudents: 99 }, token);
      expect(JSON.stringify(upd.body)).toContain('单位班级不存在');
    }
    expect((await UnitClass.findByPk(a.id, { allTenants: true }))?.plannedStudents).toBe(10);
    expect((await UnitClass.findByPk(b.id, { allTenants: true }))?.state).toBe('OPEN');
    // Staff see both.
    const staffList = (await post('page', { pageSize: 100 })).body.attribute.list as { id: number }[];
    expect(staffList.map((row) => row.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  test('another project’s staff and unit managers reach nothing', async () => {
    const row = await create({ unitId: unitA, classId: offeredClassId, name: '本项目' });
    const { account } = await buildAccount({
      projectId: otherProjectId,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: PAGES,
    });
    const other = await signIn(account);
    expect(JSON.stringify((await post('detail', { id: row.id }, other)).body)).toContain('单位班级不存在');
    expect((await post('page', { pageSize: 100 }, other)).body.attribute.total).toBe(0);
    const otherUnit = (await buildUnit(otherProjectId)).id;
    const otherManager = await manager(otherUnit, otherProjectId);
    expect(JSON.stringify((await post('close', { id: row.id }, otherManager)).body)).toContain(
      '单位班级不存在',
    );
    // Staff cannot create for another project's unit either.
    expect(
      JSON.stringify(
        (await post('save', { unitId: otherUnit, classId: offeredClassId, plannedStudents: 1 })).body,
      ),
    ).toContain('单位不存在');
  });

  test('staff without the pages and students are refused (403)', async () => {
    const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/home'] });
    const token = await signIn(account);
    for (const name of ['page', 'detail', 'save', 'delete', 'close', 'open', 'students', 'class-options'])
      expect((await post(name, { id: 1 }, token)).status).toBe(403);
    const student = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, menu: PAGES });
    expect((await post('page', {}, await signIn(student.account))).status).toBe(403);
  });
});

describe('state, students and delete', () => {
  test('close and open; the same state again is refused; audited', async () => {
    const row = await create({ unitId: unitA, classId: offeredClassId, name: '开关班' }, managerA);
    expect((await post('close', { id: row.id }, managerA)).body.respCode).toBe(200);
    expect(JSON.stringify((await post('close', { id: row.id }, managerA)).body)).toContain('已关闭');
    expect((await post('page', { state: 'CLOSED', name: '开关班' }, managerA)).body.attribute.total).toBe(1);
    expect((await post('open', { id: row.id })).body.respCode).toBe(200);
    expect((await UnitClass.findByPk(row.id, { allTenants: true }))?.state).toBe('OPEN');
    expect(
      await AuditLog.count({ where: { projectId, targetType: 'unit-class', targetId: String(row.id) } }),
    ).toBe(3);
  });

  test('its students are the enrolments bought through it; delete is refused once it has any', async () => {
    const { trainClass } = await buildClass({ projectId, name: '焊工班', year: new Date().getFullYear() });
    const row = await create({ unitId: unitA, classId: trainClass.id });
    const mine = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      unitId: unitA,
      overrides: { realName: '张三' },
    });
    const stranger = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, unitId: unitB });
    await enrol(trainClass, stranger.account.id);
    // Enrolled in the class on their own (not through the unit class): not its student.
    const own = await enrol(trainClass, mine.account.id);
    const empty = await post('students', { id: row.id });
    expect(empty.body.attribute).toMatchObject({ total: 0, list: [] });
    await own.update({ unitClassId: row.id, requiredTenths: 5 });
    const students = await post('students', { id: row.id }, managerA);
    expect(students.body.attribute.total).toBe(1);
    expect(students.body.attribute.list[0]).toMatchObject({
      realName: '张三',
      status: 'STUDYING',
      creditedRequiredHours: 0.5,
    });
    expect((await post('detail', { id: row.id })).body.attribute.studentCount).toBe(1);
    const refused = await post('delete', { id: row.id });
    expect(JSON.stringify(refused.body)).toContain('已有学员（1 人），不能删除');
    expect(await UnitClass.count({ where: { projectId, id: row.id } })).toBe(1);
    // Filters: year and class.
    expect((await post('page', { classId: trainClass.id })).body.attribute.total).toBe(1);
    expect((await post('page', { classId: trainClass.id, year: 1999 })).body.attribute.total).toBe(0);
  });

  test('delete without students; audited', async () => {
    const row = await create({ unitId: unitB, classId: offeredClassId, name: '待删除' }, managerB);
    expect((await post('delete', { id: row.id }, managerB)).body.respCode).toBe(200);
    expect(await UnitClass.count({ where: { projectId, id: row.id } })).toBe(0);
    expect(
      await AuditLog.count({ where: { projectId, action: 'unit-class.delete', targetId: String(row.id) } }),
    ).toBe(1);
  });
});

describe('abilities', () => {
  test("rows carry the caller's abilities by the unit class policy, and the server refuses with the same words", async () => {
    const { trainClass } = await buildClass({ projectId, name: '能力班', year: new Date().getFullYear() });
    const row = await create({ unitId: unitA, classId: trainClass.id, name: '能力班A' });
    const other = await create({ unitId: unitA, classId: trainClass.id, name: '能力班B' });
    const abilitiesOf = async (id: number, as = staffToken) =>
      (await post('detail', { id }, as)).body.attribute.abilities;
    expect(await abilitiesOf(row.id, managerA)).toEqual({
      canDelete: true,
      deleteRefusal: null,
      canClose: true,
      closeRefusal: null,
      canOpen: false,
      openRefusal: '该单位班级已开启',
    });
    // The list carries the same abilities.
    const listed = (await post('page', { name: '能力班A' })).body.attribute.list;
    expect(listed.map((item: { abilities: unknown }) => item.abilities)).toEqual([await abilitiesOf(row.id)]);
    refused(await post('open', { id: row.id }), '该单位班级已开启');

    // A transfer record names it: deleting is refused, closing is offered instead.
    await UnitClassTransfer.create({
      projectId,
      classId: trainClass.id,
      fromUnitClassId: row.id,
      toUnitClassId: other.id,
      fromUnitId: unitA,
      toUnitId: unitA,
      status: 'DONE',
      total: 0,
    });
    for (const id of [row.id, other.id]) {
      const abilities = await abilitiesOf(id);
      expect(abilities).toMatchObject({
        canDelete: false,
        deleteRefusal: '该单位班级有转移记录，不能删除，可将其关闭',
      });
      refused(await post('delete', { id }), abilities.deleteRefusal);
    }

    // A student bought through it: the count is the reason.
    const student = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, unitId: unitA });
    await (await enrol(trainClass, student.account.id)).update({ unitClassId: row.id });
    expect((await abilitiesOf(row.id)).deleteRefusal).toBe('该单位班级已有学员（1 人），不能删除');

    expect((await post('close', { id: row.id })).body.respCode).toBe(200);
    const closed = await abilitiesOf(row.id);
    expect(closed).toMatchObject({ canClose: false, canOpen: true, openRefusal: null });
    refused(await post('close', { id: row.id }), closed.closeRefusal);
  });
});

/** The answer is a business refusal (-1) with exactly the reason. */
function refused(res: { body: { respCode: number; respDesc?: string } }, reason: string) {
  expect(res.body).toMatchObject({ respCode: -1, respDesc: reason });
}

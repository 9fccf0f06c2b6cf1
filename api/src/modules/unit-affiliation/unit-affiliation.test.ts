import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { buildClass, enrol } from '../train-class/train-class.testing';
import { UnitAffiliation } from './unit-affiliation.model';

const path = (name: string) => `/api/unit/${name}.action`;
const STAFF_MENU = ['/home', '/unit-manage', '/unit-manage/list', '/unit-manage/detail'];
const MANAGER_MENU = ['/home', '/unit-manage', '/unit-manage/detail'];

let t: TestApp;
let projectId: number;
let otherProjectId: number;
let staffToken: string;
let staffId: number;

const post = (name: string, body: object = {}, as = staffToken) =>
  t.http.post(path(name)).set('token', as).send(body);

/** Saves `ids` under `unitId` and expects success. */
async function affiliate(unitId: number, ids: number[]) {
  const res = await post('affiliation-save', { unitId, affiliatedUnitIds: ids });
  expect(res.body).toMatchObject({ respCode: 200 });
}

const under = async (unitId: number) =>
  (await UnitAffiliation.findAll({ where: { projectId, supervisingUnitId: unitId } }))
    .map((row) => row.unitId)
    .sort((a, b) => a - b);

const unit = async (overrides: Parameters<typeof buildUnit>[1] = {}) =>
  (await buildUnit(projectId, overrides)).id;

async function manager(unitId: number) {
  const { account } = await buildAccount({
    projectId,
    roleSystem: ROLE_SYSTEM.UNIT,
    unitId,
    menu: MANAGER_MENU,
  });
  return signIn(account);
}

async function student(unitId: number | null, realName: string, idCardNo: string | null = null) {
  const { account } = await buildAccount({
    projectId,
    roleSystem: ROLE_SYSTEM.STUDENT,
    unitId,
    overrides: { realName, idCardNo },
  });
  return account;
}

beforeAll(async () => {
  t = await createTestApp();
  projectId = (await buildProject()).id;
  otherProjectId = (await buildProject()).id;
  const staff = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: STAFF_MENU });
  staffToken = await signIn(staff.account);
  staffId = staff.account.id;
});
afterAll(() => t.close());

describe('unit/affiliation-save and affiliation-delete', () => {
  test('sets the units under a unit, adding and removing; audited; delete releases', async () => {
    const province = await unit({ name: '省协会' });
    const [a, b, c] = [await unit(), await unit(), await unit()];
    await affiliate(province, [a, b]);
    expect(await under(province)).toEqual([a, b].sort((x, y) => x - y));
    await affiliate(province, [b, c]);
    expect(await under(province)).toEqual([b, c].sort((x, y) => x - y));
    const saved = await AuditLog.findAll({
      where: { action: 'unit.affiliation-save', targetId: String(province) },
      order: [['id', 'ASC']],
      allTenants: true,
    });
    expect(saved).toHaveLength(2);
    expect(saved[1]).toMatchObject({ projectId, actorId: staffId, detail: { added: [c], removed: [a] } });
    // The same set again changes nothing and is not audited.
    await affiliate(province, [c, b]);
    expect(
      await AuditLog.count({
        where: { action: 'unit.affiliation-save', targetId: String(province) },
        allTenants: true,
      }),
    ).toBe(2);

    const released = await post('affiliation-delete', { unitId: province, affiliatedUnitIds: [b] });
    expect(released.body.respCode).toBe(200);
    expect(await under(province)).toEqual([c]);
    expect(
      await AuditLog.findOne({
        where: { action: 'unit.affiliation-delete', targetId: String(province) },
        allTenants: true,
      }),
    ).toMatchObject({ detail: { removed: [b] } });
    const stranger = await post('affiliation-delete', { unitId: province, affiliatedUnitIds: [a] });
    expect(stranger.body.attribute.errors[0]).toMatchObject({ field: 'affiliatedUnitIds', rule: 'exists' });
    await affiliate(province, []);
    expect(await under(province)).toEqual([]);
  });

  test('a unit cannot be affiliated under itself', async () => {
    const a = await unit();
    const res = await post('affiliation-save', { unitId: a, affiliatedUnitIds: [a] });
    expect(res.body).toMatchObject({ respCode: -1 });
    expect(res.body.attribute.errors[0]).toMatchObject({ field: 'affiliatedUnitIds', rule: 'self' });
    expect(await under(a)).toEqual([]);
  });

  test('no cycles: a unit above, directly or not, cannot come under it', async () => {
    const [top, middle, bottom] = [await unit({ name: '顶层' }), await unit(), await unit()];
    await affiliate(top, [middle]);
    await affiliate(middle, [bottom]);
    for (const [parent, child] of [
      [middle, top],
      [bottom, top],
      [bottom, middle],
    ]) {
      const res = await post('affiliation-save', { unitId: parent, affiliatedUnitIds: [child] });
      expect(res.body.respCode).toBe(-1);
      expect(res.body.attribute.errors[0]).toMatchObject({ field: 'affiliatedUnitIds' });
    }
    const cycle = await post('affiliation-save', { unitId: bottom, affiliatedUnitIds: [top] });
    expect(cycle.body.attribute.errors[0]).toMatchObject({ rule: 'cycle' });
    expect(cycle.body.attribute.errors[0].message).toContain('顶层');
    expect(await under(bottom)).toEqual([]);
  });

  test('two writes at once cannot build a cycle together: one of them is refused', async () => {
    const [x, y] = [await unit(), await unit()];
    const answers = await Promise.all([
      post('affiliation-save', { unitId: x, affiliatedUnitIds: [y] }),
      post('affiliation-save', { unitId: y, affiliatedUnitIds: [x] }),
    ]);
    expect(answers.map((res) => res.body.respCode).sort()).toEqual([-1, 200]);
    expect((await under(x)).length + (await under(y)).length).toBe(1);
  });

  test('one supervising unit per unit: a unit under another is refused, naming it', async () => {
    const [first, second, child] = [await unit({ name: '第一主管' }), await unit(), await unit()];
    await affiliate(first, [child]);
    const res = await post('affiliation-save', { unitId: second, affiliatedUnitIds: [child] });
    expect(res.body.attribute.errors[0]).toMatchObject({ field: 'affiliatedUnitIds', rule: 'unique' });
    expect(res.body.attribute.errors[0].message).toContain('第一主管');
    expect(await under(second)).toEqual([]);
  });

  test('another project’s unit is refused like a missing one, as a supervising unit or an affiliated one', async () => {
    const mine = await unit();
    const foreign = (await buildUnit(otherProjectId)).id;
    const asChild = await post('affiliation-save', { unitId: mine, affiliatedUnitIds: [foreign] });
    expect(asChild.body.attribute.errors[0]).toMatchObject({ field: 'affiliatedUnitIds', rule: 'exists' });
    const asParent = await post('affiliation-save', { unitId: foreign, affiliatedUnitIds: [mine] });
    expect(asParent.body).toMatchObject({ respCode: -1, respDesc: '单位不存在' });
    for (const name of ['affiliation-query', 'affiliation-students', 'affiliation-options']) {
      expect((await post(name, { unitId: foreign })).body).toMatchObject({
        respCode: -1,
        respDesc: '单位不存在',
      });
    }
    expect(await UnitAffiliation.count({ where: { unitId: [mine, foreign] }, allTenants: true })).toBe(0);
  });

  test('both units must be enabled to affiliate; releasing works whatever their state', async () => {
    const [enabled, disabled, child] = [await unit(), await unit({ status: 'DISABLED' }), await unit()];
    const disabledChild = await post('affiliation-save', { unitId: enabled, affiliatedUnitIds: [disabled] });
    expect(disabledChild.body.attribute.errors[0]).toMatchObject({
      field: 'affiliatedUnitIds',
      rule: 'status',
    });
    const disabledParent = await post('affiliation-save', { unitId: disabled, affiliatedUnitIds: [child] });
    expect(disabledParent.body.attribute.errors[0]).toMatchObject({ field: 'unitId', rule: 'status' });
    await affiliate(enabled, [child]);
    await t.sequelize.query('UPDATE unit SET status = :status WHERE id = :id', {
      replacements: { status: 'DISABLED', id: child },
    });
    const query = await post('affiliation-query', { unitId: enabled });
    expect(query.body.attribute.list).toEqual([
      expect.objectContaining({ unitId: child, status: 'DISABLED' }),
    ]);
    expect(
      (await post('affiliation-delete', { unitId: enabled, affiliatedUnitIds: [child] })).body.respCode,
    ).toBe(200);
  });

  test('the picker offers enabled units that may come under the unit, nothing impossible', async () => {
    const [top, self, child, free, taken, off] = [
      await unit(),
      await unit(),
      await unit(),
      await unit(),
      await unit(),
      await unit({ status: 'DISABLED' }),
    ];
    const elsewhere = await unit();
    await affiliate(top, [self]);
    await affiliate(self, [child]);
    await affiliate(elsewhere, [taken]);
    const res = await post('affiliation-options', { unitId: self });
    const ids = (res.body.attribute as { id: number }[]).map((option) => option.id);
    expect(ids).toContain(free);
    for (const impossible of [top, self, child, taken, off]) expect(ids).not.toContain(impossible);
  });
});

describe('reading: affiliation-query and affiliation-students', () => {
  let parent: number;
  let branchA: number;
  let branchB: number;
  let outsider: number;

  beforeAll(async () => {
    parent = await unit({ name: '主管单位甲', creditCode: null });
    branchA = await unit({ name: '分部甲', creditCode: '91370102MA3C4T0X04' });
    branchB = await unit({ name: '分部乙' });
    outsider = await unit({ name: '无关单位' });
    await affiliate(parent, [branchA, branchB]);
    const { trainClass } = await buildClass({ projectId });
    const other = (await buildClass({ projectId })).trainClass;
    const third = (await buildClass({ projectId })).trainClass;
    const wang = await student(branchA, '王小明', '370102199003071238');
    await enrol(trainClass, wang.id, 'PASSED');
    await enrol(other, wang.id, 'STUDYING');
    await enrol(third, wang.id, 'REFUNDED');
    await student(branchA, '李小红');
    await student(branchB, '赵小刚');
    await student(parent, '主管单位自己的学员');
    await student(outsider, '无关学员');
    // Staff of an affiliated unit are no students.
    await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.UNIT, unitId: branchA, menu: MANAGER_MENU });
  });

  test('staff read the affiliated units with their student counts and the supervising unit', async () => {
    const res = await post('affiliation-query', { unitId: parent });
    expect(res.body.respCode).toBe(200);
    expect(res.body.attribute).toMatchObject({ total: 2, supervisingUnit: null });
    // By name, as the database orders it (乙 U+4E59 before 甲 U+7532).
    expect(res.body.attribute.list).toEqual([
      expect.objectContaining({ unitId: branchB, name: '分部乙', studentCount: 1 }),
      expect.objectContaining({
        unitId: branchA,
        name: '分部甲',
        creditCode: '91370102MA3C4T0X04',
        studentCount: 2,
      }),
    ]);
    const named = await post('affiliation-query', { unitId: parent, name: '乙' });
    expect(named.body.attribute.list.map((row: { unitId: number }) => row.unitId)).toEqual([branchB]);
    const child = await post('affiliation-query', { unitId: branchA });
    expect(child.body.attribute).toMatchObject({
      total: 0,
      supervisingUnit: { id: parent, name: '主管单位甲' },
    });
  });

  test('students are listed only from the affiliated units, with enrolments and passed counts', async () => {
    const res = await post('affiliation-students', { unitId: parent });
    expect(res.body.respCode).toBe(200);
    const names = res.body.attribute.list.map((row: { realName: string }) => row.realName).sort();
    expect(names).toEqual(['李小红', '王小明', '赵小刚'].sort());
    expect(res.body.attribute.total).toBe(3);
    const wang = res.body.attribute.list.find((row: { realName: string }) => row.realName === '王小明');
    expect(wang).toMatchObject({
      unitId: branchA,
      unitName: '分部甲',
      idCardNo: '370102********1238',
      enrolmentCount: 2,
      passedCount: 1,
    });
    const filtered = async (filters: object) =>
      (await post('affiliation-students', { unitId: parent, ...filters })).body.attribute.list.map(
        (row: { realName: string }) => row.realName,
      );
    expect(await filtered({ name: '小红' })).toEqual(['李小红']);
    expect(await filtered({ idCardNo: '370102199003071238' })).toEqual(['王小明']);
    expect(await filtered({ affiliatedUnitId: branchB })).toEqual(['赵小刚']);
    expect(await filtered({ affiliatedUnitId: outsider })).toEqual([]);
    const mobile = wang.mobile as string;
    expect(await filtered({ mobile: mobile.slice(3) })).toEqual(['王小明']);
    expect((await post('affiliation-students', { unitId: outsider })).body.attribute).toMatchObject({
      list: [],
      total: 0,
    });
  });

  test('a unit manager reads their own unit’s affiliations and students, read-only', async () => {
    const token = await manager(parent);
    const query = await post('affiliation-query', { unitId: parent }, token);
    expect(query.body.attribute.total).toBe(2);
    const students = await post('affiliation-students', { unitId: parent }, token);
    expect(students.body.attribute.total).toBe(3);
    for (const name of ['affiliation-save', 'affiliation-delete', 'affiliation-options']) {
      const res = await post(name, { unitId: parent, affiliatedUnitIds: [branchA] }, token);
      expect(res.status).toBe(403);
    }
    expect(await under(parent)).toEqual([branchA, branchB].sort((a, b) => a - b));
  });

  test('a unit manager is refused another unit’s affiliations like a missing one', async () => {
    const token = await manager(branchA);
    for (const name of ['affiliation-query', 'affiliation-students']) {
      const res = await post(name, { unitId: parent }, token);
      expect(res.body).toMatchObject({ respCode: -1, respDesc: '单位不存在' });
    }
    const own = await post('affiliation-query', { unitId: branchA }, token);
    expect(own.body.attribute).toMatchObject({ total: 0, supervisingUnit: { id: parent } });
  });

  test('staff with the detail page only read but do not write (403); without the unit pages nothing', async () => {
    const detailOnly = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/unit-manage/detail'] }))
        .account,
    );
    expect((await post('affiliation-query', { unitId: parent }, detailOnly)).body.respCode).toBe(200);
    expect((await post('affiliation-students', { unitId: parent }, detailOnly)).body.respCode).toBe(200);
    expect(
      (await post('affiliation-save', { unitId: parent, affiliatedUnitIds: [] }, detailOnly)).status,
    ).toBe(403);
    const none = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/home'] })).account,
    );
    for (const name of [
      'affiliation-query',
      'affiliation-students',
      'affiliation-save',
      'affiliation-delete',
      'affiliation-options',
    ]) {
      expect((await post(name, { unitId: parent, affiliatedUnitIds: [branchA] }, none)).status).toBe(403);
    }
    expect(await under(parent)).toEqual([branchA, branchB].sort((a, b) => a - b));
  });
});

import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { Dictionary } from '../dictionary/dictionary.model';
import { buildClass, enrol } from '../train-class/train-class.testing';
import { UnitClass } from '../unit-class/unit-class.model';
import { Unit } from './unit.model';

const path = (name: string) => `/api/unit/${name}.action`;
const STAFF_MENU = ['/home', '/unit-manage', '/unit-manage/list', '/unit-manage/detail'];
/** Valid unified social credit codes (check characters verified). */
const CODES = ['91350100M000100Y43', '91370102MA3C4T0X04', '91110000802100433B'];

let t: TestApp;
let projectId: number;
let otherProjectId: number;
let staffToken: string;
let staffId: number;

const post = (name: string, body: object = {}, as = staffToken) =>
  t.http.post(path(name)).set('token', as).send(body);
const valid = { name: '济南培训学校', regionCode: '370102', trainTypes: ['public'] };
/** A unit row as stored, whatever its project (the test checks what calls did or did not change). */
const storedUnit = (id: number) => Unit.findByPk(id, { allTenants: true });

beforeAll(async () => {
  t = await createTestApp();
  // projectArea defaults to 370000 (山东省).
  projectId = (await buildProject()).id;
  otherProjectId = (await buildProject()).id;
  const staff = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: STAFF_MENU });
  staffToken = await signIn(staff.account);
  staffId = staff.account.id;
});
afterAll(() => t.close());

async function unitManager(unitId: number) {
  const { account } = await buildAccount({
    projectId,
    roleSystem: ROLE_SYSTEM.UNIT,
    unitId,
    menu: ['/home', '/unit-manage', '/unit-manage/detail'],
  });
  return signIn(account);
}

describe('permissions', () => {
  test('staff without the unit screens are refused (403)', async () => {
    const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/home'] });
    const token = await signIn(account);
    for (const name of [
      'list',
      'save',
      'add-or-update',
      'base',
      'base-tree',
      'all-unit-tree',
      'update-train-type',
      'batch-update-train-type',
      'train-type',
      'train-list',
      'disable',
    ]) {
      expect((await post(name, { id: 1 }, token)).status).toBe(403);
    }
  });

  test('the detail screen alone allows reading but not the list or creating (403)', async () => {
    const unit = await buildUnit(projectId);
    const { account } = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/unit-manage', '/unit-manage/detail'],
    });
    const token = await signIn(account);
    expect((await post('base', { id: unit.id }, token)).body.respCode).toBe(200);
    expect((await post('list', {}, token)).status).toBe(403);
    expect((await post('add-or-update', { ...valid, name: '无权新增' }, token)).status).toBe(403);
    expect(await Unit.count({ where: { name: '无权新增' }, allTenants: true })).toBe(0);
  });

  test('students are refused (403)', async () => {
    const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, menu: STAFF_MENU });
    expect((await post('base', { id: 1 }, await signIn(account))).status).toBe(403);
  });
});

describe('unit/add-or-update and unit/save', () => {
  test('creates a unit under either name; audited', async () => {
    const res = await post('add-or-update', {
      name: '  历下职业学校 ',
      creditCode: CODES[1].toLowerCase(),
      contactName: '王老师',
      contactMobile: '13800001111',
      regionCode: '370102',
      address: '济南市历下区',
      trainTypes: ['public', 'safety'],
      remark: '备注',
    });
    expect(res.body.respCode).toBe(200);
    expect(res.body.attribute).toMatchObject({
      name: '历下职业学校',
      creditCode: CODES[1],
      regionCode: '370102',
      regionName: '山东省 济南市 历下区',
      trainTypes: ['public', 'safety'],
      status: 'ENABLED',
    });
    expect(
      await AuditLog.findOne({
        where: { action: 'unit.create', targetId: String(res.body.attribute.id) },
        allTenants: true,
      }),
    ).toMatchObject({ projectId, actorId: staffId });
    const saved = await post('save', { ...valid, name: '第二个名字的单位', trainTypes: 'public,vocational' });
    expect(saved.body.attribute).toMatchObject({
      name: '第二个名字的单位',
      trainTypes: ['public', 'vocational'],
    });
  });

  test('updates a unit; another project’s unit answers like a missing one', async () => {
    const unit = await buildUnit(projectId, { name: '待修改单位' });
    const res = await post('add-or-update', {
      ...valid,
      id: unit.id,
      name: '已修改单位',
      regionCode: '370100',
    });
    expect(res.body.attribute).toMatchObject({
      id: unit.id,
      name: '已修改单位',
      regionName: '山东省 济南市',
    });
    const foreign = await buildUnit(otherProjectId, { name: '外项目单位' });
    const missing = await post('add-or-update', { ...valid, id: 999999, name: '改名' });
    expect(missing.body).toMatchObject({ respCode: -1, respDesc: '单位不存在' });
    expect((await post('add-or-update', { ...valid, id: foreign.id, name: '改名' })).body).toEqual(
      missing.body,
    );
    expect((await storedUnit(foreign.id))?.name).toBe('外项目单位');
  });

  test('refuses bad fields naming them, and writes nothing', async () => {
    const before = await Unit.count({ allTenants: true });
    const cases: [object, string][] = [
      [{ name: '' }, 'name'],
      [{ creditCode: '91350100M000100Y44' }, 'creditCode'],
      [{ contactMobile: '1234' }, 'contactMobile'],
      [{ regionCode: '37010' }, 'regionCode'],
      [{ regionCode: '999999' }, 'regionCode'],
      [{ regionCode: '110101' }, 'regionCode'],
      [{ regionCode: undefined }, 'regionCode'],
      [{ trainTypes: ['public', 'cooking'] }, 'trainTypes'],
    ];
    for (const [change, field] of cases) {
      const res = await post('add-or-update', { ...valid, name: '坏单位', ...change });
      expect(res.body.respCode).toBe(-1);
      expect(res.body.attribute.errors[0].field).toBe(field);
    }
    expect(await Unit.count({ allTenants: true })).toBe(before);
  });

  test('name and credit code are unique in the project; another project may reuse them', async () => {
    await buildUnit(projectId, { name: '重名单位', creditCode: CODES[0] });
    const name = await post('add-or-update', { ...valid, name: '重名单位' });
    expect(name.body.attribute.errors[0]).toMatchObject({ field: 'name', message: '单位名称已存在' });
    const code = await post('add-or-update', { ...valid, name: '新单位', creditCode: CODES[0] });
    expect(code.body.attribute.errors[0]).toMatchObject({ field: 'creditCode' });
    await buildUnit(otherProjectId, { name: '外项目重名', creditCode: CODES[2] });
    const reuse = await post('add-or-update', { ...valid, name: '外项目重名', creditCode: CODES[2] });
    expect(reuse.body.respCode).toBe(200);
  });

  test('the region must lie within the project area (a city area allows only its counties)', async () => {
    const cityProject = await buildProject({ settings: { projectArea: 370200 } });
    const { account } = await buildAccount({
      projectId: cityProject.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: STAFF_MENU,
    });
    const token = await signIn(account);
    const outside = await post('add-or-update', { ...valid, regionCode: '370102' }, token);
    expect(outside.body.attribute.errors[0]).toMatchObject({ field: 'regionCode', rule: 'region' });
    const province = await post('add-or-update', { ...valid, regionCode: '370000' }, token);
    expect(province.body.attribute.errors[0].field).toBe('regionCode');
    const inside = await post('add-or-update', { ...valid, regionCode: '370202' }, token);
    expect(inside.body.attribute.regionName).toBe('山东省 青岛市 市南区');
  });

  test('a project’s own train-type entries are accepted', async () => {
    const project = await buildProject();
    await Dictionary.create({ projectId: project.id, type: 'train-type', code: 'nursing', label: '护理' });
    const { account } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: STAFF_MENU,
    });
    const token = await signIn(account);
    const res = await post('add-or-update', { ...valid, trainTypes: ['nursing'] }, token);
    expect(res.body.attribute.trainTypes).toEqual(['nursing']);
    expect(
      (await post('add-or-update', { ...valid, name: '别的', trainTypes: ['nursing'] })).body.respCode,
    ).toBe(-1);
  });
});

describe('unit managers', () => {
  test('read and edit only their own unit, and not its training types', async () => {
    const own = await buildUnit(projectId, {
      name: '自己的单位',
      regionCode: '370102',
      trainTypes: ['public'],
    });
    const other = await buildUnit(projectId, { name: '别人的单位' });
    const token = await unitManager(own.id);

    expect((await post('base', { id: own.id }, token)).body.attribute).toMatchObject({
      id: own.id,
      name: '自己的单位',
    });
    expect((await post('base', { id: other.id }, token)).body).toMatchObject({
      respCode: -1,
      respDesc: '单位不存在',
    });

    const edited = await post(
      'add-or-update',
      { ...valid, id: own.id, name: '自己的单位', contactName: '新联系人', trainTypes: ['public'] },
      token,
    );
    expect(edited.body.attribute).toMatchObject({ contactName: '新联系人', trainTypes: ['public'] });
    const { trainTypes: _omitted, ...withoutTypes } = valid;
    const kept = await post(
      'add-or-update',
      { ...withoutTypes, id: own.id, name: '自己的单位', address: '新地址' },
      token,
    );
    expect(kept.body.attribute).toMatchObject({ address: '新地址', trainTypes: ['public'] });
    const types = await post(
      'add-or-update',
      { ...valid, id: own.id, name: '自己的单位', trainTypes: ['safety'] },
      token,
    );
    expect(types.body.attribute.errors[0]).toMatchObject({ field: 'trainTypes', rule: 'forbidden' });
    const foreign = await post('add-or-update', { ...valid, id: other.id, name: '抢来的' }, token);
    expect(foreign.body.respDesc).toBe('单位不存在');
    expect((await post('add-or-update', { ...valid, name: '新建的' }, token)).status).toBe(403);

    const tree = await post('base-tree', {}, token);
    expect(JSON.stringify(tree.body.attribute)).not.toContain('别人的单位');
    expect(JSON.stringify(tree.body.attribute)).toContain('自己的单位');
    expect((await post('all-unit-tree', {}, token)).body.attribute).toEqual([
      { id: own.id, name: '自己的单位' },
    ]);
    for (const name of ['list', 'update-train-type', 'batch-update-train-type', 'disable']) {
      expect((await post(name, { id: own.id, ids: [own.id], status: 'DISABLED' }, token)).status).toBe(403);
    }
  });

  test('are refused another unit’s rows under every call that names one, and change nothing', async () => {
    const own = await buildUnit(projectId, { name: '管理员甲的单位' });
    const other = await buildUnit(projectId, { name: '管理员乙的单位', trainTypes: ['public'] });
    const token = await unitManager(own.id);
    for (const name of ['base', 'add-or-update', 'save']) {
      const res = await post(name, { ...valid, id: other.id, name: '被改名' }, token);
      expect(res.body).toMatchObject({ respCode: -1, respDesc: '单位不存在' });
    }
    expect(await storedUnit(other.id)).toMatchObject({ name: '管理员乙的单位', trainTypes: ['public'] });
    const listed = JSON.stringify((await post('base-tree', {}, token)).body.attribute);
    expect(listed).not.toContain('管理员乙的单位');
  });
});

describe('unit/list and unit/base', () => {
  test('lists the project’s units with filters; another project’s units are invisible', async () => {
    const project = await buildProject();
    const { account } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: STAFF_MENU,
    });
    const token = await signIn(account);
    const a = await buildUnit(project.id, { name: '甲单位', regionCode: '370102', creditCode: CODES[0] });
    const b = await buildUnit(project.id, { name: '乙单位', regionCode: '370202', status: 'DISABLED' });
    const c = await buildUnit(project.id, { name: '丙单位', regionCode: '370100' });
    const foreign = await buildUnit(otherProjectId, { name: '甲单位外', regionCode: '370102' });

    const all = await post('list', {}, token);
    expect(all.body.attribute).toMatchObject({ total: 3, pageNum: 1, pageSize: 10 });
    const ids = (res: { body: { attribute: { list: { id: number }[] } } }) =>
      res.body.attribute.list.map((item) => item.id).sort((x, y) => x - y);
    expect(ids(all)).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));
    expect(ids(await post('list', { name: '甲' }, token))).toEqual([a.id]);
    expect(ids(await post('list', { creditCode: 'm000100' }, token))).toEqual([a.id]);
    expect(ids(await post('list', { regionCode: '370100' }, token))).toEqual(
      [a.id, c.id].sort((x, y) => x - y),
    );
    expect(ids(await post('list', { regionCode: '370000' }, token))).toHaveLength(3);
    expect(ids(await post('list', { regionCode: '370202' }, token))).toEqual([b.id]);
    expect(ids(await post('list', { status: 'DISABLED' }, token))).toEqual([b.id]);
    expect((await post('list', { pageSize: 2, pageNum: 2 }, token)).body.attribute.list).toHaveLength(1);

    expect((await post('base', { id: a.id }, token)).body.attribute).toMatchObject({
      name: '甲单位',
      regionName: '山东省 济南市 历下区',
    });
    const missing = await post('base', { id: 999999 }, token);
    expect(missing.body).toMatchObject({ respCode: -1, respDesc: '单位不存在' });
    expect((await post('base', { id: foreign.id }, token)).body).toEqual(missing.body);
  });
});

describe('unit/base-tree and unit/all-unit-tree', () => {
  test('groups units by province, city and county, only regions with units', async () => {
    const project = await buildProject();
    const { account } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: STAFF_MENU,
    });
    const token = await signIn(account);
    const lixia = await buildUnit(project.id, { name: '历下单位', regionCode: '370102' });
    const jinan = await buildUnit(project.id, { name: '济南市直单位', regionCode: '370100' });
    const shinan = await buildUnit(project.id, {
      name: '市南单位',
      regionCode: '370202',
      status: 'DISABLED',
    });
    const nowhere = await buildUnit(project.id, { name: '无地区单位' });
    await buildUnit(otherProjectId, { name: '外项目单位树', regionCode: '370102' });

    const tree = (await post('base-tree', {}, token)).body.attribute;
    expect(tree).toEqual([
      {
        code: '370000',
        name: '山东省',
        units: [],
        children: [
          {
            code: '370100',
            name: '济南市',
            units: [{ id: jinan.id, name: '济南市直单位', status: 'ENABLED' }],
            children: [
              {
                code: '370102',
                name: '历下区',
                units: [{ id: lixia.id, name: '历下单位', status: 'ENABLED' }],
                children: [],
              },
            ],
          },
          {
            code: '370200',
            name: '青岛市',
            units: [],
            children: [
              {
                code: '370202',
                name: '市南区',
                units: [{ id: shinan.id, name: '市南单位', status: 'DISABLED' }],
                children: [],
              },
            ],
          },
        ],
      },
      {
        code: '',
        name: '未设置地区',
        units: [{ id: nowhere.id, name: '无地区单位', status: 'ENABLED' }],
        children: [],
      },
    ]);

    const options = (await post('all-unit-tree', {}, token)).body.attribute;
    expect(options.map((option: { id: number }) => option.id).sort()).toEqual(
      [lixia.id, jinan.id, nowhere.id].sort(),
    );
  });
});

describe('training types', () => {
  test('update-train-type sets one unit’s types; audited', async () => {
    const unit = await buildUnit(projectId, { trainTypes: ['public'] });
    const res = await post('update-train-type', { id: unit.id, trainTypes: ['specialized', 'safety'] });
    expect(res.body.respCode).toBe(200);
    expect((await storedUnit(unit.id))?.trainTypes).toEqual(['specialized', 'safety']);
    const log = await AuditLog.findOne({
      where: { action: 'unit.train-types', targetId: String(unit.id), projectId },
    });
    expect(log?.detail).toEqual({ before: ['public'], after: ['specialized', 'safety'] });
    expect(
      (await post('update-train-type', { id: unit.id, trainTypes: ['x'] })).body.attribute.errors[0].field,
    ).toBe('trainTypes');
    const foreign = await buildUnit(otherProjectId);
    expect((await post('update-train-type', { id: foreign.id, trainTypes: [] })).body.respDesc).toBe(
      '单位不存在',
    );
  });

  test('batch-update-train-type changes all units or none', async () => {
    const a = await buildUnit(projectId, { trainTypes: ['public'] });
    const b = await buildUnit(projectId, { trainTypes: [] });
    const foreign = await buildUnit(otherProjectId, { trainTypes: ['public'] });
    const refused = await post('batch-update-train-type', {
      ids: [a.id, foreign.id],
      trainTypes: ['vocational'],
    });
    expect(refused.body.attribute.errors[0]).toMatchObject({
      field: 'ids',
      message: `单位不存在：${foreign.id}`,
    });
    expect((await storedUnit(a.id))?.trainTypes).toEqual(['public']);
    expect((await storedUnit(foreign.id))?.trainTypes).toEqual(['public']);

    const res = await post('batch-update-train-type', { ids: [a.id, b.id], trainTypes: ['vocational'] });
    expect(res.body.respCode).toBe(200);
    for (const id of [a.id, b.id]) expect((await storedUnit(id))?.trainTypes).toEqual(['vocational']);
    expect(
      (await post('batch-update-train-type', { ids: [], trainTypes: [] })).body.attribute.errors[0].field,
    ).toBe('ids');
  });
});

describe('unit/train-type and unit/train-list', () => {
  test('train-type lists the dictionary’s types with how many units have each; a filter of unit/list', async () => {
    const own = (await buildProject()).id;
    const { account } = await buildAccount({
      projectId: own,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: STAFF_MENU,
    });
    const token = await signIn(account);
    await Dictionary.create({
      projectId: own,
      type: 'train-type',
      code: 'pre-job',
      label: '岗前培训',
      sort: 0,
    });
    const a = await buildUnit(own, { trainTypes: ['safety', 'pre-job'] });
    await buildUnit(own, { trainTypes: ['safety'] });
    await buildUnit(otherProjectId, { trainTypes: ['safety', 'public'] });
    const res = await post('train-type', {}, token);
    expect(res.body.respCode).toBe(200);
    const byCode = new Map(
      (res.body.attribute as { code: string; label: string; unitCount: number }[]).map((item) => [
        item.code,
        item,
      ]),
    );
    expect(byCode.get('pre-job')).toMatchObject({ label: '岗前培训', unitCount: 1 });
    expect(byCode.get('safety')).toMatchObject({ label: '安全生产', unitCount: 2 });
    expect(byCode.get('public')).toMatchObject({ unitCount: 0 });
    expect(res.body.attribute[0].code).toBe('pre-job');
    // Another project's own entry is not listed.
    expect(
      (await post('train-type', {})).body.attribute.map((item: { code: string }) => item.code),
    ).not.toContain('pre-job');
    const filtered = await post('list', { trainType: 'pre-job' }, token);
    expect(filtered.body.attribute.list.map((unit: { id: number }) => unit.id)).toEqual([a.id]);
    // A unit manager counts their own unit only.
    const { account: manager } = await buildAccount({
      projectId: own,
      roleSystem: ROLE_SYSTEM.UNIT,
      unitId: a.id,
      menu: ['/home', '/unit-manage', '/unit-manage/detail'],
    });
    const mine = (await post('train-type', {}, await signIn(manager))).body.attribute;
    expect(mine.find((item: { code: string }) => item.code === 'safety').unitCount).toBe(1);
  });

  test('train-list counts the classes of the unit’s students and unit classes by state', async () => {
    const unit = await buildUnit(projectId, { name: '培训清单单位' });
    const other = await buildUnit(projectId, { name: '别的单位' });
    const { trainClass: first } = await buildClass({ projectId, name: '电工作业培训班' });
    const { trainClass: second } = await buildClass({ projectId, name: '焊工作业培训班', year: 2024 });
    const student = async (unitId: number | null) =>
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, unitId })).account.id;
    await enrol(first, await student(unit.id), 'STUDYING');
    await enrol(first, await student(unit.id), 'PASSED');
    await enrol(first, await student(unit.id), 'REFUNDED');
    await enrol(first, await student(other.id), 'STUDYING');
    // A student of no unit enrolled through the unit's unit class counts for the unit.
    const unitClass = await UnitClass.create({
      projectId,
      unitId: unit.id,
      classId: second.id,
      name: '单位焊工班',
      plannedStudents: 10,
      createdBy: staffId,
    });
    const loose = await enrol(second, await student(null), 'PENDING_PAY');
    await loose.update({ unitClassId: unitClass.id });

    const res = await post('train-list', { unitId: unit.id });
    expect(res.body.respCode).toBe(200);
    expect(res.body.attribute.total).toBe(2);
    expect(res.body.attribute.list).toEqual([
      expect.objectContaining({
        classId: second.id,
        className: '焊工作业培训班',
        year: 2024,
        enrolledCount: 1,
        pendingPayCount: 1,
      }),
      expect.objectContaining({
        classId: first.id,
        className: '电工作业培训班',
        enrolledCount: 2,
        studyingCount: 1,
        passedCount: 1,
        finishedStudyCount: 0,
        studyStartDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    ]);
    const named = await post('train-list', { unitId: unit.id, className: '电工', pageSize: 1 });
    expect(named.body.attribute).toMatchObject({ total: 1, list: [{ classId: first.id }] });
    expect((await post('train-list', { unitId: unit.id, year: 2024 })).body.attribute.total).toBe(1);

    // A unit manager: their own unit without an id; another unit answers like a missing one.
    const token = await unitManager(unit.id);
    expect((await post('train-list', {}, token)).body.attribute.total).toBe(2);
    expect((await post('train-list', { unitId: other.id }, token)).body).toMatchObject({
      respCode: -1,
      respDesc: '单位不存在',
    });
    const foreign = await buildUnit(otherProjectId);
    expect((await post('train-list', { unitId: foreign.id })).body.respDesc).toBe('单位不存在');
    expect((await post('train-list', {})).body.attribute.errors[0].field).toBe('unitId');
  });
});

describe('unit/disable', () => {
  test('disables and enables a unit; disabled units leave the selects; audited', async () => {
    const unit = await buildUnit(projectId, { name: '将停用单位' });
    expect((await post('disable', { id: unit.id, status: 'DISABLED' })).body.respCode).toBe(200);
    expect((await storedUnit(unit.id))?.status).toBe('DISABLED');
    const options = (await post('all-unit-tree')).body.attribute;
    expect(options.map((option: { id: number }) => option.id)).not.toContain(unit.id);
    await post('disable', { id: unit.id, status: 'ENABLED' });
    expect((await storedUnit(unit.id))?.status).toBe('ENABLED');
    expect(
      await AuditLog.count({ where: { targetType: 'unit', targetId: String(unit.id) }, allTenants: true }),
    ).toBe(2);
    const foreign = await buildUnit(otherProjectId);
    expect((await post('disable', { id: foreign.id, status: 'DISABLED' })).body.respDesc).toBe('单位不存在');
    expect((await storedUnit(foreign.id))?.status).toBe('ENABLED');
  });
});

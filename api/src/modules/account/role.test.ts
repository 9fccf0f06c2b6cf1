import { grantedMenuTree, ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildRole, buildUnit, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { Account } from './account.model';
import { createBuiltinRoles, PROJECT_BUILTIN_ROLES } from './builtin-roles';
import { Role } from './role.model';

const PROJECT_ADMIN_MENU = PROJECT_BUILTIN_ROLES.find((role) => role.code === 'project-admin')?.menu ?? [];
const path = (name: string) => `/api/role/${name}.action`;

let t: TestApp;
let projectId: number;
let otherProjectId: number;
let adminToken: string;
let adminAccountId: number;

const post = (name: string, token: string, body: object = {}) =>
  t.http.post(path(name)).set('token', token).send(body);

beforeAll(async () => {
  t = await createTestApp();
  projectId = (await buildProject()).id;
  otherProjectId = (await buildProject()).id;
  await createBuiltinRoles(projectId);
  await createBuiltinRoles(otherProjectId);
  const admin = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: PROJECT_ADMIN_MENU });
  adminToken = await signIn(admin.account);
  adminAccountId = admin.account.id;
});
afterAll(() => t.close());

describe('permissions', () => {
  test('every role call but get-my-permission needs the role screen (403)', async () => {
    const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/home'] });
    const token = await signIn(account);
    for (const name of ['query', 'page', 'find', 'save', 'delete']) {
      const res = await post(name, token, { id: 1 });
      expect(res.status).toBe(403);
      expect(res.body.respCode).toBe(403);
    }
    expect((await post('get-my-permission', token)).body.respCode).toBe(200);
  });

  test('students and unit managers are refused even with the URL (403); anonymous callers 401', async () => {
    for (const roleSystem of [ROLE_SYSTEM.STUDENT, ROLE_SYSTEM.UNIT]) {
      const unit = roleSystem === ROLE_SYSTEM.UNIT ? await buildUnit(projectId) : null;
      const { account } = await buildAccount({
        projectId,
        roleSystem,
        menu: ['/account-manage', '/account-manage/role'],
        unitId: unit?.id ?? null,
      });
      expect((await post('page', await signIn(account))).status).toBe(403);
    }
    expect((await t.http.post(path('page'))).status).toBe(401);
  });
});

describe('role/query and role/page', () => {
  test('query lists every role of the caller’s project and none of another project', async () => {
    const foreign = await buildRole(otherProjectId, ROLE_SYSTEM.PROJECT, [], { name: '别的项目的角色' });
    const res = await post('query', adminToken);
    expect(res.body.respCode).toBe(200);
    const names = res.body.attribute.map((role: { name: string }) => role.name);
    for (const builtin of PROJECT_BUILTIN_ROLES) expect(names).toContain(builtin.name);
    expect(names).not.toContain(foreign.name);
    expect(res.body.attribute.map((role: { id: number }) => role.id)).not.toContain(foreign.id);

    const units = await post('query', adminToken, { roleSystem: 4 });
    expect(units.body.attribute.every((role: { roleSystem: number }) => role.roleSystem === 4)).toBe(true);
    expect(units.body.attribute.length).toBeGreaterThan(0);
  });

  test('page filters by name and role system, pages, and counts accounts', async () => {
    const role = await buildRole(projectId, ROLE_SYSTEM.PROJECT, ['/home'], { name: '分页测试角色甲' });
    await buildRole(projectId, ROLE_SYSTEM.PROJECT, ['/home'], { name: '分页测试角色乙' });
    await buildRole(otherProjectId, ROLE_SYSTEM.PROJECT, [], { name: '分页测试角色丙' });
    await Account.create({
      projectId,
      roleId: role.id,
      roleSystem: 2,
      accountName: `page${Date.now()}`,
      realName: '甲',
    });

    const res = await post('page', adminToken, { name: '分页测试', pageNum: 1, pageSize: 1 });
    expect(res.body.attribute).toMatchObject({ total: 2, pageNum: 1, pageSize: 1 });
    expect(res.body.attribute.list).toHaveLength(1);
    const all = await post('page', adminToken, { name: '分页测试', pageSize: 10 });
    const first = all.body.attribute.list.find((item: { id: number }) => item.id === role.id);
    expect(first).toMatchObject({ name: '分页测试角色甲', roleSystem: 2, accountCount: 1, menu: ['/home'] });

    const students = await post('page', adminToken, { roleSystem: 3 });
    expect(students.body.attribute.list.map((item: { code: string }) => item.code)).toContain('student');
    expect(students.body.attribute.list.every((item: { roleSystem: number }) => item.roleSystem === 3)).toBe(
      true,
    );

    const bad = await post('page', adminToken, { pageSize: 101 });
    expect(bad.status).toBe(400);
    expect(bad.body.attribute.errors[0].field).toBe('pageSize');
  });
});

describe('role/find', () => {
  test('answers one role with its menu; another project’s role answers like a missing one', async () => {
    const own = await buildRole(projectId, ROLE_SYSTEM.PROJECT, [
      '/home',
      '/unit-manage',
      '/unit-manage/list',
    ]);
    const res = await post('find', adminToken, { id: own.id });
    expect(res.body.attribute).toMatchObject({
      id: own.id,
      menu: ['/home', '/unit-manage', '/unit-manage/list'],
    });

    const foreign = await buildRole(otherProjectId, ROLE_SYSTEM.PROJECT);
    const missing = await post('find', adminToken, { id: 999999 });
    const hidden = await post('find', adminToken, { id: foreign.id });
    expect(missing.body).toMatchObject({ respCode: -1, respDesc: '角色不存在' });
    expect(hidden.body).toEqual(missing.body);
  });
});

describe('role/save', () => {
  test('creates a role, adding the sections of granted pages, and audits it', async () => {
    const res = await post('save', adminToken, {
      name: '单位专员',
      roleSystem: 2,
      menu: ['/unit-manage/list', '/home'],
      remark: '只管单位',
    });
    expect(res.body.respCode).toBe(200);
    expect(res.body.attribute).toMatchObject({
      name: '单位专员',
      roleSystem: 2,
      remark: '只管单位',
      menu: ['/home', '/unit-manage', '/unit-manage/list'],
      accountCount: 0,
    });
    const stored = await Role.findOne({ where: { id: res.body.attribute.id }, allTenants: true });
    expect(stored?.projectId).toBe(projectId);
    const log = await AuditLog.findOne({
      where: { action: 'role.create', targetId: String(stored?.id) },
      allTenants: true,
    });
    expect(log).toMatchObject({ projectId, actorId: adminAccountId });
  });

  test('accepts the menu as comma-separated text', async () => {
    const res = await post('save', adminToken, {
      name: '逗号菜单',
      roleSystem: 2,
      menu: '/home,/order-manage/list',
    });
    expect(res.body.attribute.menu).toEqual(['/home', '/order-manage', '/order-manage/list']);
  });

  test('refuses URLs outside the route table, naming the field, and writes nothing', async () => {
    const before = await Role.count({ allTenants: true });
    const res = await post('save', adminToken, { name: '坏菜单', roleSystem: 2, menu: ['/home', '/nope'] });
    expect(res.status).toBe(400);
    expect(res.body.respDesc).toBe('参数错误：menu 菜单不存在：/nope');
    expect(res.body.attribute.errors[0].field).toBe('menu');
    expect(await Role.count({ allTenants: true })).toBe(before);
  });

  test('refuses URLs the caller does not hold', async () => {
    const res = await post('save', adminToken, {
      name: '越权',
      roleSystem: 2,
      menu: ['/project-manage/list'],
    });
    expect(res.body.attribute.errors[0]).toMatchObject({ field: 'menu', rule: 'held' });
  });

  test('refuses role system 1 inside a project, and back-office menus for students', async () => {
    const platform = await post('save', adminToken, { name: '平台角色', roleSystem: 1, menu: [] });
    expect(platform.body.attribute.errors[0]).toMatchObject({ field: 'roleSystem' });
    const student = await post('save', adminToken, { name: '学员二', roleSystem: 3, menu: ['/home'] });
    expect(student.body.attribute.errors[0]).toMatchObject({ field: 'menu', rule: 'student' });
    const bad = await post('save', adminToken, { name: '坏类型', roleSystem: 5 });
    expect(bad.body.attribute.errors[0].field).toBe('roleSystem');
    const noName = await post('save', adminToken, { name: '  ', roleSystem: 2 });
    expect(noName.body.attribute.errors[0]).toMatchObject({ field: 'name', message: '请填写角色名称' });
  });

  test('refuses a name already used in the project; another project may use it', async () => {
    await buildRole(projectId, ROLE_SYSTEM.PROJECT, [], { name: '重名角色' });
    const res = await post('save', adminToken, { name: '重名角色', roleSystem: 2 });
    expect(res.body.attribute.errors[0]).toMatchObject({ field: 'name', message: '角色名称已存在' });
    await buildRole(otherProjectId, ROLE_SYSTEM.PROJECT, [], { name: '外项目同名' });
    expect((await post('save', adminToken, { name: '外项目同名', roleSystem: 2 })).body.respCode).toBe(200);
  });

  test('an edited menu takes effect on the next call of the role’s accounts', async () => {
    const { account, role } = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/home'],
    });
    const token = await signIn(account);
    expect((await post('query', token)).status).toBe(403);
    const saved = await post('save', adminToken, {
      id: role.id,
      name: role.name,
      roleSystem: 2,
      menu: ['/home', '/account-manage/role'],
    });
    expect(saved.body.attribute.menu).toEqual(['/home', '/account-manage', '/account-manage/role']);
    expect((await post('query', token)).body.respCode).toBe(200);
    const log = await AuditLog.findOne({
      where: { action: 'role.update', targetId: String(role.id) },
      allTenants: true,
    });
    expect(log?.detail).toMatchObject({
      granted: ['/account-manage', '/account-manage/role'],
      withdrawn: [],
    });
  });

  test('the role system of a role with accounts, or of a built-in role, cannot change', async () => {
    const { role } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT });
    const res = await post('save', adminToken, { id: role.id, name: role.name, roleSystem: 4 });
    expect(res.body.attribute.errors[0]).toMatchObject({
      field: 'roleSystem',
      message: '该角色下已有账号，不能修改角色类型',
    });
    const finance = await Role.findOne({ where: { projectId, code: 'finance' } });
    const builtin = await post('save', adminToken, { id: finance?.id, name: '财务', roleSystem: 4 });
    expect(builtin.body.attribute.errors[0]).toMatchObject({ field: 'roleSystem', rule: 'builtin' });
    // Renaming and re-granting a built-in role is allowed.
    const renamed = await post('save', adminToken, {
      id: finance?.id,
      name: '财务人员',
      roleSystem: 2,
      menu: ['/home'],
    });
    expect(renamed.body.attribute).toMatchObject({ name: '财务人员', code: 'finance', menu: ['/home'] });

    const empty = await buildRole(projectId, ROLE_SYSTEM.PROJECT, ['/home']);
    const changed = await post('save', adminToken, { id: empty.id, name: empty.name, roleSystem: 4 });
    // An omitted menu stays as it was.
    expect(changed.body.attribute).toMatchObject({ roleSystem: 4, menu: ['/home'] });
  });

  test('another project’s role cannot be updated: it answers like a missing one', async () => {
    const foreign = await buildRole(otherProjectId, ROLE_SYSTEM.PROJECT, [], { name: '外项目角色' });
    const res = await post('save', adminToken, { id: foreign.id, name: '被改了', roleSystem: 2 });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '角色不存在' });
    expect((await Role.findOne({ where: { id: foreign.id }, allTenants: true }))?.name).toBe('外项目角色');
  });
});

describe('role/delete', () => {
  test('deletes a role no account holds; its name can be used again', async () => {
    const role = await buildRole(projectId, ROLE_SYSTEM.PROJECT, [], { name: '待删除角色' });
    expect((await post('delete', adminToken, { id: role.id })).body.respCode).toBe(200);
    expect(await Role.findOne({ where: { id: role.id }, allTenants: true })).toBeNull();
    expect((await post('find', adminToken, { id: role.id })).body.respDesc).toBe('角色不存在');
    expect(
      await AuditLog.count({ where: { action: 'role.delete', targetId: String(role.id) }, allTenants: true }),
    ).toBe(1);
    expect((await post('save', adminToken, { name: '待删除角色', roleSystem: 2 })).body.respCode).toBe(200);
  });

  test('refuses a role with accounts, a built-in role, and another project’s role', async () => {
    const { role } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT });
    expect((await post('delete', adminToken, { id: role.id })).body).toMatchObject({
      respCode: -1,
      respDesc: '该角色下仍有账号，不能删除',
    });
    const student = await Role.findOne({ where: { projectId, code: 'student' } });
    expect((await post('delete', adminToken, { id: student?.id })).body.respDesc).toBe('内置角色不能删除');
    const foreign = await buildRole(otherProjectId, ROLE_SYSTEM.PROJECT);
    expect((await post('delete', adminToken, { id: foreign.id })).body.respDesc).toBe('角色不存在');
    expect(await Role.findOne({ where: { id: foreign.id }, allTenants: true })).not.toBeNull();
  });
});

describe('platform roles', () => {
  test('platform staff manage platform roles (role system 1) and see no project role', async () => {
    const { account } = await buildAccount({
      projectId: null,
      roleSystem: ROLE_SYSTEM.PLATFORM,
      menu: ['/home', '/account-manage', '/account-manage/role', '/project-manage/list'],
    });
    const token = await signIn(account);
    const created = await post('save', token, {
      name: '平台运营',
      roleSystem: 1,
      menu: ['/project-manage/list'],
    });
    expect(created.body.attribute).toMatchObject({
      roleSystem: 1,
      menu: ['/project-manage', '/project-manage/list'],
    });
    expect(
      (await Role.findOne({ where: { id: created.body.attribute.id }, allTenants: true }))?.projectId,
    ).toBeNull();
    const project = await post('save', token, { name: '项目角色', roleSystem: 2 });
    expect(project.body.attribute.errors[0].field).toBe('roleSystem');
    const listed = await post('query', token);
    expect(listed.body.attribute.every((role: { roleSystem: number }) => role.roleSystem === 1)).toBe(true);
  });
});

describe('role/get-my-permission', () => {
  test('answers the caller’s URLs and menu tree, for any role system', async () => {
    const res = await post('get-my-permission', adminToken);
    expect(res.body.attribute).toMatchObject({ roleSystem: 2, menu: PROJECT_ADMIN_MENU });
    expect(res.body.attribute.menuTree).toEqual(grantedMenuTree(PROJECT_ADMIN_MENU));

    const { account, role } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
    const student = await post('get-my-permission', await signIn(account));
    expect(student.body.attribute).toEqual({
      roleId: role.id,
      roleName: role.name,
      roleSystem: 3,
      menu: [],
      menuTree: [],
    });
  });
});

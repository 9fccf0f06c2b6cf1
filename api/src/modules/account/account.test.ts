import { isPassword, ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { encryptLoginField } from '../../testing/crypto';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { verifyPassword } from '../account/password';
import { AuditLog } from '../audit/audit-log.model';
import { authenticateToken } from '../session/session.service';
import { Account } from './account.model';
import { createBuiltinRoles, PROJECT_BUILTIN_ROLES } from './builtin-roles';
import type { Role } from './role.model';

const PROJECT_ADMIN_MENU = PROJECT_BUILTIN_ROLES.find((role) => role.code === 'project-admin')?.menu ?? [];
const path = (name: string) => `/api/account/${name}.action`;

let t: TestApp;
let projectId: number;
let otherProjectId: number;
let roles: Map<string, Role>;
let otherRoles: Map<string, Role>;
let adminToken: string;
let adminId: number;

const post = (name: string, token: string, body: object = {}) =>
  t.http.post(path(name)).set('token', token).send(body);
const encrypt = (value: string) => encryptLoginField(t.sequelize, value);
const role = (code: string) => roles.get(code) as Role;
const withPassword = (id: number) =>
  Account.scope('withPassword').findOne({ where: { id }, paranoid: false, allTenants: true });

beforeAll(async () => {
  t = await createTestApp();
  projectId = (await buildProject()).id;
  otherProjectId = (await buildProject()).id;
  roles = await createBuiltinRoles(projectId);
  otherRoles = await createBuiltinRoles(otherProjectId);
  const admin = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: PROJECT_ADMIN_MENU });
  adminToken = await signIn(admin.account);
  adminId = admin.account.id;
});
afterAll(() => t.close());

/** A staff account of a project with a built-in role. */
async function staff(code: string, overrides: Partial<Parameters<typeof Account.create>[0]> = {}) {
  const r = overrides.projectId === otherProjectId ? (otherRoles.get(code) as Role) : role(code);
  return Account.create({
    projectId,
    roleId: r.id,
    roleSystem: r.roleSystem,
    accountName: `s${Math.random().toString(36).slice(2, 10)}`,
    realName: '员工',
    ...overrides,
  });
}

describe('permissions', () => {
  test('the staff-account calls need the administrator list screen (403)', async () => {
    const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/home'] });
    const token = await signIn(account);
    for (const name of ['query', 'add', 'disable', 'delete', 'reset-password']) {
      const res = await post(name, token, { id: adminId });
      expect(res.status).toBe(403);
    }
  });

  test('students and unit managers may not call them; staff may not call the student calls', async () => {
    const unit = await buildUnit(projectId);
    const manager = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.UNIT,
      unitId: unit.id,
      menu: ['/account-manage/administrator-list'],
    });
    expect((await post('query', await signIn(manager.account))).status).toBe(403);
    expect((await post('is-need-complete', adminToken)).status).toBe(403);
    expect((await post('complete-info', adminToken)).status).toBe(403);
  });
});

test('the administrator list also opens the role and unit selects it needs', async () => {
  const { account } = await buildAccount({
    projectId,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/account-manage', '/account-manage/administrator-list'],
  });
  const token = await signIn(account);
  const unit = await buildUnit(projectId, { name: '下拉单位' });
  const roleOptions = await t.http.post('/api/role/query.action').set('token', token).send({ roleSystem: 4 });
  expect(roleOptions.body.attribute).toContainEqual({
    id: role('unit-manager').id,
    name: '单位管理员',
    roleSystem: 4,
  });
  const unitOptions = await t.http.post('/api/unit/all-unit-tree.action').set('token', token);
  expect(unitOptions.body.attribute).toContainEqual({ id: unit.id, name: '下拉单位' });
  expect((await t.http.post('/api/role/page.action').set('token', token)).status).toBe(403);
});

describe('account/query', () => {
  test('lists the staff (role systems 2 and 4) of the caller’s project only, with filters', async () => {
    const unit = await buildUnit(projectId, { name: '查询单位' });
    const service = await staff('customer-service', { realName: '客服查询甲', accountName: 'QueryService' });
    const manager = await staff('unit-manager', { realName: '单位查询乙', unitId: unit.id });
    const student = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
    const foreign = await staff('customer-service', { projectId: otherProjectId, realName: '客服查询丙' });

    const res = await post('query', adminToken, { pageSize: 100 });
    expect(res.body.respCode).toBe(200);
    const ids = res.body.attribute.list.map((item: { id: number }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([adminId, service.id, manager.id]));
    expect(ids).not.toContain(student.account.id);
    expect(ids).not.toContain(foreign.id);

    const byName = await post('query', adminToken, { name: '查询' });
    expect(byName.body.attribute.list.map((item: { id: number }) => item.id).sort()).toEqual(
      [service.id, manager.id].sort(),
    );
    const byAccountName = await post('query', adminToken, { name: 'queryserv' });
    expect(byAccountName.body.attribute.list).toHaveLength(1);
    expect(byAccountName.body.attribute.list[0]).toMatchObject({
      id: service.id,
      roleName: '客服',
      roleSystem: 2,
      status: 'ENABLED',
    });
    const byUnit = await post('query', adminToken, { unitId: unit.id });
    expect(byUnit.body.attribute.list).toEqual([
      expect.objectContaining({ id: manager.id, unitId: unit.id, unitName: '查询单位', roleSystem: 4 }),
    ]);
    const byRole = await post('query', adminToken, { roleId: role('unit-manager').id });
    expect(byRole.body.attribute.list.every((item: { roleSystem: number }) => item.roleSystem === 4)).toBe(
      true,
    );
    await Account.update({ status: 'DISABLED' }, { where: { id: service.id }, allTenants: true });
    const disabled = await post('query', adminToken, { status: 'DISABLED' });
    expect(disabled.body.attribute.list.map((item: { id: number }) => item.id)).toEqual([service.id]);
    const paged = await post('query', adminToken, { pageNum: 2, pageSize: 1 });
    expect(paged.body.attribute).toMatchObject({ pageNum: 2, pageSize: 1, total: res.body.attribute.total });
  });
});

describe('account/add', () => {
  test('creates a staff account with an encrypted password; the password is hashed and audited', async () => {
    const res = await post('add', adminToken, {
      accountName: 'NewStaff',
      realName: '新员工',
      mobile: '13912345678',
      roleId: role('finance').id,
      password: await encrypt('Finance1'),
    });
    expect(res.body.respCode).toBe(200);
    expect(res.body.attribute).toMatchObject({
      accountName: 'NewStaff',
      realName: '新员工',
      mobile: '13912345678',
      roleName: '财务',
      roleSystem: 2,
      unitId: null,
    });
    const stored = await withPassword(res.body.attribute.id);
    expect(stored?.projectId).toBe(projectId);
    expect(await verifyPassword(stored?.passwordHash, 'Finance1')).toBe(true);
    const log = await AuditLog.findOne({
      where: { action: 'account.create', targetId: String(stored?.id) },
      allTenants: true,
    });
    expect(log).toMatchObject({ projectId, actorId: adminId });
    expect(JSON.stringify(log?.detail)).not.toContain('Finance1');
  });

  test('the account name is unique in the project regardless of case; other projects may reuse it', async () => {
    await staff('finance', { accountName: 'SameName' });
    const res = await post('add', adminToken, {
      accountName: 'samename',
      realName: '重名',
      roleId: role('finance').id,
      password: await encrypt('Finance1'),
    });
    expect(res.body.attribute.errors[0]).toMatchObject({ field: 'accountName', message: '账号已存在' });
    await staff('finance', { projectId: otherProjectId, accountName: 'elsewhere' });
    const reused = await post('add', adminToken, {
      accountName: 'Elsewhere',
      realName: '外项目同名',
      roleId: role('finance').id,
      password: await encrypt('Finance1'),
    });
    expect(reused.body.respCode).toBe(200);
  });

  test('refuses a plain-text or weak password, a missing one on create, and bad fields; writes nothing', async () => {
    const before = await Account.count({ paranoid: false, allTenants: true });
    const base = { accountName: 'badinput', realName: '坏输入', roleId: role('finance').id };
    const plain = await post('add', adminToken, { ...base, password: 'Finance1Finance1' });
    expect(plain.body.attribute.errors[0]).toMatchObject({ field: 'password', rule: 'encrypted' });
    const weak = await post('add', adminToken, { ...base, password: await encrypt('123456') });
    expect(weak.body.attribute.errors[0]).toMatchObject({ field: 'password', rule: 'password' });
    const missing = await post('add', adminToken, base);
    expect(missing.body.attribute.errors[0]).toMatchObject({ field: 'password', message: '请填写密码' });
    const mobile = await post('add', adminToken, {
      ...base,
      mobile: '12345',
      password: await encrypt('Finance1'),
    });
    expect(mobile.body.attribute.errors[0]).toMatchObject({ field: 'mobile', message: '手机号格式不正确' });
    const name = await post('add', adminToken, {
      ...base,
      accountName: '中文账号',
      password: await encrypt('Finance1'),
    });
    expect(name.body.attribute.errors[0].field).toBe('accountName');
    expect(await Account.count({ paranoid: false, allTenants: true })).toBe(before);
  });

  test('the role must be a staff or unit role of the project; a unit manager needs a unit of the project', async () => {
    const password = await encrypt('Manager1');
    const base = { accountName: 'rolecheck', realName: '角色检查', password };
    const foreign = await post('add', adminToken, { ...base, roleId: otherRoles.get('finance')?.id });
    expect(foreign.body.attribute.errors[0]).toMatchObject({ field: 'roleId', message: '角色不存在' });
    const studentRole = await post('add', adminToken, { ...base, roleId: role('student').id });
    expect(studentRole.body.attribute.errors[0]).toMatchObject({ field: 'roleId', rule: 'role-system' });
    const noUnit = await post('add', adminToken, { ...base, roleId: role('unit-manager').id });
    expect(noUnit.body.attribute.errors[0]).toMatchObject({ field: 'unitId', rule: 'required' });
    const otherUnit = await buildUnit(otherProjectId);
    const foreignUnit = await post('add', adminToken, {
      ...base,
      roleId: role('unit-manager').id,
      unitId: otherUnit.id,
    });
    expect(foreignUnit.body.attribute.errors[0]).toMatchObject({ field: 'unitId', message: '单位不存在' });

    const unit = await buildUnit(projectId, { name: '管理员所在单位' });
    const ok = await post('add', adminToken, { ...base, roleId: role('unit-manager').id, unitId: unit.id });
    expect(ok.body.attribute).toMatchObject({ roleSystem: 4, unitId: unit.id, unitName: '管理员所在单位' });
    // A project staff role drops the unit.
    const moved = await post('add', adminToken, {
      id: ok.body.attribute.id,
      accountName: 'rolecheck',
      realName: '角色检查',
      roleId: role('customer-service').id,
      unitId: unit.id,
    });
    expect(moved.body.attribute).toMatchObject({ roleSystem: 2, unitId: null });
  });

  test('updates an account; a new role ends its sessions, other edits keep them', async () => {
    const account = await staff('finance', { accountName: 'toedit' });
    const token = await signIn(account);
    const renamed = await post('add', adminToken, {
      id: account.id,
      accountName: 'edited',
      realName: '改过名',
      roleId: role('finance').id,
    });
    expect(renamed.body.attribute).toMatchObject({ accountName: 'edited', realName: '改过名' });
    expect(await authenticateToken(t.sequelize, token)).not.toBeNull();
    await post('add', adminToken, {
      id: account.id,
      accountName: 'edited',
      realName: '改过名',
      roleId: role('customer-service').id,
    });
    expect(await authenticateToken(t.sequelize, token)).toBeNull();
    const log = await AuditLog.findOne({
      where: { action: 'account.update', targetId: String(account.id) },
      allTenants: true,
    });
    expect(log?.detail).toMatchObject({ changed: expect.arrayContaining(['accountName', 'realName']) });
  });

  test('a password given on update replaces the old one and ends the sessions', async () => {
    const account = await staff('finance', { accountName: 'newpass' });
    const token = await signIn(account);
    const res = await post('add', adminToken, {
      id: account.id,
      accountName: 'newpass',
      realName: '员工',
      roleId: role('finance').id,
      password: await encrypt('Changed1'),
    });
    expect(res.body.respCode).toBe(200);
    expect(await verifyPassword((await withPassword(account.id))?.passwordHash, 'Changed1')).toBe(true);
    expect(await authenticateToken(t.sequelize, token)).toBeNull();
  });

  test('another project’s account, or a student, answers like a missing account', async () => {
    const foreign = await staff('finance', { projectId: otherProjectId, realName: '外项目' });
    const student = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
    const body = { accountName: 'hijack', realName: '改掉', roleId: role('finance').id };
    const missing = await post('add', adminToken, { ...body, id: 999999 });
    expect(missing.body).toMatchObject({ respCode: -1, respDesc: '账号不存在' });
    for (const id of [foreign.id, student.account.id]) {
      expect((await post('add', adminToken, { ...body, id })).body).toEqual(missing.body);
    }
    expect((await Account.findOne({ where: { id: foreign.id }, allTenants: true }))?.realName).toBe('外项目');
  });
});

describe('account/disable', () => {
  test('disables an account, ending its sessions, and enables it again; audited', async () => {
    const account = await staff('finance');
    const token = await signIn(account);
    const res = await post('disable', adminToken, { id: account.id, status: 'DISABLED' });
    expect(res.body.respCode).toBe(200);
    expect((await Account.findOne({ where: { id: account.id }, allTenants: true }))?.status).toBe('DISABLED');
    expect(await authenticateToken(t.sequelize, token)).toBeNull();
    await post('disable', adminToken, { id: account.id, status: 'ENABLED' });
    expect((await Account.findOne({ where: { id: account.id }, allTenants: true }))?.status).toBe('ENABLED');
    // The old session stays ended.
    expect(await authenticateToken(t.sequelize, token)).toBeNull();
    expect(
      await AuditLog.count({
        where: { targetType: 'account', targetId: String(account.id) },
        allTenants: true,
      }),
    ).toBe(2);
  });

  test('refuses yourself, a bad status, and another project’s account', async () => {
    expect((await post('disable', adminToken, { id: adminId, status: 'DISABLED' })).body).toMatchObject({
      respCode: -1,
      respDesc: '不能停用自己的账号',
    });
    const bad = await post('disable', adminToken, { id: adminId, status: 'OFF' });
    expect(bad.body.attribute.errors[0].field).toBe('status');
    const foreign = await staff('finance', { projectId: otherProjectId });
    expect((await post('disable', adminToken, { id: foreign.id, status: 'DISABLED' })).body.respDesc).toBe(
      '账号不存在',
    );
    expect((await Account.findOne({ where: { id: foreign.id }, allTenants: true }))?.status).toBe('ENABLED');
  });
});

describe('account/delete', () => {
  test('soft-deletes an account, ends its sessions, frees its name; audited', async () => {
    const account = await staff('finance', { accountName: 'leaving' });
    const token = await signIn(account);
    expect((await post('delete', adminToken, { id: account.id })).body.respCode).toBe(200);
    expect(await Account.findOne({ where: { id: account.id }, allTenants: true })).toBeNull();
    expect(
      await Account.findOne({ where: { id: account.id }, paranoid: false, allTenants: true }),
    ).not.toBeNull();
    expect(await authenticateToken(t.sequelize, token)).toBeNull();
    expect(
      await AuditLog.count({
        where: { action: 'account.delete', targetId: String(account.id) },
        allTenants: true,
      }),
    ).toBe(1);
    const again = await post('add', adminToken, {
      accountName: 'leaving',
      realName: '新人',
      roleId: role('finance').id,
      password: await encrypt('Finance1'),
    });
    expect(again.body.respCode).toBe(200);
    expect((await post('delete', adminToken, { id: account.id })).body.respDesc).toBe('账号不存在');
  });

  test('refuses yourself and another project’s account', async () => {
    expect((await post('delete', adminToken, { id: adminId })).body.respDesc).toBe('不能删除自己的账号');
    const foreign = await staff('finance', { projectId: otherProjectId });
    expect((await post('delete', adminToken, { id: foreign.id })).body.respDesc).toBe('账号不存在');
    expect(await Account.findOne({ where: { id: foreign.id }, allTenants: true })).not.toBeNull();
  });
});

describe('account/reset-password', () => {
  test('sets a random password, answered once, and ends the sessions', async () => {
    const account = await staff('finance');
    const token = await signIn(account);
    const res = await post('reset-password', adminToken, { id: account.id });
    const { password } = res.body.attribute;
    expect(isPassword(password)).toBe(true);
    expect(await verifyPassword((await withPassword(account.id))?.passwordHash, password)).toBe(true);
    expect(await authenticateToken(t.sequelize, token)).toBeNull();
    const log = await AuditLog.findOne({
      where: { action: 'account.reset-password', targetId: String(account.id) },
      allTenants: true,
    });
    expect(JSON.stringify(log?.toJSON())).not.toContain(password);
    expect(JSON.stringify(t.logs)).not.toContain(password);
  });

  test('sets a given encrypted password and answers none; refuses weak ones and foreign accounts', async () => {
    const account = await staff('finance');
    const res = await post('reset-password', adminToken, {
      id: account.id,
      password: await encrypt('Chosen99'),
    });
    expect(res.body.attribute).toEqual({ password: null });
    expect(await verifyPassword((await withPassword(account.id))?.passwordHash, 'Chosen99')).toBe(true);
    const weak = await post('reset-password', adminToken, {
      id: account.id,
      password: await encrypt('short'),
    });
    expect(weak.body.attribute.errors[0].field).toBe('password');
    const foreign = await staff('finance', { projectId: otherProjectId });
    expect((await post('reset-password', adminToken, { id: foreign.id })).body.respDesc).toBe('账号不存在');
  });
});

describe('student profile completion', () => {
  test('is-need-complete lists the missing fields; the flag alone also asks', async () => {
    const { account } = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: null },
    });
    const token = await signIn(account);
    expect((await post('is-need-complete', token)).body.attribute).toEqual({
      needComplete: true,
      missing: ['idCardNo'],
    });
    const complete = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: '11010519491231002X' },
    });
    const completeToken = await signIn(complete.account);
    expect((await post('is-need-complete', completeToken)).body.attribute).toEqual({
      needComplete: false,
      missing: [],
    });
    await Account.update({ needComplete: true }, { where: { id: complete.account.id }, allTenants: true });
    expect((await post('is-need-complete', completeToken)).body.attribute).toEqual({
      needComplete: true,
      missing: [],
    });
  });

  test('complete-info fills the missing fields with the validators and clears the flag', async () => {
    const { account } = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { mobile: null, idCardNo: '370102199003071238', needComplete: true },
    });
    const token = await signIn(account);
    expect((await post('is-need-complete', token)).body.attribute.missing).toEqual(['mobile']);
    const missing = await post('complete-info', token, {});
    expect(missing.body.attribute.errors[0]).toMatchObject({ field: 'mobile', message: '请填写手机号' });
    const bad = await post('complete-info', token, { mobile: '10000000000' });
    expect(bad.body.attribute.errors[0]).toMatchObject({ field: 'mobile', message: '手机号格式不正确' });

    const res = await post('complete-info', token, {
      mobile: ' 13600000001 ',
      idCardNo: '11010519491231002X',
    });
    expect(res.body.attribute).toEqual({ needComplete: false, missing: [] });
    const stored = await Account.findOne({ where: { id: account.id }, allTenants: true });
    // Only the missing field was filled; the ID number already set stays.
    expect(stored).toMatchObject({
      mobile: '13600000001',
      idCardNo: '370102199003071238',
      needComplete: false,
    });
  });

  test('refuses an ID number or mobile another account of the project uses; other projects do not count', async () => {
    await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: '440524198001010013', mobile: '13700000002' },
    });
    await buildAccount({
      projectId: otherProjectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: '510105199001011237', mobile: '13700000003' },
    });
    const { account } = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: null, realName: '' },
    });
    const token = await signIn(account);
    expect((await post('is-need-complete', token)).body.attribute.missing).toEqual(['realName', 'idCardNo']);
    const usedId = await post('complete-info', token, { realName: '李四', idCardNo: '440524198001010013' });
    expect(usedId.body.attribute.errors[0]).toMatchObject({
      field: 'idCardNo',
      message: '该身份证号已被其他账号使用',
    });
    const other = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: '110101199003070011', mobile: null },
    });
    const otherToken = await signIn(other.account);
    const usedMobile = await post('complete-info', otherToken, { mobile: '13700000002' });
    expect(usedMobile.body.attribute.errors[0]).toMatchObject({
      field: 'mobile',
      message: '该手机号已被其他账号使用',
    });
    expect(await Account.findOne({ where: { id: account.id }, allTenants: true })).toMatchObject({
      idCardNo: null,
      realName: '',
    });
    expect(await Account.findOne({ where: { id: other.account.id }, allTenants: true })).toMatchObject({
      mobile: null,
    });
    const elsewhere = await post('complete-info', token, {
      realName: '李四',
      idCardNo: '510105199001011237',
    });
    expect(elsewhere.body.respCode).toBe(200);
    expect((await post('complete-info', otherToken, { mobile: '13700000003' })).body.respCode).toBe(200);
  });
});

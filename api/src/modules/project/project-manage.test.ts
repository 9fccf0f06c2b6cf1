import { DEFAULT_PROJECT_SETTINGS, isPassword, ROLE_SYSTEM } from '@px/config';
import { BusinessError } from '../../core/errors';
import { listen } from '../../core/events';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { PROJECT_BUILTIN_ROLES } from '../account/builtin-roles';
import { Role } from '../account/role.model';
import { AuditLog } from '../audit/audit-log.model';
import { signInOverHttp } from '../auth/test-support';
import { ClassCategory } from '../class-category/class-category.model';
import { Dictionary } from '../dictionary/dictionary.model';
import { authenticateToken } from '../session/session.service';
import { projectCreated } from './project.events';
import { Project } from './project.model';

const path = (name: string) => `/api/project/${name}.action`;
const PLATFORM_MENU = ['/home', '/project-manage', '/project-manage/list', '/project-manage/setting'];

let t: TestApp;
let token: string;
let adminId: number;
let defaultProject: Project;

const post = (name: string, body: object = {}, as = token) =>
  t.http.post(path(name)).set('token', as).send(body);

beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildAccount({
    projectId: null,
    roleSystem: ROLE_SYSTEM.PLATFORM,
    menu: PLATFORM_MENU,
  });
  token = await signIn(admin.account);
  adminId = admin.account.id;
  defaultProject = await buildProject({
    name: '默认项目',
    isDefault: true,
    domains: ['default.example.com'],
  });
});
afterAll(() => t.close());

describe('permissions', () => {
  test('only platform staff with the project screens may call (403 otherwise)', async () => {
    const project = await buildProject();
    const projectAdmin = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: PLATFORM_MENU,
    });
    const projectToken = await signIn(projectAdmin.account);
    const noList = await buildAccount({
      projectId: null,
      roleSystem: ROLE_SYSTEM.PLATFORM,
      menu: ['/home', '/project-manage/setting'],
    });
    const noListToken = await signIn(noList.account);
    const noSetting = await buildAccount({
      projectId: null,
      roleSystem: ROLE_SYSTEM.PLATFORM,
      menu: ['/home', '/project-manage/list'],
    });
    const noSettingToken = await signIn(noSetting.account);
    for (const name of ['list', 'save', 'disable', 'delete', 'get-setting', 'save-setting']) {
      expect((await post(name, { id: project.id }, projectToken)).status).toBe(403);
    }
    for (const name of ['list', 'save', 'disable', 'delete']) {
      expect((await post(name, { id: project.id }, noListToken)).status).toBe(403);
    }
    expect((await post('get-setting', { id: project.id }, noListToken)).body.respCode).toBe(200);
    for (const name of ['get-setting', 'save-setting']) {
      expect((await post(name, { id: project.id }, noSettingToken)).status).toBe(403);
    }
  });

  test('system-info stays public', async () => {
    const res = await t.http.post(path('system-info')).set('Host', 'default.example.com');
    expect(res.body.attribute).toMatchObject({ projectId: defaultProject.id, projectName: '默认项目' });
  });
});

describe('project/list', () => {
  test('pages projects, default first, filtered by name or code and status, with counts', async () => {
    const busy = await buildProject({ name: '列表测试项目甲', code: 'list-busy' });
    await buildUnit(busy.id);
    await buildAccount({ projectId: busy.id, roleSystem: ROLE_SYSTEM.STUDENT });
    await buildProject({ name: '列表测试项目乙', status: 'DISABLED' });

    const all = await post('list', { pageSize: 100 });
    expect(all.body.attribute.list[0]).toMatchObject({ id: defaultProject.id, isDefault: true });
    const byName = await post('list', { name: '列表测试' });
    expect(byName.body.attribute.total).toBe(2);
    const byCode = await post('list', { name: 'LIST-BUSY' });
    expect(byCode.body.attribute.list).toEqual([
      expect.objectContaining({ id: busy.id, accountCount: 1, unitCount: 1, status: 'ENABLED', domains: [] }),
    ]);
    const disabled = await post('list', { name: '列表测试', status: 'DISABLED' });
    expect(disabled.body.attribute.list.map((item: { name: string }) => item.name)).toEqual([
      '列表测试项目乙',
    ]);
    expect(byCode.body.attribute.list[0]).not.toHaveProperty('settings');
  });
});

describe('project/save', () => {
  test('creates a project with its built-in roles, lower-cased domains; audited', async () => {
    const res = await post('save', {
      code: 'shandong',
      name: '山东继续教育',
      domains: ['SD.Example.com', 'sd2.example.com'],
      isDefault: false,
    });
    expect(res.body.respCode).toBe(200);
    const id = res.body.attribute.id;
    expect(res.body.attribute).toMatchObject({
      code: 'shandong',
      name: '山东继续教育',
      domains: ['sd.example.com', 'sd2.example.com'],
      isDefault: false,
      status: 'ENABLED',
    });
    const roles = await Role.findAll({ where: { projectId: id } });
    expect(roles.map((role) => role.code).sort()).toEqual(
      PROJECT_BUILTIN_ROLES.map((role) => role.code).sort(),
    );
    expect(
      await AuditLog.findOne({ where: { action: 'project.create', targetId: String(id) }, allTenants: true }),
    ).toMatchObject({
      actorId: adminId,
      projectId: id,
    });
    const info = await t.http.post(path('system-info')).set('Host', 'sd2.example.com');
    expect(info.body.attribute.projectId).toBe(id);
    const bases = await ClassCategory.findAll({ where: { projectId: id } });
    expect(bases.map((category) => category.code).sort()).toEqual(['public', 'specialized']);
  });

  test('a listener of projectCreated that refuses rolls the whole creation back', async () => {
    listen(projectCreated, async (_scope, { projectId }, transaction) => {
      const project = await Project.findByPk(projectId, { transaction });
      if (project?.code === 'vetoed') throw new BusinessError('监听者拒绝');
    });
    // The built-in roles were written by the account module's listener before the refusal.
    const counts = async () => [await Project.count(), await Role.count({ allTenants: true })];
    const before = await counts();
    const res = await post('save', { code: 'vetoed', name: '被否决的项目' });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '监听者拒绝' });
    expect(await counts()).toEqual(before);
  });

  test('accepts domains as comma-separated text and updates a project', async () => {
    const project = await buildProject({ code: 'edit-me' });
    const res = await post('save', {
      id: project.id,
      code: 'edited',
      name: '改过的项目',
      domains: 'a.example.com, b.example.com',
    });
    expect(res.body.attribute).toMatchObject({
      code: 'edited',
      name: '改过的项目',
      domains: ['a.example.com', 'b.example.com'],
    });
    expect(
      await AuditLog.count({
        where: { action: 'project.update', targetId: String(project.id) },
        allTenants: true,
      }),
    ).toBe(1);
  });

  test('refuses a used code, a domain of another project (naming it), and bad values; writes nothing', async () => {
    await buildProject({ code: 'taken', name: '已有项目', domains: ['taken.example.com'] });
    const before = await Project.count();
    const code = await post('save', { code: 'taken', name: '新项目' });
    expect(code.body.attribute.errors[0]).toMatchObject({ field: 'code', message: '项目编码已存在' });
    const domain = await post('save', {
      code: 'fresh',
      name: '新项目',
      domains: ['new.example.com', 'TAKEN.example.com'],
    });
    expect(domain.body.attribute.errors[0]).toMatchObject({
      field: 'domains',
      message: '域名 taken.example.com 已被项目「已有项目」使用',
    });
    for (const bad of ['Upper', 'has space', '-edge', 'x'.repeat(33)]) {
      const res = await post('save', { code: bad, name: '新项目' });
      expect(res.body.attribute.errors[0].field).toBe('code');
    }
    const badDomain = await post('save', { code: 'fresh', name: '新项目', domains: ['http://x.com/'] });
    expect(badDomain.body.attribute.errors[0].field).toMatch(/^domains/);
    const noName = await post('save', { code: 'fresh' });
    expect(noName.body.attribute.errors[0]).toMatchObject({ field: 'name', message: '请填写项目名称' });
    expect(await Project.count()).toBe(before);
    expect(await Role.count({ where: { projectId: null, code: 'student' } })).toBe(0);
  });

  test('an update keeps its own domains, and omitted domains and default flag stay as they are', async () => {
    const project = await buildProject({ code: 'keeps', domains: ['keep.example.com'] });
    const res = await post('save', {
      id: project.id,
      code: 'keeps',
      name: '保留域名',
      domains: ['keep.example.com'],
    });
    expect(res.body.respCode).toBe(200);
    const renamed = await post('save', {
      id: defaultProject.id,
      code: defaultProject.code,
      name: '默认项目',
    });
    expect(renamed.body.attribute).toMatchObject({ isDefault: true, domains: ['default.example.com'] });
  });

  test('setting the default moves it from the previous default; a disabled project cannot be default', async () => {
    const project = await buildProject({ code: 'next-default' });
    const res = await post('save', { id: project.id, code: 'next-default', name: '新默认', isDefault: true });
    expect(res.body.attribute.isDefault).toBe(true);
    expect((await Project.findByPk(defaultProject.id))?.isDefault).toBe(false);
    expect(await Project.count({ where: { isDefault: true } })).toBe(1);
    // Move it back for the other tests.
    await post('save', {
      id: defaultProject.id,
      code: defaultProject.code,
      name: '默认项目',
      isDefault: true,
    });
    expect((await Project.findByPk(project.id))?.isDefault).toBe(false);

    const disabled = await buildProject({ status: 'DISABLED' });
    const refused = await post('save', {
      id: disabled.id,
      code: disabled.code,
      name: '停用',
      isDefault: true,
    });
    expect(refused.body.attribute.errors[0]).toMatchObject({ field: 'isDefault' });
    expect((await Project.findByPk(defaultProject.id))?.isDefault).toBe(true);
  });

  test('an unknown id answers 项目不存在', async () => {
    expect((await post('save', { id: 999999, code: 'ghost', name: '幽灵' })).body).toMatchObject({
      respCode: -1,
      respDesc: '项目不存在',
    });
  });
});

describe('project/disable', () => {
  test('disables a project, ending its accounts’ sessions, and enables it again', async () => {
    const project = await buildProject({ domains: ['off.example.com'] });
    const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.PROJECT });
    const staffToken = await signIn(account);
    expect((await post('disable', { id: project.id, status: 'DISABLED' })).body.respCode).toBe(200);
    expect((await Project.findByPk(project.id))?.status).toBe('DISABLED');
    expect(await authenticateToken(t.sequelize, staffToken)).toBeNull();
    const info = await t.http.post(path('system-info')).set('Host', 'off.example.com');
    expect(info.body.respDesc).toBe('该项目已停用');
    expect((await post('disable', { id: project.id, status: 'ENABLED' })).body.respCode).toBe(200);
    expect((await Project.findByPk(project.id))?.status).toBe('ENABLED');
    expect(
      await AuditLog.count({
        where: { targetType: 'project', targetId: String(project.id) },
        allTenants: true,
      }),
    ).toBe(2);
  });

  test('the default project cannot be disabled', async () => {
    const res = await post('disable', { id: defaultProject.id, status: 'DISABLED' });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '默认项目不能停用' });
    expect((await Project.findByPk(defaultProject.id))?.status).toBe('ENABLED');
  });
});

describe('project/delete', () => {
  test('deletes a project without accounts and units, with its roles and dictionary entries', async () => {
    const created = await post('save', { code: 'short-lived', name: '短命项目' });
    const id = created.body.attribute.id;
    await Dictionary.create({ projectId: id, type: 'train-type', code: 'public', label: '公需' });
    const res = await post('delete', { id });
    expect(res.body.respCode).toBe(200);
    expect(await Project.findByPk(id)).toBeNull();
    expect(await Role.count({ where: { projectId: id }, paranoid: false })).toBe(0);
    expect(await Dictionary.count({ where: { projectId: id } })).toBe(0);
    // The audit trail stays, detached from the deleted project.
    expect(
      await AuditLog.count({ where: { targetType: 'project', targetId: String(id) }, allTenants: true }),
    ).toBe(2);
  });

  test('refuses a project with units or accounts (deleted ones count), and the default project', async () => {
    const withUnit = await buildProject();
    await buildUnit(withUnit.id);
    const withAccount = await buildProject();
    const { account } = await buildAccount({ projectId: withAccount.id, roleSystem: ROLE_SYSTEM.STUDENT });
    await account.destroy();
    for (const project of [withUnit, withAccount]) {
      expect((await post('delete', { id: project.id })).body).toMatchObject({
        respCode: -1,
        respDesc: '该项目下仍有账号或单位，不能删除',
      });
      expect(await Project.findByPk(project.id)).not.toBeNull();
    }
    expect((await post('delete', { id: defaultProject.id })).body.respDesc).toBe('默认项目不能删除');
    expect((await post('delete', { id: 999999 })).body.respDesc).toBe('项目不存在');
  });
});

describe('project settings', () => {
  test('get-setting answers every setting with defaults filled', async () => {
    const project = await buildProject({ settings: { title: '已存标题' } });
    const res = await post('get-setting', { id: project.id });
    expect(res.body.attribute).toEqual({
      projectId: project.id,
      projectName: project.name,
      settings: { ...DEFAULT_PROJECT_SETTINGS, title: '已存标题' },
    });
  });

  test('save-setting merges a partial update, stores only non-defaults, audits the changed keys', async () => {
    const project = await buildProject({
      settings: { title: '旧标题', videoTaskTime: 5 },
      domains: ['set.example.com'],
    });
    const res = await post('save-setting', {
      id: project.id,
      settings: {
        videoTaskTime: 15,
        loginType: ['sms', 'password'],
        h5Config: { showClassType: ['specialized'] },
      },
    });
    expect(res.body.respCode).toBe(200);
    expect(res.body.attribute.settings).toEqual({
      ...DEFAULT_PROJECT_SETTINGS,
      title: '旧标题',
      loginType: ['sms', 'password'],
      h5Config: { showClassType: ['specialized'] },
    });
    const stored = await Project.findByPk(project.id);
    // videoTaskTime went back to its default, so it is no longer stored.
    expect(stored?.settings).toEqual({
      title: '旧标题',
      loginType: ['sms', 'password'],
      h5Config: { showClassType: ['specialized'] },
    });
    const log = await AuditLog.findOne({
      where: { action: 'project.settings', targetId: String(project.id) },
      allTenants: true,
    });
    expect([...((log?.detail.changed as string[]) ?? [])].sort()).toEqual([
      'h5Config',
      'loginType',
      'videoTaskTime',
    ]);
    const info = await t.http.post(path('system-info')).set('Host', 'set.example.com');
    expect(info.body.attribute).toMatchObject({ title: '旧标题', loginType: ['sms', 'password'] });
  });

  test('refuses invalid values and unknown keys naming the setting; writes nothing', async () => {
    const project = await buildProject({ settings: { title: '不变' } });
    const cases: [object, string][] = [
      [{ videoTaskTime: -1 }, 'settings.videoTaskTime'],
      [{ index2Open: 2 }, 'settings.index2Open'],
      [{ loginType: [] }, 'settings.loginType'],
      [{ loginType: ['sms', 'sms'] }, 'settings.loginType'],
      [{ title: '' }, 'settings.title'],
      [{ refundClassProcess: 101 }, 'settings.refundClassProcess'],
      [{ noSuchSetting: 1 }, 'settings.noSuchSetting'],
      [{ projectArea: 123456 }, 'settings.projectArea'],
      [{ projectArea: 370102 }, 'settings.projectArea'],
    ];
    for (const [settings, field] of cases) {
      const res = await post('save-setting', { id: project.id, settings });
      expect(res.status).toBe(400);
      expect(res.body.attribute.errors[0].field).toBe(field);
    }
    expect((await Project.findByPk(project.id))?.settings).toEqual({ title: '不变' });
    const city = await post('save-setting', { id: project.id, settings: { projectArea: 370100 } });
    expect(city.body.attribute.settings.projectArea).toBe(370100);
    expect((await post('get-setting', { id: 999999 })).body.respDesc).toBe('项目不存在');
  });
});

describe('the first administrator of a new project (project/create-admin)', () => {
  test('platform staff create it once, with a password shown once that signs in to the back office', async () => {
    const saved = await post('save', {
      code: 'first-admin',
      name: '首个管理员项目',
      domains: ['first.example.com'],
    });
    const projectId = saved.body.attribute.id as number;
    expect(saved.body.attribute.staffCount).toBe(0);

    const created = await post('create-admin', { projectId, accountName: 'firstadmin', realName: '王管理' });
    expect(created.body).toMatchObject({
      respCode: 200,
      attribute: { accountName: 'firstadmin', realName: '王管理', password: expect.any(String) },
    });
    const { password, accountId } = created.body.attribute as { password: string; accountId: number };
    expect(isPassword(password)).toBe(true);

    const signedIn = await signInOverHttp(
      t,
      { account: 'firstadmin', password, roleType: 1 },
      { host: 'first.example.com' },
    );
    expect(signedIn).toMatchObject({ respCode: 200, attribute: { roleSystem: ROLE_SYSTEM.PROJECT } });
    const menu = await t.http
      .post('/api/login/get-account-info.action')
      .set('token', signedIn.attribute?.tokenCode as string)
      .send({});
    expect(menu.body.attribute).toMatchObject({ projectId, roleRP: { roleName: '项目管理员' } });

    // Stored hashed, audited without the password; the project now has staff.
    const audits = await AuditLog.findAll({ where: { action: 'account.create-first-admin', projectId } });
    expect(audits.map((row) => [row.targetId, row.actorId])).toEqual([[String(accountId), adminId]]);
    expect(JSON.stringify(audits[0]?.detail)).not.toContain(password);
    const listed = await post('list', { name: 'first-admin' });
    expect(listed.body.attribute.list[0]).toMatchObject({ id: projectId, staffCount: 1 });

    // A second one is the administrator's to add (管理员列表), not the platform's...
    const again = await post('create-admin', { projectId, accountName: 'second', realName: '李' });
    expect(again.body).toMatchObject({
      respCode: -1,
      respDesc: '该项目已有后台账号，请由其管理员在管理员列表中添加',
    });
    // ...unless every administrator was disabled: then nobody could run the project's back office.
    await Account.update({ status: 'DISABLED' }, { where: { id: accountId, projectId } });
    expect((await post('list', { name: 'first-admin' })).body.attribute.list[0].staffCount).toBe(0);
    const replacement = await post('create-admin', { projectId, accountName: 'second', realName: '李' });
    expect(replacement.body).toMatchObject({ respCode: 200, attribute: { accountName: 'second' } });
  });

  test('refused for a missing project, a bad name, and for callers other than platform staff', async () => {
    expect(
      (await post('create-admin', { projectId: 999_999, accountName: 'abc', realName: '甲' })).body.respDesc,
    ).toBe('项目不存在');
    const project = await buildProject();
    const bad = await post('create-admin', { projectId: project.id, accountName: 'a b', realName: '' });
    expect(bad.body.attribute.errors.map((error: { field: string }) => error.field)).toEqual([
      'accountName',
      'realName',
    ]);
    const staff = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: PLATFORM_MENU,
    });
    const refused = await post(
      'create-admin',
      { projectId: project.id, accountName: 'abc', realName: '甲' },
      await signIn(staff.account),
    );
    expect(refused.status).toBe(403);
  });
});

describe("a project's own settings (项目设置 of its staff)", () => {
  const OWN_MENU = ['/home', '/account-manage', '/account-manage/project-setting'];

  test('project staff read their own project and change its title, pay note and trial; audited', async () => {
    const project = await buildProject({ settings: { title: '旧标题' }, domains: ['own.example.com'] });
    const other = await buildProject({ settings: { title: '别的项目' } });
    const staff = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: OWN_MENU,
    });
    const staffToken = await signIn(staff.account);
    const own = await post('own-setting', {}, staffToken);
    expect(own.body.attribute).toEqual({
      projectId: project.id,
      projectName: project.name,
      settings: { ...DEFAULT_PROJECT_SETTINGS, title: '旧标题' },
    });
    const saved = await post(
      'save-own-setting',
      { settings: { title: '新标题', payTip: '支付后七日内可申请退款', trySeeVideo: 0 } },
      staffToken,
    );
    expect(saved.body.respCode).toBe(200);
    expect(saved.body.attribute.settings).toMatchObject({
      title: '新标题',
      payTip: '支付后七日内可申请退款',
      trySeeVideo: 0,
    });
    const info = await t.http.post(path('system-info')).set('Host', 'own.example.com');
    expect(info.body.attribute).toMatchObject({ title: '新标题', payTip: '支付后七日内可申请退款' });
    expect((await Project.findByPk(other.id))?.settings).toEqual({ title: '别的项目' });
    const log = await AuditLog.findOne({
      where: { action: 'project.settings', targetId: String(project.id) },
      allTenants: true,
    });
    expect(log?.actorId).toBe(staff.account.id);
  });

  test("the platform's settings answer 403 naming them, and nothing is saved", async () => {
    const project = await buildProject({ settings: { title: '不变' } });
    const staff = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: OWN_MENU,
    });
    const staffToken = await signIn(staff.account);
    const refused = await post(
      'save-own-setting',
      { settings: { title: '想改', needCheckFacePass: 1, videoCanSeek: 1 } },
      staffToken,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.respDesc).toContain('needCheckFacePass、videoCanSeek');
    expect((await Project.findByPk(project.id))?.settings).toEqual({ title: '不变' });
    const invalid = await post('save-own-setting', { settings: { title: '' } }, staffToken);
    expect(invalid.status).toBe(400);
    expect(invalid.body.attribute.errors[0].field).toBe('settings.title');
  });

  test('staff without the page and platform staff outside a project are refused; anonymous 401', async () => {
    const project = await buildProject();
    const noPage = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/home', '/account-manage', '/account-manage/role'],
    });
    const noPageToken = await signIn(noPage.account);
    for (const name of ['own-setting', 'save-own-setting'])
      expect((await post(name, { settings: { title: 'x' } }, noPageToken)).status).toBe(403);
    expect((await post('own-setting', {})).status).toBe(403);
    expect((await t.http.post(path('own-setting')).send({})).status).toBe(401);
  });

  test('the built-in 项目管理员 role holds the page', () => {
    const projectAdmin = PROJECT_BUILTIN_ROLES.find((role) => role.code === 'project-admin');
    expect(projectAdmin?.menu).toContain('/account-manage/project-setting');
  });
});

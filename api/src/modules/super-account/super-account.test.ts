import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { PLATFORM_ADMIN_ROLE } from '../account/builtin-roles';
import { AuditLog } from '../audit/audit-log.model';
import type { Project } from '../project/project.model';
import { Session } from '../session/session.model';
import { hashToken, IMPERSONATION_TTL_MS } from '../session/session.service';

let t: TestApp;
let project: Project;
let otherProject: Project;
let adminToken: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  project = await buildProject({ name: '甲项目' });
  otherProject = await buildProject({ name: '乙项目' });
  const admin = await buildAccount({
    projectId: null,
    roleSystem: ROLE_SYSTEM.PLATFORM,
    menu: PLATFORM_ADMIN_ROLE.menu,
    overrides: { realName: '超级管理员' },
  });
  adminId = admin.account.id;
  adminToken = await signIn(admin.account);
});
afterAll(() => t.close());

const call = (name: string, token: string, body: Record<string, unknown> = {}) =>
  t.http.post(`/api/super-account/${name}.action`).set('token', token).send(body);

describe('access', () => {
  test('refused with 403 to project staff, even with the menu URL, and to platform staff without it', async () => {
    const staff = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/super-account/index'],
    });
    const platformWithout = await buildAccount({
      projectId: null,
      roleSystem: ROLE_SYSTEM.PLATFORM,
      menu: ['/home'],
    });
    const target = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.PROJECT });
    for (const token of [await signIn(staff.account), await signIn(platformWithout.account)]) {
      for (const [name, body] of [
        ['projects', {}],
        ['accounts', { projectId: project.id }],
        ['sign-in-as', { accountId: target.account.id }],
      ] as const) {
        const res = await call(name, token, body);
        expect(res.status).toBe(403);
        expect(res.body.respCode).toBe(403);
      }
    }
    expect(await Session.count({ where: { accountId: target.account.id }, allTenants: true })).toBe(0);
    expect((await call('projects', '')).status).toBe(401);
  });
});

describe('projects and accounts', () => {
  test('projects lists the enabled projects', async () => {
    const disabled = await buildProject({ status: 'DISABLED' });
    const res = await call('projects', adminToken);
    const ids = res.body.attribute.list.map((item: { id: number }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([project.id, otherProject.id]));
    expect(ids).not.toContain(disabled.id);
    expect(res.body.attribute.list.find((item: { id: number }) => item.id === project.id)).toEqual({
      id: project.id,
      name: '甲项目',
      code: project.code,
    });
  });

  test('accounts lists the enabled staff and unit managers of the chosen project, searchable and paged', async () => {
    const listed = await buildProject();
    const unit = await buildUnit(listed.id, { name: '测试单位' });
    const staff = await buildAccount({
      projectId: listed.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      overrides: { accountName: 'alice', realName: '王小丽' },
    });
    const manager = await buildAccount({
      projectId: listed.id,
      roleSystem: ROLE_SYSTEM.UNIT,
      unitId: unit.id,
      overrides: { accountName: 'bob', realName: '赵经理' },
    });
    await buildAccount({ projectId: listed.id, roleSystem: ROLE_SYSTEM.STUDENT });
    await buildAccount({
      projectId: listed.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      overrides: { status: 'DISABLED' },
    });
    await buildAccount({ projectId: otherProject.id, roleSystem: ROLE_SYSTEM.PROJECT });

    const all = await call('accounts', adminToken, { projectId: listed.id });
    expect(all.body.attribute).toEqual({
      list: [
        {
          accountId: staff.account.id,
          accountName: 'alice',
          realName: '王小丽',
          roleSystem: 2,
          roleName: staff.role.name,
          unitName: null,
        },
        {
          accountId: manager.account.id,
          accountName: 'bob',
          realName: '赵经理',
          roleSystem: 4,
          roleName: manager.role.name,
          unitName: '测试单位',
        },
      ],
      total: 2,
      pageNum: 1,
      pageSize: 10,
    });

    const byName = await call('accounts', adminToken, { projectId: listed.id, keyword: '经理' });
    expect(byName.body.attribute.list.map((item: { accountId: number }) => item.accountId)).toEqual([
      manager.account.id,
    ]);
    const byAccountName = await call('accounts', adminToken, { projectId: listed.id, keyword: 'ALI' });
    expect(byAccountName.body.attribute.total).toBe(1);
    const wildcard = await call('accounts', adminToken, { projectId: listed.id, keyword: '%' });
    expect(wildcard.body.attribute.total).toBe(0);

    const page2 = await call('accounts', adminToken, { projectId: listed.id, pageNum: 2, pageSize: 1 });
    expect(page2.body.attribute).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(page2.body.attribute.list.map((item: { accountId: number }) => item.accountId)).toEqual([
      manager.account.id,
    ]);

    const bad = await call('accounts', adminToken, { projectId: listed.id, pageSize: 101 });
    expect(bad.status).toBe(400);
    expect(bad.body.attribute.errors[0].field).toBe('pageSize');
  });
});

describe('sign-in-as', () => {
  test('opens a 2-hour session as the account, audited; get-account-info shows who; the account is unchanged', async () => {
    const target = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/home', '/unit-manage/list'],
    });
    const before = (
      await Account.findOne({ where: { id: target.account.id, projectId: project.id } })
    )?.toJSON();
    const started = Date.now();
    const res = await call('sign-in-as', adminToken, { accountId: target.account.id });
    expect(res.body).toMatchObject({
      respCode: 200,
      attribute: { tokenCode: expect.any(String), roleSystem: 2 },
    });
    const token = res.body.attribute.tokenCode as string;

    const session = await Session.findOne({ where: { tokenHash: hashToken(token) }, allTenants: true });
    expect(session).toMatchObject({
      accountId: target.account.id,
      projectId: project.id,
      impersonatorId: adminId,
    });
    const ttl = (session?.expiresAt.getTime() ?? 0) - started;
    expect(ttl).toBeGreaterThan(IMPERSONATION_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(IMPERSONATION_TTL_MS + 1000);

    const audit = await AuditLog.findOne({ where: { action: 'super-account.sign-in-as' }, allTenants: true });
    expect(audit).toMatchObject({
      projectId: project.id,
      actorId: adminId,
      targetType: 'account',
      targetId: String(target.account.id),
    });

    const info = await t.http.get('/api/login/get-account-info.action').set('token', token);
    expect(info.body.attribute).toMatchObject({
      accountId: target.account.id,
      projectId: project.id,
      impersonatedBy: '超级管理员',
      roleRP: { roleSystem: 2 },
    });
    expect(
      (await Account.findOne({ where: { id: target.account.id, projectId: project.id } }))?.toJSON(),
    ).toEqual(before);
    // The platform admin's own session stays.
    expect((await t.http.get('/api/login/get-account-info.action').set('token', adminToken)).status).toBe(
      200,
    );
  });

  test('unit managers may be chosen; students, platform staff, disabled and unknown accounts may not', async () => {
    const unit = await buildUnit(otherProject.id);
    const manager = await buildAccount({
      projectId: otherProject.id,
      roleSystem: ROLE_SYSTEM.UNIT,
      unitId: unit.id,
    });
    const ok = await call('sign-in-as', adminToken, { accountId: manager.account.id });
    expect(ok.body).toMatchObject({ respCode: 200, attribute: { roleSystem: 4 } });

    const student = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
    const platform = await buildAccount({ projectId: null, roleSystem: ROLE_SYSTEM.PLATFORM });
    for (const accountId of [student.account.id, platform.account.id, 999_999]) {
      const res = await call('sign-in-as', adminToken, { accountId });
      expect(res.body).toMatchObject({ respCode: -1, respDesc: '账号不存在' });
    }
    const disabled = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      overrides: { status: 'DISABLED' },
    });
    const refused = await call('sign-in-as', adminToken, { accountId: disabled.account.id });
    expect(refused.body).toMatchObject({ respCode: -1, respDesc: '该账号已停用' });
  });
});

import { ROLE_SYSTEM } from '@px/config';
import { QueryTypes } from 'sequelize';
import type { SignedInScope } from '../../core/action';
import { ValidationError } from '../../core/errors';
import { withBypass } from '../../db/tenant-access';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { savePushConfig } from './push-config.service';
import { createRegulatorProvider } from './regulator.provider';

const path = (name: string) => `/api/regulator/${name}.action`;
const PLATFORM_MENU = ['/home', '/project-manage', '/project-manage/list', '/project-manage/setting'];
const SECRET = 'regulator-secret-0123456789abcdef';

let t: TestApp;
let token: string;
let adminId: number;

const post = (name: string, body: object = {}, as = token) =>
  t.http.post(path(name)).set('token', as).send(body);

const valid = (id: number) => ({
  id,
  enabled: true,
  endpoint: 'https://xxjy.example.gov.cn',
  appId: 'px-app-001',
  appSecret: SECRET,
  baseTypes: ['public', 'specialized'],
  pushMode: 'AUTO',
});

const storedRow = (projectId: number) =>
  withBypass('test reads the stored secret', () =>
    t.sequelize.query<{ app_secret: string; enabled: boolean }>(
      'SELECT app_secret, enabled FROM regulator_push_config WHERE project_id = :projectId',
      { replacements: { projectId }, type: QueryTypes.SELECT },
    ),
  );

beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildAccount({
    projectId: null,
    roleSystem: ROLE_SYSTEM.PLATFORM,
    menu: PLATFORM_MENU,
  });
  token = await signIn(admin.account);
  adminId = admin.account.id;
});
afterAll(() => t.close());

test('only platform staff granted 项目设置 may read or save a push config', async () => {
  const project = await buildProject();
  const projectAdmin = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: PLATFORM_MENU,
  });
  const noSetting = await buildAccount({
    projectId: null,
    roleSystem: ROLE_SYSTEM.PLATFORM,
    menu: ['/home', '/project-manage/list'],
  });
  for (const as of [await signIn(projectAdmin.account), await signIn(noSetting.account)]) {
    expect((await post('push-config', { id: project.id }, as)).status).toBe(403);
    expect((await post('save-push-config', valid(project.id), as)).status).toBe(403);
  }
  expect(await storedRow(project.id)).toEqual([]);
});

test('a project without a config answers the defaults: off, no secret, automatic', async () => {
  const project = await buildProject({ name: '上报项目' });
  const res = await post('push-config', { id: project.id });
  expect(res.body).toMatchObject({
    respCode: 200,
    attribute: {
      projectId: project.id,
      projectName: '上报项目',
      enabled: false,
      endpoint: null,
      appId: '',
      secretSet: false,
      baseTypes: [],
      pushMode: 'AUTO',
      mode: 'simulator',
      updatedAt: null,
    },
  });
  expect((await post('push-config', { id: 99_999_999 })).body.respCode).not.toBe(200);
});

test('saving keeps the secret on the server: answers say only that it is set, a blank one keeps it', async () => {
  const project = await buildProject();
  const saved = await post('save-push-config', valid(project.id));
  expect(saved.body).toMatchObject({
    respCode: 200,
    attribute: {
      enabled: true,
      appId: 'px-app-001',
      secretSet: true,
      endpoint: 'https://xxjy.example.gov.cn',
    },
  });
  expect(JSON.stringify(saved.body)).not.toContain(SECRET);
  const read = await post('push-config', { id: project.id });
  expect(JSON.stringify(read.body)).not.toContain(SECRET);
  expect(read.body.attribute).toMatchObject({ secretSet: true, baseTypes: ['public', 'specialized'] });
  expect(await storedRow(project.id)).toEqual([{ app_secret: SECRET, enabled: true }]);

  // A blank secret keeps the stored one; a new one replaces it.
  const kept = await post('save-push-config', {
    ...valid(project.id),
    appSecret: '',
    pushMode: 'MANUAL',
    endpoint: '',
  });
  expect(kept.body.attribute).toMatchObject({ secretSet: true, pushMode: 'MANUAL', endpoint: null });
  expect((await storedRow(project.id))[0]?.app_secret).toBe(SECRET);
  await post('save-push-config', { ...valid(project.id), appSecret: 'another-secret-0123456789' });
  expect((await storedRow(project.id))[0]?.app_secret).toBe('another-secret-0123456789');

  const audits = await withBypass('test reads audit', () =>
    AuditLog.findAll({
      where: { action: 'project.regulator-push-config', projectId: project.id },
      order: [['id', 'ASC']],
    }),
  );
  expect(audits.map((a) => a.detail)).toEqual([
    { changed: ['created'], secretChanged: true },
    { changed: ['endpoint', 'pushMode'], secretChanged: false },
    { changed: ['endpoint', 'pushMode'], secretChanged: true },
  ]);
  expect(JSON.stringify(audits.map((a) => a.detail))).not.toContain(SECRET);
});

test('turning reporting on needs an app id, a secret and a base type; bad values are refused; nothing is saved', async () => {
  const project = await buildProject();
  const missing = await post('save-push-config', {
    ...valid(project.id),
    appId: '',
    appSecret: '',
    baseTypes: [],
  });
  expect(missing.status).toBe(400);
  expect(missing.body.attribute.errors.map((e: { field: string }) => e.field).sort()).toEqual(
    ['appId', 'appSecret', 'baseTypes'].sort(),
  );
  const bad = await post('save-push-config', {
    ...valid(project.id),
    endpoint: 'ftp://x',
    appId: 'has space',
    appSecret: 'short',
    baseTypes: ['other'],
    pushMode: 'SOMETIMES',
  });
  expect(bad.status).toBe(400);
  expect(bad.body.attribute.errors.map((e: { field: string }) => e.field).sort()).toEqual(
    ['appId', 'appSecret', 'baseTypes.0', 'endpoint', 'pushMode'].sort(),
  );
  expect(await storedRow(project.id)).toEqual([]);
  // Off, it may be saved incomplete.
  const off = await post('save-push-config', {
    ...valid(project.id),
    enabled: false,
    appId: '',
    appSecret: '',
    baseTypes: [],
  });
  expect(off.body.attribute).toMatchObject({ enabled: false, secretSet: false });
});

test("live mode needs an endpoint: the project's, or REGULATOR_API_BASE", async () => {
  const project = await buildProject();
  const scopeWith = (defaultEndpoint: string | null) => {
    const scope = t.scope({
      principal: {
        sessionId: 's',
        accountId: adminId,
        projectId: null,
        roleSystem: ROLE_SYSTEM.PLATFORM,
        roleId: 0,
        unitId: null,
        menu: new Set(PLATFORM_MENU),
        impersonatorId: null,
      },
    });
    return {
      ...scope,
      providers: {
        ...scope.providers,
        regulator: createRegulatorProvider({
          mode: 'live',
          simulatorUrl: null,
          defaultEndpoint,
          timeoutMs: 1000,
        }),
      },
    } as SignedInScope;
  };
  const input = {
    ...valid(project.id),
    endpoint: undefined,
    baseTypes: ['public' as const],
    pushMode: 'AUTO' as const,
  };
  await expect(savePushConfig(scopeWith(null), input)).rejects.toThrow(ValidationError);
  await expect(savePushConfig(scopeWith(null), input)).rejects.toMatchObject({
    fieldErrors: [{ field: 'endpoint' }],
  });
  const saved = await savePushConfig(scopeWith('https://reg.example.gov.cn'), input);
  expect(saved).toMatchObject({
    mode: 'live',
    endpoint: null,
    effectiveEndpoint: 'https://reg.example.gov.cn',
  });
  const own = await savePushConfig(scopeWith('https://reg.example.gov.cn'), {
    ...input,
    endpoint: 'https://own.example.gov.cn/reg',
  });
  expect(own.effectiveEndpoint).toBe('https://own.example.gov.cn/reg');
});

import { ROLE_SYSTEM } from '@px/config';
import { createPartnerClient } from '@px/partner';
import { QueryTypes } from 'sequelize';
import type { PartnerAppItem, PartnerAppSecretAnswer } from '../../contract';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildHostedProject, buildProject, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { PartnerToken } from './partner-api.model';
import { PartnerApp } from './partner-app.model';

const MENU = [
  '/home',
  '/project-manage',
  '/project-manage/partner-app',
  '/project-manage/partner-app-detail',
];

let t: TestApp;
let token: string;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  const admin = await buildAccount({ projectId: null, roleSystem: ROLE_SYSTEM.PLATFORM, menu: MENU });
  token = await signIn(admin.account);
});
afterAll(() => t.close());

const post = <T>(name: string, body: object, as = token) =>
  t.http
    .post(`/api/partner-app/${name}.action`)
    .set('token', as)
    .send(body)
    .then((res) => ({
      status: res.status,
      body: res.body as { respCode: number; respDesc: string; attribute: T },
    }));

const valid = (projectId: number) => ({
  projectId,
  name: '行业协会学习平台',
  allowedOrigins: ['https://learn.example.com', 'HTTP://localhost:5173'],
  callbackUrl: 'https://learn.example.com/px/notify',
  ipAllowList: ['10.0.0.0/8', '203.0.113.8'],
  enabled: true,
  rateLimitPerMinute: 120,
});

test('only platform staff granted 合作平台 may list or change apps', async () => {
  const project = await buildProject();
  const projectAdmin = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: MENU,
  });
  const ungranted = await buildAccount({
    projectId: null,
    roleSystem: ROLE_SYSTEM.PLATFORM,
    menu: ['/home', '/project-manage/list'],
  });
  for (const as of [await signIn(projectAdmin.account), await signIn(ungranted.account)]) {
    expect((await post('list', {}, as)).status).toBe(403);
    expect((await post('save', valid(project.id), as)).status).toBe(403);
    expect((await post('rotate-secret', { id: 1, overlapMinutes: 0 }, as)).status).toBe(403);
  }
  expect(await PartnerApp.count({ where: { projectId: project.id }, allTenants: true })).toBe(0);
});

test('creates an app: key and secret made, the secret answered once and never listed', async () => {
  const { project } = await buildHostedProject();
  const created = await post<PartnerAppSecretAnswer>('save', valid(project.id));
  expect(created.body.respCode).toBe(200);
  const { app, secret } = created.body.attribute;
  expect(app).toMatchObject({
    projectId: project.id,
    projectName: project.name,
    name: '行业协会学习平台',
    allowedOrigins: ['https://learn.example.com', 'http://localhost:5173'],
    ipAllowList: ['10.0.0.0/8', '203.0.113.8'],
    enabled: true,
    rateLimitPerMinute: 120,
    callsToday: 0,
    canRotate: true,
  });
  expect(app.appKey).toMatch(/^pk_[0-9a-f]{20}$/);
  expect(secret).toMatch(/^sk_[\w-]{43}$/);
  // The secret works (from an allowed address only: loopback is not in the list).
  const client = createPartnerClient({ baseUrl: base, appKey: app.appKey, secret: secret as string });
  await expect(client.classClassifyTree()).rejects.toMatchObject({ code: 'IP_NOT_ALLOWED' });
  const listed = await post<{ list: PartnerAppItem[] }>('list', { projectId: project.id });
  expect(listed.body.attribute.list).toHaveLength(1);
  expect(JSON.stringify(listed.body)).not.toContain(secret as string);
  expect(listed.body.attribute.list[0]).toMatchObject({ callsToday: 1, refusedToday: 1, callsTotal: 1 });
  // Saving again answers no secret and keeps key and secret.
  const saved = await post<PartnerAppSecretAnswer>('save', {
    ...valid(project.id),
    id: app.id,
    ipAllowList: [],
  });
  expect(saved.body.attribute).toMatchObject({ secret: null, app: { appKey: app.appKey, ipAllowList: [] } });
  await client.classClassifyTree();
  const audit = await AuditLog.findAll({
    where: { targetType: 'partner_app', targetId: String(app.id) },
    allTenants: true,
  });
  expect(audit.map((row) => row.action).sort()).toEqual(['partner-app.create', 'partner-app.update']);
  expect(JSON.stringify(audit.map((row) => row.detail))).not.toContain(secret as string);
});

test('bad input names the field and saves nothing', async () => {
  const { project } = await buildHostedProject();
  const cases: [object, string][] = [
    [{ allowedOrigins: ['https://learn.example.com/path'] }, 'allowedOrigins'],
    [{ allowedOrigins: ['javascript:alert(1)'] }, 'allowedOrigins'],
    [{ ipAllowList: ['10.0.0.0/33'] }, 'ipAllowList'],
    [{ ipAllowList: ['300.1.1.1'] }, 'ipAllowList'],
    [{ callbackUrl: 'ftp://x' }, 'callbackUrl'],
    [{ rateLimitPerMinute: 0 }, 'rateLimitPerMinute'],
    [{ name: '' }, 'name'],
    [{ projectId: undefined }, 'projectId'],
  ];
  for (const [change, field] of cases) {
    const res = await post<{ errors: { field: string }[] }>('save', { ...valid(project.id), ...change });
    expect(res.body.respCode).toBe(-1);
    expect(res.body.attribute.errors.map((error) => error.field.split('.')[0])).toContain(field);
  }
  await post('save', valid(project.id));
  const twice = await post<{ errors: { field: string }[] }>('save', valid(project.id));
  expect(twice.body.attribute.errors.map((error) => error.field)).toEqual(['name']);
  expect(await PartnerApp.count({ where: { projectId: project.id }, allTenants: true })).toBe(1);
});

test('rotation answers a new secret once; the old one overlaps as chosen', async () => {
  const { project } = await buildHostedProject();
  const created = (await post<PartnerAppSecretAnswer>('save', { ...valid(project.id), ipAllowList: [] })).body
    .attribute;
  const rotated = await post<PartnerAppSecretAnswer>('rotate-secret', {
    id: created.app.id,
    overlapMinutes: 60,
  });
  const fresh = rotated.body.attribute.secret as string;
  expect(fresh).not.toBe(created.secret);
  expect(rotated.body.attribute.app.previousSecretUntil).not.toBeNull();
  for (const secret of [fresh, created.secret as string])
    await createPartnerClient({ baseUrl: base, appKey: created.app.appKey, secret }).classClassifyTree();
  // Rotating again without overlap drops both earlier secrets at once.
  const again = (
    await post<PartnerAppSecretAnswer>('rotate-secret', { id: created.app.id, overlapMinutes: 0 })
  ).body.attribute;
  expect(again.app.previousSecretUntil).toBeNull();
  await expect(
    createPartnerClient({ baseUrl: base, appKey: created.app.appKey, secret: fresh }).classClassifyTree(),
  ).rejects.toMatchObject({ code: 'SIGNATURE_INVALID' });
  const refused = await post<{ errors: { field: string }[] }>('rotate-secret', {
    id: created.app.id,
    overlapMinutes: 99_999,
  });
  expect(refused.body.attribute.errors.map((error) => error.field)).toEqual(['overlapMinutes']);
});

test('revoking the tokens of a disabled app is refused as its abilities say, and changes nothing', async () => {
  const { project } = await buildHostedProject();
  const created = (await post<PartnerAppSecretAnswer>('save', { ...valid(project.id), ipAllowList: [] })).body
    .attribute;
  const client = createPartnerClient({
    baseUrl: base,
    appKey: created.app.appKey,
    secret: created.secret as string,
  });
  await client.withToken().classClassifyTree();
  const saved = await post('save', {
    ...valid(project.id),
    ipAllowList: [],
    id: created.app.id,
    enabled: false,
  });
  expect(saved.body.respCode).toBe(200);
  const refused = await post('revoke-tokens', { id: created.app.id });
  expect(refused.body).toMatchObject({ respCode: -1, respDesc: '应用已停用，令牌均已失效' });
  expect(
    await PartnerToken.count({ where: { appId: created.app.id, revokedAt: null }, allTenants: true }),
  ).toBe(1);
});

test('revoking tokens ends every token at once; the call log lists each call', async () => {
  const { project } = await buildHostedProject();
  const created = (await post<PartnerAppSecretAnswer>('save', { ...valid(project.id), ipAllowList: [] })).body
    .attribute;
  const client = createPartnerClient({
    baseUrl: base,
    appKey: created.app.appKey,
    secret: created.secret as string,
  });
  const calls = client.withToken();
  await calls.classClassifyTree();
  expect((await post<{ revoked: number }>('revoke-tokens', { id: created.app.id })).body.attribute).toEqual({
    revoked: 1,
  });
  await expect(calls.classClassifyTree()).rejects.toMatchObject({ code: 'TOKEN_REVOKED' });
  const logs = await post<{ list: { call: string; resultCode: string }[]; total: number }>('call-logs', {
    id: created.app.id,
  });
  expect(logs.body.attribute.list.map((row) => [row.call, row.resultCode])).toEqual([
    ['jxnc/class-classify-tree', 'TOKEN_REVOKED'],
    ['jxnc/class-classify-tree', 'OK'],
    ['auth/get-token', 'OK'],
  ]);
  const refusedOnly = await post<{ total: number }>('call-logs', {
    id: created.app.id,
    resultCode: 'TOKEN_REVOKED',
  });
  expect(refusedOnly.body.attribute.total).toBe(1);
  expect((await post('detail', { id: 999_999 })).body.respCode).not.toBe(200);
});

test('the sweep deletes spent nonces, windows, tokens and tickets, and keeps live ones', async () => {
  const { project } = await buildHostedProject();
  const created = (await post<PartnerAppSecretAnswer>('save', { ...valid(project.id), ipAllowList: [] })).body
    .attribute;
  const client = createPartnerClient({
    baseUrl: base,
    appKey: created.app.appKey,
    secret: created.secret as string,
  });
  await client.withToken().classClassifyTree();
  const count = async (table: string) =>
    Number(
      (
        (await t.sequelize.query(`SELECT count(*) AS n FROM ${table} WHERE app_id = :id`, {
          replacements: { id: created.app.id },
          type: QueryTypes.SELECT,
        })) as { n: string }[]
      )[0]?.n,
    );
  expect(await count('partner_nonce')).toBe(1);
  await t.sequelize.query(
    "UPDATE partner_nonce SET created_at = now() - interval '11 minutes' WHERE app_id = :id",
    {
      replacements: { id: created.app.id },
    },
  );
  await t.jobs.queue.send('partner.sweep', {});
  await t.jobs.drain();
  expect(await count('partner_nonce')).toBe(0);
  expect(await count('partner_token')).toBe(1);
  expect(await count('partner_rate_window')).toBe(1);
});

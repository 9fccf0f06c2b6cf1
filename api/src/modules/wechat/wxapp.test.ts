import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { WechatBinding, Wxapp, WxappProject } from './wxapp.model';

const path = (group: string, name: string) => `/api/${group}/${name}.action`;
const PEM =
  '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----';

let t: TestApp;
let platformToken: string;
let counter = 0;
/** A fresh app id (wx + 16 hex). */
const appId = () => `wx${(Date.now() * 1000 + counter++).toString(16).padStart(16, '0').slice(-16)}`;
const valid = () => ({
  name: '测试服务号',
  appId: appId(),
  appSecret: 'a'.repeat(32),
  pushToken: 'pushToken123',
  pushMode: 'safe',
  encodingAesKey: 'b'.repeat(43),
});

const post = (name: string, body: object, token = platformToken) =>
  t.http.post(path('wxapp', name)).set('token', token).send(body);

beforeAll(async () => {
  t = await createTestApp();
  const platform = await buildAccount({
    projectId: null,
    roleSystem: ROLE_SYSTEM.PLATFORM,
    menu: ['/home', '/wxapp-manage', '/wxapp-manage/list', '/wxapp-manage/setting'],
  });
  platformToken = await signIn(platform.account);
});
afterAll(() => t.close());

describe('who may manage official accounts', () => {
  test('project staff, even with the menu URL, and platform staff without it are refused (403)', async () => {
    const projectId = (await buildProject()).id;
    const staff = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/wxapp-manage/list'],
    });
    const bare = await buildAccount({ projectId: null, roleSystem: ROLE_SYSTEM.PLATFORM, menu: ['/home'] });
    for (const token of [await signIn(staff.account), await signIn(bare.account)]) {
      for (const name of ['list', 'save', 'delete', 'config-project-list', 'bindings', 'bind', 'unbind']) {
        expect((await post(name, { id: 1 }, token)).status).toBe(403);
      }
    }
  });

  test('anonymous callers are asked to sign in (401)', async () => {
    expect((await t.http.post(path('wxapp', 'list'))).status).toBe(401);
  });
});

describe('save', () => {
  test('creates an official account; secrets are never answered, only whether they are set', async () => {
    const input = valid();
    const answer = await post('save', input);
    expect(answer.body.respCode).toBe(200);
    const item = answer.body.attribute;
    expect(item).toMatchObject({
      name: '测试服务号',
      appId: input.appId,
      appSecretSet: true,
      encodingAesKeySet: true,
      paymentReady: false,
    });
    expect(JSON.stringify(answer.body)).not.toContain(input.appSecret);
    expect(item.serverUrl).toMatch(new RegExp(`/api/wechat/push/${input.appId}$`));
    const audit = await AuditLog.findOne({
      where: { action: 'wxapp.create', targetId: String(item.id) },
      allTenants: true,
    });
    expect(JSON.stringify(audit?.detail)).not.toContain(input.appSecret);
  });

  test('an empty secret on update keeps the stored one; payment keys make it payment-ready', async () => {
    const input = valid();
    const { id } = (await post('save', input)).body.attribute;
    const answer = await post('save', {
      ...input,
      id,
      appSecret: '',
      name: '改名服务号',
      mchId: '1900009191',
      mchSerialNo: 'ABCDEF0123456789',
      mchPrivateKey: PEM.replaceAll('PUBLIC', 'PRIVATE'),
      apiV3Key: 'c'.repeat(32),
      platformSerialNo: 'PUB_KEY_ID_0123456789',
      platformPublicKey: PEM,
    });
    expect(answer.body.attribute).toMatchObject({
      name: '改名服务号',
      paymentReady: true,
      mchPrivateKeySet: true,
      apiV3KeySet: true,
      platformPublicKeySet: true,
    });
    expect((await Wxapp.findByPk(id))?.appSecret).toBe(input.appSecret);
    // The token is kept like the secrets when left empty.
    await post('save', { ...input, id, appSecret: '', pushToken: '' });
    expect((await Wxapp.findByPk(id))?.pushToken).toBe(input.pushToken);
  });

  test.each([
    [{ appId: 'wx123' }, 'appId'],
    [{ appSecret: 'short' }, 'appSecret'],
    [{ pushToken: 'a b' }, 'pushToken'],
    [{ pushMode: 'secret' }, 'pushMode'],
    [{ encodingAesKey: 'x'.repeat(42) }, 'encodingAesKey'],
    [{ mchId: '12ab' }, 'mchId'],
    [{ mchPrivateKey: 'not a key' }, 'mchPrivateKey'],
    [{ apiV3Key: 'x'.repeat(31) }, 'apiV3Key'],
  ])('refuses %j naming the field, writing nothing', async (change, field) => {
    const input = { ...valid(), ...change };
    const answer = await post('save', input);
    expect(answer.body.respCode).toBe(-1);
    expect(answer.body.attribute.errors.map((e: { field: string }) => e.field)).toContain(field);
    if (typeof input.appId === 'string') expect(await Wxapp.count({ where: { appId: input.appId } })).toBe(0);
  });

  test('safe mode needs an EncodingAESKey; a new account needs its AppSecret; app ids are unique', async () => {
    const noKey = await post('save', { ...valid(), encodingAesKey: '' });
    expect(noKey.body.attribute.errors[0].field).toBe('encodingAesKey');
    const noSecret = await post('save', { ...valid(), appSecret: '' });
    expect(noSecret.body.attribute.errors[0].field).toBe('appSecret');
    const noToken = await post('save', { ...valid(), pushToken: '' });
    expect(noToken.body.attribute.errors[0].field).toBe('pushToken');
    const first = valid();
    await post('save', first);
    const again = await post('save', { ...valid(), appId: first.appId });
    expect(again.body.attribute.errors[0]).toMatchObject({ field: 'appId', rule: 'unique' });
  });
});

describe('projects served', () => {
  test('sets the projects; a project served by another account is refused naming projectIds', async () => {
    const [a, b] = [await buildProject(), await buildProject()];
    const first = (await post('save', valid())).body.attribute.id;
    const second = (await post('save', valid())).body.attribute.id;
    const set = await post('config-project-list', { id: first, projectIds: [a.id, b.id] });
    expect(set.body.attribute.projects.map((p: { id: number }) => p.id).sort()).toEqual([a.id, b.id].sort());
    const taken = await post('config-project-list', { id: second, projectIds: [b.id] });
    expect(taken.body.respCode).toBe(-1);
    expect(taken.body.attribute.errors[0]).toMatchObject({ field: 'projectIds', rule: 'unique' });
    expect(taken.body.attribute.errors[0].message).toContain(b.name);
    expect(await WxappProject.count({ where: { wxappId: second }, allTenants: true })).toBe(0);
    // Replacing the list releases a project.
    await post('config-project-list', { id: first, projectIds: [a.id] });
    expect((await post('config-project-list', { id: second, projectIds: [b.id] })).body.respCode).toBe(200);
    const ids = await t.http
      .get(path('wxapp', 'project-id'))
      .set('token', platformToken)
      .query({ appId: (await Wxapp.findByPk(first))?.appId });
    expect(ids.body.attribute.projectIds).toEqual([a.id]);
  });

  test('an unknown project is refused', async () => {
    const id = (await post('save', valid())).body.attribute.id;
    const answer = await post('config-project-list', { id, projectIds: [999999] });
    expect(answer.body.attribute.errors[0]).toMatchObject({ field: 'projectIds', rule: 'exists' });
  });
});

describe('delete, bindings and unbinding', () => {
  async function boundStudent() {
    const project = await buildProject();
    const unit = await buildUnit(project.id, { name: '绑定测试单位' });
    const wxapp = await Wxapp.create({
      ...valid(),
      appSecret: 'a'.repeat(32),
      encodingAesKey: 'b'.repeat(43),
      pushMode: 'safe',
    } as never);
    await WxappProject.create({ projectId: project.id, wxappId: wxapp.id });
    const student = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      unitId: unit.id,
      overrides: { idCardNo: '370102199003071238', realName: '王同学' },
    });
    const openId = `o${String(wxapp.id).padStart(27, 'x')}`;
    await WechatBinding.create({
      wxappId: wxapp.id,
      openId,
      accountId: student.account.id,
      projectId: project.id,
      unionId: null,
      nickname: '小王',
      avatarUrl: null,
    });
    return { project, wxapp, student, openId };
  }

  test('an account serving a project or with bindings cannot be deleted; an unused one can', async () => {
    const { wxapp } = await boundStudent();
    const refused = await post('delete', { id: wxapp.id });
    expect(refused.body).toMatchObject({
      respCode: -1,
      respDesc: '该公众号仍在服务项目或已有绑定，请先解除后再删除',
    });
    expect(await Wxapp.findByPk(wxapp.id)).not.toBeNull();
    const unused = (await post('save', valid())).body.attribute.id;
    expect((await post('delete', { id: unused })).body.respCode).toBe(200);
    expect(await Wxapp.findByPk(unused)).toBeNull();
  });

  test('bindings list the bound students with masked ID numbers; keyword narrows', async () => {
    const { wxapp, openId } = await boundStudent();
    const page = await post('bindings', { id: wxapp.id });
    expect(page.body.attribute.total).toBe(1);
    expect(page.body.attribute.list[0]).toMatchObject({
      openId,
      nickname: '小王',
      realName: '王同学',
      idCardNo: '370102********1238',
      unitName: '绑定测试单位',
    });
    expect((await post('bindings', { id: wxapp.id, keyword: '没有这个人' })).body.attribute.total).toBe(0);
    expect((await post('bindings', { id: wxapp.id, keyword: '王同' })).body.attribute.total).toBe(1);
  });

  test('wxapp/unbind removes the binding, audited; unbinding again says it is not bound', async () => {
    const { wxapp, openId, student } = await boundStudent();
    expect((await post('unbind', { id: wxapp.id, openId })).body.respCode).toBe(200);
    expect(await WechatBinding.count({ where: { accountId: student.account.id }, allTenants: true })).toBe(0);
    expect(
      await AuditLog.count({
        where: { action: 'wechat.unbind', targetId: String(student.account.id) },
        allTenants: true,
      }),
    ).toBe(1);
    expect((await post('unbind', { id: wxapp.id, openId })).body).toMatchObject({
      respCode: -1,
      respDesc: '该账号未绑定微信',
    });
  });

  test('account/unbind-openId: project staff of the student project only, with the student screen', async () => {
    const { project, student } = await boundStudent();
    const unbind = (token: string) =>
      t.http.post(path('account', 'unbind-openId')).set('token', token).send({ id: student.account.id });
    const outsider = await buildAccount({
      projectId: (await buildProject()).id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/student-manage/student'],
    });
    expect((await unbind(await signIn(outsider.account))).body).toMatchObject({
      respCode: -1,
      respDesc: '学员不存在',
    });
    const noScreen = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/home'],
    });
    expect((await unbind(await signIn(noScreen.account))).status).toBe(403);
    expect(await WechatBinding.count({ where: { accountId: student.account.id }, allTenants: true })).toBe(1);
    const staff = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/student-manage/student'],
    });
    expect((await unbind(await signIn(staff.account))).body.respCode).toBe(200);
    expect(await WechatBinding.count({ where: { accountId: student.account.id }, allTenants: true })).toBe(0);
  });

  test('account/my-profile shows the student their binding, masked ID number and unit', async () => {
    const { student } = await boundStudent();
    const token = await signIn(student.account);
    const answer = await t.http.get(path('account', 'my-profile')).set('token', token);
    expect(answer.body.attribute).toMatchObject({
      realName: '王同学',
      idCardNo: '370102********1238',
      unitName: '绑定测试单位',
      wechat: { bound: true, nickname: '小王' },
    });
    expect((await t.http.get(path('account', 'my-profile')).set('token', platformToken)).status).toBe(403);
  });
});

describe('unit registration pages', () => {
  test('register-config-by-unit names the unit; unknown or disabled units are refused naming unitId', async () => {
    const project = await buildProject({ name: '注册项目' });
    const unit = await buildUnit(project.id, { name: '报名单位' });
    const ok = await t.http.get(path('unit', 'register-config-by-unit')).query({ unitId: unit.id });
    expect(ok.body.attribute).toEqual({ unitId: unit.id, unitName: '报名单位', projectName: '注册项目' });
    const missing = await t.http.get(path('unit', 'register-config-by-unit')).query({ unitId: 999999 });
    expect(missing.body.attribute.errors[0].field).toBe('unitId');
    await unit.update({ status: 'DISABLED' });
    const disabled = await t.http.get(path('unit', 'register-config-by-unit')).query({ unitId: unit.id });
    expect(disabled.body.attribute.errors[0]).toMatchObject({ field: 'unitId', rule: 'status' });
  });

  test("register-students: a unit manager sees their own unit's students, never another unit's", async () => {
    const project = await buildProject();
    const [mine, other] = [await buildUnit(project.id), await buildUnit(project.id)];
    await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      unitId: mine.id,
      overrides: { idCardNo: '370102199003071238' },
    });
    await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT, unitId: other.id });
    const manager = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.UNIT,
      unitId: mine.id,
      menu: ['/unit-manage/detail'],
    });
    const token = await signIn(manager.account);
    const own = await t.http.post(path('unit', 'register-students')).set('token', token).send({});
    expect(own.body.attribute.total).toBe(1);
    expect(own.body.attribute.list[0]).toMatchObject({ idCardNo: '370102********1238', wechatBound: false });
    const others = await t.http
      .post(path('unit', 'register-students'))
      .set('token', token)
      .send({ unitId: other.id });
    expect(others.body.respCode).toBe(-1);
  });
});

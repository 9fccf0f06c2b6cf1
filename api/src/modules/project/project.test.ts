import { DEFAULT_PROJECT_SETTINGS } from '@px/config';
import { DEMO, seedDemoData } from '../../db/seed';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildProject, buildUnit } from '../../testing/factories';
import { Project } from './project.model';

const PATH = '/api/project/system-info.action';
let t: TestApp;
let demo: Project;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.sequelize);
  demo = await Project.findOne({ where: { code: DEMO.projectCode } }).then((project) => project as Project);
});
afterAll(() => t.close());

describe('system-info', () => {
  test('answers the default project with every setting, defaults filled', async () => {
    const res = await t.http.post(PATH).set('Host', 'unknown.example.com');
    expect(res.status).toBe(200);
    expect(res.body.respCode).toBe(200);
    const info = res.body.attribute;
    expect(info).toMatchObject({
      projectId: demo.id,
      projectName: '演示项目',
      title: DEMO.title,
      projectTitle: DEMO.projectTitle,
    });
    expect(info.projectArea).toBe(370000);
    expect(info.classStartYear).toBe(2019);
    expect(info.loginType).toEqual(['password', 'sms', 'wechat']);
    for (const key of Object.keys(DEFAULT_PROJECT_SETTINGS)) expect(info).toHaveProperty(key);
    expect(info.loginPublicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n$/);
  });

  test('answers GET as well as POST', async () => {
    const res = await t.http.get(PATH);
    expect(res.body).toMatchObject({ respCode: 200, attribute: { projectId: demo.id } });
  });

  test("resolves the project from the request's host", async () => {
    const other = await buildProject({
      domains: ['px.example.com'],
      settings: { title: '山东继续教育', projectArea: 370100 },
    });
    const res = await t.http.post(PATH).set('Host', 'PX.example.com:8443');
    expect(res.body.attribute).toMatchObject({
      projectId: other.id,
      title: '山东继续教育',
      projectArea: 370100,
      classStartYear: 2019,
    });
  });

  test("resolves the unit's project from unitId, as number or text", async () => {
    const project = await buildProject({ settings: { title: '单位所在项目' } });
    const unit = await buildUnit(project.id);
    const byQuery = await t.http.post(`${PATH}?unitId=${unit.id}`);
    expect(byQuery.body.attribute).toMatchObject({ projectId: project.id, title: '单位所在项目' });
    const byBody = await t.http.post(PATH).send({ unitId: unit.id });
    expect(byBody.body.attribute.projectId).toBe(project.id);
  });

  test('an empty unitId counts as absent', async () => {
    const res = await t.http.post(`${PATH}?unitId=`);
    expect(res.body).toMatchObject({ respCode: 200, attribute: { projectId: demo.id } });
  });

  test('a malformed unitId is refused naming the field', async () => {
    for (const bad of ['abc', '-3', '1.5', '99999999999']) {
      const res = await t.http.post(`${PATH}?unitId=${bad}`);
      expect(res.body).toMatchObject({ respCode: -1, respDesc: '参数错误：unitId 应为正整数' });
      expect(res.body.attribute.errors[0].field).toBe('unitId');
    }
  });

  test('an unknown unitId is refused naming the field', async () => {
    const res = await t.http.post(`${PATH}?unitId=999999`);
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '参数错误：unitId 单位不存在' });
  });

  test('a disabled project is refused', async () => {
    await buildProject({ domains: ['closed.example.com'], status: 'DISABLED' });
    const res = await t.http.post(PATH).set('Host', 'closed.example.com');
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '该项目已停用' });
  });

  test('stored keys unknown to this release are not served', async () => {
    const project = await buildProject({
      domains: ['legacy.example.com'],
      settings: { title: '旧项目', retiredSetting: 1 },
    });
    const res = await t.http.post(PATH).set('Host', 'legacy.example.com');
    expect(res.body.attribute.projectId).toBe(project.id);
    expect(res.body.attribute).not.toHaveProperty('retiredSetting');
  });
});

describe('demo seed', () => {
  test('creates the demo project and unit once, and only in an empty database', async () => {
    expect(await seedDemoData(t.sequelize)).toBe(false);
    expect(await Project.count({ where: { code: DEMO.projectCode } })).toBe(1);
    expect(demo.isDefault).toBe(true);
  });
});

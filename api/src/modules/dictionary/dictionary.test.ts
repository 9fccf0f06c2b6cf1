import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { Dictionary } from './dictionary.model';
import { isWithinRegion, regionChildren, regionFullName, regionPrefix } from './regions';

const path = (name: string) => `/api/dictionary/${name}.action`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('dictionary/list', () => {
  test('answers the shared seed entries to anyone, in order', async () => {
    await buildProject({ isDefault: true });
    const res = await t.http.get(`${path('list')}?type=train-type`);
    expect(res.body.respCode).toBe(200);
    expect(res.body.attribute).toEqual([
      { code: 'public', label: '公需科目', parentCode: null, sort: 1 },
      { code: 'specialized', label: '专业科目', parentCode: null, sort: 2 },
      { code: 'vocational', label: '职业技能', parentCode: null, sort: 3 },
      { code: 'safety', label: '安全生产', parentCode: null, sort: 4 },
    ]);
    const education = await t.http.post(path('list')).send({ type: 'education' });
    expect(education.body.attribute.map((item: { label: string }) => item.label)).toEqual([
      '初中及以下',
      '高中/中专',
      '大专',
      '本科',
      '硕士及以上',
    ]);
  });

  test('a project’s entries override shared ones by code and add their own; other projects see none', async () => {
    const project = await buildProject({ domains: ['dict.example.com'] });
    const other = await buildProject({ domains: ['other-dict.example.com'] });
    await Dictionary.bulkCreate([
      { projectId: project.id, type: 'train-type', code: 'public', label: '公需课', sort: 9 },
      { projectId: project.id, type: 'train-type', code: 'nursing', label: '护理', sort: 5 },
    ]);
    const res = await t.http.post(path('list')).set('Host', 'dict.example.com').send({ type: 'train-type' });
    expect(
      res.body.attribute.map((item: { code: string; label: string }) => `${item.code}:${item.label}`),
    ).toEqual([
      'specialized:专业科目',
      'vocational:职业技能',
      'safety:安全生产',
      'nursing:护理',
      'public:公需课',
    ]);
    const elsewhere = await t.http
      .post(path('list'))
      .set('Host', 'other-dict.example.com')
      .send({ type: 'train-type' });
    expect(elsewhere.body.attribute.map((item: { label: string }) => item.label)).toEqual([
      '公需科目',
      '专业科目',
      '职业技能',
      '安全生产',
    ]);
    // By unit, and for a signed-in caller by their own project.
    const unit = await buildUnit(project.id);
    const byUnit = await t.http.post(path('list')).send({ type: 'train-type', unitId: unit.id });
    expect(byUnit.body.attribute).toHaveLength(5);
    const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
    const signedIn = await t.http
      .post(path('list'))
      .set('Host', 'other-dict.example.com')
      .set('token', await signIn(account))
      .send({ type: 'train-type' });
    expect(signedIn.body.attribute).toHaveLength(5);
    expect(other.id).not.toBe(project.id);
  });

  test('an unknown type answers an empty list; a malformed type is refused naming it', async () => {
    expect((await t.http.post(path('list')).send({ type: 'nothing-here' })).body.attribute).toEqual([]);
    const bad = await t.http.post(path('list')).send({ type: 'Bad Type' });
    expect(bad.status).toBe(400);
    expect(bad.body.attribute.errors[0].field).toBe('type');
  });
});

describe('dictionary/tree', () => {
  test('nests entries by parent code', async () => {
    const project = await buildProject({ domains: ['tree.example.com'] });
    await Dictionary.bulkCreate([
      { projectId: project.id, type: 'major', code: 'med', label: '医学', sort: 1 },
      { projectId: project.id, type: 'major', code: 'nurse', label: '护理', parentCode: 'med', sort: 2 },
      { projectId: project.id, type: 'major', code: 'pharm', label: '药学', parentCode: 'med', sort: 1 },
      { projectId: project.id, type: 'major', code: 'eng', label: '工程', sort: 2 },
      { projectId: project.id, type: 'major', code: 'orphan', label: '孤儿', parentCode: 'gone', sort: 3 },
    ]);
    const res = await t.http.post(path('tree')).set('Host', 'tree.example.com').send({ type: 'major' });
    expect(res.body.attribute).toEqual([
      {
        code: 'med',
        label: '医学',
        sort: 1,
        children: [
          { code: 'pharm', label: '药学', sort: 1, children: [] },
          { code: 'nurse', label: '护理', sort: 2, children: [] },
        ],
      },
      { code: 'eng', label: '工程', sort: 2, children: [] },
      { code: 'orphan', label: '孤儿', sort: 3, children: [] },
    ]);
  });
});

describe('dictionary/regional-tree', () => {
  test('starts at the project area: a province gives its cities with their counties', async () => {
    await buildProject({ domains: ['sd.example.com'] });
    const res = await t.http.post(path('regional-tree')).set('Host', 'sd.example.com');
    const cities = res.body.attribute;
    expect(cities[0]).toMatchObject({ code: '370100', name: '济南市' });
    expect(cities.map((city: { code: string }) => city.code)).toContain('370200');
    expect(cities.every((city: { code: string }) => city.code.startsWith('37'))).toBe(true);
    expect(cities[0].children).toContainEqual({ code: '370102', name: '历下区', children: [] });
  });

  test('a city area gives its counties; `code` starts elsewhere; 100000 is the whole country', async () => {
    await buildProject({ domains: ['qd.example.com'], settings: { projectArea: 370200 } });
    const counties = (await t.http.post(path('regional-tree')).set('Host', 'qd.example.com')).body.attribute;
    expect(counties).toContainEqual({ code: '370202', name: '市南区', children: [] });
    expect(counties.every((county: { code: string }) => county.code.startsWith('3702'))).toBe(true);

    const beijing = (await t.http.get(`${path('regional-tree')}?code=110000`)).body.attribute;
    expect(beijing).toEqual([expect.objectContaining({ code: '110100', name: '北京市' })]);
    const country = (await t.http.post(path('regional-tree')).send({ code: '100000' })).body.attribute;
    expect(country).toHaveLength(34);
    expect(country[0]).toMatchObject({ code: '110000', name: '北京市' });
    const county = (await t.http.post(path('regional-tree')).send({ code: '370102' })).body.attribute;
    expect(county).toEqual([]);
  });

  test('an unknown or malformed code is refused naming the field', async () => {
    for (const code of ['999999', '37']) {
      const res = await t.http.post(path('regional-tree')).send({ code });
      expect(res.status).toBe(400);
      expect(res.body.attribute.errors[0].field).toBe('code');
    }
  });
});

describe('regions', () => {
  test('full names, prefixes and containment follow the registry', () => {
    expect(regionFullName('370102')).toBe('山东省 济南市 历下区');
    expect(regionFullName('370100')).toBe('山东省 济南市');
    expect(regionFullName('123456')).toBeNull();
    expect(regionPrefix('370000')).toBe('37');
    expect(regionPrefix('370100')).toBe('3701');
    expect(regionPrefix('370102')).toBe('370102');
    expect(isWithinRegion('370102', '370000')).toBe(true);
    expect(isWithinRegion('370000', '370000')).toBe(true);
    expect(isWithinRegion('370000', '370100')).toBe(false);
    expect(isWithinRegion('370202', '370100')).toBe(false);
    expect(isWithinRegion('110101', '100000')).toBe(true);
    expect(isWithinRegion('379999', '370000')).toBe(false);
    expect(regionChildren('999999')).toBeNull();
  });
});

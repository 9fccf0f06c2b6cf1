import { ROLE_SYSTEM } from '@px/config';
import { chinaYear } from '../../contract/train-plan';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { Dictionary } from '../dictionary/dictionary.model';
import { TrainPlan } from './train-plan.model';

const path = (name: string) => `/api/train-plan/${name}.action`;
const LIST = '/train-manage/train-plan-list';
const DETAIL = '/train-manage/train-plan-detail';
const STAFF_MENU = ['/home', '/train-manage', LIST, DETAIL];
const THIS_YEAR = chinaYear(new Date());

let t: TestApp;
let projectId: number;
let otherProjectId: number;
let staffToken: string;
let otherToken: string;

const post = (name: string, body: object = {}, as = staffToken) =>
  t.http.post(path(name)).set('token', as).send(body);

let counter = 0;
/** A valid plan with a name of its own. */
const valid = (overrides: object = {}) => ({
  year: THIS_YEAR,
  name: `继续教育计划${++counter}`,
  industry: 'construction',
  startDate: `${THIS_YEAR}-03-01`,
  endDate: `${THIS_YEAR}-12-31`,
  description: '年度专业技术人员继续教育',
  ...overrides,
});

/** Creates a plan over HTTP and answers it. */
async function createPlan(overrides: object = {}, as = staffToken) {
  const answer = await post('save', valid(overrides), as);
  expect(answer.body.respCode).toBe(200);
  return answer.body.attribute as { id: number; name: string; status: string; year: number };
}

const fieldsOf = (body: { attribute: { errors: { field: string }[] } }) =>
  body.attribute.errors.map((error) => error.field);

beforeAll(async () => {
  t = await createTestApp();
  projectId = (await buildProject()).id;
  otherProjectId = (await buildProject()).id;
  staffToken = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: STAFF_MENU })).account,
  );
  otherToken = await signIn(
    (await buildAccount({ projectId: otherProjectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: STAFF_MENU }))
      .account,
  );
});
afterAll(() => t.close());

describe('permissions', () => {
  const CALLS = ['page', 'get', 'save', 'publish', 'close', 'delete'];

  test('staff without the plan screens are refused (403), and so are unit managers and students', async () => {
    const tokens = [
      await signIn(
        (
          await buildAccount({
            projectId,
            roleSystem: ROLE_SYSTEM.PROJECT,
            menu: ['/home', '/train-manage', '/train-manage/study-report'],
          })
        ).account,
      ),
      await signIn(
        (
          await buildAccount({
            projectId,
            roleSystem: ROLE_SYSTEM.UNIT,
            unitId: (await buildUnit(projectId)).id,
            menu: STAFF_MENU,
          })
        ).account,
      ),
      await signIn(
        (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, menu: STAFF_MENU })).account,
      ),
    ];
    for (const token of tokens)
      for (const name of CALLS) expect((await post(name, valid({ id: 1 }), token)).status).toBe(403);
  });

  test('anonymous callers are asked to sign in (401)', async () => {
    for (const name of CALLS) expect((await t.http.post(path(name))).status).toBe(401);
  });

  test('the list screen reads and changes status but does not edit; the detail screen edits only', async () => {
    const listOnly = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/train-manage', LIST] }))
        .account,
    );
    const detailOnly = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/train-manage', DETAIL] }))
        .account,
    );
    const refused = valid();
    expect((await post('save', refused, listOnly)).status).toBe(403);
    expect(await TrainPlan.count({ where: { projectId, name: refused.name } })).toBe(0);
    const plan = await createPlan({}, detailOnly);
    expect((await post('get', { id: plan.id }, detailOnly)).body.respCode).toBe(200);
    expect((await post('publish', { id: plan.id }, detailOnly)).status).toBe(403);
    expect((await post('delete', { id: plan.id }, detailOnly)).status).toBe(403);
    expect((await post('page', {}, listOnly)).body.respCode).toBe(200);
    expect((await post('publish', { id: plan.id }, listOnly)).body.respCode).toBe(200);
  });

  test('platform staff are refused (403): they work in a project through the super account', async () => {
    const platform = await buildAccount({
      projectId: null,
      roleSystem: ROLE_SYSTEM.PLATFORM,
      menu: STAFF_MENU,
    });
    expect((await post('page', {}, await signIn(platform.account))).status).toBe(403);
  });
});

describe('save', () => {
  test('creates a draft with the industry label; audited', async () => {
    const input = valid({ name: '  2025年度建筑业继续教育  ' });
    const answer = await post('save', input);
    expect(answer.body.respCode).toBe(200);
    const plan = answer.body.attribute;
    expect(plan).toMatchObject({
      year: THIS_YEAR,
      name: '2025年度建筑业继续教育',
      industry: 'construction',
      industryName: '建筑业',
      startDate: `${THIS_YEAR}-03-01`,
      endDate: `${THIS_YEAR}-12-31`,
      status: 'DRAFT',
      description: '年度专业技术人员继续教育',
      publishedAt: null,
      closedAt: null,
    });
    expect((await TrainPlan.findByPk(plan.id, { allTenants: true }))?.projectId).toBe(projectId);
    const audit = await AuditLog.findOne({
      where: { action: 'train-plan.create', targetId: String(plan.id) },
      allTenants: true,
    });
    expect(audit?.projectId).toBe(projectId);
    // The database keeps the dates as calendar days, whatever the time zone.
    expect((await post('get', { id: plan.id })).body.attribute.startDate).toBe(`${THIS_YEAR}-03-01`);
  });

  test.each([
    ['an end date before the start date', { startDate: '2025-06-01', endDate: '2025-05-31' }, 'endDate'],
    ['an impossible start date', { startDate: '2025-02-30' }, 'startDate'],
    ['a date in another format', { endDate: '2025/12/31' }, 'endDate'],
    ['no start date', { startDate: '' }, 'startDate'],
    ['a year that is not a number', { year: '二〇二五' }, 'year'],
    ['no year', { year: '' }, 'year'],
    ['a year before the project offers', { year: 2018 }, 'year'],
    ['a year after next year', { year: THIS_YEAR + 2 }, 'year'],
    ['an unknown industry', { industry: 'mining' }, 'industry'],
    ['no industry', { industry: ' ' }, 'industry'],
    ['no name', { name: '   ' }, 'name'],
    ['a name over 100 characters', { name: '计'.repeat(101) }, 'name'],
    ['a description over 2000 characters', { description: '述'.repeat(2001) }, 'description'],
  ])('refuses %s naming the field, writing nothing', async (_case, change, field) => {
    const before = await TrainPlan.count({ allTenants: true });
    const answer = await post('save', valid(change));
    expect(answer.body.respCode).toBe(-1);
    expect(fieldsOf(answer.body)).toEqual([field]);
    expect(await TrainPlan.count({ allTenants: true })).toBe(before);
  });

  test('the year range runs from the project setting classStartYear to next year', async () => {
    const project = await buildProject({ settings: { classStartYear: THIS_YEAR - 1 } });
    const token = await signIn(
      (await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.PROJECT, menu: STAFF_MENU }))
        .account,
    );
    const tooEarly = await post('save', valid({ year: THIS_YEAR - 2 }), token);
    expect(tooEarly.body.attribute.errors[0]).toMatchObject({
      field: 'year',
      message: `年度应在 ${THIS_YEAR - 1} 到 ${THIS_YEAR + 1} 之间`,
    });
    for (const year of [THIS_YEAR - 1, THIS_YEAR + 1]) {
      const answer = await post(
        'save',
        valid({ year, startDate: `${year}-01-01`, endDate: `${year}-06-30` }),
        token,
      );
      expect(answer.body.attribute.year).toBe(year);
    }
  });

  test('names are unique within a year of the project; another year or project may reuse them', async () => {
    const first = await createPlan();
    const again = await post('save', valid({ name: first.name }));
    expect(again.body.attribute.errors[0]).toMatchObject({ field: 'name', rule: 'unique' });
    expect(await TrainPlan.count({ where: { projectId, name: first.name } })).toBe(1);
    await createPlan({ name: first.name, year: THIS_YEAR - 1 });
    await createPlan({ name: first.name }, otherToken);
    // Renaming a plan to its own name is no clash.
    expect((await post('save', valid({ id: first.id, name: first.name }))).body.respCode).toBe(200);
  });

  test("a project's own industry entries count; another project's do not", async () => {
    await Dictionary.create({ projectId, type: 'industry', code: 'mining', label: '采矿业', sort: 20 });
    const plan = await createPlan({ industry: 'mining' });
    expect((await post('get', { id: plan.id })).body.attribute.industryName).toBe('采矿业');
    const other = await post('save', valid({ industry: 'mining' }), otherToken);
    expect(fieldsOf(other.body)).toEqual(['industry']);
  });

  test('updates a draft; a published plan keeps its year; a closed plan cannot change', async () => {
    const plan = await createPlan();
    const moved = await post('save', valid({ id: plan.id, year: THIS_YEAR - 1, name: '改名计划' }));
    expect(moved.body.attribute).toMatchObject({ id: plan.id, year: THIS_YEAR - 1, name: '改名计划' });
    expect(
      await AuditLog.count({ where: { projectId, action: 'train-plan.update', targetId: String(plan.id) } }),
    ).toBe(1);

    await post('publish', { id: plan.id });
    const year = await post('save', valid({ id: plan.id, year: THIS_YEAR, name: '改名计划' }));
    expect(year.body.attribute.errors[0]).toMatchObject({
      field: 'year',
      message: '已发布的培训计划不能修改年度',
    });
    const renamed = await post('save', valid({ id: plan.id, year: THIS_YEAR - 1, name: '已发布改名' }));
    expect(renamed.body.attribute).toMatchObject({ name: '已发布改名', status: 'PUBLISHED' });

    await post('close', { id: plan.id });
    const closed = await post('save', valid({ id: plan.id, year: THIS_YEAR - 1, name: '关闭后改名' }));
    expect(closed.body).toMatchObject({ respCode: -1, respDesc: '已关闭的培训计划不能修改，请先重新发布' });
    expect((await TrainPlan.findOne({ where: { id: plan.id, projectId } }))?.name).toBe('已发布改名');
  });

  test('an unchanged year stays valid after classStartYear moved past it', async () => {
    const project = await buildProject();
    const token = await signIn(
      (await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.PROJECT, menu: STAFF_MENU }))
        .account,
    );
    const plan = await createPlan({ year: 2019, startDate: '2019-01-01', endDate: '2019-12-31' }, token);
    await project.update({ settings: { classStartYear: 2020 } });
    const answer = await post(
      'save',
      valid({ id: plan.id, year: 2019, name: '2019 改名', startDate: '2019-01-01', endDate: '2019-12-31' }),
      token,
    );
    expect(answer.body.attribute.name).toBe('2019 改名');
  });
});

describe('status', () => {
  test('DRAFT -> PUBLISHED -> CLOSED -> PUBLISHED, with the refusals of each state', async () => {
    const plan = await createPlan();
    const draftClose = await post('close', { id: plan.id });
    expect(draftClose.body).toMatchObject({
      respCode: -1,
      respDesc: '草稿状态的培训计划不能关闭，不需要时可直接删除',
    });

    const published = await post('publish', { id: plan.id });
    expect(published.body.attribute).toMatchObject({ status: 'PUBLISHED', closedAt: null });
    expect(published.body.attribute.publishedAt).toEqual(expect.any(String));
    expect((await post('publish', { id: plan.id })).body).toMatchObject({
      respCode: -1,
      respDesc: '培训计划已发布',
    });

    const closed = await post('close', { id: plan.id });
    expect(closed.body.attribute).toMatchObject({ status: 'CLOSED' });
    expect(closed.body.attribute.closedAt).toEqual(expect.any(String));
    expect((await post('close', { id: plan.id })).body).toMatchObject({
      respCode: -1,
      respDesc: '培训计划已关闭',
    });

    const reopened = await post('publish', { id: plan.id });
    expect(reopened.body.attribute).toMatchObject({ status: 'PUBLISHED', closedAt: null });
    const actions = await AuditLog.findAll({
      where: { projectId, targetType: 'train-plan', targetId: String(plan.id) },
      order: [['id', 'ASC']],
    });
    expect(actions.map((entry) => entry.action)).toEqual([
      'train-plan.create',
      'train-plan.publish',
      'train-plan.close',
      'train-plan.publish',
    ]);
  });

  test('only a draft can be deleted', async () => {
    const draft = await createPlan();
    expect((await post('delete', { id: draft.id })).body.respCode).toBe(200);
    expect(await TrainPlan.findByPk(draft.id, { allTenants: true })).toBeNull();
    expect(
      await AuditLog.count({ where: { projectId, action: 'train-plan.delete', targetId: String(draft.id) } }),
    ).toBe(1);

    const published = await createPlan();
    await post('publish', { id: published.id });
    const refused = await post('delete', { id: published.id });
    expect(refused.body).toMatchObject({ respCode: -1, respDesc: '只有草稿状态的培训计划可以删除' });
    await post('close', { id: published.id });
    expect((await post('delete', { id: published.id })).body.respCode).toBe(-1);
    expect(await TrainPlan.findOne({ where: { id: published.id, projectId } })).not.toBeNull();
  });
});

describe('tenancy', () => {
  test("another project's plan is not found by any call and stays unchanged", async () => {
    const theirs = await createPlan({}, otherToken);
    for (const [name, body] of [
      ['get', { id: theirs.id }],
      ['save', valid({ id: theirs.id, name: '越权修改' })],
      ['publish', { id: theirs.id }],
      ['close', { id: theirs.id }],
      ['delete', { id: theirs.id }],
    ] as const) {
      const answer = await post(name, body);
      expect(answer.body).toMatchObject({ respCode: -1, respDesc: '培训计划不存在' });
    }
    const stored = await TrainPlan.findByPk(theirs.id, { allTenants: true });
    expect(stored).toMatchObject({ name: theirs.name, status: 'DRAFT', projectId: otherProjectId });
    const page = await post('page', { pageSize: 100 });
    expect(page.body.attribute.list.map((plan: { id: number }) => plan.id)).not.toContain(theirs.id);
  });
});

describe('page', () => {
  let project: number;
  let token: string;
  beforeAll(async () => {
    project = (await buildProject()).id;
    token = await signIn(
      (await buildAccount({ projectId: project, roleSystem: ROLE_SYSTEM.PROJECT, menu: STAFF_MENU })).account,
    );
    const make = async (year: number, name: string, industry: string, startDate: string) =>
      (await createPlan({ year, name, industry, startDate, endDate: `${year}-12-31` }, token)).id;
    const a = await make(THIS_YEAR, '建筑施工100%达标计划', 'construction', `${THIS_YEAR}-02-01`);
    await make(THIS_YEAR, '护理技能计划', 'healthcare', `${THIS_YEAR}-05-01`);
    await make(THIS_YEAR - 1, '往年建筑计划', 'construction', `${THIS_YEAR - 1}-01-01`);
    await post('publish', { id: a }, token);
  });

  const page = async (filters: object) => {
    const answer = await post('page', filters, token);
    expect(answer.body.respCode).toBe(200);
    return answer.body.attribute as { list: { name: string }[]; total: number };
  };

  test('newest year first, then latest start', async () => {
    expect((await page({})).list.map((plan) => plan.name)).toEqual([
      '护理技能计划',
      '建筑施工100%达标计划',
      '往年建筑计划',
    ]);
  });

  test('filters by year, part of the name (taken literally), status and industry', async () => {
    expect((await page({ year: THIS_YEAR - 1 })).list.map((plan) => plan.name)).toEqual(['往年建筑计划']);
    expect((await page({ name: '100%' })).list.map((plan) => plan.name)).toEqual(['建筑施工100%达标计划']);
    expect((await page({ name: '%' })).total).toBe(1);
    expect((await page({ status: 'PUBLISHED' })).list.map((plan) => plan.name)).toEqual([
      '建筑施工100%达标计划',
    ]);
    expect((await page({ industry: 'construction' })).total).toBe(2);
    expect((await page({ industry: 'construction', year: THIS_YEAR, status: 'DRAFT' })).total).toBe(0);
  });

  test('pages with the total of every page', async () => {
    const second = await page({ pageNum: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(second.list.map((plan) => plan.name)).toEqual(['往年建筑计划']);
  });

  test('refuses bad filters naming them', async () => {
    const answer = await post('page', { status: 'OPEN', year: 'abc', pageSize: 500 }, token);
    expect(fieldsOf(answer.body).sort()).toEqual(['pageSize', 'status', 'year']);
  });
});

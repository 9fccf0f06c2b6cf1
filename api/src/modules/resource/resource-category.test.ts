import { ROLE_SYSTEM } from '@px/config';
import type { ResourceCategoryNode } from '../../contract/resource';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { ResourceCategory } from './resource.model';
import { buildResource, useTestStorage, VIDEO_MENU } from './resource.testing';

let t: TestApp;
let projectId: number;
let otherProjectId: number;
let token: string;
let otherToken: string;

const storage = useTestStorage();

const post = (name: string, body: object = {}, as = token) =>
  t.http.post(`/api/resource/${name}.action`).set('token', as).send(body);

beforeAll(async () => {
  t = await createTestApp({ providers: storage.providers() });
  projectId = (await buildProject()).id;
  otherProjectId = (await buildProject()).id;
  token = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account,
  );
  otherToken = await signIn(
    (await buildAccount({ projectId: otherProjectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU }))
      .account,
  );
});
afterAll(() => t.close());

/** A fresh project with a signed-in staff account, for tests that read the whole tree. */
async function freshProject() {
  const project = await buildProject();
  const { account } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: VIDEO_MENU,
  });
  return { projectId: project.id, token: await signIn(account) };
}

async function create(name: string, parentId?: number, as = token): Promise<number> {
  const res = await post('category-save', { name, ...(parentId ? { parentId } : {}) }, as);
  expect(res.body.respCode).toBe(200);
  return res.body.attribute.id;
}

/** The tree as `name(count)[children]` text, easy to compare. */
function shape(nodes: ResourceCategoryNode[]): string {
  return nodes
    .map(
      (node) =>
        `${node.name}(${node.resourceCount})${node.children.length ? `[${shape(node.children)}]` : ''}`,
    )
    .join(' ');
}
const tree = async (as = token) =>
  (await post('category-tree', {}, as)).body.attribute as ResourceCategoryNode[];

describe('permissions', () => {
  test('staff without the video screen, unit managers and students are refused (403)', async () => {
    const calls = ['category-tree', 'category-save', 'category-drag', 'category-delete'];
    const noScreen = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/home'] })).account,
    );
    const student = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, menu: VIDEO_MENU })).account,
    );
    const unitId = (await buildUnit(projectId)).id;
    const unit = await signIn(
      (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.UNIT, unitId, menu: VIDEO_MENU })).account,
    );
    for (const as of [noScreen, student, unit])
      for (const name of calls)
        expect((await post(name, { id: 1, name: '无权', index: 0 }, as)).status).toBe(403);
    expect(await ResourceCategory.count({ where: { name: '无权' }, allTenants: true })).toBe(0);
    expect((await t.http.post('/api/resource/category-tree.action')).status).toBe(401);
  });

  test('the course screen may read the tree but not change it', async () => {
    const { account } = await buildAccount({
      projectId,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/resource-manage', '/resource-manage/course'],
    });
    const reader = await signIn(account);
    expect((await post('category-tree', {}, reader)).body.respCode).toBe(200);
    expect((await post('category-save', { name: '课程页新增' }, reader)).status).toBe(403);
  });
});

describe('resource/category-save', () => {
  test('creates root and child categories, each last among its siblings; audited', async () => {
    const p = await freshProject();
    const safety = await create('安全生产', undefined, p.token);
    const skills = await create('职业技能', undefined, p.token);
    const fire = await create('消防安全', safety, p.token);
    const res = await post('category-save', { name: ' 应急救护 ', parentId: safety }, p.token);
    expect(res.body.attribute).toEqual({
      id: expect.any(Number),
      parentId: safety,
      name: '应急救护',
      sort: 1,
    });
    const nodes = await tree(p.token);
    expect(shape(nodes)).toBe('安全生产(0)[消防安全(0) 应急救护(0)] 职业技能(0)');
    expect(nodes.map((node) => [node.id, node.sort, node.parentId])).toEqual([
      [safety, 0, null],
      [skills, 1, null],
    ]);
    expect(nodes[0]?.children[0]).toMatchObject({ id: fire, parentId: safety, sort: 0 });
    expect(
      await AuditLog.findOne({
        where: { action: 'resource-category.create', targetId: String(fire) },
        allTenants: true,
      }),
    ).toMatchObject({ projectId: p.projectId, detail: { name: '消防安全', parentId: safety, sort: 0 } });
  });

  test('renames a category and sets its sort, keeping its place in the tree', async () => {
    const parent = await create('改名父级');
    const id = await create('旧名称', parent);
    const res = await post('category-save', { id, name: '新名称', sort: 7 });
    expect(res.body.attribute).toEqual({ id, parentId: parent, name: '新名称', sort: 7 });
    const log = await AuditLog.findOne({
      where: { action: 'resource-category.update', targetId: String(id) },
      allTenants: true,
    });
    expect(log?.detail).toMatchObject({
      before: { name: '旧名称', sort: 0 },
      after: { name: '新名称', sort: 7 },
    });
  });

  test('names are unique among siblings only; bad fields are named and nothing is written', async () => {
    const parent = await create('唯一性父级');
    await create('同名', parent);
    const before = await ResourceCategory.count({ allTenants: true });
    const dup = await post('category-save', { name: '同名', parentId: parent });
    expect(dup.status).toBe(400);
    expect(dup.body.attribute.errors[0]).toMatchObject({
      field: 'name',
      rule: 'unique',
      message: '同级分类名称已存在',
    });
    const other = await create('同名别处');
    const renamed = await post('category-save', { id: other, name: '唯一性父级' });
    expect(renamed.body.attribute.errors[0].field).toBe('name');
    const cases: [object, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(51) }, 'name'],
      [{ name: '好名', parentId: 'abc' }, 'parentId'],
      [{ name: '好名', sort: -1 }, 'sort'],
      [{ name: '好名', parentId: 99_999_999 }, 'parentId'],
    ];
    for (const [body, field] of cases) {
      const res = await post('category-save', body);
      expect(res.body.respCode).toBe(-1);
      expect(res.body.attribute.errors[0].field).toBe(field);
    }
    expect(await ResourceCategory.count({ allTenants: true })).toBe(before + 1);
    // The same name under another parent is fine.
    expect((await post('category-save', { name: '同名' })).body.respCode).toBe(200);
  });

  test('the tree is at most five levels deep', async () => {
    let parent = await create('一级');
    for (const name of ['二级', '三级', '四级', '五级']) parent = await create(name, parent);
    const res = await post('category-save', { name: '六级', parentId: parent });
    expect(res.body.attribute.errors[0]).toMatchObject({
      field: 'parentId',
      rule: 'depth',
      message: '分类最多 5 级',
    });
  });

  test('another project’s category is invisible: not a parent, not renamed', async () => {
    const foreign = await create('外项目分类', undefined, otherToken);
    const asParent = await post('category-save', { name: '挂到外项目下', parentId: foreign });
    expect(asParent.body.attribute.errors[0]).toMatchObject({ field: 'parentId', message: '上级分类不存在' });
    const rename = await post('category-save', { id: foreign, name: '抢改' });
    expect(rename.body).toMatchObject({ respCode: -1, respDesc: '资源分类不存在' });
    expect((await ResourceCategory.findByPk(foreign, { allTenants: true }))?.name).toBe('外项目分类');
    expect(JSON.stringify(await tree())).not.toContain('外项目分类');
  });
});

describe('resource/category-tree', () => {
  test('counts the resources of each category with all below it', async () => {
    const p = await freshProject();
    const a = await create('甲', undefined, p.token);
    const a1 = await create('甲一', a, p.token);
    const a11 = await create('甲一一', a1, p.token);
    await create('乙', undefined, p.token);
    await buildResource(p.projectId, { categoryId: a });
    await buildResource(p.projectId, { categoryId: a11 });
    await buildResource(p.projectId, { categoryId: a11 });
    await buildResource(p.projectId);
    expect(shape(await tree(p.token))).toBe('甲(3)[甲一(2)[甲一一(2)]] 乙(0)');
  });
});

describe('resource/category-drag', () => {
  test('reorders siblings and moves a category with its subtree under another parent or to the root', async () => {
    const p = await freshProject();
    const a = await create('A', undefined, p.token);
    const b = await create('B', undefined, p.token);
    const c = await create('C', undefined, p.token);
    const b1 = await create('B1', b, p.token);
    await buildResource(p.projectId, { categoryId: b1 });
    const drag = (body: object) => post('category-drag', body, p.token);

    const first = await drag({ id: c, index: 0 });
    expect(shape(first.body.attribute)).toBe('C(0) A(0) B(1)[B1(1)]');
    expect(first.body.attribute.map((node: ResourceCategoryNode) => node.sort)).toEqual([0, 1, 2]);

    expect((await drag({ id: b, parentId: a, index: 0 })).body.respCode).toBe(200);
    expect(shape(await tree(p.token))).toBe('C(0) A(1)[B(1)[B1(1)]]');
    // An index past the end puts it last.
    await drag({ id: c, parentId: a, index: 99 });
    expect(shape(await tree(p.token))).toBe('A(1)[B(1)[B1(1)] C(0)]');
    await drag({ id: b1, parentId: '', index: 0 });
    expect(shape(await tree(p.token))).toBe('B1(1) A(0)[B(0) C(0)]');
    expect(
      await AuditLog.count({ where: { action: 'resource-category.move', projectId: p.projectId } }),
    ).toBe(4);
  });

  test('refuses a move under itself or a descendant (a cycle), changing nothing', async () => {
    const p = await freshProject();
    const a = await create('甲', undefined, p.token);
    const a1 = await create('甲一', a, p.token);
    const a11 = await create('甲一一', a1, p.token);
    const before = shape(await tree(p.token));
    for (const parentId of [a, a1, a11]) {
      const res = await post('category-drag', { id: a, parentId, index: 0 }, p.token);
      expect(res.body.attribute.errors[0]).toMatchObject({ field: 'parentId', rule: 'cycle' });
    }
    expect(
      (await post('category-drag', { id: a1, parentId: a11, index: 0 }, p.token)).body.attribute.errors[0]
        .rule,
    ).toBe('cycle');
    expect(shape(await tree(p.token))).toBe(before);
    expect((await ResourceCategory.findByPk(a, { allTenants: true }))?.parentId).toBeNull();
  });

  test('refuses a sibling of the same name, a tree too deep, and another project’s categories', async () => {
    const p = await freshProject();
    const a = await create('甲', undefined, p.token);
    const b = await create('乙', undefined, p.token);
    await create('同名', a, p.token);
    const twin = await create('同名', b, p.token);
    const same = await post('category-drag', { id: twin, parentId: a, index: 0 }, p.token);
    expect(same.body.attribute.errors[0]).toMatchObject({ field: 'parentId', rule: 'unique' });

    let deep = a;
    for (const name of ['二', '三', '四', '五']) deep = await create(name, deep, p.token);
    const tooDeep = await post('category-drag', { id: b, parentId: deep, index: 0 }, p.token);
    expect(tooDeep.body.attribute.errors[0].rule).toBe('depth');

    const foreign = await create('外项目', undefined, otherToken);
    expect((await post('category-drag', { id: foreign, index: 0 }, p.token)).body.respDesc).toBe(
      '资源分类不存在',
    );
    const under = await post('category-drag', { id: b, parentId: foreign, index: 0 }, p.token);
    expect(under.body.attribute.errors[0]).toMatchObject({ field: 'parentId', rule: 'exists' });
    expect((await ResourceCategory.findByPk(b, { allTenants: true }))?.parentId).toBeNull();
    expect((await post('category-drag', { id: b, index: -1 }, p.token)).body.attribute.errors[0].field).toBe(
      'index',
    );
  });
});

describe('resource/category-delete', () => {
  test('deletes an empty category with its empty children; audited', async () => {
    const a = await create('待删除');
    const a1 = await create('待删除子级', a);
    const a11 = await create('待删除孙级', a1);
    const res = await post('category-delete', { id: a });
    expect(res.body).toMatchObject({ respCode: 200, attribute: null });
    expect(await ResourceCategory.count({ where: { id: [a, a1, a11] }, allTenants: true })).toBe(0);
    const log = await AuditLog.findOne({
      where: { action: 'resource-category.delete', targetId: String(a) },
      allTenants: true,
    });
    expect(log?.detail).toMatchObject({ name: '待删除', deletedIds: [a, a1, a11] });
  });

  test('refuses while the category or one below it holds resources, deleting nothing', async () => {
    const a = await create('有资源');
    const a1 = await create('有资源子级', a);
    const resource = await buildResource(projectId, { categoryId: a1 });
    const res = await post('category-delete', { id: a });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '该分类或其下级分类中还有 1 个资源，不能删除' });
    expect((await post('category-delete', { id: a1 })).body.respDesc).toBe('该分类中还有 1 个资源，不能删除');
    expect(await ResourceCategory.count({ where: { id: [a, a1] }, allTenants: true })).toBe(2);
    await resource.update({ categoryId: null });
    expect((await post('category-delete', { id: a })).body.respCode).toBe(200);
  });

  test('another project’s category answers like a missing one and stays', async () => {
    const foreign = await create('外项目不可删', undefined, otherToken);
    const missing = await post('category-delete', { id: 99_999_999 });
    expect(missing.body).toMatchObject({ respCode: -1, respDesc: '资源分类不存在' });
    expect((await post('category-delete', { id: foreign })).body).toEqual(missing.body);
    expect(await ResourceCategory.count({ where: { id: foreign }, allTenants: true })).toBe(1);
  });
});

import { ROLE_SYSTEM } from '@px/config';
import type { ClassCategoryNode } from '../../contract/class-category';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { ClassCategory } from './class-category.model';
import { createBaseCategories } from './class-category.service';

const path = (name: string) => `/api/class/${name}.action`;
const STAFF_MENU = ['/home', '/train-manage', '/train-manage/train-plan-list'];

let t: TestApp;

const post = (token: string, name: string, body: object = {}) =>
  t.http.post(path(name)).set('token', token).send(body);

/** A project with its base types and a staff member granted the plan list. */
async function setUp() {
  const projectId = (await buildProject()).id;
  await createBaseCategories(projectId);
  const token = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: STAFF_MENU })).account,
  );
  const call = async (name: string, body: object = {}) => (await post(token, name, body)).body;
  const tree = async () => (await call('category-tree')).attribute as ClassCategoryNode[];
  const bases = await tree();
  const base = (code: string) => bases.find((node) => node.code === code) as ClassCategoryNode;
  /** Creates a category and answers its id. */
  const create = async (parentId: number, name: string) => {
    const body = await call('category-save', { parentId, name });
    expect(body.respCode).toBe(200);
    return body.attribute.id as number;
  };
  return {
    projectId,
    token,
    call,
    tree,
    publicId: base('public').id,
    specializedId: base('specialized').id,
    create,
  };
}

/** The tree as nested names: `[name, [children...]]`. */
function shape(nodes: ClassCategoryNode[]): unknown[] {
  return nodes.map((node) => (node.children.length ? [node.name, shape(node.children)] : node.name));
}

/** Every node's sort numbers are 1..n among its siblings. */
function expectNumbered(nodes: ClassCategoryNode[]) {
  expect(nodes.map((node) => node.sort)).toEqual(nodes.map((_node, index) => index + 1));
  for (const node of nodes) expectNumbered(node.children);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('base types', () => {
  test('a project created by project/save has 公需科目 and 专业科目; deleting the project takes them along', async () => {
    const platform = await buildAccount({
      projectId: null,
      roleSystem: ROLE_SYSTEM.PLATFORM,
      menu: ['/project-manage', '/project-manage/list'],
    });
    const token = await signIn(platform.account);
    const saved = await t.http
      .post('/api/project/save.action')
      .set('token', token)
      .send({ code: `cat${Date.now()}`, name: '分类测试项目' });
    expect(saved.body.respCode).toBe(200);
    const id = saved.body.attribute.id;
    const bases = await ClassCategory.findAll({ where: { projectId: id }, order: [['sort', 'ASC']] });
    expect(bases.map((base) => [base.code, base.name, base.level, base.parentId, base.sort])).toEqual([
      ['public', '公需科目', 1, null, 1],
      ['specialized', '专业科目', 1, null, 2],
    ]);
    const deleted = await t.http.post('/api/project/delete.action').set('token', token).send({ id });
    expect(deleted.body.respCode).toBe(200);
    expect(await ClassCategory.count({ where: { projectId: id } })).toBe(0);
  });

  test('creating them again changes nothing', async () => {
    const { projectId } = await setUp();
    await createBaseCategories(projectId);
    expect(await ClassCategory.count({ where: { projectId } })).toBe(2);
  });

  test('cannot be created, deleted, moved or given a parent; they may be renamed, keeping their code', async () => {
    const { call, tree, publicId, specializedId, create } = await setUp();
    const noParent = await call('category-save', { name: '第三种基础类型' });
    expect(noParent.attribute.errors[0]).toMatchObject({ field: 'parentId', rule: 'required' });
    expect(await call('category-delete', { id: publicId })).toMatchObject({
      respCode: -1,
      respDesc: '基础类型不能删除',
    });
    const major = await create(publicId, '政治理论');
    for (const [targetId, position] of [
      [specializedId, 'before'],
      [specializedId, 'inner'],
      [major, 'after'],
    ] as const) {
      expect(await call('category-drag', { id: publicId, targetId, position })).toMatchObject({
        respCode: -1,
        respDesc: '基础类型不能移动',
      });
    }
    const parent = await call('category-save', { id: publicId, parentId: specializedId, name: '公需科目' });
    expect(parent.attribute.errors[0]).toMatchObject({ field: 'parentId', message: '基础类型不能移动' });
    const renamed = await call('category-save', { id: publicId, name: '公需课' });
    expect(renamed.attribute).toMatchObject({ id: publicId, code: 'public', level: 1, name: '公需课' });
    expect(shape(await tree())).toEqual([['公需课', ['政治理论']], '专业科目']);
  });
});

describe('permissions', () => {
  const CALLS = ['category-tree', 'category-find', 'category-save', 'category-drag', 'category-delete'];

  test('staff without the plan list or class screens are refused (403), and so are students', async () => {
    const { projectId, publicId } = await setUp();
    const tokens = [
      await signIn(
        (
          await buildAccount({
            projectId,
            roleSystem: ROLE_SYSTEM.PROJECT,
            menu: ['/home', '/train-manage', '/train-manage/train-plan-detail'],
          })
        ).account,
      ),
      await signIn(
        (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, menu: STAFF_MENU })).account,
      ),
    ];
    for (const token of tokens)
      for (const name of CALLS) {
        const answer = await post(token, name, {
          id: publicId,
          parentId: publicId,
          name: '无权',
          targetId: 1,
        });
        expect(answer.status).toBe(403);
      }
    expect(await ClassCategory.count({ where: { name: '无权' }, allTenants: true })).toBe(0);
  });

  test('the class detail screen reads the tree but does not change it', async () => {
    const { projectId, publicId } = await setUp();
    const token = await signIn(
      (
        await buildAccount({
          projectId,
          roleSystem: ROLE_SYSTEM.PROJECT,
          menu: ['/train-manage', '/train-manage/train-class-detail'],
        })
      ).account,
    );
    expect((await post(token, 'category-tree')).body.attribute).toHaveLength(2);
    expect((await post(token, 'category-save', { parentId: publicId, name: '只读' })).status).toBe(403);
  });
});

describe('save', () => {
  test('a major type under a base type, a major child under a major type, each at the end', async () => {
    const { call, tree, publicId, create } = await setUp();
    const law = await create(publicId, '法律法规');
    const politics = await create(publicId, '政治理论');
    const child = await call('category-save', { parentId: law, name: ' 民法典 ' });
    expect(child.attribute).toMatchObject({
      parentId: law,
      level: 3,
      code: null,
      baseCode: 'public',
      name: '民法典',
      sort: 1,
      path: ['公需科目', '法律法规', '民法典'],
      childCount: 0,
    });
    const nodes = await tree();
    expect(shape(nodes)).toEqual([['公需科目', [['法律法规', ['民法典']], '政治理论']], '专业科目']);
    expect(nodes[0].children.map((node) => [node.id, node.level, node.sort])).toEqual([
      [law, 2, 1],
      [politics, 2, 2],
    ]);
    expect(
      await AuditLog.count({
        where: { action: 'class-category.create', targetId: String(law) },
        allTenants: true,
      }),
    ).toBe(1);
  });

  test('nothing is created below a major child (no fourth level)', async () => {
    const { call, projectId, publicId, create } = await setUp();
    const child = await create(await create(publicId, '法律法规'), '民法典');
    const answer = await call('category-save', { parentId: child, name: '第四级' });
    expect(answer.attribute.errors[0]).toMatchObject({ field: 'parentId', rule: 'level' });
    expect(await ClassCategory.count({ where: { projectId, name: '第四级' } })).toBe(0);
  });

  test.each([
    [{ name: '  ' }, 'name'],
    [{ name: '类'.repeat(51) }, 'name'],
    [{ parentId: 'abc' }, 'parentId'],
  ])('refuses %j naming the field', async (change, field) => {
    const { call, projectId, publicId } = await setUp();
    const answer = await call('category-save', { parentId: publicId, name: '有效名称', ...change });
    expect(answer.attribute.errors.map((error: { field: string }) => error.field)).toEqual([field]);
    expect(await ClassCategory.count({ where: { projectId } })).toBe(2);
  });

  test('names are unique among siblings only', async () => {
    const { call, publicId, specializedId, create } = await setUp();
    const law = await create(publicId, '法律法规');
    const again = await call('category-save', { parentId: publicId, name: '法律法规' });
    expect(again.attribute.errors[0]).toMatchObject({ field: 'name', rule: 'unique' });
    await create(specializedId, '法律法规');
    await create(law, '法律法规');
    const other = await create(publicId, '政治理论');
    const rename = await call('category-save', { id: other, name: '法律法规' });
    expect(rename.attribute.errors[0]).toMatchObject({ field: 'name', rule: 'unique' });
    const base = await call('category-save', { id: publicId, name: '专业科目' });
    expect(base.attribute.errors[0]).toMatchObject({ field: 'name', rule: 'unique' });
  });

  test('a new parent on update moves the category to its end, under the level rules', async () => {
    const { call, tree, publicId, specializedId, create } = await setUp();
    const law = await create(publicId, '法律法规');
    const civil = await create(law, '民法典');
    const building = await create(specializedId, '建筑工程');
    await create(building, '建筑施工');
    const moved = await call('category-save', { id: civil, parentId: building, name: '民法典与建筑' });
    expect(moved.attribute).toMatchObject({ parentId: building, sort: 2, baseCode: 'specialized' });
    const toBase = await call('category-save', { id: civil, parentId: publicId, name: '民法典与建筑' });
    expect(toBase.attribute.errors[0]).toMatchObject({
      field: 'parentId',
      message: '专业子类只能放在专业类型下',
    });
    expect(shape(await tree())).toEqual([
      ['公需科目', ['法律法规']],
      ['专业科目', [['建筑工程', ['建筑施工', '民法典与建筑']]]],
    ]);
  });
});

describe('find', () => {
  test('answers one category with its path and children; other projects see nothing', async () => {
    const { call, specializedId, create } = await setUp();
    const building = await create(specializedId, '建筑工程');
    await create(building, '建筑施工');
    await create(building, '工程造价');
    expect((await call('category-find', { id: building })).attribute).toMatchObject({
      id: building,
      parentId: specializedId,
      level: 2,
      baseCode: 'specialized',
      path: ['专业科目', '建筑工程'],
      childCount: 2,
    });
    const other = await setUp();
    expect(await other.call('category-find', { id: building })).toMatchObject({
      respCode: -1,
      respDesc: '班级分类不存在',
    });
  });
});

describe('drag', () => {
  /** 公需科目: 政治理论 [党史], 法律法规 [民法典, 安全生产法], 职业素养; 专业科目: 建筑工程 [建筑施工]. */
  async function sample() {
    const context = await setUp();
    const { publicId, specializedId, create } = context;
    const politics = await create(publicId, '政治理论');
    const history = await create(politics, '党史');
    const law = await create(publicId, '法律法规');
    const civil = await create(law, '民法典');
    const safety = await create(law, '安全生产法');
    const ethics = await create(publicId, '职业素养');
    const building = await create(specializedId, '建筑工程');
    const construction = await create(building, '建筑施工');
    return { ...context, politics, history, law, civil, safety, ethics, building, construction };
  }

  test('reorders siblings before and after a target, renumbering them', async () => {
    const { call, tree, politics, ethics, civil, safety } = await sample();
    const answer = await call('category-drag', { id: ethics, targetId: politics, position: 'before' });
    expect(answer.respCode).toBe(200);
    expect(shape(answer.attribute)[0]).toEqual([
      '公需科目',
      ['职业素养', ['政治理论', ['党史']], ['法律法规', ['民法典', '安全生产法']]],
    ]);
    await call('category-drag', { id: civil, targetId: safety, position: 'after' });
    await call('category-drag', { id: politics, targetId: ethics, position: 'before' });
    const nodes = await tree();
    expect(shape(nodes)[0]).toEqual([
      '公需科目',
      [['政治理论', ['党史']], '职业素养', ['法律法规', ['安全生产法', '民法典']]],
    ]);
    expectNumbered(nodes);
    const audit = await AuditLog.findOne({
      where: { action: 'class-category.drag', targetId: String(civil) },
      allTenants: true,
    });
    expect(audit?.detail).toMatchObject({ position: 'after', targetId: safety });
  });

  test('moves a major child into another major type (as its last child) and beside a child of another', async () => {
    const { call, tree, civil, safety, building, construction, politics } = await sample();
    expect((await call('category-drag', { id: civil, targetId: building, position: 'inner' })).respCode).toBe(
      200,
    );
    expect(
      (await call('category-drag', { id: safety, targetId: construction, position: 'before' })).respCode,
    ).toBe(200);
    expect(
      (await call('category-drag', { id: construction, targetId: politics, position: 'inner' })).respCode,
    ).toBe(200);
    const nodes = await tree();
    expect(shape(nodes)).toEqual([
      ['公需科目', [['政治理论', ['党史', '建筑施工']], '法律法规', '职业素养']],
      ['专业科目', [['建筑工程', ['安全生产法', '民法典']]]],
    ]);
    expectNumbered(nodes);
  });

  test('moves a major type with its children to the other base type', async () => {
    const { call, tree, law, specializedId, building } = await sample();
    expect((await call('category-drag', { id: law, targetId: building, position: 'before' })).respCode).toBe(
      200,
    );
    let nodes = await tree();
    expect(shape(nodes)[1]).toEqual([
      '专业科目',
      [
        ['法律法规', ['民法典', '安全生产法']],
        ['建筑工程', ['建筑施工']],
      ],
    ]);
    expect(
      (await call('category-drag', { id: law, targetId: specializedId, position: 'inner' })).respCode,
    ).toBe(200);
    nodes = await tree();
    expect(shape(nodes)[1]).toEqual([
      '专业科目',
      [
        ['建筑工程', ['建筑施工']],
        ['法律法规', ['民法典', '安全生产法']],
      ],
    ]);
    expectNumbered(nodes);
    const found = await call('category-find', { id: law });
    expect(found.attribute.baseCode).toBe('specialized');
  });

  test.each([
    [
      'a major type beside a base type',
      'law',
      'publicId',
      'after',
      '第一级只能是基础类型（公需科目、专业科目）',
    ],
    ['a major type into a major type', 'ethics', 'law', 'inner', '专业类型只能放在基础类型下'],
    ['a major child into a base type', 'civil', 'publicId', 'inner', '专业子类只能放在专业类型下'],
    ['a major child beside a major type', 'civil', 'politics', 'before', '专业子类只能放在专业类型下'],
    [
      'a major child into a major child (fourth level)',
      'civil',
      'history',
      'inner',
      '班级分类最多三级，专业子类下不能再放分类',
    ],
    ['a major type into its own child', 'law', 'civil', 'inner', '班级分类最多三级，专业子类下不能再放分类'],
    ['a category onto itself', 'law', 'law', 'before', '不能移动到自身'],
  ])('refuses %s, changing nothing', async (_case, id, targetId, position, message) => {
    const context = await sample();
    const ids = context as unknown as Record<string, number>;
    const before = shape(await context.tree());
    const answer = await context.call('category-drag', { id: ids[id], targetId: ids[targetId], position });
    expect(answer).toMatchObject({ respCode: -1, respDesc: message });
    expect(shape(await context.tree())).toEqual(before);
  });

  test('refuses a name already used among the new siblings', async () => {
    const { call, tree, create, civil, building } = await sample();
    await create(building, '民法典');
    const before = shape(await tree());
    const answer = await call('category-drag', { id: civil, targetId: building, position: 'inner' });
    expect(answer).toMatchObject({ respCode: -1, respDesc: '目标位置已有名为「民法典」的分类' });
    expect(shape(await tree())).toEqual(before);
  });

  test.each([
    [{ position: 'below' }, 'position'],
    [{ targetId: '' }, 'targetId'],
  ])('refuses bad input %j naming the field', async (change, field) => {
    const { call, law, ethics } = await sample();
    const answer = await call('category-drag', { id: law, targetId: ethics, position: 'before', ...change });
    expect(answer.attribute.errors.map((error: { field: string }) => error.field)).toEqual([field]);
  });

  test("another project's categories can neither be dragged nor be targets", async () => {
    const mine = await sample();
    const theirs = await sample();
    const before = shape(await theirs.tree());
    expect(
      await mine.call('category-drag', { id: theirs.law, targetId: mine.ethics, position: 'after' }),
    ).toMatchObject({ respCode: -1, respDesc: '班级分类不存在' });
    expect(
      await mine.call('category-drag', { id: mine.law, targetId: theirs.ethics, position: 'after' }),
    ).toMatchObject({ respCode: -1, respDesc: '目标分类不存在' });
    expect(shape(await theirs.tree())).toEqual(before);
  });
});

describe('delete', () => {
  test('deletes a category without children; later siblings move up', async () => {
    const { call, tree, publicId, create } = await setUp();
    const first = await create(publicId, '政治理论');
    await create(publicId, '法律法规');
    await create(publicId, '职业素养');
    expect((await call('category-delete', { id: first })).respCode).toBe(200);
    const nodes = await tree();
    expect(shape(nodes)[0]).toEqual(['公需科目', ['法律法规', '职业素养']]);
    expectNumbered(nodes);
    expect(
      await AuditLog.count({
        where: { action: 'class-category.delete', targetId: String(first) },
        allTenants: true,
      }),
    ).toBe(1);
  });

  test('refuses a category with children, and one of another project', async () => {
    const { call, publicId, create } = await setUp();
    const law = await create(publicId, '法律法规');
    const civil = await create(law, '民法典');
    expect(await call('category-delete', { id: law })).toMatchObject({
      respCode: -1,
      respDesc: '该分类下还有下级分类，请先删除下级分类',
    });
    const other = await setUp();
    expect(await other.call('category-delete', { id: civil })).toMatchObject({
      respCode: -1,
      respDesc: '班级分类不存在',
    });
    expect(await ClassCategory.count({ where: { id: [law, civil] }, allTenants: true })).toBe(2);
  });
});

describe('tree', () => {
  test("shows the project's own categories only, siblings in order", async () => {
    const mine = await setUp();
    await mine.create(mine.specializedId, '信息技术');
    const theirs = await setUp();
    await theirs.create(theirs.publicId, '别人的分类');
    const nodes = await mine.tree();
    expect(shape(nodes)).toEqual(['公需科目', ['专业科目', ['信息技术']]]);
    expect(nodes.map((node) => [node.code, node.level, node.parentId])).toEqual([
      ['public', 1, null],
      ['specialized', 1, null],
    ]);
  });
});

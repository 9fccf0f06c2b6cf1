import { ROLE_SYSTEM } from '@px/config';
import { VOCATION_MESSAGES as M, VOCATION_PAGE, type VocationNode } from '../../contract/dictionary';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { DEMO_VOCATIONS, seedVocationDemo } from './vocation.demo';
import { Vocation } from './vocation.model';
import { vocationCodeRefusal } from './vocation.service';

const path = (name: string) => `/api/dictionary/${name}.action`;

let t: TestApp;
let platformToken: string;
let projectAdminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const project = await buildProject({ isDefault: true });
  const { account: admin } = await buildAccount({
    projectId: null,
    roleSystem: ROLE_SYSTEM.PLATFORM,
    menu: [VOCATION_PAGE],
  });
  platformToken = await signIn(admin);
  // Project staff granted every page they could hold: still no writes to the platform's tree.
  const { account: staff } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: [VOCATION_PAGE, '/cms-manage/apply-manage'],
  });
  projectAdminToken = await signIn(staff);
  await t.sequelize.transaction((transaction) => seedVocationDemo(transaction));
});
afterAll(() => t.close());

const asPlatform = (name: string, body: object) =>
  t.http.post(path(name)).set('token', platformToken).send(body);

/** The codes of a tree, depth first, indented by level. */
function outline(nodes: readonly { code: string; name: string; children: readonly unknown[] }[]): string[] {
  return nodes.flatMap((node) => [
    `${node.code} ${node.name}`,
    ...outline(node.children as typeof nodes).map((line) => `  ${line}`),
  ]);
}

const find = (nodes: readonly VocationNode[], code: string): VocationNode | undefined => {
  for (const node of nodes) {
    if (node.code === code) return node;
    const inner = find(node.children, code);
    if (inner) return inner;
  }
  return undefined;
};

describe('dictionary/vocational-resource-tree', () => {
  test('anyone reads the enabled tree: 职业大类 → 职业 → 工种, in order, the disabled node left out', async () => {
    const res = await t.http.get(path('vocational-resource-tree'));
    expect(res.body.respCode).toBe(200);
    const tree = res.body.attribute;
    expect(tree.map((node: { code: string }) => node.code)).toEqual(['4', '5', '6']);
    const lines = outline(tree);
    expect(lines).toContain('6 生产制造及有关人员');
    expect(lines).toContain('  6-18-02-04 焊工');
    expect(lines).toContain('    6-18-02-04-01 电焊工');
    expect(lines.some((line) => line.includes('汽车美容装潢工'))).toBe(false);
    const welder = tree[2].children.find((node: { code: string }) => node.code === '6-18-02-04');
    expect(welder).toMatchObject({ level: 2, name: '焊工' });
    expect(welder.children[0]).toEqual({ code: '6-18-02-04-01', name: '电焊工', level: 3, children: [] });
    // Every node of the demo but the disabled one.
    const count = (nodes: readonly { children: readonly unknown[] }[]): number =>
      nodes.reduce((sum, node) => sum + 1 + count(node.children as typeof nodes), 0);
    expect(count(tree)).toBe(count(DEMO_VOCATIONS.map(asNode)) - 1);
  });
});

function asNode([, , children = []]: (typeof DEMO_VOCATIONS)[number]): { children: unknown[] } {
  return { children: children.map(asNode) };
}

describe('platform staff keep the tree', () => {
  test('adds a 职业 and a 工种 under it, last among siblings; renames it; all audited', async () => {
    const added = await asPlatform('vocation-save', {
      parentId: (await Vocation.findOne({ where: { code: '6' } }))?.id,
      code: '6-31-01-02',
      name: '机修钳工',
    });
    expect(added.body.respCode).toBe(200);
    expect(added.body.attribute).toMatchObject({ code: '6-31-01-02', level: 2, enabled: true, sort: 7 });
    const leaf = await asPlatform('vocation-save', {
      parentId: added.body.attribute.id,
      code: '6-31-01-02-01',
      name: '设备钳工',
    });
    expect(leaf.body.attribute).toMatchObject({ level: 3, sort: 0, parentId: added.body.attribute.id });
    const renamed = await asPlatform('vocation-save', {
      id: leaf.body.attribute.id,
      name: '机修钳工（设备）',
    });
    expect(renamed.body.attribute).toMatchObject({ code: '6-31-01-02-01', name: '机修钳工（设备）' });
    // Sending the node's own code with a rename is fine.
    const same = await asPlatform('vocation-save', {
      id: leaf.body.attribute.id,
      code: '6-31-01-02-01',
      name: '设备钳工',
    });
    expect(same.body.respCode).toBe(200);
    const actions = (
      await AuditLog.findAll({ where: { projectId: null, targetType: 'vocation' }, order: [['id', 'ASC']] })
    ).map((row) => row.action);
    expect(actions).toEqual(['vocation.create', 'vocation.create', 'vocation.rename', 'vocation.rename']);
  });

  test('disabling hides a subtree from projects; a child of a disabled node cannot be enabled', async () => {
    const welder = await Vocation.findOne({ where: { code: '6-18-02-04' } });
    const gas = await Vocation.findOne({ where: { code: '6-18-02-04-02' } });
    const off = await asPlatform('vocation-toggle', { id: welder?.id, enabled: false });
    expect(off.body.respCode).toBe(200);
    expect(find(off.body.attribute, '6-18-02-04')?.enabled).toBe(false);
    // The platform's page still shows it, with its children.
    expect(find(off.body.attribute, '6-18-02-04')?.children).toHaveLength(4);
    const read = await t.http.post(path('vocational-resource-tree')).send({});
    expect(outline(read.body.attribute).some((line) => line.includes('焊'))).toBe(false);
    await asPlatform('vocation-toggle', { id: gas?.id, enabled: false });
    const refused = await asPlatform('vocation-toggle', { id: gas?.id, enabled: true });
    expect(refused.body).toMatchObject({ respCode: -1, respDesc: M.PARENT_DISABLED });
    const noChild = await asPlatform('vocation-save', {
      parentId: welder?.id,
      code: '6-18-02-04-05',
      name: '氩弧焊工',
    });
    expect(noChild.body).toMatchObject({ respCode: -1, respDesc: M.PARENT_DISABLED });
    await asPlatform('vocation-toggle', { id: welder?.id, enabled: true });
    expect((await asPlatform('vocation-toggle', { id: gas?.id, enabled: true })).body.respCode).toBe(200);
    const back = await t.http.post(path('vocational-resource-tree')).send({});
    expect(outline(back.body.attribute)).toContain('    6-18-02-04-02 气焊工');
  });

  test('sorts a node among its siblings', async () => {
    const electrician = await Vocation.findOne({ where: { code: '6-31-01-03' } });
    const res = await asPlatform('vocation-sort', { id: electrician?.id, index: 0 });
    expect(res.body.respCode).toBe(200);
    const six = find(res.body.attribute, '6');
    expect(six?.children.map((node) => node.code).slice(0, 3)).toEqual([
      '6-31-01-03',
      '6-18-01-01',
      '6-18-01-02',
    ]);
    expect(six?.children.map((node) => node.sort)).toEqual(six?.children.map((_node, index) => index));
    const last = await asPlatform('vocation-sort', { id: electrician?.id, index: 999 });
    expect(find(last.body.attribute, '6')?.children.at(-1)?.code).toBe('6-31-01-03');
  });
});

describe('refusals', () => {
  test('project staff, students and visitors cannot read the platform view or change the tree', async () => {
    const before = await Vocation.count();
    const leaf = await Vocation.findOne({ where: { code: '6-18-01-01' } });
    for (const [name, body] of [
      ['vocation-tree', {}],
      ['vocation-save', { id: leaf?.id, name: '改名' }],
      ['vocation-toggle', { id: leaf?.id, enabled: false }],
      ['vocation-sort', { id: leaf?.id, index: 0 }],
    ] as const) {
      const staff = await t.http.post(path(name)).set('token', projectAdminToken).send(body);
      expect([name, staff.status, staff.body.respCode]).toEqual([name, 403, 403]);
      const anonymous = await t.http.post(path(name)).send(body);
      expect([name, anonymous.status]).toEqual([name, 401]);
    }
    expect(await Vocation.count()).toBe(before);
    expect((await Vocation.findByPk(leaf?.id))?.name).toBe('车工');
    expect((await Vocation.findByPk(leaf?.id))?.enabled).toBe(true);
  });

  test('bad input is refused naming the field, and changes nothing', async () => {
    const before = await Vocation.count();
    const six = await Vocation.findOne({ where: { code: '6' } });
    const turner = await Vocation.findOne({ where: { code: '6-18-01-01' } });
    const welder = await Vocation.findOne({ where: { code: '6-18-02-04' } });
    const weld = await Vocation.findOne({ where: { code: '6-18-02-04-01' } });
    const cases: [object, string, string][] = [
      [{ code: '9', name: '' }, 'name', '请填写名称'],
      [{ code: '12', name: '两位大类' }, 'code', '职业大类编码应为 1 位数字，如 6'],
      [{ name: '无编码' }, 'code', M.CODE_REQUIRED],
      [{ code: '4', name: '重复大类' }, 'code', M.CODE_TAKEN],
      [
        { parentId: six?.id, code: '4-01-01-01', name: '错大类' },
        'code',
        '职业编码应为「大类-中类-小类-细类」，如 6-31-01-03',
      ],
      [
        { parentId: six?.id, code: '6-18-01', name: '短编码' },
        'code',
        '职业编码应为「大类-中类-小类-细类」，如 6-31-01-03',
      ],
      [{ parentId: six?.id, code: '6-18-01-01', name: '重复' }, 'code', M.CODE_TAKEN],
      [{ parentId: six?.id, code: '6-18-01-09', name: '车工' }, 'name', M.NAME_TAKEN],
      [
        { parentId: welder?.id, code: '6-18-02-04-1', name: '一位序号' },
        'code',
        '工种编码应为职业编码加 2 位序号，如 6-18-02-04-01',
      ],
      [{ parentId: weld?.id, code: '6-18-02-04-01-01', name: '第四级' }, 'parentId', M.PARENT_IS_LEAF],
      [{ parentId: 999_999, code: '6-99-99-99', name: '无上级' }, 'parentId', M.PARENT_NOT_FOUND],
      [{ id: turner?.id, code: '6-18-01-09', name: '改编码' }, 'code', M.CODE_FIXED],
      [{ id: turner?.id, name: '铣工' }, 'name', M.NAME_TAKEN],
      [{ id: 999_999, name: '不存在' }, 'id', M.NOT_FOUND],
    ];
    for (const [body, field, message] of cases) {
      const res = await asPlatform('vocation-save', body);
      expect([body, res.status, res.body.respCode]).toEqual([body, 400, -1]);
      expect(res.body.attribute.errors).toEqual([expect.objectContaining({ field, message })]);
    }
    const index = await asPlatform('vocation-sort', { id: turner?.id, index: -1 });
    expect(index.body.attribute.errors).toEqual([expect.objectContaining({ field: 'index' })]);
    const toggle = await asPlatform('vocation-toggle', { id: turner?.id, enabled: 'no' });
    expect(toggle.body.attribute.errors).toEqual([expect.objectContaining({ field: 'enabled' })]);
    expect(await Vocation.count()).toBe(before);
    expect((await Vocation.findByPk(turner?.id))?.name).toBe('车工');
  });

  test('the code rules by level', () => {
    expect(vocationCodeRefusal(1, null, '6')).toBeNull();
    expect(vocationCodeRefusal(2, '6', '6-31-01-03')).toBeNull();
    expect(vocationCodeRefusal(3, '6-31-01-03', '6-31-01-03-01')).toBeNull();
    expect(vocationCodeRefusal(2, '6', '7-31-01-03')).not.toBeNull();
    expect(vocationCodeRefusal(3, '6-31-01-03', '6-31-01-04-01')).not.toBeNull();
  });
});

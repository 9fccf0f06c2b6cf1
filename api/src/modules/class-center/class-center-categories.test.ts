import { ROLE_SYSTEM } from '@px/config';
import type { ClassCenterBaseType, ClassCenterCategory } from '../../contract/class-center';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildUnit, signIn } from '../../testing/factories';
import { buildHostedProject } from '../sms/sms.testing';
import { chinaToday } from '../train-class/class-read';
import { baseCategory, buildCategory, buildClass, shiftDay } from '../train-class/train-class.testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = chinaToday();
const thisYear = Number(today.slice(0, 4));

/** A public call of the class group from `host` (with a token when given). */
function call(name: string, body: object, options: { host: string; token?: string }) {
  const request = t.http.post(`/api/class/${name}.action`).set('Host', options.host);
  return (options.token ? request.set('token', options.token) : request).send(body);
}

/** `class/center-categories` as answered (fails the test on an error envelope). */
async function categories(host: string, body: object = {}, token?: string): Promise<ClassCenterBaseType[]> {
  const res = await call('center-categories', body, { host, token });
  expect(res.body.respCode).toBe(200);
  return res.body.attribute;
}

/** The tree as names only: `[code, [major, [children]]]`, easy to compare. */
function shape(tree: ClassCenterBaseType[]) {
  const names = (nodes: ClassCenterCategory[]): unknown[] =>
    nodes.map((node) => (node.children.length > 0 ? [node.name, names(node.children)] : node.name));
  return tree.map((base) => [base.code, names(base.children)]);
}

/**
 * A project (by host) whose specialized type holds: 建筑工程 (a class of its own; children 安全员
 * with a class, 施工员 with last year's class only, 空子类 without classes), 职业技能 (only its child
 * 电工 has a class), 无班级 (nothing offered: an off-shelf class and an expired one). The public type
 * holds a class of its own and the major type 继续教育 with a class.
 */
async function treeScene(settings: Record<string, unknown> = {}) {
  const { project, host } = await buildHostedProject({ settings });
  const projectId = project.id;
  const specialized = await baseCategory(projectId, 'specialized');
  const publicType = await baseCategory(projectId, 'public');
  const building = await buildCategory(specialized, '建筑工程');
  const skills = await buildCategory(specialized, '职业技能');
  const empty = await buildCategory(specialized, '无班级');
  const safety = await buildCategory(building, '安全员');
  const site = await buildCategory(building, '施工员');
  await buildCategory(building, '空子类');
  const electrician = await buildCategory(skills, '电工');
  const further = await buildCategory(publicType, '继续教育');
  // The back office's order: 职业技能 before 建筑工程.
  await skills.update({ sort: 1 });
  await building.update({ sort: 2 });
  await empty.update({ sort: 3 });

  const at = (categoryId: number, name: string, year = thisYear) =>
    buildClass({ projectId, categoryId, name, year });
  await at(building.id, '建筑大类班');
  await at(safety.id, '安全员班');
  await at(site.id, '去年的施工员班', thisYear - 1);
  await at(electrician.id, '电工班');
  await at(further.id, '继续教育班');
  await buildClass({ projectId, baseType: 'public', name: '公需班', year: thisYear });
  await buildClass({ projectId, categoryId: empty.id, onShelf: false });
  await buildClass({ projectId, categoryId: empty.id, enrolEndDate: shiftDay(today, -1) });
  return { project, host, ids: { building, skills, safety, site, electrician, further } };
}

describe('class/center-categories', () => {
  test('the shown base types with the major types and children holding offered classes, in order', async () => {
    const { host } = await treeScene();
    expect(shape(await categories(host))).toEqual([
      ['public', ['继续教育']],
      [
        'specialized',
        [
          ['职业技能', ['电工']],
          ['建筑工程', ['安全员', '施工员']],
        ],
      ],
    ]);
    const [publicType] = await categories(host);
    expect(publicType).toMatchObject({ code: 'public', name: '公需科目' });
  });

  test('with a year, only categories holding offered classes of that year', async () => {
    const { host } = await treeScene();
    expect(shape(await categories(host, { year: thisYear }))).toEqual([
      ['public', ['继续教育']],
      [
        'specialized',
        [
          ['职业技能', ['电工']],
          ['建筑工程', ['安全员']],
        ],
      ],
    ]);
    expect(shape(await categories(host, { year: thisYear - 1 }))).toEqual([
      ['public', []],
      ['specialized', [['建筑工程', ['施工员']]]],
    ]);
    const bad = await call('center-categories', { year: 'x' }, { host });
    expect(bad.status).toBe(400);
    expect(bad.body.attribute.errors.map((error: { field: string }) => error.field)).toEqual(['year']);
  });

  test('the hide flags and showClassType shape the answer', async () => {
    const noChildren = await treeScene({ hideMajorChildType: 1 });
    expect(shape(await categories(noChildren.host))).toEqual([
      ['public', ['继续教育']],
      ['specialized', ['职业技能', '建筑工程']],
    ]);
    const noMajors = await treeScene({ hideMajorType: 1 });
    expect(shape(await categories(noMajors.host))).toEqual([
      ['public', []],
      ['specialized', []],
    ]);
    const noPublic = await treeScene({ hidePublicType: 1, h5Config: { showClassType: ['specialized'] } });
    expect((await categories(noPublic.host)).map((base) => base.code)).toEqual(['specialized']);
    const reversed = await treeScene({ h5Config: { showClassType: ['specialized', 'public'] } });
    expect((await categories(reversed.host)).map((base) => base.code)).toEqual(['specialized', 'public']);
    const noSpecialized = await treeScene({ hideSpecializedType: 1 });
    expect((await categories(noSpecialized.host)).map((base) => base.code)).toEqual(['public']);
  });

  test("answers the caller's project only: by host, unit, or a student's token", async () => {
    const mine = await treeScene();
    const other = await treeScene();
    const ids = (tree: ClassCenterBaseType[]) => tree.map((base) => base.id);
    const own = ids(await categories(mine.host));
    const theirs = ids(await categories(other.host));
    expect(own).not.toEqual(theirs);
    const otherUnit = await buildUnit(other.project.id);
    expect(ids(await categories(mine.host, { unitId: otherUnit.id }))).toEqual(theirs);
    const student = (await buildAccount({ projectId: mine.project.id, roleSystem: ROLE_SYSTEM.STUDENT }))
      .account;
    const token = await signIn(student);
    expect(ids(await categories(other.host, { unitId: otherUnit.id }, token))).toEqual(own);
  });

  test('an answered category pages its classes and those below it with class/center-page', async () => {
    const { host, ids } = await treeScene();
    const listed = async (categoryId: number) => {
      const res = await call('center-page', { categoryId, pageSize: 10 }, { host });
      return res.body.attribute.list.map((item: { name: string }) => item.name).sort();
    };
    const tree = await categories(host);
    const building = tree[1]?.children.find((node) => node.name === '建筑工程');
    expect(building?.id).toBe(ids.building.id);
    expect(await listed(ids.building.id)).toEqual(['去年的施工员班', '安全员班', '建筑大类班'].sort());
    expect(await listed(ids.skills.id)).toEqual(['电工班']);
    expect(await listed(ids.safety.id)).toEqual(['安全员班']);
  });
});

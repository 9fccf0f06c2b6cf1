import type { ClassCategoryNode } from '../../contract/class-category';
import { chinaYear } from '../../contract/train-plan';
import { DEMO, seedDemoData } from '../../db/seed';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildProject, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { ClassCategory } from '../class-category/class-category.model';
import { seedTrainCatalogueDemo } from './train-plan.demo';
import { TrainPlan } from './train-plan.model';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('the demo catalogue: plans of last year and this year (published and draft) and a three-level tree', async () => {
  const projectId = (await buildProject()).id;
  const now = new Date('2026-01-01T00:30:00+08:00');
  await t.sequelize.transaction((transaction) => seedTrainCatalogueDemo(projectId, transaction, now));
  const plans = await TrainPlan.findAll({ where: { projectId }, order: [['id', 'ASC']] });
  expect(plans.map((plan) => [plan.year, plan.status])).toEqual([
    [2025, 'PUBLISHED'],
    [2026, 'PUBLISHED'],
    [2026, 'DRAFT'],
  ]);
  for (const plan of plans) expect(plan.endDate >= plan.startDate).toBe(true);
  const categories = await ClassCategory.findAll({ where: { projectId } });
  const levels = (level: number) => categories.filter((category) => category.level === level);
  expect(
    levels(1)
      .map((base) => base.code)
      .sort(),
  ).toEqual(['public', 'specialized']);
  for (const base of levels(1)) {
    const majors = levels(2).filter((major) => major.parentId === base.id);
    expect(majors.length).toBeGreaterThanOrEqual(2);
    for (const major of majors) expect(levels(3).some((child) => child.parentId === major.id)).toBe(true);
  }
});

test('the demo seed shows the catalogue to the demo project administrator', async () => {
  // The seed runs only on a database without projects: a database of its own.
  const seeded = await createTestApp();
  try {
    await showsDemoCatalogue(seeded);
  } finally {
    await seeded.close();
  }
});

async function showsDemoCatalogue(t: TestApp) {
  expect(await seedDemoData(t.sequelize)).toBe(true);
  const admin = (await Account.findOne({
    where: { accountName: DEMO.accounts.projectAdmin.account },
    allTenants: true,
  })) as Account;
  const token = await signIn(admin);
  const page = await t.http.post('/api/train-plan/page.action').set('token', token).send({});
  expect(page.body.attribute.total).toBe(3);
  const year = chinaYear(new Date());
  expect(page.body.attribute.list.map((plan: { year: number; industryName: string }) => plan.year)).toEqual([
    year,
    year,
    year - 1,
  ]);
  expect(page.body.attribute.list[0].industryName).not.toBe(page.body.attribute.list[0].industry);
  const tree = await t.http.post('/api/class/category-tree.action').set('token', token).send({});
  const nodes = tree.body.attribute as ClassCategoryNode[];
  expect(nodes.map((node) => node.name)).toEqual(['公需科目', '专业科目']);
  expect(nodes.every((node) => node.children.every((major) => major.children.length > 0))).toBe(true);
}

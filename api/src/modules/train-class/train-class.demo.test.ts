import { isIdCardNumber, isMobile } from '@px/config';
import type { ClassCenterItem } from '../../contract/class-center';
import type { ClassItem } from '../../contract/train-class';
import { DEMO, seedDemoData } from '../../db/seed';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildProject, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { categoryPlaces } from '../class-category/category-places';
import { seedCourseDemo } from '../course/course.demo';
import { seedResourceDemo } from '../resource/resource.demo';
import { useTestStorage } from '../resource/resource.testing';
import { seedTrainCatalogueDemo } from '../train-plan/train-plan.demo';
import { TrainPlan } from '../train-plan/train-plan.model';
import { DEMO_REVIEWERS } from './class-evaluation.demo';
import { chinaToday, classHours, notOfferedReason } from './class-read';
import { DEMO_CLASSES, seedTrainClassDemo } from './train-class.demo';
import { TrainClass } from './train-class.model';

let t: TestApp;
useTestStorage();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('the demo classes: both base types, several prices, most on the shelf and offered on the seed day', async () => {
  const projectId = (await buildProject()).id;
  const now = new Date('2026-03-15T09:00:00+08:00');
  await t.sequelize.transaction(async (transaction) => {
    await seedTrainCatalogueDemo(projectId, transaction, now);
    await seedResourceDemo(projectId, transaction);
    await seedCourseDemo(projectId, transaction);
    await seedTrainClassDemo(projectId, transaction, now);
  });
  const classes = await TrainClass.findAll({ where: { projectId }, order: [['sort', 'ASC']] });
  expect(classes.map((cls) => cls.name)).toEqual(DEMO_CLASSES.map((demo) => demo.name));
  const places = await categoryPlaces(projectId);
  expect(new Set(classes.map((cls) => places.get(cls.categoryId)?.baseType))).toEqual(
    new Set(['public', 'specialized']),
  );
  expect(classes.some((cls) => (places.get(cls.categoryId)?.ids.length ?? 0) === 2)).toBe(true);
  expect(new Set(classes.map((cls) => cls.amountFen))).toEqual(new Set([0, 9800, 12000, 26000]));

  const plans = new Map((await TrainPlan.findAll({ where: { projectId } })).map((plan) => [plan.id, plan]));
  const hours = await classHours(
    projectId,
    classes.map((cls) => cls.id),
  );
  const today = chinaToday(now);
  const onShelf = classes.filter((cls) => cls.onShelf);
  expect(onShelf.length).toBeGreaterThanOrEqual(5);
  expect(classes.length - onShelf.length).toBeGreaterThanOrEqual(1);
  for (const cls of onShelf) {
    expect(notOfferedReason(cls, plans.get(cls.planId)?.status ?? '', today)).toBeNull();
    expect(hours.get(cls.id)?.requiredTenths).toBeGreaterThan(0);
    expect(cls.studyEndDate >= today).toBe(true);
  }
  for (const cls of classes) {
    expect(cls.year).toBe(plans.get(cls.planId)?.year);
    expect(cls.electiveHoursTenths).toBeLessThanOrEqual(hours.get(cls.id)?.electiveTotalTenths ?? 0);
  }
});

test('the demo seed shows offered classes to the demo project administrator', async () => {
  // The seed runs only on a database without projects: a database of its own.
  const seeded = await createTestApp();
  try {
    expect(await seedDemoData(seeded.sequelize)).toBe(true);
    const admin = (await Account.findOne({
      where: { accountName: DEMO.accounts.projectAdmin.account },
      allTenants: true,
    })) as Account;
    const page = await seeded.http
      .post('/api/class/page.action')
      .set('token', await signIn(admin))
      .send({ pageSize: 100 });
    expect(page.body.attribute.total).toBe(DEMO_CLASSES.length);
    const rows = page.body.attribute.list as ClassItem[];
    expect(rows.filter((row) => row.offered).length).toBe(DEMO_CLASSES.filter((demo) => demo.onShelf).length);
    expect(rows.every((row) => row.courseCount > 0 && row.planName !== '')).toBe(true);
    // The demo reviewers enrolled in three offered classes and evaluated them (the demo student
    // 张三 holds a paid enrolment in one of them as well; two reviewers also passed last year's class
    // for the regulator's demo, which they did not evaluate).
    const centre = await seeded.http.post('/api/class/center-page.action').send({ pageSize: 100 });
    const rated = (centre.body.attribute.list as ClassCenterItem[]).filter((item) => item.rating !== null);
    const ratedIds = new Set(rated.map((item) => item.id));
    const reviewed = rows.filter((row) => ratedIds.has(row.id));
    expect(reviewed).toHaveLength(3);
    expect(reviewed.every((row) => row.offered && row.enrolledCount >= DEMO_REVIEWERS.length)).toBe(true);
    expect(rated.map((item) => [item.id, item.evaluationCount]).sort()).toEqual(
      reviewed.map((row) => [row.id, DEMO_REVIEWERS.length]).sort(),
    );
    expect(rated.every((item) => (item.rating ?? 0) >= 4 && (item.rating ?? 0) <= 5)).toBe(true);
    const evaluations = await seeded.http
      .post('/api/class/evaluate-list.action')
      .send({ classId: reviewed[0]?.id, pageSize: 10 });
    expect(
      evaluations.body.attribute.list.map((item: { studentName: string }) => item.studentName).sort(),
    ).toEqual(['李*', '王*', '赵*'].sort());
  } finally {
    await seeded.close();
  }
});

test('the demo reviewers have valid ID numbers and mobiles', () => {
  for (const reviewer of DEMO_REVIEWERS) {
    expect(isIdCardNumber(reviewer.idCardNo)).toBe(true);
    expect(isMobile(reviewer.mobile)).toBe(true);
  }
});

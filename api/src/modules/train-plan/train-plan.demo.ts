import type { Transaction } from 'sequelize';
import { chinaYear } from '../../contract/train-plan';
import { seedClassCategoryDemo } from '../class-category/class-category.demo';
import { TrainPlan } from './train-plan.model';

/**
 * The demo project's catalogue frame: the class-type tree (base types, major types, children) and
 * train plans of last year (published) and this year (one published, one draft), years in China time.
 */
export async function seedTrainCatalogueDemo(
  projectId: number,
  transaction: Transaction,
  now: Date = new Date(),
): Promise<void> {
  await seedClassCategoryDemo(projectId, transaction);
  const year = chinaYear(now);
  const last = year - 1;
  await TrainPlan.bulkCreate(
    [
      {
        projectId,
        year: last,
        name: `${last}年度专业技术人员继续教育培训计划`,
        industry: 'construction',
        startDate: `${last}-01-01`,
        endDate: `${last}-12-31`,
        status: 'PUBLISHED',
        description: '面向建筑业专业技术人员的年度继续教育，含公需科目与专业科目。',
        publishedAt: new Date(Date.UTC(last, 0, 1)),
      },
      {
        projectId,
        year,
        name: `${year}年度专业技术人员继续教育培训计划`,
        industry: 'construction',
        startDate: `${year}-01-01`,
        endDate: `${year}-12-31`,
        status: 'PUBLISHED',
        description: '面向建筑业专业技术人员的年度继续教育，含公需科目与专业科目。',
        publishedAt: new Date(Date.UTC(year, 0, 1)),
      },
      {
        projectId,
        year,
        name: `${year}年度医护人员岗位技能提升计划`,
        industry: 'healthcare',
        startDate: `${year}-07-01`,
        endDate: `${year}-12-31`,
        description: '草稿：下半年面向医护人员的岗位技能培训，待确定班级后发布。',
      },
    ],
    { transaction },
  );
}

import type { Transaction } from 'sequelize';
import type { ClassBaseType } from '../../contract/class-category';
import { ClassCategory } from './class-category.model';
import { createBaseCategories } from './class-category.service';

/** The demo project's major types and their children under each base type. */
export const DEMO_CLASS_CATEGORIES: Readonly<Record<ClassBaseType, readonly [string, readonly string[]][]>> =
  {
    public: [
      ['政治理论', ['习近平新时代中国特色社会主义思想', '党史学习教育']],
      ['法律法规', ['民法典解读', '安全生产法']],
      ['职业素养', ['职业道德', '心理健康']],
    ],
    specialized: [
      ['建筑工程', ['建筑施工', '工程造价']],
      ['医疗卫生', ['临床医学', '护理']],
      ['信息技术', ['软件开发', '网络安全']],
    ],
  };

/** Creates the base types and the demo major types and children of a project (the demo seed). */
export async function seedClassCategoryDemo(projectId: number, transaction: Transaction): Promise<void> {
  await createBaseCategories(projectId, transaction);
  const bases = await ClassCategory.findAll({ where: { projectId, level: 1 }, transaction });
  for (const base of bases) {
    const majors = DEMO_CLASS_CATEGORIES[base.code as ClassBaseType] ?? [];
    for (const [majorIndex, [majorName, children]] of majors.entries()) {
      const major = await ClassCategory.create(
        { projectId, parentId: base.id, level: 2, name: majorName, sort: majorIndex + 1 },
        { transaction },
      );
      await ClassCategory.bulkCreate(
        children.map((name, index) => ({
          projectId,
          parentId: major.id,
          level: 3 as const,
          name,
          sort: index + 1,
        })),
        { transaction },
      );
    }
  }
}

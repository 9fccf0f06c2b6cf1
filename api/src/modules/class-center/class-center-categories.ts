import { shownBaseTypes } from '@px/config';
import { col, fn, type WhereOptions } from 'sequelize';
import type { ClassBaseType } from '../../contract/class-category';
import type { ClassCenterBaseType, ClassCenterCategory } from '../../contract/class-center';
import type { TenantScope } from '../../core/action';
import { ClassCategory } from '../class-category/class-category.model';
import { chinaToday, offeredWhere } from '../train-class/class-read';
import { TrainClass } from '../train-class/train-class.model';

/**
 * `class/center-categories`: the class-type tree of the H5 class centre, so that the tree model
 * lists major types and major children without reading every class, and pages the classes of the
 * one chosen with `class/center-page` (`categoryId`).
 */

/** The ids of the categories that hold offered classes of the project (of `year` when given). */
async function offeredCategoryIds(scope: TenantScope, year: number | undefined, today: string) {
  const rows = (await TrainClass.findAll({
    attributes: [[fn('DISTINCT', col('category_id')), 'categoryId']],
    where: {
      ...offeredWhere(today),
      projectId: scope.project.id,
      ...(year === undefined ? {} : { year }),
    } as WhereOptions<TrainClass>,
    raw: true,
  })) as unknown as { categoryId: number }[];
  return new Set(rows.map((row) => Number(row.categoryId)));
}

/** The children of each category by parent id, siblings in their order (`sort`, then id). */
function childrenByParent(categories: readonly ClassCategory[]): Map<number, ClassCategory[]> {
  const byParent = new Map<number, ClassCategory[]>();
  const ordered = [...categories].sort((a, b) => a.sort - b.sort || a.id - b.id);
  for (const category of ordered) {
    if (category.parentId === null) continue;
    byParent.set(category.parentId, [...(byParent.get(category.parentId) ?? []), category]);
  }
  return byParent;
}

/** How deep the answer goes below a base type: 0 (hideMajorType), 1 (hideMajorChildType) or 2. */
function shownDepth(scope: TenantScope): number {
  if (scope.project.settings.hideMajorType === 1) return 0;
  return scope.project.settings.hideMajorChildType === 1 ? 1 : 2;
}

/** What the tree is built from: the categories by parent, and those holding offered classes. */
interface TreeParts {
  byParent: Map<number, ClassCategory[]>;
  offered: Set<number>;
}

/** Whether `category` or a category below it holds offered classes. */
function holdsOffered(category: ClassCategory, parts: TreeParts): boolean {
  if (parts.offered.has(category.id)) return true;
  return (parts.byParent.get(category.id) ?? []).some((child) => holdsOffered(child, parts));
}

/** The children of `parentId` that hold offered classes, `depth` levels down. */
function presentChildren(parentId: number, depth: number, parts: TreeParts): ClassCenterCategory[] {
  if (depth <= 0) return [];
  return (parts.byParent.get(parentId) ?? [])
    .filter((category) => holdsOffered(category, parts))
    .map((category) => ({
      id: category.id,
      name: category.name,
      children: presentChildren(category.id, depth - 1, parts),
    }));
}

/**
 * The project's class-type tree for the H5: the shown base types (`h5Config.showClassType` without
 * those `hidePublicType` / `hideSpecializedType` hide, in that order), their major types unless
 * `hideMajorType`, and their major children unless `hideMajorChildType`. Below the base types only
 * categories holding offered classes (themselves or below) are answered, of `year` when given, so
 * a row never leads to an empty list. Siblings come in the back office's order.
 */
export async function centerCategories(
  scope: TenantScope,
  year: number | undefined,
  today = chinaToday(),
): Promise<ClassCenterBaseType[]> {
  const [categories, offered] = await Promise.all([
    ClassCategory.findAll({ where: { projectId: scope.project.id } }),
    offeredCategoryIds(scope, year, today),
  ]);
  const parts: TreeParts = { byParent: childrenByParent(categories), offered };
  const bases = new Map(
    categories
      .filter((category) => category.parentId === null && category.code !== null)
      .map((category) => [category.code as ClassBaseType, category]),
  );
  return shownBaseTypes(scope.project.settings).flatMap((code) => {
    const base = bases.get(code);
    if (!base) return [];
    return [
      { id: base.id, code, name: base.name, children: presentChildren(base.id, shownDepth(scope), parts) },
    ];
  });
}

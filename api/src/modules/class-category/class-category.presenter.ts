import type { ClassBaseType, ClassCategoryItem } from '../../contract/class-category';
import type { ClassCategory } from './class-category.model';

/** How class categories are answered. */

/** A category with its path from the base type (`path`, base type first) and its number of children. */
export function presentCategory(
  category: ClassCategory,
  path: readonly ClassCategory[],
  childCount: number,
): ClassCategoryItem {
  return {
    id: category.id,
    parentId: category.parentId,
    level: category.level,
    code: category.code,
    baseCode: path[0].code as ClassBaseType,
    name: category.name,
    sort: category.sort,
    path: path.map((entry) => entry.name),
    childCount,
  };
}

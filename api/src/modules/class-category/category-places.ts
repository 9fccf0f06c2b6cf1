import type { Transaction } from 'sequelize';
import type { ClassBaseType } from '../../contract/class-category';
import { ClassCategory } from './class-category.model';

/** Where a class category lies: its base type and the names from the base type down (`专业科目 / 建筑施工`). */
export interface CategoryPlace {
  baseType: ClassBaseType;
  path: string;
  /** Ids from the base type down to the category. */
  ids: number[];
}

/** The place of every class category of a project, by id. */
export async function categoryPlaces(
  projectId: number,
  transaction?: Transaction,
): Promise<Map<number, CategoryPlace>> {
  const categories = await ClassCategory.findAll({ where: { projectId }, transaction });
  const byId = new Map(categories.map((category) => [category.id, category]));
  const places = new Map<number, CategoryPlace>();
  for (const category of categories) {
    const chain: ClassCategory[] = [];
    for (let node: ClassCategory | undefined = category; node; ) {
      chain.unshift(node);
      node = node.parentId === null ? undefined : byId.get(node.parentId);
    }
    places.set(category.id, {
      baseType: (chain[0]?.code ?? 'public') as ClassBaseType,
      path: chain.map((node) => node.name).join(' / '),
      ids: chain.map((node) => node.id),
    });
  }
  return places;
}

/** The ids of a category and every category below it (for list filters). */
export function categoryAndBelow(places: Map<number, CategoryPlace>, categoryId: number): number[] {
  return [...places.entries()].filter(([, place]) => place.ids.includes(categoryId)).map(([id]) => id);
}

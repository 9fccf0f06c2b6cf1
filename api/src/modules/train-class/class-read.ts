import { col, fn, literal, Op, type Transaction, type WhereOptions } from 'sequelize';
import type { ClassBaseType } from '../../contract/class-category';
import { chinaYear } from '../../contract/train-plan';
import { ClassCategory } from '../class-category/class-category.model';
import { MyClass, type TrainClass, TrainClassCourse } from './train-class.model';

/**
 * Reading classes, shared by the back-office class calls, the H5 class centre and the cart: what
 * "offered" means, a category's base type and path, and a class's hours.
 */

/** Today in China (UTC+8, no daylight saving) as `YYYY-MM-DD`: enrol and study windows are China days. */
export function chinaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The current China year (re-exported for the class rules). */
export { chinaYear };

/**
 * The condition for classes offered to students on China day `today`: on the shelf, their plan
 * PUBLISHED, `today` within the enrol window (both ends included). Combine with the project filter.
 */
export function offeredWhere(today: string): WhereOptions<TrainClass> {
  return {
    onShelf: true,
    enrolStartDate: { [Op.lte]: today },
    enrolEndDate: { [Op.gte]: today },
    planId: {
      [Op.in]: literal(`(SELECT id FROM train_plan WHERE status = 'PUBLISHED')`),
    },
  } as WhereOptions<TrainClass>;
}

/** Why a class is not offered on `today`, or null when it is. */
export function notOfferedReason(
  cls: Pick<TrainClass, 'onShelf' | 'enrolStartDate' | 'enrolEndDate'>,
  planStatus: string,
  today: string,
): 'OFF_SHELF' | 'ENROL_CLOSED' | null {
  if (!cls.onShelf || planStatus !== 'PUBLISHED') return 'OFF_SHELF';
  if (today < cls.enrolStartDate || today > cls.enrolEndDate) return 'ENROL_CLOSED';
  return null;
}

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

/** A class's hours from its courses: required hours (sum), elective hours available (sum), course count. */
export interface ClassHours {
  requiredTenths: number;
  electiveTotalTenths: number;
  courseCount: number;
}

/** The hours of each class of `classIds` (classes without courses get zeros). */
export async function classHours(
  classIds: number[],
  transaction?: Transaction,
): Promise<Map<number, ClassHours>> {
  const hours = new Map<number, ClassHours>(
    classIds.map((id) => [id, { requiredTenths: 0, electiveTotalTenths: 0, courseCount: 0 }]),
  );
  if (classIds.length === 0) return hours;
  const rows = await TrainClassCourse.findAll({ where: { classId: classIds }, transaction });
  for (const row of rows) {
    const entry = hours.get(row.classId);
    if (!entry) continue;
    entry.courseCount += 1;
    if (row.kind === 'REQUIRED') entry.requiredTenths += row.hoursTenths;
    else entry.electiveTotalTenths += row.hoursTenths;
  }
  return hours;
}

/** The number of enrolments that keep each class of `classIds` from being deleted (every enrolment). */
export async function enrolmentCounts(
  classIds: number[],
  transaction?: Transaction,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>(classIds.map((id) => [id, 0]));
  if (classIds.length === 0) return counts;
  const rows = (await MyClass.findAll({
    attributes: ['classId', [fn('COUNT', col('id')), 'count']],
    where: { classId: classIds },
    group: ['classId'],
    raw: true,
    transaction,
  })) as unknown as { classId: number; count: string }[];
  for (const row of rows) counts.set(row.classId, Number(row.count));
  return counts;
}

import { col, ForeignKeyConstraintError, fn, type Transaction, UniqueConstraintError } from 'sequelize';
import type { z } from 'zod';
import {
  COURSE_CATEGORY_MAX_DEPTH,
  type CourseCategoryItem,
  type CourseCategoryNode,
  type courseCategoryDragInput,
  type courseCategorySaveInput,
} from '../../contract/course';
import type { Caller } from '../../core/action';
import { BusinessError, ValidationError } from '../../core/errors';
import { audit } from '../audit/audit.service';
import { Course, CourseCategory } from './course.model';

/** Namespace of the advisory locks that serialise changes to one project's course category tree. */
const TREE_LOCK_NAMESPACE = 4_711_008;
export const CATEGORY_NOT_FOUND = '课程分类不存在';

const fieldError = (field: string, rule: string, message: string) =>
  new ValidationError([{ field, rule, message }]);

const bySort = (a: CourseCategory, b: CourseCategory) => a.sort - b.sort || a.id - b.id;

/** Serialises tree changes of one project (moves, deletes), so no two of them can make a cycle. */
async function lockTree(caller: Pick<Caller, 'sequelize'>, projectId: number, transaction: Transaction) {
  await caller.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, :projectId)', {
    replacements: { namespace: TREE_LOCK_NAMESPACE, projectId },
    transaction,
  });
}

/** The project's categories by id. */
async function categoriesOf(
  projectId: number,
  transaction?: Transaction,
): Promise<Map<number, CourseCategory>> {
  const rows = await CourseCategory.findAll({ where: { projectId }, transaction });
  return new Map(rows.map((row) => [row.id, row]));
}

/** A category and every category under it (ids), from the project's categories. */
export function subtreeIds(categories: Map<number, CourseCategory>, id: number): number[] {
  const children = new Map<number, number[]>();
  for (const category of categories.values()) {
    if (category.parentId === null) continue;
    children.set(category.parentId, [...(children.get(category.parentId) ?? []), category.id]);
  }
  const ids: number[] = [];
  const queue = [id];
  while (queue.length) {
    const next = queue.shift() as number;
    ids.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return ids;
}

/** Levels from the root to the category (a root category is 1). */
function depthOf(categories: Map<number, CourseCategory>, id: number | null): number {
  let depth = 0;
  for (let at = id; at !== null; at = categories.get(at)?.parentId ?? null) depth += 1;
  return depth;
}

/** Levels of the subtree under a category, itself included (a leaf is 1). */
function heightOf(categories: Map<number, CourseCategory>, id: number): number {
  const children = [...categories.values()].filter((category) => category.parentId === id);
  return 1 + Math.max(0, ...children.map((category) => heightOf(categories, category.id)));
}

/** `安全生产 / 消防安全`: a category's names from the root, from the project's categories. */
export function categoryPath(categories: Map<number, CourseCategory>, id: number | null): string | null {
  if (id === null) return null;
  const names: string[] = [];
  for (let at: number | null = id; at !== null; ) {
    const category = categories.get(at);
    if (!category) break;
    names.unshift(category.name);
    at = category.parentId;
  }
  return names.join(' / ');
}

/** The paths of the project's categories by id (for lists of courses). */
export async function categoryPaths(projectId: number): Promise<Map<number, string>> {
  const categories = await categoriesOf(projectId);
  return new Map([...categories.keys()].map((id) => [id, categoryPath(categories, id) as string]));
}

/**
 * A category of the project, for a field that refers to one: another project's (or a missing) id
 * is refused naming `field`, as if it did not exist.
 */
export async function requireCategory(
  projectId: number,
  id: number,
  field: string,
  transaction?: Transaction,
): Promise<CourseCategory> {
  const category = await CourseCategory.findOne({ where: { id, projectId }, transaction });
  if (!category) throw fieldError(field, 'exists', CATEGORY_NOT_FOUND);
  return category;
}

/**
 * The project's category tree, siblings by `sort` then id, each node with the number of courses
 * in it and under it.
 */
export async function courseCategoryTree(projectId: number): Promise<CourseCategoryNode[]> {
  const categories = [...(await categoriesOf(projectId)).values()].sort(bySort);
  const counts = (await Course.findAll({
    attributes: ['categoryId', [fn('COUNT', col('id')), 'count']],
    where: { projectId },
    group: ['categoryId'],
    raw: true,
  })) as unknown as { categoryId: number; count: string }[];
  const own = new Map(counts.map((row) => [row.categoryId, Number(row.count)]));
  const nodes = new Map<number, CourseCategoryNode>(
    categories.map((category) => [
      category.id,
      {
        id: category.id,
        parentId: category.parentId,
        name: category.name,
        sort: category.sort,
        courseCount: own.get(category.id) ?? 0,
        children: [],
      },
    ]),
  );
  const roots: CourseCategoryNode[] = [];
  for (const category of categories) {
    const node = nodes.get(category.id) as CourseCategoryNode;
    const parent = category.parentId === null ? undefined : nodes.get(category.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const total = (node: CourseCategoryNode): number => {
    node.courseCount += node.children.reduce((sum, childNode) => sum + total(childNode), 0);
    return node.courseCount;
  };
  for (const root of roots) total(root);
  return roots;
}

/**
 * Puts a category under `parentId` (null: the root) at `index` among its new siblings and numbers
 * the siblings 0, 1, 2… Refuses a move under itself or a descendant (a cycle), a parent of another
 * project, a tree deeper than COURSE_CATEGORY_MAX_DEPTH and a name already used by a new sibling.
 * Runs inside the caller's transaction, holding the project's tree lock.
 */
async function placeCategory(
  categories: Map<number, CourseCategory>,
  category: CourseCategory,
  parentId: number | null,
  index: number,
  transaction: Transaction,
): Promise<void> {
  if (parentId !== null) {
    if (!categories.has(parentId)) throw fieldError('parentId', 'exists', '上级分类不存在');
    if (subtreeIds(categories, category.id).includes(parentId))
      throw fieldError('parentId', 'cycle', '不能移动到自身或其下级分类下');
  }
  if (depthOf(categories, parentId) + heightOf(categories, category.id) > COURSE_CATEGORY_MAX_DEPTH)
    throw fieldError('parentId', 'depth', `分类最多 ${COURSE_CATEGORY_MAX_DEPTH} 级`);
  const siblings = [...categories.values()]
    .filter((other) => other.parentId === parentId && other.id !== category.id)
    .sort(bySort);
  if (siblings.some((other) => other.name === category.name))
    throw fieldError('parentId', 'unique', `目标位置已有同名分类「${category.name}」`);
  siblings.splice(Math.min(index, siblings.length), 0, category);
  category.parentId = parentId;
  for (const [position, sibling] of siblings.entries()) {
    if (sibling === category) {
      await category.update({ parentId, sort: position }, { transaction });
    } else if (sibling.sort !== position) {
      await sibling.update({ sort: position }, { transaction });
    }
  }
}

function uniqueNameError(error: unknown): never {
  if (error instanceof UniqueConstraintError) throw fieldError('name', 'unique', '同级分类名称已存在');
  throw error;
}

/**
 * Creates a category under `parentId` (last among its siblings unless `sort` is given) or renames
 * one (and sets its `sort` when given; it stays where it is: moves are drags). Audited. Throws
 * ValidationError (`name` taken among siblings, `parentId` unknown or too deep), BusinessError
 * 课程分类不存在 for another project's id.
 */
export async function saveCourseCategory(
  caller: Caller,
  projectId: number,
  input: z.output<typeof courseCategorySaveInput>,
): Promise<CourseCategoryItem> {
  try {
    return await caller.sequelize.transaction(async (transaction) => {
      await lockTree(caller, projectId, transaction);
      const categories = await categoriesOf(projectId, transaction);
      let category: CourseCategory;
      if (input.id) {
        const existing = categories.get(input.id);
        if (!existing) throw new BusinessError(CATEGORY_NOT_FOUND);
        category = existing;
        const before = { name: category.name, sort: category.sort };
        if (
          [...categories.values()].some(
            (other) =>
              other.parentId === category.parentId && other.id !== category.id && other.name === input.name,
          )
        )
          throw fieldError('name', 'unique', '同级分类名称已存在');
        await category.update(
          { name: input.name, ...(input.sort === undefined ? {} : { sort: input.sort }) },
          { transaction },
        );
        await audit(
          caller,
          {
            action: 'course-category.update',
            projectId,
            targetType: 'course-category',
            targetId: category.id,
            detail: { before, after: { name: category.name, sort: category.sort } },
          },
          transaction,
        );
      } else {
        const parentId = input.parentId ?? null;
        if (parentId !== null && !categories.has(parentId))
          throw fieldError('parentId', 'exists', '上级分类不存在');
        if (depthOf(categories, parentId) + 1 > COURSE_CATEGORY_MAX_DEPTH)
          throw fieldError('parentId', 'depth', `分类最多 ${COURSE_CATEGORY_MAX_DEPTH} 级`);
        const siblings = [...categories.values()].filter((other) => other.parentId === parentId);
        if (siblings.some((other) => other.name === input.name))
          throw fieldError('name', 'unique', '同级分类名称已存在');
        category = await CourseCategory.create(
          {
            projectId,
            parentId,
            name: input.name,
            sort: input.sort ?? Math.max(-1, ...siblings.map((other) => other.sort)) + 1,
          },
          { transaction },
        );
        await audit(
          caller,
          {
            action: 'course-category.create',
            projectId,
            targetType: 'course-category',
            targetId: category.id,
            detail: { name: category.name, parentId: category.parentId, sort: category.sort },
          },
          transaction,
        );
      }
      return { id: category.id, parentId: category.parentId, name: category.name, sort: category.sort };
    });
  } catch (error) {
    return uniqueNameError(error);
  }
}

/**
 * Moves a category under `parentId` (absent: the root) at `index` among its new siblings (drag and
 * drop in the tree). Audited. Throws ValidationError naming `parentId` (unknown, a cycle, too deep,
 * a sibling of the same name), BusinessError 课程分类不存在.
 */
export async function dragCourseCategory(
  caller: Caller,
  projectId: number,
  input: z.output<typeof courseCategoryDragInput>,
): Promise<void> {
  await caller.sequelize.transaction(async (transaction) => {
    await lockTree(caller, projectId, transaction);
    const categories = await categoriesOf(projectId, transaction);
    const category = categories.get(input.id);
    if (!category) throw new BusinessError(CATEGORY_NOT_FOUND);
    const before = { parentId: category.parentId, sort: category.sort };
    await placeCategory(categories, category, input.parentId ?? null, input.index, transaction);
    await audit(
      caller,
      {
        action: 'course-category.move',
        projectId,
        targetType: 'course-category',
        targetId: category.id,
        detail: { before, after: { parentId: category.parentId, sort: category.sort } },
      },
      transaction,
    );
  });
}

/**
 * Deletes a category with everything under it, refused (BusinessError) while the category or one
 * below it holds courses. Audited. Throws BusinessError 课程分类不存在.
 */
export async function deleteCourseCategory(caller: Caller, projectId: number, id: number): Promise<void> {
  try {
    await caller.sequelize.transaction(async (transaction) => {
      await lockTree(caller, projectId, transaction);
      const categories = await categoriesOf(projectId, transaction);
      const category = categories.get(id);
      if (!category) throw new BusinessError(CATEGORY_NOT_FOUND);
      const ids = subtreeIds(categories, category.id);
      const used = await Course.count({ where: { projectId, categoryId: ids }, transaction });
      if (used > 0)
        throw new BusinessError(
          `该分类${ids.length > 1 ? '或其下级分类' : ''}中还有 ${used} 门课程，不能删除`,
        );
      // Children first: parent_id refers back with RESTRICT.
      for (const childId of [...ids].reverse()) {
        await CourseCategory.destroy({ where: { id: childId, projectId }, transaction });
      }
      await audit(
        caller,
        {
          action: 'course-category.delete',
          projectId,
          targetType: 'course-category',
          targetId: category.id,
          detail: { name: category.name, deletedIds: ids },
        },
        transaction,
      );
    });
  } catch (error) {
    // A course moved into the subtree while it was being deleted.
    if (error instanceof ForeignKeyConstraintError) throw new BusinessError('该分类中还有课程，不能删除');
    throw error;
  }
}

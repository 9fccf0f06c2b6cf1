import { Op, type Transaction } from 'sequelize';
import type { z } from 'zod';
import {
  CLASS_CATEGORY_LEVEL,
  CLASS_CATEGORY_LEVEL_LABEL,
  type ClassBaseType,
  type ClassCategoryItem,
  type ClassCategoryLevel,
  type ClassCategoryNode,
  type classCategoryDragInput,
  type classCategorySaveInput,
} from '../../contract/class-category';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError, fieldError, uniqueRefusal } from '../../core/errors';
import { emit } from '../../core/events';
import { audit } from '../audit/audit.service';
import { categoryAndBelow, categoryPlaces } from './category-places';
import { classCategoryDeleting } from './class-category.events';
import { ClassCategory } from './class-category.model';
import { presentCategory } from './class-category.presenter';

/** The base types every project starts with, in order (their names may be edited, never their codes). */
export const BASE_CLASS_CATEGORIES: readonly { code: ClassBaseType; name: string }[] = [
  { code: 'public', name: '公需科目' },
  { code: 'specialized', name: '专业科目' },
];

/** Namespace of the advisory locks that serialise changes to one project's class-type tree. */
const TREE_LOCK_NAMESPACE = 4_711_007;
const NOT_FOUND = '班级分类不存在';

/**
 * Creates the project's two base types (公需科目, 专业科目) unless it has them; on project creation,
 * in the demo seed and in tests. Idempotent.
 */
export async function createBaseCategories(projectId: number, transaction?: Transaction): Promise<void> {
  await ClassCategory.bulkCreate(
    BASE_CLASS_CATEGORIES.map((base, index) => ({
      projectId,
      parentId: null,
      level: CLASS_CATEGORY_LEVEL.BASE,
      code: base.code,
      name: base.name,
      sort: index + 1,
    })),
    { transaction, ignoreDuplicates: true },
  );
}

const bySort = (a: ClassCategory, b: ClassCategory) => a.sort - b.sort || a.id - b.id;

function nodeOf(category: ClassCategory): ClassCategoryNode {
  return {
    id: category.id,
    parentId: category.parentId,
    level: category.level,
    code: category.code,
    name: category.name,
    sort: category.sort,
    children: [],
  };
}

/** Nests the project's categories under their parents, siblings by `sort`. */
function buildTree(categories: ClassCategory[]): ClassCategoryNode[] {
  const nodes = new Map(categories.map((category) => [category.id, nodeOf(category)]));
  const roots: ClassCategoryNode[] = [];
  for (const category of [...categories].sort(bySort)) {
    const node = nodes.get(category.id) as ClassCategoryNode;
    const parent = category.parentId === null ? undefined : nodes.get(category.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/**
 * The project's whole class-type tree for the back office: the base types with their major types
 * and major children, whatever the hide flags say (the H5 applies them).
 */
export async function classCategoryTree(scope: TenantScope): Promise<ClassCategoryNode[]> {
  return projectTree(scope.project.id);
}

async function projectTree(projectId: number, transaction?: Transaction): Promise<ClassCategoryNode[]> {
  return buildTree(await ClassCategory.findAll({ where: { projectId }, transaction }));
}

/** One category of the project; another project's answers 班级分类不存在. */
async function loadCategory(
  projectId: number,
  id: number,
  transaction?: Transaction,
  missing: () => Error = () => new BusinessError(NOT_FOUND),
): Promise<ClassCategory> {
  const category = await ClassCategory.findOne({ where: { id, projectId }, transaction });
  if (!category) throw missing();
  return category;
}

/** A category as answered: its path from the base type is read, and its number of children. */
async function categoryItem(category: ClassCategory, transaction?: Transaction): Promise<ClassCategoryItem> {
  const path: ClassCategory[] = [category];
  while (path[0].parentId !== null) {
    path.unshift(await loadCategory(category.projectId, path[0].parentId, transaction));
  }
  const childCount = await ClassCategory.count({
    where: { projectId: category.projectId, parentId: category.id },
    transaction,
  });
  return presentCategory(category, path, childCount);
}

/** One category with its path from the base type and its number of children. Throws 班级分类不存在. */
export async function findClassCategory(scope: TenantScope, id: number): Promise<ClassCategoryItem> {
  return categoryItem(await loadCategory(scope.project.id, id));
}

/** Serialises changes to a project's tree (sort numbers and sibling names) within the transaction. */
async function lockTree(scope: TenantScope, transaction: Transaction): Promise<void> {
  await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, :projectId)', {
    replacements: { namespace: TREE_LOCK_NAMESPACE, projectId: scope.project.id },
    transaction,
  });
}

/** The children of `parentId`, by sort. */
async function childrenOf(projectId: number, parentId: number, transaction: Transaction) {
  return (await ClassCategory.findAll({ where: { projectId, parentId }, transaction })).sort(bySort);
}

/** Numbers the given siblings 1..n in their order, writing only what changed. */
async function renumber(siblings: ClassCategory[], transaction: Transaction): Promise<void> {
  for (const [index, sibling] of siblings.entries()) {
    if (sibling.sort !== index + 1) await sibling.update({ sort: index + 1 }, { transaction });
  }
}

/** Whether another child of `parentId` (null: a base type) already has the name. */
async function nameTaken(
  projectId: number,
  parentId: number | null,
  name: string,
  exceptId: number | undefined,
  transaction: Transaction,
): Promise<boolean> {
  const count = await ClassCategory.count({
    where: { projectId, parentId, name, ...(exceptId ? { id: { [Op.ne]: exceptId } } : {}) },
    transaction,
  });
  return count > 0;
}

/**
 * Why `category` may not move under `parent` (null when it may): base types never move, a
 * category keeps its level (a major type under a base type, a major child under a major type),
 * and nothing goes below a major child.
 */
function placementRefusal(category: ClassCategory, parentLevel: number | null): string | null {
  if (category.level === CLASS_CATEGORY_LEVEL.BASE) return '基础类型不能移动';
  if (parentLevel === null) return '第一级只能是基础类型（公需科目、专业科目）';
  if (parentLevel >= CLASS_CATEGORY_LEVEL.MAJOR_CHILD) return '班级分类最多三级，专业子类下不能再放分类';
  if (parentLevel + 1 !== category.level) {
    const own = CLASS_CATEGORY_LEVEL_LABEL[category.level];
    const parent = CLASS_CATEGORY_LEVEL_LABEL[(category.level - 1) as ClassCategoryLevel];
    return `${own}只能放在${parent}下`;
  }
  return null;
}

/**
 * Moves `category` into `parent` at `index` among its new siblings (the end when omitted),
 * renumbering the old and new siblings.
 */
async function place(
  category: ClassCategory,
  parent: ClassCategory,
  index: number | undefined,
  transaction: Transaction,
): Promise<void> {
  const oldParentId = category.parentId;
  const siblings = (await childrenOf(category.projectId, parent.id, transaction)).filter(
    (sibling) => sibling.id !== category.id,
  );
  if (oldParentId !== parent.id) await category.update({ parentId: parent.id }, { transaction });
  siblings.splice(index ?? siblings.length, 0, category);
  await renumber(siblings, transaction);
  if (oldParentId !== null && oldParentId !== parent.id) {
    await renumber(await childrenOf(category.projectId, oldParentId, transaction), transaction);
  }
}

/**
 * Creates a category under `parentId` (at the end of its siblings) or renames one; a different
 * `parentId` on update moves it to the end of that parent's children under the rules of
 * `dragClassCategory`. Base types cannot be created or moved; nothing is created below a major
 * child; names are unique among siblings. Audited. Throws ValidationError naming the field,
 * BusinessError 班级分类不存在.
 */
export async function saveClassCategory(
  scope: ActorScope,
  input: z.output<typeof classCategorySaveInput>,
): Promise<ClassCategoryItem> {
  const projectId = scope.project.id;
  return scope.sequelize
    .transaction(async (transaction) => {
      await lockTree(scope, transaction);
      const existing = input.id ? await loadCategory(projectId, input.id, transaction) : null;
      const moving = input.parentId !== undefined && input.parentId !== existing?.parentId;
      if (!existing && input.parentId === undefined)
        throw fieldError(
          'parentId',
          'required',
          '请选择上级分类（基础类型固定为公需科目、专业科目，不能新增）',
        );
      const parent =
        input.parentId !== undefined && (moving || !existing)
          ? await loadCategory(projectId, input.parentId, transaction, () =>
              fieldError('parentId', 'exists', '上级分类不存在'),
            )
          : null;
      if (existing && parent) {
        const refusal = placementRefusal(existing, parent.level);
        if (refusal) throw fieldError('parentId', 'level', refusal);
      }
      if (!existing && parent && parent.level >= CLASS_CATEGORY_LEVEL.MAJOR_CHILD)
        throw fieldError('parentId', 'level', '班级分类最多三级，专业子类下不能再添加分类');
      const parentId = parent ? parent.id : (existing?.parentId ?? null);
      if (await nameTaken(projectId, parentId, input.name, existing?.id, transaction))
        throw fieldError('name', 'unique', '同级下已有同名的分类');

      let category: ClassCategory;
      if (existing) {
        const before = { name: existing.name, parentId: existing.parentId };
        if (existing.name !== input.name) await existing.update({ name: input.name }, { transaction });
        if (parent) await place(existing, parent, undefined, transaction);
        category = existing;
        await audit(
          scope,
          {
            action: 'class-category.update',
            projectId,
            targetType: 'class-category',
            targetId: category.id,
            detail: { before, name: category.name, parentId: category.parentId },
          },
          transaction,
        );
      } else {
        const owner = parent as ClassCategory;
        const last = (await ClassCategory.max<number | null, ClassCategory>('sort', {
          where: { projectId, parentId: owner.id },
          transaction,
        })) as number | null;
        category = await ClassCategory.create(
          {
            projectId,
            parentId: owner.id,
            level: (owner.level + 1) as ClassCategoryLevel,
            name: input.name,
            sort: (last ?? 0) + 1,
          },
          { transaction },
        );
        await audit(
          scope,
          {
            action: 'class-category.create',
            projectId,
            targetType: 'class-category',
            targetId: category.id,
            detail: { name: category.name, parentId: category.parentId, level: category.level },
          },
          transaction,
        );
      }
      return categoryItem(category, transaction);
    })
    .catch(uniqueRefusal(fieldError('name', 'unique', '同级下已有同名的分类')));
}

/**
 * Moves a category before, after or into (as the last child of) another category of the project,
 * renumbering the siblings. Refused: moving a base type, leaving the category's level (a major type
 * stays under a base type, a major child under a major type), a fourth level, a name already used
 * among the new siblings. Audited. Answers the new tree. Throws BusinessError naming the refusal.
 */
export async function dragClassCategory(
  scope: ActorScope,
  input: z.output<typeof classCategoryDragInput>,
): Promise<ClassCategoryNode[]> {
  const projectId = scope.project.id;
  return scope.sequelize.transaction(async (transaction) => {
    await lockTree(scope, transaction);
    const category = await loadCategory(projectId, input.id, transaction);
    const target = await loadCategory(
      projectId,
      input.targetId,
      transaction,
      () => new BusinessError('目标分类不存在'),
    );
    if (category.level === CLASS_CATEGORY_LEVEL.BASE) throw new BusinessError('基础类型不能移动');
    if (category.id === target.id) throw new BusinessError('不能移动到自身');
    const inner = input.position === 'inner';
    const parent = inner
      ? target
      : target.parentId === null
        ? null
        : await loadCategory(projectId, target.parentId, transaction);
    const refusal = placementRefusal(category, parent ? parent.level : null);
    if (refusal) throw new BusinessError(refusal);
    const owner = parent as ClassCategory;
    if (
      owner.id !== category.parentId &&
      (await nameTaken(projectId, owner.id, category.name, category.id, transaction))
    )
      throw new BusinessError(`目标位置已有名为「${category.name}」的分类`);
    const fromParentId = category.parentId;
    let index: number | undefined;
    if (!inner) {
      const siblings = (await childrenOf(projectId, owner.id, transaction)).filter(
        (s) => s.id !== category.id,
      );
      index =
        siblings.findIndex((sibling) => sibling.id === target.id) + (input.position === 'after' ? 1 : 0);
    }
    await place(category, owner, index, transaction);
    await audit(
      scope,
      {
        action: 'class-category.drag',
        projectId,
        targetType: 'class-category',
        targetId: category.id,
        detail: { targetId: target.id, position: input.position, fromParentId, toParentId: owner.id },
      },
      transaction,
    );
    return projectTree(projectId, transaction);
  });
}

/**
 * Deletes a category without children (its later siblings move up). Base types are never deleted;
 * the modules above may refuse it (`classCategoryDeleting`: the classes module refuses a category
 * used by a class, itself or any category below it). Audited. Throws BusinessError 班级分类不存在 or
 * naming the refusal.
 */
export async function deleteClassCategory(scope: ActorScope, id: number): Promise<void> {
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    await lockTree(scope, transaction);
    const category = await loadCategory(projectId, id, transaction);
    if (category.level === CLASS_CATEGORY_LEVEL.BASE) throw new BusinessError('基础类型不能删除');
    const categoryIds = categoryAndBelow(await categoryPlaces(projectId, transaction), id);
    await emit(scope, classCategoryDeleting, { projectId, categoryIds }, transaction);
    if (await ClassCategory.count({ where: { projectId, parentId: id }, transaction }))
      throw new BusinessError('该分类下还有下级分类，请先删除下级分类');
    const parentId = category.parentId as number;
    await category.destroy({ transaction });
    await renumber(await childrenOf(projectId, parentId, transaction), transaction);
    await audit(
      scope,
      {
        action: 'class-category.delete',
        projectId,
        targetType: 'class-category',
        targetId: id,
        detail: { name: category.name, parentId, level: category.level },
      },
      transaction,
    );
  });
}

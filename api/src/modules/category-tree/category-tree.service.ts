import { ForeignKeyConstraintError, type ModelStatic, QueryTypes, type Transaction } from 'sequelize';
import type { z } from 'zod';
import {
  CATEGORY_TREE_MAX_DEPTH,
  type CategoryItem,
  type categoryDragInput,
  type categorySaveInput,
} from '../../contract/category-tree';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError, fieldError, uniqueRefusal } from '../../core/errors';
import { audit } from '../audit/audit.service';
import type { TreeCategory } from './tree-category.model';

/** A category with the number of items in it and under it. */
export interface CategoryTreeNode extends CategoryItem {
  itemCount: number;
  children: CategoryTreeNode[];
}

/** What distinguishes one category tree from another. */
export interface CategoryTreeOptions {
  /** The tree's model (a TreeCategory subclass). */
  model: ModelStatic<TreeCategory>;
  /** The table of the items filed in the tree; its rows carry `project_id` and `category_id`. */
  itemTable: string;
  /** Namespace of the advisory locks that serialise changes to one project's tree. */
  lockNamespace: number;
  /** Audit target and action prefix, e.g. `resource-category`. */
  auditTarget: string;
  /** 资源分类不存在 */
  notFound: string;
  /** How the items are counted in messages: `3 个资源`, `3 门课程`. */
  countText: (count: number) => string;
  /** The items' noun: 资源, 课程. */
  itemNoun: string;
}

const bySort = (a: TreeCategory, b: TreeCategory) => a.sort - b.sort || a.id - b.id;

/** A category and every category under it (ids), from a project's categories. */
function subtreeIds(categories: Map<number, TreeCategory>, id: number): number[] {
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
function depthOf(categories: Map<number, TreeCategory>, id: number | null): number {
  let depth = 0;
  for (let at = id; at !== null; at = categories.get(at)?.parentId ?? null) depth += 1;
  return depth;
}

/** Levels of the subtree under a category, itself included (a leaf is 1). */
function heightOf(categories: Map<number, TreeCategory>, id: number): number {
  const children = [...categories.values()].filter((category) => category.parentId === id);
  return 1 + Math.max(0, ...children.map((category) => heightOf(categories, category.id)));
}

/** `安全生产 / 消防安全`: a category's names from the root, from a project's categories. */
function categoryPath(categories: Map<number, TreeCategory>, id: number | null): string | null {
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

/**
 * The calls of one category tree (a tree per project): read, save, drag and delete, with cycles,
 * depth (CATEGORY_TREE_MAX_DEPTH) and sibling names checked, changes serialised per project and
 * audited, and a category that holds items (in it or under it) never deleted.
 */
export function createCategoryTree(options: CategoryTreeOptions) {
  const { model: Category, auditTarget } = options;

  /** Serialises tree changes of one project (moves, deletes), so no two of them can make a cycle. */
  async function lockTree(scope: TenantScope, transaction: Transaction) {
    await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, :projectId)', {
      replacements: { namespace: options.lockNamespace, projectId: scope.project.id },
      transaction,
    });
  }

  /** The project's categories by id. */
  async function categoriesOf(
    projectId: number,
    transaction?: Transaction,
  ): Promise<Map<number, TreeCategory>> {
    const rows = await Category.findAll({ where: { projectId }, transaction });
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Items per category id (only categories holding items). */
  async function itemCounts(scope: TenantScope, transaction?: Transaction): Promise<Map<number, number>> {
    const rows = await scope.sequelize.query<{ category_id: number; count: string }>(
      `SELECT category_id, count(*) AS count FROM ${options.itemTable}
       WHERE project_id = :projectId AND category_id IS NOT NULL GROUP BY category_id`,
      { replacements: { projectId: scope.project.id }, type: QueryTypes.SELECT, transaction },
    );
    return new Map(rows.map((row) => [row.category_id, Number(row.count)]));
  }

  /**
   * Puts a category under `parentId` (null: the root) at `index` among its new siblings and numbers
   * the siblings 0, 1, 2… Refuses a move under itself or a descendant (a cycle), a parent of another
   * project, a tree deeper than CATEGORY_TREE_MAX_DEPTH and a name already used by a new sibling.
   * Runs inside the caller's transaction, holding the project's tree lock.
   */
  async function placeCategory(
    categories: Map<number, TreeCategory>,
    category: TreeCategory,
    parentId: number | null,
    index: number,
    transaction: Transaction,
  ): Promise<void> {
    if (parentId !== null) {
      if (!categories.has(parentId)) throw fieldError('parentId', 'exists', '上级分类不存在');
      if (subtreeIds(categories, category.id).includes(parentId))
        throw fieldError('parentId', 'cycle', '不能移动到自身或其下级分类下');
    }
    if (depthOf(categories, parentId) + heightOf(categories, category.id) > CATEGORY_TREE_MAX_DEPTH)
      throw fieldError('parentId', 'depth', `分类最多 ${CATEGORY_TREE_MAX_DEPTH} 级`);
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

  return {
    /** The ids of a category and all below it; empty for an id the project does not have. */
    async subtreeIdsOf(scope: TenantScope, id: number): Promise<number[]> {
      const categories = await categoriesOf(scope.project.id);
      return categories.has(id) ? subtreeIds(categories, id) : [];
    },

    /** The paths of the project's categories by id (for lists of items). */
    async categoryPaths(scope: TenantScope, transaction?: Transaction): Promise<Map<number, string>> {
      const categories = await categoriesOf(scope.project.id, transaction);
      return new Map([...categories.keys()].map((id) => [id, categoryPath(categories, id) as string]));
    },

    /**
     * A category of the project, for a field that refers to one: another project's (or a missing)
     * id is refused naming `field`, as if it did not exist.
     */
    async requireCategory(scope: TenantScope, id: number, field: string, transaction?: Transaction) {
      const category = await Category.findOne({ where: { id, projectId: scope.project.id }, transaction });
      if (!category) throw fieldError(field, 'exists', options.notFound);
      return category;
    },

    /**
     * The project's category tree, siblings by `sort` then id, each node with the number of items
     * in it and under it.
     */
    async tree(scope: TenantScope): Promise<CategoryTreeNode[]> {
      const categories = [...(await categoriesOf(scope.project.id)).values()].sort(bySort);
      const own = await itemCounts(scope);
      const nodes = new Map<number, CategoryTreeNode>(
        categories.map((category) => [
          category.id,
          {
            id: category.id,
            parentId: category.parentId,
            name: category.name,
            sort: category.sort,
            itemCount: own.get(category.id) ?? 0,
            children: [],
          },
        ]),
      );
      const roots: CategoryTreeNode[] = [];
      for (const category of categories) {
        const node = nodes.get(category.id) as CategoryTreeNode;
        const parent = category.parentId === null ? undefined : nodes.get(category.parentId);
        (parent ? parent.children : roots).push(node);
      }
      const total = (node: CategoryTreeNode): number => {
        node.itemCount += node.children.reduce((sum, childNode) => sum + total(childNode), 0);
        return node.itemCount;
      };
      for (const root of roots) total(root);
      return roots;
    },

    /**
     * Creates a category under `parentId` (last among its siblings unless `sort` is given) or renames
     * one (and sets its `sort` when given; it stays where it is: moves are drags). Audited. Throws
     * ValidationError (`name` taken among siblings, `parentId` unknown or too deep), BusinessError
     * `notFound` for another project's id.
     */
    async save(scope: ActorScope, input: z.output<typeof categorySaveInput>): Promise<CategoryItem> {
      const projectId = scope.project.id;
      return scope.sequelize
        .transaction(async (transaction) => {
          await lockTree(scope, transaction);
          const categories = await categoriesOf(projectId, transaction);
          let category: TreeCategory;
          if (input.id) {
            const existing = categories.get(input.id);
            if (!existing) throw new BusinessError(options.notFound);
            category = existing;
            const before = { name: category.name, sort: category.sort };
            const taken = [...categories.values()].some(
              (other) =>
                other.parentId === category.parentId && other.id !== category.id && other.name === input.name,
            );
            if (taken) throw fieldError('name', 'unique', '同级分类名称已存在');
            await category.update(
              { name: input.name, ...(input.sort === undefined ? {} : { sort: input.sort }) },
              { transaction },
            );
            await audit(
              scope,
              {
                action: `${auditTarget}.update`,
                projectId,
                targetType: auditTarget,
                targetId: category.id,
                detail: { before, after: { name: category.name, sort: category.sort } },
              },
              transaction,
            );
          } else {
            const parentId = input.parentId ?? null;
            if (parentId !== null && !categories.has(parentId))
              throw fieldError('parentId', 'exists', '上级分类不存在');
            if (depthOf(categories, parentId) + 1 > CATEGORY_TREE_MAX_DEPTH)
              throw fieldError('parentId', 'depth', `分类最多 ${CATEGORY_TREE_MAX_DEPTH} 级`);
            const siblings = [...categories.values()].filter((other) => other.parentId === parentId);
            if (siblings.some((other) => other.name === input.name))
              throw fieldError('name', 'unique', '同级分类名称已存在');
            category = await Category.create(
              {
                projectId,
                parentId,
                name: input.name,
                sort: input.sort ?? Math.max(-1, ...siblings.map((other) => other.sort)) + 1,
              },
              { transaction },
            );
            await audit(
              scope,
              {
                action: `${auditTarget}.create`,
                projectId,
                targetType: auditTarget,
                targetId: category.id,
                detail: { name: category.name, parentId: category.parentId, sort: category.sort },
              },
              transaction,
            );
          }
          return { id: category.id, parentId: category.parentId, name: category.name, sort: category.sort };
        })
        .catch(uniqueRefusal(fieldError('name', 'unique', '同级分类名称已存在')));
    },

    /**
     * Moves a category under `parentId` (absent: the root) at `index` among its new siblings (drag
     * and drop in the tree). Audited. Throws ValidationError naming `parentId` (unknown, a cycle, too
     * deep, a sibling of the same name), BusinessError `notFound`.
     */
    async drag(scope: ActorScope, input: z.output<typeof categoryDragInput>): Promise<void> {
      const projectId = scope.project.id;
      await scope.sequelize.transaction(async (transaction) => {
        await lockTree(scope, transaction);
        const categories = await categoriesOf(projectId, transaction);
        const category = categories.get(input.id);
        if (!category) throw new BusinessError(options.notFound);
        const before = { parentId: category.parentId, sort: category.sort };
        await placeCategory(categories, category, input.parentId ?? null, input.index, transaction);
        await audit(
          scope,
          {
            action: `${auditTarget}.move`,
            projectId,
            targetType: auditTarget,
            targetId: category.id,
            detail: { before, after: { parentId: category.parentId, sort: category.sort } },
          },
          transaction,
        );
      });
    },

    /**
     * Deletes a category with everything under it, refused (BusinessError) while the category or one
     * below it holds items. Audited. Throws BusinessError `notFound`.
     */
    async remove(scope: ActorScope, id: number): Promise<void> {
      const projectId = scope.project.id;
      try {
        await scope.sequelize.transaction(async (transaction) => {
          await lockTree(scope, transaction);
          const categories = await categoriesOf(projectId, transaction);
          const category = categories.get(id);
          if (!category) throw new BusinessError(options.notFound);
          const ids = subtreeIds(categories, category.id);
          const counts = await itemCounts(scope, transaction);
          const used = ids.reduce((sum, each) => sum + (counts.get(each) ?? 0), 0);
          if (used > 0)
            throw new BusinessError(
              `该分类${ids.length > 1 ? '或其下级分类' : ''}中还有 ${options.countText(used)}，不能删除`,
            );
          // Children first: parent_id refers back with RESTRICT.
          for (const childId of [...ids].reverse()) {
            await Category.destroy({ where: { id: childId, projectId }, transaction });
          }
          await audit(
            scope,
            {
              action: `${auditTarget}.delete`,
              projectId,
              targetType: auditTarget,
              targetId: category.id,
              detail: { name: category.name, deletedIds: ids },
            },
            transaction,
          );
        });
      } catch (error) {
        // An item moved into the subtree while it was being deleted.
        if (error instanceof ForeignKeyConstraintError)
          throw new BusinessError(`该分类中还有${options.itemNoun}，不能删除`);
        throw error;
      }
    },
  };
}

export type CategoryTree = ReturnType<typeof createCategoryTree>;

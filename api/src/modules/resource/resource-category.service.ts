import type { ResourceCategoryNode } from '../../contract/resource';
import type { TenantScope } from '../../core/action';
import { presentCategoryTree } from '../category-tree/category-tree.presenter';
import { createCategoryTree } from '../category-tree/category-tree.service';
import { ResourceCategory } from './resource.model';

export const CATEGORY_NOT_FOUND = '资源分类不存在';

/** The resource category tree of each project (`resource/category-*`). */
export const resourceCategories = createCategoryTree({
  model: ResourceCategory,
  itemTable: 'resource',
  lockNamespace: 4_711_006,
  auditTarget: 'resource-category',
  notFound: CATEGORY_NOT_FOUND,
  countText: (count) => `${count} 个资源`,
  itemNoun: '资源',
});

/** `resource/category-tree`: the project's tree, each node with the resources in it and under it. */
export async function resourceCategoryTree(scope: TenantScope): Promise<ResourceCategoryNode[]> {
  return presentCategoryTree(await resourceCategories.tree(scope), 'resourceCount');
}

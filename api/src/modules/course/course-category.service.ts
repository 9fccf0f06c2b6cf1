import type { CourseCategoryNode } from '../../contract/course';
import type { TenantScope } from '../../core/action';
import { presentCategoryTree } from '../category-tree/category-tree.presenter';
import { createCategoryTree } from '../category-tree/category-tree.service';
import { CourseCategory } from './course.model';

export const CATEGORY_NOT_FOUND = '课程分类不存在';

/** The course category tree of each project (`course/category-*`). */
export const courseCategories = createCategoryTree({
  model: CourseCategory,
  itemTable: 'course',
  lockNamespace: 4_711_008,
  auditTarget: 'course-category',
  notFound: CATEGORY_NOT_FOUND,
  countText: (count) => `${count} 门课程`,
  itemNoun: '课程',
});

/** `course/category-tree`: the project's tree, each node with the courses in it and under it. */
export async function courseCategoryTree(scope: TenantScope): Promise<CourseCategoryNode[]> {
  return presentCategoryTree(await courseCategories.tree(scope), 'courseCount');
}

import type { CourseCategoryNode } from '../../contract/course';
import type { TenantScope } from '../../core/action';
import { type CategoryTreeNode, createCategoryTree } from '../category-tree/category-tree.service';
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

const present = ({ itemCount, children, ...item }: CategoryTreeNode): CourseCategoryNode => ({
  ...item,
  courseCount: itemCount,
  children: children.map(present),
});

/** `course/category-tree`: the project's tree, each node with the courses in it and under it. */
export async function courseCategoryTree(scope: TenantScope): Promise<CourseCategoryNode[]> {
  return (await courseCategories.tree(scope)).map(present);
}

import type { ExamCategoryNode } from '../../contract/exam-question';
import type { TenantScope } from '../../core/action';
import { presentCategoryTree } from '../category-tree/category-tree.presenter';
import { createCategoryTree } from '../category-tree/category-tree.service';
import { ExamCategory } from './exam.model';

/** The exam type tree of each project (`exam-question/category-*`): it files the question bank. */
export const examCategories = createCategoryTree({
  model: ExamCategory,
  itemTable: 'exam_question',
  lockNamespace: 4_711_017,
  auditTarget: 'exam-category',
  notFound: '考试分类不存在',
  countText: (count) => `${count} 道试题`,
  itemNoun: '试题',
});

/** `exam-question/category-tree`: the project's tree, each node with the questions in it and under it. */
export async function examCategoryTree(scope: TenantScope): Promise<ExamCategoryNode[]> {
  return presentCategoryTree(await examCategories.tree(scope), 'questionCount');
}

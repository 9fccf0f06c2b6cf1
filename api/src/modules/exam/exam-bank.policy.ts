import { refuse, type Verdict } from '../../core/policy';

/**
 * The exam bank's rules of a row alone (project staff with 考试题库 / 考试试卷 reach the calls by the
 * call's access): a question is not deleted while a paper holds it, nor a paper while a class's exam
 * uses it.
 */

/** Whether a question held by `papers` hand-built papers may be deleted. */
export const questionDeletion = (papers: number): Verdict =>
  papers > 0 ? refuse(`该试题已被 ${papers} 张试卷使用，不能删除`) : null;

/** Whether a paper used by `classes` classes' exams may be deleted. */
export const paperDeletion = (classes: number): Verdict =>
  classes > 0 ? refuse(`该试卷已被 ${classes} 个班级的考试使用，不能删除`) : null;

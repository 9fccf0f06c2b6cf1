import { type CourseItem, type QuestionItem, tenthsToHours } from '../../contract/course';
import { verdictAbilities } from '../../core/policy';
import type { Course, ResourceQuestion } from './course.model';
import { courseDeletion } from './course.policy';

/** How courses and their pop-up questions are answered. */

export function presentCourse(course: Course, paths: Map<number, string>, lessonCount: number): CourseItem {
  return {
    id: course.id,
    name: course.name,
    categoryId: course.categoryId,
    categoryName: paths.get(course.categoryId) ?? null,
    teacherName: course.teacherName,
    status: course.status,
    hours: tenthsToHours(course.hoursTenths),
    lessonCount,
    createdAt: course.createdAt.toISOString(),
    updatedAt: course.updatedAt.toISOString(),
    abilities: verdictAbilities({ delete: courseDeletion(course) }),
  };
}

export function presentQuestion(question: ResourceQuestion): QuestionItem {
  return {
    id: question.id,
    resourceId: question.resourceId,
    markSecond: question.markSecond,
    type: question.type,
    content: question.content,
    options: question.options,
    answer: question.answer,
    explanation: question.explanation,
    createdAt: question.createdAt.toISOString(),
    updatedAt: question.updatedAt.toISOString(),
  };
}

import { col, fn, Op, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import {
  type CourseDetail,
  type CourseItem,
  type CourseLessonItem,
  type courseQueryInput,
  type courseSaveInput,
  hoursToTenths,
  tenthsToHours,
} from '../../contract/course';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { emit } from '../../core/events';
import { newestFirstPage } from '../../core/newest-first';
import { enforce } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { audit } from '../audit/audit.service';
import { Resource } from '../resource/resource.model';
import { courseDeleting, courseUnpublishing } from './course.events';
import { Course, CourseLesson, ResourceQuestion } from './course.model';
import { courseDeletion } from './course.policy';
import { presentCourse } from './course.presenter';
import { courseCategories } from './course-category.service';

export const COURSE_NOT_FOUND = '课程不存在';

/** Lesson counts of courses of the project by id. */
async function lessonCounts(scope: TenantScope, courseIds: number[]): Promise<Map<number, number>> {
  if (!courseIds.length) return new Map();
  const rows = (await CourseLesson.findAll({
    attributes: ['courseId', [fn('COUNT', col('id')), 'count']],
    where: { projectId: scope.project.id, courseId: courseIds },
    group: ['courseId'],
    raw: true,
  })) as unknown as { courseId: number; count: string }[];
  return new Map(rows.map((row) => [row.courseId, Number(row.count)]));
}

/**
 * One page of the project's courses, newest first: `name` and `teacherName` match part of the
 * text, `categoryId` selects a category and all below it, `status` one state.
 */
export async function listCourses(
  scope: TenantScope,
  input: z.output<typeof courseQueryInput>,
): Promise<PageAnswer<CourseItem>> {
  let categoryIds: number[] | undefined;
  if (input.categoryId !== undefined) {
    categoryIds = await courseCategories.subtreeIdsOf(scope, input.categoryId);
  }
  const where: WhereOptions<Course> = {
    projectId: scope.project.id,
    ...(input.status ? { status: input.status } : {}),
    ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
    ...(input.teacherName ? { teacherName: { [Op.iLike]: containsPattern(input.teacherName) } } : {}),
    ...(categoryIds ? { categoryId: categoryIds } : {}),
  };
  return newestFirstPage(Course, where, input, async (rows) => {
    const paths = await courseCategories.categoryPaths(scope);
    const counts = await lessonCounts(
      scope,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentCourse(row, paths, counts.get(row.id) ?? 0));
  });
}

/** One course of the project with its lessons in order. Throws BusinessError 课程不存在. */
export async function getCourse(
  scope: TenantScope,
  id: number,
  transaction?: Transaction,
): Promise<CourseDetail> {
  const projectId = scope.project.id;
  const course = await Course.findOne({ where: { id, projectId }, transaction });
  if (!course) throw new BusinessError(COURSE_NOT_FOUND);
  const lessons = await CourseLesson.findAll({
    where: { projectId, courseId: id },
    order: [['sort', 'ASC']],
    transaction,
  });
  const resourceIds = lessons.map((lesson) => lesson.resourceId);
  const resources = new Map(
    (await Resource.findAll({ where: { id: resourceIds, projectId }, transaction })).map((r) => [r.id, r]),
  );
  const questionRows = resourceIds.length
    ? ((await ResourceQuestion.findAll({
        attributes: ['resourceId', [fn('COUNT', col('id')), 'count']],
        where: { projectId, resourceId: resourceIds },
        group: ['resourceId'],
        raw: true,
        transaction,
      })) as unknown as { resourceId: number; count: string }[])
    : [];
  const questions = new Map(questionRows.map((row) => [row.resourceId, Number(row.count)]));
  const paths = await courseCategories.categoryPaths(scope, transaction);
  return {
    ...presentCourse(course, paths, lessons.length),
    description: course.description,
    lessons: lessons.map(
      (lesson): CourseLessonItem => ({
        id: lesson.id,
        resourceId: lesson.resourceId,
        resourceName: resources.get(lesson.resourceId)?.name ?? '',
        durationSeconds: resources.get(lesson.resourceId)?.durationSeconds ?? 0,
        hours: tenthsToHours(lesson.hoursTenths),
        trialSeconds: lesson.trialSeconds,
        questionCount: questions.get(lesson.resourceId) ?? 0,
      }),
    ),
  };
}

/**
 * Checks the lesson list of `course/save` against the project's videos: each is a video of the
 * project (`lessons.<i>.resourceId`), at most once in the course, with a trial no longer than the
 * video (`lessons.<i>.trialSeconds`); a PUBLISHED course needs a lesson (`lessons`), and each of
 * its videos playable (READY: packaged, not 转码中 or 失败).
 */
async function checkLessons(
  scope: TenantScope,
  input: z.output<typeof courseSaveInput>,
  transaction: Transaction,
): Promise<void> {
  const projectId = scope.project.id;
  const errors: FieldError[] = [];
  if (input.status === 'PUBLISHED' && input.lessons.length === 0)
    errors.push({ field: 'lessons', rule: 'required', message: '发布的课程至少需要一个课时' });
  const ids = [...new Set(input.lessons.map((lesson) => lesson.resourceId))];
  const videos = new Map(
    (await Resource.findAll({ where: { id: ids, projectId, type: 'video' }, transaction })).map((r) => [
      r.id,
      r,
    ]),
  );
  const seen = new Set<number>();
  for (const [index, lesson] of input.lessons.entries()) {
    const video = videos.get(lesson.resourceId);
    if (!video) {
      errors.push({ field: `lessons.${index}.resourceId`, rule: 'exists', message: '视频不存在' });
      continue;
    }
    if (seen.has(lesson.resourceId))
      errors.push({
        field: `lessons.${index}.resourceId`,
        rule: 'unique',
        message: `视频「${video.name}」已在本课程中`,
      });
    seen.add(lesson.resourceId);
    if (input.status === 'PUBLISHED' && video.status !== 'READY')
      errors.push({
        field: `lessons.${index}.resourceId`,
        rule: 'playable',
        message: `视频「${video.name}」${video.status === 'FAILED' ? '转码失败' : '正在转码'}，暂不能发布`,
      });
    if (lesson.trialSeconds > video.durationSeconds)
      errors.push({
        field: `lessons.${index}.trialSeconds`,
        rule: 'max',
        message: `试看秒数不能超过视频时长 ${video.durationSeconds} 秒`,
      });
  }
  if (errors.length) throw new ValidationError(errors);
}

/**
 * Creates or replaces a course with its whole lesson list (in the order given); total hours are
 * the lessons' sum. A published course going back to draft is announced (`courseUnpublishing`),
 * so a module showing it (a class on the shelf) may keep it published. Audited. Throws
 * ValidationError naming `categoryId`, `status` or `lessons.<i>.<field>`, BusinessError 课程不存在
 * for another project's id.
 */
export async function saveCourse(
  scope: ActorScope,
  input: z.output<typeof courseSaveInput>,
): Promise<CourseDetail> {
  const projectId = scope.project.id;
  const id = await scope.sequelize.transaction(async (transaction) => {
    let course: Course | null = null;
    if (input.id) {
      course = await Course.findOne({
        where: { id: input.id, projectId },
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      if (!course) throw new BusinessError(COURSE_NOT_FOUND);
    }
    await courseCategories.requireCategory(scope, input.categoryId, 'categoryId', transaction);
    if (course?.status === 'PUBLISHED' && input.status === 'DRAFT')
      await emit(scope, courseUnpublishing, { projectId, ids: [course.id] }, transaction);
    await checkLessons(scope, input, transaction);
    const fields = {
      name: input.name,
      categoryId: input.categoryId,
      teacherName: input.teacherName ?? null,
      description: input.description ?? null,
      status: input.status,
      hoursTenths: input.lessons.reduce((sum, lesson) => sum + hoursToTenths(lesson.hours), 0),
    };
    const before = course
      ? {
          name: course.name,
          categoryId: course.categoryId,
          status: course.status,
          hoursTenths: course.hoursTenths,
          lessons: (
            await CourseLesson.findAll({
              where: { projectId, courseId: course.id },
              order: [['sort', 'ASC']],
              transaction,
            })
          ).map((lesson) => lesson.resourceId),
        }
      : null;
    if (course) {
      await course.update(fields, { transaction });
      await CourseLesson.destroy({ where: { projectId, courseId: course.id }, transaction });
    } else {
      course = await Course.create(
        { projectId, createdBy: scope.principal.accountId, ...fields },
        { transaction },
      );
    }
    const courseId = course.id;
    await CourseLesson.bulkCreate(
      input.lessons.map((lesson, sort) => ({
        projectId,
        courseId,
        resourceId: lesson.resourceId,
        sort,
        hoursTenths: hoursToTenths(lesson.hours),
        trialSeconds: lesson.trialSeconds,
      })),
      { transaction },
    );
    const after = {
      name: fields.name,
      categoryId: fields.categoryId,
      status: fields.status,
      hoursTenths: fields.hoursTenths,
      lessons: input.lessons.map((lesson) => lesson.resourceId),
    };
    await audit(
      scope,
      {
        action: before ? 'course.update' : 'course.create',
        projectId,
        targetType: 'course',
        targetId: courseId,
        detail: before ? { before, after } : after,
      },
      transaction,
    );
    return courseId;
  });
  return getCourse(scope, id);
}

/**
 * Deletes a DRAFT course and its lessons; a PUBLISHED one is refused (set it back to draft first),
 * and a module using the course (a class) vetoes through `courseDeleting`. Audited. Throws
 * BusinessError 课程不存在, when the course is published, or the veto's BusinessError.
 */
export async function deleteCourse(scope: ActorScope, id: number): Promise<void> {
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    const course = await Course.findOne({
      where: { id, projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!course) throw new BusinessError(COURSE_NOT_FOUND);
    enforce(courseDeletion(course));
    await emit(scope, courseDeleting, { projectId, ids: [course.id] }, transaction);
    await CourseLesson.destroy({ where: { projectId, courseId: course.id }, transaction });
    await course.destroy({ transaction });
    await audit(
      scope,
      {
        action: 'course.delete',
        projectId,
        targetType: 'course',
        targetId: course.id,
        detail: { name: course.name, categoryId: course.categoryId },
      },
      transaction,
    );
  });
}

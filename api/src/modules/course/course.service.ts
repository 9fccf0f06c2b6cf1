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
import type { Caller } from '../../core/action';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { containsPattern } from '../../core/query';
import { audit } from '../audit/audit.service';
import { Resource } from '../resource/resource.model';
import { classUse, describeClassUse } from '../train-class/class-read';
import { Course, CourseLesson, ResourceQuestion } from './course.model';
import { courseCategories } from './course-category.service';

export const COURSE_NOT_FOUND = '课程不存在';

/** Lesson counts of courses by id. */
async function lessonCounts(courseIds: number[]): Promise<Map<number, number>> {
  if (!courseIds.length) return new Map();
  const rows = (await CourseLesson.findAll({
    attributes: ['courseId', [fn('COUNT', col('id')), 'count']],
    where: { courseId: courseIds },
    group: ['courseId'],
    raw: true,
  })) as unknown as { courseId: number; count: string }[];
  return new Map(rows.map((row) => [row.courseId, Number(row.count)]));
}

function presentCourse(course: Course, paths: Map<number, string>, lessonCount: number): CourseItem {
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
  };
}

/**
 * One page of the project's courses, newest first: `name` and `teacherName` match part of the
 * text, `categoryId` selects a category and all below it, `status` one state.
 */
export async function listCourses(
  projectId: number,
  input: z.output<typeof courseQueryInput>,
): Promise<PageAnswer<CourseItem>> {
  let categoryIds: number[] | undefined;
  if (input.categoryId !== undefined) {
    categoryIds = await courseCategories.subtreeIdsOf(projectId, input.categoryId);
  }
  const where: WhereOptions<Course> = {
    projectId,
    ...(input.status ? { status: input.status } : {}),
    ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
    ...(input.teacherName ? { teacherName: { [Op.iLike]: containsPattern(input.teacherName) } } : {}),
    ...(categoryIds ? { categoryId: categoryIds } : {}),
  };
  const { rows, count } = await Course.findAndCountAll({
    where,
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: input.pageSize,
    offset: (input.pageNum - 1) * input.pageSize,
  });
  const paths = await courseCategories.categoryPaths(projectId);
  const counts = await lessonCounts(rows.map((row) => row.id));
  return {
    list: rows.map((row) => presentCourse(row, paths, counts.get(row.id) ?? 0)),
    total: count,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** One course of the project with its lessons in order. Throws BusinessError 课程不存在. */
export async function getCourse(
  projectId: number,
  id: number,
  transaction?: Transaction,
): Promise<CourseDetail> {
  const course = await Course.findOne({ where: { id, projectId }, transaction });
  if (!course) throw new BusinessError(COURSE_NOT_FOUND);
  const lessons = await CourseLesson.findAll({
    where: { courseId: id },
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
        where: { resourceId: resourceIds },
        group: ['resourceId'],
        raw: true,
        transaction,
      })) as unknown as { resourceId: number; count: string }[])
    : [];
  const questions = new Map(questionRows.map((row) => [row.resourceId, Number(row.count)]));
  const paths = await courseCategories.categoryPaths(projectId, transaction);
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
 * video (`lessons.<i>.trialSeconds`); a PUBLISHED course needs a lesson (`lessons`).
 */
async function checkLessons(
  projectId: number,
  input: z.output<typeof courseSaveInput>,
  transaction: Transaction,
): Promise<void> {
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
    if (lesson.trialSeconds > video.durationSeconds)
      errors.push({
        field: `lessons.${index}.trialSeconds`,
        rule: 'max',
        message: `试看秒数不能超过视频时长 ${video.durationSeconds} 秒`,
      });
  }
  if (errors.length) throw new ValidationError(errors);
}

/** Refuses to make a course a draft while a class on the shelf uses it, naming `status`. */
async function checkNotOnShelf(course: Course, transaction: Transaction): Promise<void> {
  const use = await classUse(
    { projectId: course.projectId, courseId: course.id, onShelfOnly: true },
    transaction,
  );
  if (use.count)
    throw new ValidationError([
      {
        field: 'status',
        rule: 'in-use',
        message: `该课程正被已上架的${describeClassUse(use)}使用，不能改为草稿，请先下架这些班级`,
      },
    ]);
}

/**
 * Creates or replaces a course with its whole lesson list (in the order given); total hours are
 * the lessons' sum. A published course used by a class on the shelf stays published. Audited.
 * Throws ValidationError naming `categoryId`, `status` or `lessons.<i>.<field>`, BusinessError
 * 课程不存在 for another project's id.
 */
export async function saveCourse(
  caller: Caller,
  projectId: number,
  input: z.output<typeof courseSaveInput>,
): Promise<CourseDetail> {
  const id = await caller.sequelize.transaction(async (transaction) => {
    let course: Course | null = null;
    if (input.id) {
      course = await Course.findOne({
        where: { id: input.id, projectId },
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      if (!course) throw new BusinessError(COURSE_NOT_FOUND);
    }
    await courseCategories.requireCategory(projectId, input.categoryId, 'categoryId', transaction);
    if (course?.status === 'PUBLISHED' && input.status === 'DRAFT')
      await checkNotOnShelf(course, transaction);
    await checkLessons(projectId, input, transaction);
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
              where: { courseId: course.id },
              order: [['sort', 'ASC']],
              transaction,
            })
          ).map((lesson) => lesson.resourceId),
        }
      : null;
    if (course) {
      await course.update(fields, { transaction });
      await CourseLesson.destroy({ where: { courseId: course.id }, transaction });
    } else {
      course = await Course.create(
        { projectId, createdBy: caller.principal?.accountId ?? null, ...fields },
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
      caller,
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
  return getCourse(projectId, id);
}

/**
 * Deletes a DRAFT course and its lessons; a PUBLISHED one is refused (set it back to draft first),
 * and so is a course used by a class. Audited. Throws BusinessError 课程不存在, or when the course is
 * published or used.
 */
export async function deleteCourse(caller: Caller, projectId: number, id: number): Promise<void> {
  await caller.sequelize.transaction(async (transaction) => {
    const course = await Course.findOne({
      where: { id, projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!course) throw new BusinessError(COURSE_NOT_FOUND);
    if (course.status === 'PUBLISHED') throw new BusinessError('已发布的课程不能删除，请先改为草稿');
    const use = await classUse({ projectId, courseId: course.id }, transaction);
    if (use.count) throw new BusinessError(`该课程已被${describeClassUse(use)}使用，不能删除`);
    await CourseLesson.destroy({ where: { courseId: course.id }, transaction });
    await course.destroy({ transaction });
    await audit(
      caller,
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

/** How many lessons use a video (a video in use cannot be deleted). */
export function lessonsUsingResource(resourceId: number, transaction?: Transaction): Promise<number> {
  return CourseLesson.count({ where: { resourceId }, transaction });
}

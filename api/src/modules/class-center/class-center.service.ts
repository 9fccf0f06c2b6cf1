import { shownBaseTypes } from '@px/config';
import { col, fn, Op, QueryTypes, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { MyClassApply } from '../../contract/class-apply';
import type {
  ClassCenterDetail,
  ClassCenterItem,
  ClassLessonItem,
  ClassTrialPlay,
  classCenterPageInput,
} from '../../contract/class-center';
import type { PageAnswer } from '../../contract/common';
import { ACTIVE_MY_CLASS_STATUS } from '../../contract/train-class';
import type { TenantScope } from '../../core/action';
import { type FeedCacheOptions, sharedCache } from '../../core/change-feed';
import { BusinessError } from '../../core/errors';
import { andThen } from '../../core/maybe-promise';
import { modelPage } from '../../core/newest-first';
import { containsPattern } from '../../core/query';
import { ShopCartItem } from '../cart/cart.model';
import { type CategoryPlace, categoryAndBelow, categoryPlaces } from '../class-category/category-places';
import { CourseLesson } from '../course/course.model';
import { Resource } from '../resource/resource.model';
import { playGrantFailure, trialViewer } from '../resource/video-provider';
import { latestClassApply } from '../train-class/class-apply.model';
import { classRatings } from '../train-class/class-evaluation.service';
import {
  CLASS_NOT_OFFERED,
  chinaToday,
  classCourseItems,
  classHours,
  findOfferedClass,
  offeredWhere,
} from '../train-class/class-read';
import { MyClass, TrainClass, TrainClassCourse } from '../train-class/train-class.model';
import { presentMyClassApply } from '../train-class/train-class.presenter';
import { presentCenterItem } from './class-center.presenter';

/**
 * The H5 class centre: the offered classes of a project (on the shelf, plan PUBLISHED, today in
 * the enrol window) as lists, years, a detail with courses and lessons, and trial play URLs. The
 * project's settings (`scope.project.settings`) shape what is shown: hidden base types, elective
 * courses, trials.
 */

/** A trial play URL works this long at most (shorter when MEDIA_URL_TTL_MINUTES is). */
export const TRIAL_URL_TTL_SECONDS = 10 * 60;

/** The listing filters of the class centre. */
type CenterFilter = Pick<z.output<typeof classCenterPageInput>, 'year' | 'baseType' | 'categoryId' | 'name'>;

/**
 * The condition for the offered classes the H5 lists under `filter`: of a shown base type (and of
 * `baseType`), in `categoryId` or below it, of `year`, with `name` in their name.
 */
function listedWhere(
  scope: TenantScope,
  places: Map<number, CategoryPlace>,
  filter: CenterFilter,
  today: string,
): WhereOptions<TrainClass> {
  const types = shownBaseTypes(scope.project.settings).filter(
    (type) => !filter.baseType || type === filter.baseType,
  );
  const below = filter.categoryId === undefined ? null : new Set(categoryAndBelow(places, filter.categoryId));
  const categoryIds = [...places.entries()]
    .filter(([id, place]) => types.includes(place.baseType) && (!below || below.has(id)))
    .map(([id]) => id);
  return {
    ...offeredWhere(today),
    projectId: scope.project.id,
    categoryId: categoryIds,
    ...(filter.year === undefined ? {} : { year: filter.year }),
    ...(filter.name ? { name: { [Op.iLike]: containsPattern(filter.name) } } : {}),
  } as WhereOptions<TrainClass>;
}

/** How many ELECTIVE courses each class of `classIds` of the project bundles. */
async function electiveCourseCounts(projectId: number, classIds: number[]): Promise<Map<number, number>> {
  if (classIds.length === 0) return new Map();
  const rows = (await TrainClassCourse.findAll({
    attributes: ['classId', [fn('COUNT', col('id')), 'count']],
    where: { projectId, classId: classIds, kind: 'ELECTIVE' },
    group: ['classId'],
    raw: true,
  })) as unknown as { classId: number; count: string }[];
  return new Map(rows.map((row) => [row.classId, Number(row.count)]));
}

/** The H5 items of `classes`, in their order. */
async function centerItems(
  scope: TenantScope,
  places: Map<number, CategoryPlace>,
  classes: TrainClass[],
): Promise<ClassCenterItem[]> {
  const { id: projectId, settings } = scope.project;
  const ids = classes.map((cls) => cls.id);
  const [hours, ratings, electives] = await Promise.all([
    classHours(projectId, ids),
    classRatings(projectId, ids),
    settings.hideElective === 1
      ? electiveCourseCounts(projectId, ids)
      : Promise.resolve(new Map<number, number>()),
  ]);
  return classes.map((cls) =>
    presentCenterItem(cls, settings, {
      place: places.get(cls.categoryId),
      hours: hours.get(cls.id),
      rating: ratings.get(cls.id),
      hiddenCourses: electives.get(cls.id) ?? 0,
    }),
  );
}

/**
 * `class/center-page`: one page of the project's offered classes under the filters, in display
 * order (`sort`, then newest). Classes of hidden base types are left out.
 */
export async function pageCenterClasses(
  scope: TenantScope,
  input: z.output<typeof classCenterPageInput>,
  today = chinaToday(),
): Promise<PageAnswer<ClassCenterItem>> {
  const places = await categoryPlaces(scope.project.id);
  return modelPage(
    TrainClass,
    {
      where: listedWhere(scope, places, input, today),
      order: [
        ['sort', 'ASC'],
        ['createdAt', 'DESC'],
        ['id', 'DESC'],
      ],
    },
    input,
    (rows) => centerItems(scope, places, rows),
  );
}

/**
 * `class/center-years`: the years of the classes the H5 lists (offered, of a shown base type) from
 * the project's `classStartYear` on, newest first.
 */
export async function centerYears(scope: TenantScope, today = chinaToday()): Promise<number[]> {
  const places = await categoryPlaces(scope.project.id);
  const where = listedWhere(scope, places, {}, today);
  const rows = await TrainClass.findAll({
    attributes: [[fn('DISTINCT', col('year')), 'year']],
    where: {
      ...where,
      year: { [Op.gte]: scope.project.settings.classStartYear },
    } as WhereOptions<TrainClass>,
    raw: true,
  });
  return rows.map((row) => Number(row.year)).sort((a, b) => b - a);
}

/** Loads an offered class of the project or throws BusinessError 班级不存在或已下架. */
async function loadOffered(scope: TenantScope, id: number, today: string): Promise<TrainClass> {
  const found = await findOfferedClass(scope.project.id, id, today);
  if (!found) throw new BusinessError(CLASS_NOT_OFFERED);
  return found;
}

/** The lessons of `courseIds` of the project by course, in lesson order, with their videos' names and lengths. */
async function lessonsByCourse(
  scope: TenantScope,
  courseIds: number[],
): Promise<Map<number, ClassLessonItem[]>> {
  const { id: projectId, settings } = scope.project;
  const byCourse = new Map<number, ClassLessonItem[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return byCourse;
  const lessons = await CourseLesson.findAll({
    where: { projectId, courseId: courseIds },
    order: [
      ['courseId', 'ASC'],
      ['sort', 'ASC'],
    ],
  });
  const videos = new Map(
    (
      await Resource.findAll({
        attributes: ['id', 'name', 'durationSeconds'],
        where: { id: lessons.map((lesson) => lesson.resourceId), projectId },
      })
    ).map((video) => [video.id, video]),
  );
  for (const lesson of lessons) {
    const video = videos.get(lesson.resourceId);
    byCourse.get(lesson.courseId)?.push({
      lessonId: lesson.id,
      name: video?.name ?? '',
      durationSeconds: video?.durationSeconds ?? 0,
      hours: lesson.hoursTenths / 10,
      trialSeconds: settings.trySeeVideo === 1 ? lesson.trialSeconds : 0,
    });
  }
  return byCourse;
}

/** The signed-in student a detail is read for (their cart and enrolments), or null for visitors. */
export interface CenterStudent {
  accountId: number;
}

/** A student's state of a class: in the cart, enrolled, their latest application. */
export interface StudentState {
  inCart: boolean | null;
  enrolled: boolean | null;
  apply: MyClassApply | null;
}

/**
 * Whether the student has the class in the cart and an enrolment that counts
 * (ACTIVE_MY_CLASS_STATUS): kept per process while none of the student's cart items, enrolments
 * or applications changes on any instance (migrations 0030 and 0091), else one query.
 */
export function studentState(
  scope: TenantScope,
  classId: number,
  student: CenterStudent | null,
): StudentState | Promise<StudentState> {
  if (!student) return NO_STUDENT;
  const cache = sharedCache<StudentState>(scope.sequelize, 'class-student-state', STUDENT_STATE_CACHE);
  const read = () => readStudentState(scope, classId, student);
  if (!cache) return read();
  // Held: answered at once, no promise (class detail is a hot call).
  const state = cache.peekOrGet(`${student.accountId}|${scope.project.id}|${classId}`, read);
  return andThen(state, (held) => held ?? read());
}

const NO_STUDENT: StudentState = Object.freeze({ inCart: null, enrolled: null, apply: null });

const STUDENT_STATE_CACHE: FeedCacheOptions<StudentState> = {
  tables: ['shop_cart_item', 'my_class', 'class_apply'],
  // The key is `account|project|class`; a change of those tables names its accounts (migration 0091).
  accountsOf: (key) => [Number(key.split('|', 1)[0])],
  maxEntries: 50_000,
  maxAgeMs: 60_000,
};

async function readStudentState(
  scope: TenantScope,
  classId: number,
  student: CenterStudent,
): Promise<StudentState> {
  const [row] = await scope.sequelize.query<{ in_cart: boolean; enrolled: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM shop_cart_item
                     WHERE project_id = :projectId AND account_id = :accountId AND class_id = :classId) AS in_cart,
            EXISTS (SELECT 1 FROM my_class
                     WHERE project_id = :projectId AND account_id = :accountId AND class_id = :classId
                       AND status IN (:statuses)) AS enrolled`,
    {
      replacements: {
        projectId: scope.project.id,
        accountId: student.accountId,
        classId,
        statuses: [...ACTIVE_MY_CLASS_STATUS],
      },
      type: QueryTypes.SELECT,
    },
  );
  const apply = await latestClassApply(scope.project.id, student.accountId, classId);
  return {
    inCart: row?.in_cart ?? false,
    enrolled: row?.enrolled ?? false,
    apply: apply && presentMyClassApply(apply),
  };
}

/**
 * `class/find-detail` as every visitor sees it: an offered class of the project with its courses
 * and their lessons (elective courses left out when `hideElective`; trial seconds 0 when
 * `trySeeVideo` is off). The caller adds a signed-in student's own state (`studentState`). Throws
 * BusinessError 班级不存在或已下架.
 */
export async function findCenterDetail(
  scope: TenantScope,
  id: number,
  today = chinaToday(),
): Promise<Omit<ClassCenterDetail, keyof StudentState>> {
  const projectId = scope.project.id;
  const cls = await loadOffered(scope, id, today);
  const places = await categoryPlaces(projectId);
  const [item] = await centerItems(scope, places, [cls]);
  const courses = await classCourseItems(projectId, cls.id, {
    kinds: scope.project.settings.hideElective === 1 ? ['REQUIRED'] : undefined,
  });
  const lessons = await lessonsByCourse(
    scope,
    courses.map((course) => course.courseId),
  );
  return {
    ...(item as ClassCenterItem),
    enrolStartDate: cls.enrolStartDate,
    description: cls.description,
    studyInOrder: cls.studyInOrder,
    examRequired: cls.examRequired,
    examPassScore: cls.examPassScore,
    applyRequired: cls.applyRequired,
    courses: courses.map((course) => ({ ...course, lessons: lessons.get(course.courseId) ?? [] })),
  };
}

/**
 * `class/trial-play`: a signed play URL (valid TRIAL_URL_TTL_SECONDS at most) of a lesson's video
 * that serves only the bytes its trial needs (the provider's trial grant, for the caller's sign-in
 * when signed in: a packaged video's key goes with it, see hls.route.ts). Throws BusinessError
 * when the project's trials are off (试看未开放), the class is not offered, the lesson is not in
 * one of its shown courses, the lesson has no trial, or its video cannot be played (视频暂不能播放:
 * not READY, file missing or unreadable; the video service's refusal or outage as playGrantFailure
 * words it).
 */
export async function trialPlay(
  scope: TenantScope,
  input: { classId: number; lessonId: number },
  today = chinaToday(),
): Promise<ClassTrialPlay> {
  const { id: projectId, settings } = scope.project;
  if (settings.trySeeVideo !== 1) throw new BusinessError('试看未开放');
  const cls = await loadOffered(scope, input.classId, today);
  const courseIds = (
    await TrainClassCourse.findAll({
      attributes: ['courseId'],
      where: { projectId, classId: cls.id, ...(settings.hideElective === 1 ? { kind: 'REQUIRED' } : {}) },
    })
  ).map((link) => link.courseId);
  const lesson = await CourseLesson.findOne({
    where: { id: input.lessonId, projectId, courseId: courseIds },
  });
  if (!lesson) throw new BusinessError('该课时不在本班级中');
  if (lesson.trialSeconds <= 0) throw new BusinessError('该课时不支持试看');
  const video = await Resource.findOne({ where: { id: lesson.resourceId, projectId } });
  if (video?.status !== 'READY') throw new BusinessError('视频暂不能播放');
  const { video: provider } = scope.providers;
  const ttl = Math.min(TRIAL_URL_TTL_SECONDS, provider.limits.playUrlTtlSeconds);
  const trialSeconds = Math.min(lesson.trialSeconds, video.durationSeconds);
  const grant = await provider
    .authorizeTrial(scope, video, trialViewer(scope), trialSeconds, ttl)
    .catch((error: unknown) => {
      throw playGrantFailure(scope, error);
    });
  if (!grant.url) throw new BusinessError('视频暂不能播放');
  return {
    url: grant.url,
    trialSeconds,
    durationSeconds: video.durationSeconds,
    expiresAt: grant.expiresAt.toISOString(),
  };
}

/** How many classes the hub recommends. */
export const RECOMMENDED_LIMIT = 6;

/**
 * `my-class/recommended`: offered classes the H5 lists (shown base types) that the student neither
 * holds an enrolment of (any state but refunded or changed out) nor has in the cart, in display
 * order, at most RECOMMENDED_LIMIT.
 */
export async function recommendedClasses(
  scope: TenantScope & { principal: { accountId: number } },
  today = chinaToday(),
): Promise<ClassCenterItem[]> {
  const projectId = scope.project.id;
  const { accountId } = scope.principal;
  const places = await categoryPlaces(projectId);
  const [enrolled, inCart] = await Promise.all([
    MyClass.findAll({
      attributes: ['classId'],
      where: { projectId, accountId, status: [...ACTIVE_MY_CLASS_STATUS] },
    }),
    ShopCartItem.findAll({ attributes: ['classId'], where: { projectId, accountId } }),
  ]);
  const taken = [...enrolled, ...inCart].map((row) => row.classId);
  const classes = await TrainClass.findAll({
    where: {
      [Op.and]: [
        listedWhere(scope, places, {}, today),
        ...(taken.length ? [{ id: { [Op.notIn]: taken } }] : []),
      ],
    },
    order: [
      ['sort', 'ASC'],
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: RECOMMENDED_LIMIT,
  });
  return centerItems(scope, places, classes);
}

import { col, fn, literal, Op, type Transaction, type WhereOptions } from 'sequelize';
import { EVALUATING_MY_CLASS_STATUS } from '../../contract/class-evaluation';
import type { ClassCourseItem, ClassCourseKind } from '../../contract/train-class';
import { Course, CourseLesson } from '../course/course.model';
import { MyClass, TrainClass, TrainClassCourse } from './train-class.model';

/**
 * Reading classes, shared by the back-office class calls, the H5 class centre and the cart: what
 * "offered" means, a class's hours, enrolments and courses, and who uses a plan, category or course.
 * Every reader stays inside one project.
 */

const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;
/** The China day last asked for, with the instants it spans (`[from, to)`): hot reads ask on every call. */
let lastDay: { from: number; to: number; text: string } | null = null;

/** Today in China (UTC+8, no daylight saving) as `YYYY-MM-DD`: enrol and study windows are China days. */
export function chinaToday(now?: Date): string {
  const at = now ? now.getTime() : Date.now();
  if (lastDay && at >= lastDay.from && at < lastDay.to) return lastDay.text;
  const shifted = at + CHINA_OFFSET_MS;
  const text = new Date(shifted).toISOString().slice(0, 10);
  const from = shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - CHINA_OFFSET_MS;
  lastDay = { from, to: from + DAY_MS, text };
  return text;
}

/**
 * A class's enrolments by what they mean to staff: `paid` (studying, finished, passed, expired: the
 * 报名人数), `unpaid` (awaiting payment), `left` (refunded or changed out).
 */
export interface EnrolmentCounts {
  paid: number;
  unpaid: number;
  left: number;
}
const NO_ENROLMENTS: EnrolmentCounts = { paid: 0, unpaid: 0, left: 0 };

/**
 * The condition for classes offered to students on China day `today`: on the shelf, their plan
 * PUBLISHED, `today` within the enrol window (both ends included). Combine with the project filter.
 */
export function offeredWhere(today: string): WhereOptions<TrainClass> {
  return {
    onShelf: true,
    enrolStartDate: { [Op.lte]: today },
    enrolEndDate: { [Op.gte]: today },
    planId: {
      [Op.in]: literal(`(SELECT id FROM train_plan WHERE status = 'PUBLISHED')`),
    },
  } as WhereOptions<TrainClass>;
}

/** Why a class is not offered on `today`, or null when it is. */
export function notOfferedReason(
  cls: Pick<TrainClass, 'onShelf' | 'enrolStartDate' | 'enrolEndDate'>,
  planStatus: string,
  today: string,
): 'OFF_SHELF' | 'ENROL_CLOSED' | null {
  if (!cls.onShelf || planStatus !== 'PUBLISHED') return 'OFF_SHELF';
  if (today < cls.enrolStartDate || today > cls.enrolEndDate) return 'ENROL_CLOSED';
  return null;
}

/** A class's hours from its courses: required hours (sum), elective hours available (sum), course count. */
export interface ClassHours {
  requiredTenths: number;
  electiveTotalTenths: number;
  courseCount: number;
}

/** The hours of each class of `classIds` of the project (classes without courses get zeros). */
export async function classHours(
  projectId: number,
  classIds: number[],
  transaction?: Transaction,
): Promise<Map<number, ClassHours>> {
  const hours = new Map<number, ClassHours>(
    classIds.map((id) => [id, { requiredTenths: 0, electiveTotalTenths: 0, courseCount: 0 }]),
  );
  if (classIds.length === 0) return hours;
  const rows = await TrainClassCourse.findAll({ where: { projectId, classId: classIds }, transaction });
  for (const row of rows) {
    const entry = hours.get(row.classId);
    if (!entry) continue;
    entry.courseCount += 1;
    if (row.kind === 'REQUIRED') entry.requiredTenths += row.hoursTenths;
    else entry.electiveTotalTenths += row.hoursTenths;
  }
  return hours;
}

/** The number of enrolments that keep each class of `classIds` of the project from being deleted (every enrolment). */
export async function enrolmentCounts(
  projectId: number,
  classIds: number[],
  transaction?: Transaction,
): Promise<Map<number, EnrolmentCounts>> {
  const counts = new Map<number, EnrolmentCounts>(classIds.map((id) => [id, { ...NO_ENROLMENTS }]));
  if (classIds.length === 0) return counts;
  const rows = (await MyClass.findAll({
    attributes: [
      'classId',
      [literal(`count(*) FILTER (WHERE status IN (${sqlList(EVALUATING_MY_CLASS_STATUS)}))`), 'paid'],
      [literal(`count(*) FILTER (WHERE status = 'PENDING_PAY')`), 'unpaid'],
      [literal(`count(*) FILTER (WHERE status IN ('REFUNDED', 'CHANGED_OUT'))`), 'left'],
    ],
    where: { projectId, classId: classIds },
    group: ['classId'],
    raw: true,
    transaction,
  })) as unknown as { classId: number; paid: string; unpaid: string; left: string }[];
  for (const row of rows)
    counts.set(row.classId, { paid: Number(row.paid), unpaid: Number(row.unpaid), left: Number(row.left) });
  return counts;
}

/** The SQL list of fixed status words (`'A', 'B'`). */
const sqlList = (words: readonly string[]) => words.map((word) => `'${word}'`).join(', ');

/** The SQL of each class's enrolment counts (`class_id`, `paid`, `unpaid`, `left_count`), for the export's join. */
export function enrolmentCountsSql(projectId: number): string {
  return `SELECT class_id,
                 count(*) FILTER (WHERE status IN (${sqlList(EVALUATING_MY_CLASS_STATUS)})) AS paid,
                 count(*) FILTER (WHERE status = 'PENDING_PAY') AS unpaid,
                 count(*) FILTER (WHERE status IN ('REFUNDED', 'CHANGED_OUT')) AS left_count
            FROM my_class WHERE project_id = ${Number(projectId)} GROUP BY class_id`;
}

/**
 * Which classes of a project a catalogue record is used by: a plan, categories, or a course
 * (optionally only on-shelf classes).
 */
export type ClassUseFilter = { projectId: number } & (
  | { planId: number }
  | { categoryIds: number[] }
  | { courseIds: number[]; onShelfOnly?: boolean }
);

/** How many classes use a record, with the names of the first few (for refusals that name them). */
export interface ClassUse {
  count: number;
  names: string[];
}

/** The classes of a project using a plan, categories or courses (deleting them is refused while any does). */
export async function classUse(filter: ClassUseFilter, transaction?: Transaction): Promise<ClassUse> {
  const { projectId } = filter;
  let where: WhereOptions<TrainClass>;
  if ('planId' in filter) where = { planId: filter.planId };
  else if ('categoryIds' in filter) where = { categoryId: filter.categoryIds };
  else {
    const rows = await TrainClassCourse.findAll({
      attributes: ['classId'],
      where: { projectId, courseId: filter.courseIds },
      transaction,
    });
    where = { id: rows.map((row) => row.classId), ...(filter.onShelfOnly ? { onShelf: true } : {}) };
  }
  const { rows, count } = await TrainClass.findAndCountAll({
    attributes: ['name'],
    where: { ...where, projectId },
    order: [['id', 'ASC']],
    limit: 3,
    transaction,
  });
  return { count, names: rows.map((row) => row.name) };
}

/** `「甲」、「乙」等 5 个班级`: the classes of a ClassUse, for refusal messages. */
export function describeClassUse(use: ClassUse): string {
  const names = use.names.map((name) => `「${name}」`).join('、');
  return use.count > use.names.length ? `${names}等 ${use.count} 个班级` : `班级${names}`;
}

/** What students are told of a class that is not offered, or of another project: the same for both. */
export const CLASS_NOT_OFFERED = '班级不存在或已下架';

/** The class `id` of the project when it is offered on `today`, else null (other projects' classes too). */
export function findOfferedClass(
  projectId: number,
  id: number,
  today: string,
  transaction?: Transaction,
): Promise<TrainClass | null> {
  return TrainClass.findOne({
    where: { ...offeredWhere(today), id, projectId } as WhereOptions<TrainClass>,
    transaction,
  });
}

/**
 * The courses of a class of the project in class order as `class/detail` and `class/find-detail`
 * answer them (optionally only some kinds), hours as numbers with one decimal.
 */
export async function classCourseItems(
  projectId: number,
  classId: number,
  options: { kinds?: readonly ClassCourseKind[]; transaction?: Transaction } = {},
): Promise<ClassCourseItem[]> {
  const { transaction } = options;
  const links = await TrainClassCourse.findAll({
    where: { projectId, classId, ...(options.kinds ? { kind: [...options.kinds] } : {}) },
    order: [['sort', 'ASC']],
    transaction,
  });
  if (links.length === 0) return [];
  const courseIds = links.map((link) => link.courseId);
  const courses = new Map(
    (await Course.findAll({ where: { id: courseIds, projectId }, transaction })).map((course) => [
      course.id,
      course,
    ]),
  );
  const lessonRows = (await CourseLesson.findAll({
    attributes: ['courseId', [fn('COUNT', col('id')), 'count']],
    where: { projectId, courseId: courseIds },
    group: ['courseId'],
    raw: true,
    transaction,
  })) as unknown as { courseId: number; count: string }[];
  const lessonCounts = new Map(lessonRows.map((row) => [row.courseId, Number(row.count)]));
  return links.map((link) => {
    const course = courses.get(link.courseId);
    return {
      courseId: link.courseId,
      name: course?.name ?? '',
      teacherName: course?.teacherName ?? null,
      kind: link.kind,
      hours: link.hoursTenths / 10,
      courseHours: (course?.hoursTenths ?? 0) / 10,
      lessonCount: lessonCounts.get(link.courseId) ?? 0,
      sort: link.sort,
    };
  });
}

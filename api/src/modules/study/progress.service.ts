import type { ProjectSettings } from '@px/config';
import { canonicalJson } from '@px/config/signing';
import type { Transaction } from 'sequelize';
import type { MyClassStatus } from '../../contract/train-class';
import type { Scope, TenantScope } from '../../core/action';
import { emit } from '../../core/events';
import { Course, CourseLesson } from '../course/course.model';
import { Resource } from '../resource/resource.model';
import { enrolmentPassed } from '../train-class/my-class.events';
import { MyClass, TrainClass, TrainClassCourse } from '../train-class/train-class.model';
import { appendLedger, hoursBody } from './ledger';
import { LessonProgress } from './study.model';

/**
 * Lesson progress of an enrolment and the roll-up of its hours: the class's lessons in study order,
 * which are locked, the hours credited and asked for, and the roll-up into the enrolment, which
 * finishes study (and passes the class when it has no exam) once the class's hours are reached.
 */

/** A lesson of a class in study order, with its course and video. */
export interface ClassLesson {
  lesson: CourseLesson;
  course: Course;
  link: TrainClassCourse;
  video: Resource | undefined;
}

/** The class's courses (in class order) with their lessons (in course order) and videos. */
export async function classLessons(projectId: number, classId: number, transaction?: Transaction) {
  const links = await TrainClassCourse.findAll({
    where: { projectId, classId },
    order: [
      ['sort', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
  const courseIds = links.map((link) => link.courseId);
  const courses = new Map(
    (await Course.findAll({ where: { projectId, id: courseIds }, transaction })).map((c) => [c.id, c]),
  );
  const lessons = await CourseLesson.findAll({
    where: { projectId, courseId: courseIds },
    order: [
      ['courseId', 'ASC'],
      ['sort', 'ASC'],
    ],
    transaction,
  });
  const videos = new Map(
    (
      await Resource.findAll({
        where: { projectId, id: [...new Set(lessons.map((lesson) => lesson.resourceId))] },
        transaction,
      })
    ).map((video) => [video.id, video]),
  );
  const ordered: ClassLesson[] = [];
  for (const link of links) {
    const course = courses.get(link.courseId);
    if (!course) continue;
    for (const lesson of lessons.filter((row) => row.courseId === link.courseId))
      ordered.push({ lesson, course, link, video: videos.get(lesson.resourceId) });
  }
  return { links, courses, ordered };
}

/** How lesson progress is keyed: by the lesson's course and video (lesson ids do not last). */
export const progressKey = (courseId: number, resourceId: number) => `${courseId}:${resourceId}`;

/** The enrolment's lesson progress by course and video. */
export async function progressOf(projectId: number, myClassId: number, transaction?: Transaction) {
  const rows = await LessonProgress.findAll({ where: { projectId, myClassId }, transaction });
  return new Map(rows.map((row) => [progressKey(row.courseId, row.resourceId), row]));
}

/** Which lessons are locked: in a class studied in order, every lesson after the first unfinished one. */
export function lockedLessons(
  ordered: readonly ClassLesson[],
  progress: Map<string, LessonProgress>,
  inOrder: boolean,
) {
  const locked = new Set<number>();
  if (!inOrder) return locked;
  let open = true;
  for (const { lesson } of ordered) {
    if (!open) locked.add(lesson.id);
    const row = progress.get(progressKey(lesson.courseId, lesson.resourceId));
    if (!row?.finishedAt) open = false;
  }
  return locked;
}

/** Hours in tenths as a number with one decimal. */
export const hours = (tenths: number) => tenths / 10;

/**
 * The hours an enrolment has credited (tenths): per class course, the finished lessons' share of
 * the course's hours, counted at the hours the class gives the course; required and elective apart.
 */
function creditedTenths(
  links: readonly TrainClassCourse[],
  courses: Map<number, Course>,
  progress: Iterable<LessonProgress>,
): { required: number; elective: number } {
  const finishedByCourse = new Map<number, number>();
  for (const row of progress)
    if (row.finishedAt)
      finishedByCourse.set(row.courseId, (finishedByCourse.get(row.courseId) ?? 0) + row.hoursTenths);
  let required = 0;
  let elective = 0;
  for (const link of links) {
    const courseTenths = courses.get(link.courseId)?.hoursTenths ?? 0;
    const finished = finishedByCourse.get(link.courseId) ?? 0;
    if (courseTenths <= 0 || finished <= 0) continue;
    const credited = Math.min(link.hoursTenths, Math.floor((finished * link.hoursTenths) / courseTenths));
    if (link.kind === 'REQUIRED') required += credited;
    else elective += credited;
  }
  return { required, elective };
}

/** The hours a class asks for (tenths): its required courses' hours, and the elective hours to earn. */
export function targetTenths(cls: TrainClass, links: readonly TrainClassCourse[], settings: ProjectSettings) {
  return {
    required: links
      .filter((link) => link.kind === 'REQUIRED')
      .reduce((sum, link) => sum + link.hoursTenths, 0),
    elective: settings.hideElective === 1 ? 0 : cls.electiveHoursTenths,
  };
}

/**
 * Rolls the finished lessons of an enrolment up into its hours; once the class's required and
 * elective hours are reached a STUDYING enrolment becomes FINISHED_STUDY, and PASSED at once when
 * the class has no exam. Answers the enrolment's status.
 */
export async function rollUp(
  scope: TenantScope,
  enrolmentId: number,
  now: Date,
  transaction: Transaction,
): Promise<MyClassStatus> {
  const { enrolment, passedNow } = await rollUpHours(
    enrolmentId,
    scope.project.id,
    scope.project.settings,
    now,
    transaction,
  );
  if (passedNow) await announcePassed(scope, enrolment, now, transaction);
  return enrolment.status;
}

/**
 * The roll-up without telling anyone: for the demo seed, which has no scope (and whose enrolment
 * does not pass). Everything else calls `rollUp`.
 */
export async function rollUpHours(
  enrolmentId: number,
  projectId: number,
  settings: ProjectSettings,
  now: Date,
  transaction: Transaction,
): Promise<{ enrolment: MyClass; passedNow: boolean }> {
  const enrolment = await MyClass.findOne({
    where: { id: enrolmentId, projectId },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  const cls = enrolment
    ? await TrainClass.findOne({ where: { id: enrolment.classId, projectId }, transaction })
    : null;
  if (!enrolment || !cls) throw new Error('enrolment missing during roll-up');
  const { links, courses } = await classLessons(projectId, cls.id, transaction);
  const credited = creditedTenths(
    links,
    courses,
    (await progressOf(projectId, enrolment.id, transaction)).values(),
  );
  const target = targetTenths(cls, links, settings);
  const reached = credited.required >= target.required && credited.elective >= target.elective;
  const next: Partial<Pick<MyClass, 'status' | 'finishedStudyAt' | 'passedAt'>> = {};
  if (reached && enrolment.status === 'STUDYING') {
    next.status = cls.examRequired ? 'FINISHED_STUDY' : 'PASSED';
    next.finishedStudyAt = now;
    if (!cls.examRequired) next.passedAt = now;
  }
  const before = hoursBody(enrolment);
  await enrolment.update(
    { requiredTenths: credited.required, electiveTenths: credited.elective, ...next },
    { transaction },
  );
  const after = hoursBody(enrolment);
  if (canonicalJson(after) !== canonicalJson(before))
    await appendLedger(
      enrolment.sequelize,
      { projectId, myClassId: enrolment.id, kind: 'HOURS', body: after, at: now },
      transaction,
    );
  return { enrolment, passedNow: next.status === 'PASSED' };
}

/**
 * Moves a FINISHED_STUDY enrolment to PASSED (its exam passed with `score`; null when the class
 * stopped requiring an exam) and tells the modules above
 * (certificates). The caller holds the enrolment's row lock in `transaction`. Answers whether it moved.
 */
export async function passEnrolment(
  scope: Scope,
  enrolment: MyClass,
  score: number | null,
  now: Date,
  transaction: Transaction,
): Promise<boolean> {
  if (enrolment.status !== 'FINISHED_STUDY') return false;
  await enrolment.update({ status: 'PASSED', passedAt: now }, { transaction });
  await appendLedger(
    scope.sequelize,
    {
      projectId: enrolment.projectId,
      myClassId: enrolment.id,
      kind: 'PASSED',
      body: { scoreTenths: score === null ? null : Math.round(score * 10), status: 'PASSED' },
      at: now,
    },
    transaction,
  );
  await announcePassed(scope, enrolment, now, transaction, score);
  return true;
}

/**
 * Passes every enrolment of a class that waited for its exam (FINISHED_STUDY), in id order under
 * row locks: the class no longer requires an exam (`classExamDropped`). Answers how many passed.
 */
export async function passWaitingForExam(
  scope: Scope,
  { projectId, classId }: { projectId: number; classId: number },
  now: Date,
  transaction: Transaction,
): Promise<number> {
  const waiting = await MyClass.findAll({
    where: { projectId, classId, status: 'FINISHED_STUDY' },
    order: [['id', 'ASC']],
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  let passed = 0;
  for (const enrolment of waiting)
    if (await passEnrolment(scope, enrolment, null, now, transaction)) passed++;
  return passed;
}

function announcePassed(
  scope: Scope,
  enrolment: MyClass,
  passedAt: Date,
  transaction: Transaction,
  score: number | null = null,
) {
  return emit(
    scope,
    enrolmentPassed,
    {
      projectId: enrolment.projectId,
      myClassId: enrolment.id,
      accountId: enrolment.accountId,
      classId: enrolment.classId,
      passedAt,
      score,
    },
    transaction,
  );
}

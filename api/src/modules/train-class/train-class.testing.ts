import { randomBytes } from 'node:crypto';
import type { InferCreationAttributes } from 'sequelize';
import type { ClassBaseType } from '../../contract/class-category';
import type { ClassCourseKind, MyClassStatus } from '../../contract/train-class';
import type { TrainPlanStatus } from '../../contract/train-plan';
import { ClassCategory } from '../class-category/class-category.model';
import { createBaseCategories } from '../class-category/class-category.service';
import { Course, CourseCategory, CourseLesson } from '../course/course.model';
import type { Resource } from '../resource/resource.model';
import { buildResource } from '../resource/resource.testing';
import { TrainPlan } from '../train-plan/train-plan.model';
import { buildPlan } from './class-admin.testing';
import { chinaToday } from './class-read';
import { MyClass, TrainClass, TrainClassCourse } from './train-class.model';

/**
 * Test factories of the class centre, evaluations and the cart: class categories, published
 * courses with lessons (videos), classes and enrolments, written straight through the models (no
 * calls), so a test states only what it is about. By default a class is offered today: on the
 * shelf, its plan PUBLISHED, the enrol window from 30 days ago to 30 days ahead (China days).
 */

const suffix = () => randomBytes(4).toString('hex');

/** `YYYY-MM-DD` moved by `days` (negative: earlier). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The base type `code` of the project (the two base types are created when missing). */
export async function baseCategory(
  projectId: number,
  code: ClassBaseType = 'public',
): Promise<ClassCategory> {
  await createBaseCategories(projectId);
  const base = await ClassCategory.findOne({ where: { projectId, code } });
  if (!base) throw new Error(`base type ${code} of project ${projectId} is missing`);
  return base;
}

/** A class category under `parent` (a major type under a base type, a major child under a major type). */
export function buildCategory(parent: ClassCategory, name = `类型${suffix()}`): Promise<ClassCategory> {
  return ClassCategory.create({
    projectId: parent.projectId,
    parentId: parent.id,
    level: parent.level === 1 ? 2 : 3,
    name,
    sort: 99,
  });
}

/** A lesson of `buildLessonCourse`: its video's length and name, its hours (tenths), its trial seconds. */
export interface LessonSpec {
  durationSeconds?: number;
  hoursTenths?: number;
  trialSeconds?: number;
  name?: string;
}

/** A built course with its lessons and their videos, in order. */
export interface BuiltCourse {
  course: Course;
  lessons: CourseLesson[];
  videos: Resource[];
}

/**
 * A PUBLISHED course of the project with its lessons (default: one lesson of 1.0 h, 60 s of video,
 * 10 trial seconds); its hours are the sum of its lessons'.
 */
export async function buildLessonCourse(
  projectId: number,
  options: { name?: string; teacherName?: string | null; lessons?: LessonSpec[] } = {},
): Promise<BuiltCourse> {
  const specs = options.lessons ?? [{}];
  const category = await CourseCategory.create({ projectId, parentId: null, name: `课程分类${suffix()}` });
  const course = await Course.create({
    projectId,
    categoryId: category.id,
    name: options.name ?? `课程${suffix()}`,
    teacherName: options.teacherName ?? null,
    description: null,
    status: 'PUBLISHED',
    hoursTenths: specs.reduce((sum, spec) => sum + (spec.hoursTenths ?? 10), 0),
    createdBy: null,
  });
  const videos: Resource[] = [];
  const lessons: CourseLesson[] = [];
  for (const [sort, spec] of specs.entries()) {
    const video = await buildResource(projectId, {
      durationSeconds: spec.durationSeconds ?? 60,
      ...(spec.name ? { name: spec.name } : {}),
    });
    videos.push(video);
    lessons.push(
      await CourseLesson.create({
        projectId,
        courseId: course.id,
        resourceId: video.id,
        sort,
        hoursTenths: spec.hoursTenths ?? 10,
        trialSeconds: spec.trialSeconds ?? 10,
      }),
    );
  }
  return { course, lessons, videos };
}

/** A course of `buildClass`: an existing course or one to build, how it counts, the hours it credits. */
export interface ClassCourseSpec {
  course?: BuiltCourse;
  kind?: ClassCourseKind;
  /** Tenths; default the course's own hours. */
  hoursTenths?: number;
  lessons?: LessonSpec[];
}

/** What `buildClass` may be told; everything else takes an offered default. */
export interface BuildClassOptions
  extends Partial<Omit<InferCreationAttributes<TrainClass>, 'projectId' | 'planId' | 'categoryId'>> {
  projectId: number;
  /** An existing plan; absent: a new plan of `planStatus` (default PUBLISHED). */
  planId?: number;
  planStatus?: TrainPlanStatus;
  /** A category of the project; absent: the base type `baseType` (default `public`). */
  categoryId?: number;
  baseType?: ClassBaseType;
  /** Courses to bundle, in order; default one REQUIRED course of one lesson. `[]` for none. */
  courses?: ClassCourseSpec[];
}

/** A built class with its plan and courses (in class order). */
export interface BuiltClass {
  trainClass: TrainClass;
  plan: TrainPlan;
  courses: BuiltCourse[];
}

/**
 * A class written straight to the database. By default offered today (on the shelf, plan
 * PUBLISHED, enrol window around today), priced 100.00 yuan, with one required course.
 */
export async function buildClass(options: BuildClassOptions): Promise<BuiltClass> {
  const { projectId, planId, planStatus, categoryId, baseType, courses: courseSpecs, ...fields } = options;
  const plan = planId
    ? ((await TrainPlan.findOne({ where: { id: planId, projectId } })) as TrainPlan)
    : await buildPlan(projectId, { status: planStatus ?? 'PUBLISHED' });
  const category = categoryId ?? (await baseCategory(projectId, baseType)).id;
  const today = chinaToday();
  const trainClass = await TrainClass.create({
    projectId,
    planId: plan.id,
    categoryId: category,
    certificateTemplateId: null,
    name: `班级${suffix()}`,
    year: plan.year,
    amountFen: 10_000,
    enrolStartDate: shiftDay(today, -30),
    enrolEndDate: shiftDay(today, 30),
    studyStartDate: shiftDay(today, -30),
    studyEndDate: shiftDay(today, 365),
    teacherName: null,
    description: null,
    onShelf: true,
    createdBy: null,
    ...fields,
  });
  const courses: BuiltCourse[] = [];
  for (const [sort, spec] of (courseSpecs ?? [{}]).entries()) {
    const built = spec.course ?? (await buildLessonCourse(projectId, { lessons: spec.lessons }));
    courses.push(built);
    await TrainClassCourse.create({
      projectId,
      classId: trainClass.id,
      courseId: built.course.id,
      kind: spec.kind ?? 'REQUIRED',
      hoursTenths: spec.hoursTenths ?? built.course.hoursTenths,
      sort,
    });
  }
  return { trainClass, plan, courses };
}

/** An enrolment (my_class row) of a student in a class, STUDYING unless told otherwise. */
export function enrol(
  trainClass: Pick<TrainClass, 'id' | 'projectId'>,
  accountId: number,
  status: MyClassStatus = 'STUDYING',
): Promise<MyClass> {
  return MyClass.create({ projectId: trainClass.projectId, accountId, classId: trainClass.id, status });
}

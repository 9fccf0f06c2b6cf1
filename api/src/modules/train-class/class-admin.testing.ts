import { ROLE_SYSTEM } from '@px/config';
import type { InferCreationAttributes } from 'sequelize';
import { chinaYear } from '../../contract/train-plan';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { CertificateTemplate } from '../certificate/certificate-template.model';
import { ClassCategory } from '../class-category/class-category.model';
import { createBaseCategories } from '../class-category/class-category.service';
import { Course, CourseCategory, CourseLesson } from '../course/course.model';
import { buildResource } from '../resource/resource.testing';
import { TrainPlan } from '../train-plan/train-plan.model';

/** The class screens' menu: the list and the editor. */
export const CLASS_MENU = [
  '/home',
  '/train-manage',
  '/train-manage/class',
  '/train-manage/train-class-detail',
];
/** The current China year (the default year of test classes). */
export const THIS_YEAR = chinaYear(new Date());

/** A train plan of a project (PUBLISHED unless told), for this year. */
export function buildPlan(
  projectId: number,
  overrides: Partial<InferCreationAttributes<TrainPlan>> = {},
): Promise<TrainPlan> {
  return TrainPlan.create({
    projectId,
    year: THIS_YEAR,
    name: `计划${Math.random().toString(36).slice(2, 8)}`,
    industry: 'construction',
    startDate: `${THIS_YEAR}-01-01`,
    endDate: `${THIS_YEAR}-12-31`,
    status: 'PUBLISHED',
    ...overrides,
  });
}

/** A course of a project (PUBLISHED unless told) with one lesson of `hoursTenths` on a video of its own. */
export async function buildCourse(
  projectId: number,
  categoryId: number,
  overrides: Partial<InferCreationAttributes<Course>> = {},
): Promise<Course> {
  const course = await Course.create({
    projectId,
    categoryId,
    name: `课程${Math.random().toString(36).slice(2, 8)}`,
    teacherName: '张老师',
    description: null,
    status: 'PUBLISHED',
    hoursTenths: 20,
    createdBy: null,
    ...overrides,
  });
  const video = await buildResource(projectId);
  await CourseLesson.create({
    projectId,
    courseId: course.id,
    resourceId: video.id,
    sort: 0,
    hoursTenths: course.hoursTenths,
    trialSeconds: 0,
  });
  return course;
}

/** A project's catalogue for class tests: plans, the class-type tree, courses, certificate templates, staff. */
export interface ClassCatalogue {
  projectId: number;
  /** Project staff holding both class screens. */
  token: string;
  plans: { published: TrainPlan; draft: TrainPlan; closed: TrainPlan };
  categories: {
    publicBase: ClassCategory;
    specializedBase: ClassCategory;
    major: ClassCategory;
    child: ClassCategory;
  };
  /** Two published courses (2.0 h and 1.5 h) and a draft one. */
  courses: { required: Course; elective: Course; draft: Course };
  templates: { enabled: CertificateTemplate; disabled: CertificateTemplate };
}

/** Builds a project with everything a class refers to, and a staff token with the class screens. */
export async function buildClassCatalogue(menu: string[] = CLASS_MENU): Promise<ClassCatalogue> {
  const projectId = (await buildProject()).id;
  await createBaseCategories(projectId);
  const bases = await ClassCategory.findAll({ where: { projectId, level: 1 } });
  const publicBase = bases.find((base) => base.code === 'public') as ClassCategory;
  const specializedBase = bases.find((base) => base.code === 'specialized') as ClassCategory;
  const major = await ClassCategory.create({
    projectId,
    parentId: specializedBase.id,
    level: 2,
    name: '建筑工程',
    sort: 1,
  });
  const child = await ClassCategory.create({
    projectId,
    parentId: major.id,
    level: 3,
    name: '建筑施工',
    sort: 1,
  });
  const courseCategory = await CourseCategory.create({
    projectId,
    parentId: null,
    name: '安全生产',
    sort: 0,
  });
  const token = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu })).account,
  );
  return {
    projectId,
    token,
    plans: {
      published: await buildPlan(projectId),
      draft: await buildPlan(projectId, { status: 'DRAFT' }),
      closed: await buildPlan(projectId, { status: 'CLOSED' }),
    },
    categories: { publicBase, specializedBase, major, child },
    courses: {
      required: await buildCourse(projectId, courseCategory.id, { hoursTenths: 20, name: '安全生产基础' }),
      elective: await buildCourse(projectId, courseCategory.id, { hoursTenths: 15, name: '现场急救实务' }),
      draft: await buildCourse(projectId, courseCategory.id, { status: 'DRAFT', name: '草稿课程' }),
    },
    templates: {
      enabled: await CertificateTemplate.create({
        projectId,
        name: '结业证书',
        backgroundImage: null,
        createdBy: null,
      }),
      disabled: await CertificateTemplate.create({
        projectId,
        name: '旧版证书',
        status: 'DISABLED',
        backgroundImage: null,
        createdBy: null,
      }),
    },
  };
}

let counter = 0;
/**
 * A valid `class/create` body for the catalogue: its published plan, this year, the major type,
 * 98.00 yuan, windows over this year and next, a required and an elective course (1 h elective).
 */
export function validClass(catalogue: ClassCatalogue, overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `建筑施工安全员继续教育班${counter}`,
    planId: catalogue.plans.published.id,
    year: THIS_YEAR,
    categoryId: catalogue.categories.major.id,
    amount: 9800,
    enrolStartDate: `${THIS_YEAR}-01-01`,
    enrolEndDate: `${THIS_YEAR + 1}-12-31`,
    studyStartDate: `${THIS_YEAR}-01-01`,
    studyEndDate: `${THIS_YEAR + 1}-12-31`,
    electiveHours: 1,
    courses: [
      { courseId: catalogue.courses.required.id, kind: 'REQUIRED' },
      { courseId: catalogue.courses.elective.id, kind: 'ELECTIVE' },
    ],
    ...overrides,
  };
}

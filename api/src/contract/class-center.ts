import { z } from 'zod';
import { guest } from './access';
import { answer, defineCalls } from './call';
import type { MyClassApply } from './class-apply';
import { CLASS_BASE_TYPES, type ClassBaseType } from './class-category';
import { type PageAnswer, zInput, zOptional, zOptionalText, zPage } from './common';
import type { ClassCourseItem } from './train-class';
import { zYear } from './train-plan';

/**
 * The H5 class centre (public calls; the project is the signed-in student's, else the request's
 * host or `unitId`). Only offered classes are answered: on the shelf, plan PUBLISHED, today (China)
 * within the enrol window. A class of another project is never answered.
 */

/**
 * `class/center-page` (public): offered classes of a year and class type, in display order.
 * `categoryId` includes the categories below it; `baseType` restricts to a base type.
 */
export const classCenterPageInput = z.object({
  ...zPage,
  unitId: zInput.optionalId(),
  year: zOptional(zYear),
  baseType: zOptional(z.enum(CLASS_BASE_TYPES, { error: '类型应为 public 或 specialized' })),
  categoryId: zInput.optionalId(),
  name: zOptionalText(100),
});
export type ClassCenterPageInput = z.input<typeof classCenterPageInput>;

/** A class as the H5 lists it. */
export interface ClassCenterItem {
  id: number;
  name: string;
  year: number;
  baseType: ClassBaseType;
  categoryPath: string;
  amount: number;
  requiredHours: number;
  electiveHours: number;
  courseCount: number;
  teacherName: string | null;
  enrolEndDate: string;
  studyStartDate: string;
  studyEndDate: string;
  /** Average evaluation score 1..5 (one decimal), null without evaluations. */
  rating: number | null;
  evaluationCount: number;
}

/** `class/center-years` (public): the years that have offered classes, newest first, within `classStartYear`.. */
export const classCenterYearsInput = z.object({ unitId: zInput.optionalId() });

/**
 * `class/center-categories` (public): the class-type tree the H5 offers. Only categories holding
 * offered classes (themselves or below) are answered, of `year` when given; the shown base types
 * are always answered (possibly without children).
 */
export const classCenterCategoriesInput = z.object({
  unitId: zInput.optionalId(),
  year: zOptional(zYear),
});
export type ClassCenterCategoriesInput = z.input<typeof classCenterCategoriesInput>;

/** A major type (with its major children) or a major child of `class/center-categories`. */
export interface ClassCenterCategory {
  id: number;
  name: string;
  /** Major children of a major type (empty with `hideMajorChildType`); always empty for a major child. */
  children: ClassCenterCategory[];
}

/**
 * A base type of `class/center-categories`, in `h5Config.showClassType` order without the hidden
 * ones; its children are the major types (none with `hideMajorType`).
 */
export interface ClassCenterBaseType extends ClassCenterCategory {
  code: ClassBaseType;
}

/** `class/find-detail` (public): an offered class with its courses and lessons for the H5 detail page. */
export const classFindDetailInput = z.object({ id: zInput.id(), unitId: zInput.optionalId() });

/** A lesson of a course in the H5 class detail. */
export interface ClassLessonItem {
  lessonId: number;
  name: string;
  durationSeconds: number;
  hours: number;
  /** Seconds a visitor may watch (0: none); 0 too when the project's `trySeeVideo` is off. */
  trialSeconds: number;
}

/** `class/find-detail`. */
export interface ClassCenterDetail extends ClassCenterItem {
  enrolStartDate: string;
  description: string | null;
  studyInOrder: boolean;
  examRequired: boolean;
  /** Pass mark of the exam (0..100), shown by the H5 /detail-question page. */
  examPassScore: number;
  /** Enrolment goes through an application staff approve (报名需审核, `my-class/apply`). */
  applyRequired: boolean;
  courses: (ClassCourseItem & { lessons: ClassLessonItem[] })[];
  /** The signed-in student's state: in the cart, already enrolled (null when anonymous). */
  inCart: boolean | null;
  enrolled: boolean | null;
  /** The signed-in student's latest application of the class (null when none or anonymous). */
  apply: MyClassApply | null;
}

/**
 * `class/trial-play` (public): a signed play URL of a lesson's video for its trial. Refused when the
 * project's `trySeeVideo` is off, the class is not offered, the lesson is not in it or has no trial.
 */
export const classTrialPlayInput = z.object({
  classId: zInput.id(),
  lessonId: zInput.id(),
  unitId: zInput.optionalId(),
});

/** `class/trial-play`. The player stops at `trialSeconds` and prompts to enrol. */
export interface ClassTrialPlay {
  url: string;
  trialSeconds: number;
  durationSeconds: number;
  /** When the URL stops working (ISO). */
  expiresAt: string;
}

/**
 * The H5 class centre calls (public): the project is the signed-in caller's, else the request's
 * (`unitId`, else the host's, else the default one). Only offered classes are answered.
 */
export const classCenterCalls = defineCalls('class', {
  /** A page of the offered classes (year, base type, category with those below, name). */
  'center-page': {
    input: classCenterPageInput,
    answer: answer<PageAnswer<ClassCenterItem>>(),
    access: guest,
  },
  /** The years that have offered classes, newest first. */
  'center-years': { input: classCenterYearsInput, answer: answer<number[]>(), access: guest },
  /** The class-type tree the H5 offers (categories holding offered classes). */
  'center-categories': {
    input: classCenterCategoriesInput,
    answer: answer<ClassCenterBaseType[]>(),
    access: guest,
  },
  /** An offered class with courses and lessons; cart and enrolment state for a student. */
  'find-detail': { input: classFindDetailInput, answer: answer<ClassCenterDetail>(), access: guest },
  /** A short-lived signed play URL of a lesson's trial. */
  'trial-play': { input: classTrialPlayInput, answer: answer<ClassTrialPlay>(), access: guest },
});

import { z } from 'zod';
import { guest, staff, student } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import { CLASS_BASE_TYPES, type ClassBaseType } from './class-category';
import {
  type PageAnswer,
  zBoolean,
  zIdList,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';
import { isCalendarDate, zCalendarDate, zYear } from './train-plan';

/**
 * Classes (班级): what a student enrols in and pays for. A class belongs to a train plan of its
 * project, sits in the class-type tree (a base type, optionally a major type and a major child),
 * bundles required and elective courses with the hours they credit, has a price in fen, an enrol
 * window and a study window, and is on or off the shelf. See docs/product-decisions.md "Classes".
 */

/** Highest price of a class: 100 000 yuan, in fen. */
export const CLASS_AMOUNT_MAX_FEN = 10_000_000;
const AMOUNT = `价格应为 0 到 ${CLASS_AMOUNT_MAX_FEN / 100} 元之间、以分计的整数`;
/**
 * A price in fen: an integer from 0 (free) to `CLASS_AMOUNT_MAX_FEN`; never negative, never
 * fractional. Blank text and null are missing, not 0 (a cleared price must not make a class free).
 */
export const zAmountFen = () =>
  z.preprocess(
    (value: number | string | null | undefined) =>
      value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
    z
      .number({ error: AMOUNT })
      .int({ error: AMOUNT })
      .min(0, { error: AMOUNT })
      .max(CLASS_AMOUNT_MAX_FEN, { error: AMOUNT }),
  );

// Money helpers live in @px/config (free of zod, so the H5's first routes can use them).
export { fenToYuan, yuanToFen } from '@px/config';

/** How a course counts in a class: required (必修) or elective (选修). */
export const CLASS_COURSE_KINDS = ['REQUIRED', 'ELECTIVE'] as const;
export type ClassCourseKind = (typeof CLASS_COURSE_KINDS)[number];
export const zClassCourseKind = z.enum(CLASS_COURSE_KINDS, { error: '课程类型应为 REQUIRED 或 ELECTIVE' });

/** The most courses a class may bundle. */
export const CLASS_COURSES_MAX = 100;

const HOURS = '学时应为 0 到 1000 之间、最多一位小数的数';
/** Hours credited in a class: 0 to 1000, one decimal at most (kept as tenths). */
const zClassHours = () =>
  z
    .number({ error: HOURS })
    .refine((value) => Number.isFinite(value) && Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, {
      error: HOURS,
    })
    .refine((value) => value >= 0 && value <= 1000, { error: HOURS });

/**
 * A course of `class/create`: a PUBLISHED course of the project, once per class, required or
 * elective, with the hours it credits in this class (absent: the course's own hours).
 */
export const classCourseInput = z.object({
  courseId: zInput.id(),
  kind: zClassCourseKind,
  hours: zOptional(zClassHours()),
});
export type ClassCourseInput = z.input<typeof classCourseInput>;

const PASS_SCORE = '及格分应为 0 到 100 的整数';
const SORT = '排序应为 0 到 100000 的整数';

/** Reports a window whose end lies before its start, on the end field. */
function checkWindow(
  value: Record<string, unknown>,
  ctx: z.RefinementCtx,
  start: string,
  end: string,
  message: string,
) {
  const from = value[start];
  const to = value[end];
  if (typeof from === 'string' && typeof to === 'string' && isCalendarDate(from) && isCalendarDate(to)) {
    if (to < from) ctx.addIssue({ code: 'custom', path: [end], message });
  }
}

const classFields = {
  name: zRequiredText('班级名称', 100),
  /** A train plan of the project (not CLOSED for a new class). */
  planId: zInput.id(),
  /** Within the project's `classStartYear` .. next year (an unchanged year stays valid). */
  year: zYear,
  /** A node of the project's class-type tree: a base type, a major type or a major child. */
  categoryId: zInput.id(),
  /** Price in fen. */
  amount: zAmountFen(),
  /** `YYYY-MM-DD` (China days, both ends included). */
  enrolStartDate: zCalendarDate('报名开始日期'),
  enrolEndDate: zCalendarDate('报名结束日期'),
  studyStartDate: zCalendarDate('学习开始日期'),
  studyEndDate: zCalendarDate('学习结束日期'),
  /** Elective hours a student must earn (0 to the elective courses' hours); 0 when there are none. */
  electiveHours: z.preprocess((value) => (value === undefined || value === '' ? 0 : value), zClassHours()),
  /** Lessons must be finished in order. */
  studyInOrder: z.preprocess((value) => value ?? false, zBoolean()),
  /** An exam must be passed after the required hours (the exam itself comes with the exam issue). */
  examRequired: z.preprocess((value) => value ?? false, zBoolean()),
  /** Pass mark of the exam, 0..100; default 60. */
  examPassScore: z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? 60 : value),
    z.number({ error: PASS_SCORE }).int({ error: PASS_SCORE }).min(0, { error: PASS_SCORE }).max(100, {
      error: PASS_SCORE,
    }),
  ),
  /** A certificate template of the project issued on passing; absent: no certificate. */
  certificateTemplateId: zInput.optionalId(),
  teacherName: zOptionalText(50),
  description: zOptionalText(5000),
  courses: z
    .array(classCourseInput, { error: '课程列表应为数组' })
    .max(CLASS_COURSES_MAX, { error: `一个班级最多 ${CLASS_COURSES_MAX} 门课程` })
    .default([]),
};

/** A date field of a class's windows. */
export type ClassWindowField = 'enrolStartDate' | 'enrolEndDate' | 'studyStartDate' | 'studyEndDate';

/**
 * The order of a class's windows as `[start, end, message]`: the end may not lie before the start
 * (the database checks the same). The server applies them again to classes changed in batch.
 */
export const CLASS_WINDOW_RULES: readonly (readonly [ClassWindowField, ClassWindowField, string])[] = [
  ['enrolStartDate', 'enrolEndDate', '报名结束日期不能早于报名开始日期'],
  ['studyStartDate', 'studyEndDate', '学习结束日期不能早于学习开始日期'],
  ['enrolStartDate', 'studyEndDate', '学习结束日期不能早于报名开始日期'],
];

/** The checks across fields of a class: windows in order, the study window not ending before enrolment opens. */
function checkClassWindows(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const [start, end, message] of CLASS_WINDOW_RULES) checkWindow(value, ctx, start, end, message);
}

/**
 * `class/create` (JSON body): creates a class (without `id`, off the shelf, last in the order) or
 * updates one (`id`; the course list is replaced as sent). Courses: PUBLISHED courses of the project,
 * each once; a class on the shelf keeps at least one required course.
 */
export const classSaveInput = z
  .object({ id: zInput.optionalId(), ...classFields })
  .superRefine((value, ctx) => checkClassWindows(value, ctx));
export type ClassSaveInput = z.input<typeof classSaveInput>;

/** `class/detail`, `class/copy`, `class/delete`, `class/find-detail`: one class. */
export const classIdInput = z.object({ id: zInput.id() });

/** `class/on-shelf` (body): puts classes on (`onShelf` true) or off the shelf. */
export const classShelfInput = z.object({
  ids: zIdList().pipe(
    z.array(z.number()).min(1, { error: '请选择班级' }).max(200, { error: '一次最多 200 个班级' }),
  ),
  onShelf: zBoolean(),
});

/** `class/amount`: sets the price (fen) of one class. */
export const classAmountInput = z.object({ id: zInput.id(), amount: zAmountFen() });

/** `class/sort` (body): the classes in their new display order (`sort` ascending, then newest). */
export const classSortInput = z.object({
  items: z
    .array(
      z.object({
        id: zInput.id(),
        sort: z.number({ error: SORT }).int({ error: SORT }).min(0, { error: SORT }).max(100_000, {
          error: SORT,
        }),
      }),
      { error: '请提交班级的排序' },
    )
    .min(1, { error: '请提交班级的排序' })
    .max(500, { error: '一次最多 500 个班级' }),
});

/**
 * `class/batch-copy` (body): copies classes (courses included) off the shelf, named "原名（副本）",
 * optionally into another plan and year. `class/copy` copies one (`id`) into its own plan.
 */
export const classBatchCopyInput = z.object({
  ids: zIdList().pipe(
    z.array(z.number()).min(1, { error: '请选择班级' }).max(200, { error: '一次最多 200 个班级' }),
  ),
  planId: zInput.optionalId(),
  year: zOptional(zYear),
});

/**
 * `class/batch-modify` (body): sets the given fields on every class of `ids`; absent fields stay.
 * Every class must stay valid (windows in order, year in range); nothing is written when one fails.
 */
export const classBatchModifyInput = z
  .object({
    ids: zIdList().pipe(
      z.array(z.number()).min(1, { error: '请选择班级' }).max(200, { error: '一次最多 200 个班级' }),
    ),
    planId: zInput.optionalId(),
    year: zOptional(zYear),
    categoryId: zInput.optionalId(),
    amount: zOptional(zAmountFen()),
    enrolStartDate: zOptional(zCalendarDate('报名开始日期')),
    enrolEndDate: zOptional(zCalendarDate('报名结束日期')),
    studyStartDate: zOptional(zCalendarDate('学习开始日期')),
    studyEndDate: zOptional(zCalendarDate('学习结束日期')),
  })
  .superRefine((value, ctx) => checkClassWindows(value, ctx));
export type ClassBatchModifyInput = z.input<typeof classBatchModifyInput>;

/** Shelf filter of the class list. */
export const CLASS_SHELF = ['ON', 'OFF'] as const;
export type ClassShelf = (typeof CLASS_SHELF)[number];

/** The filters of the class list and its export: `name` matches a part; `categoryId` includes the categories below it. */
const classFilterFields = {
  name: zOptionalText(100),
  year: zOptional(zYear),
  planId: zInput.optionalId(),
  categoryId: zInput.optionalId(),
  shelf: zOptional(z.enum(CLASS_SHELF, { error: '上架状态应为 ON 或 OFF' })),
};

/** `class/page`: a page of the project's classes in display order (`sort`, then newest), filtered. */
export const classPageInput = z.object({ ...zPage, ...classFilterFields });
export type ClassPageInput = z.input<typeof classPageInput>;

/** `class/export` (GET or POST, `.xlsx`): every class of the filters in display order (paging is ignored). */
export const classExportInput = z.object(classFilterFields);
/** The filters of the class list and its export, as the back office holds them. */
export type ClassFilters = z.output<typeof classExportInput>;

/** A row of `class/page`. */
export interface ClassItem {
  id: number;
  name: string;
  planId: number;
  planName: string;
  year: number;
  categoryId: number;
  /** The base type the category lies under. */
  baseType: ClassBaseType;
  /** Names from the base type down to the category: `专业科目 / 建筑施工 / 安全员`. */
  categoryPath: string;
  /** Price in fen. */
  amount: number;
  enrolStartDate: string;
  enrolEndDate: string;
  studyStartDate: string;
  studyEndDate: string;
  onShelf: boolean;
  /** Whether students are offered the class now (on shelf, plan PUBLISHED, today in the enrol window). */
  offered: boolean;
  sort: number;
  /** Sum of the required courses' hours in this class. */
  requiredHours: number;
  electiveHours: number;
  courseCount: number;
  /**
   * 报名人数: paid enrolments (studying, finished, passed or expired; free ones count as paid). The
   * others are counted apart: `unpaidCount` awaiting payment, `leftCount` refunded or changed out.
   * Any enrolment keeps the class from being deleted.
   */
  enrolledCount: number;
  unpaidCount: number;
  leftCount: number;
  createdAt: string;
  updatedAt: string;
}
export type ClassPage = PageAnswer<ClassItem>;

/** A course of a class as `class/detail` and `class/find-detail` answer it. */
export interface ClassCourseItem {
  courseId: number;
  name: string;
  teacherName: string | null;
  kind: ClassCourseKind;
  /** Hours credited in this class. */
  hours: number;
  /** The course's own hours (sum of its lessons). */
  courseHours: number;
  lessonCount: number;
  sort: number;
}

/** `class/detail` (back office) and the answer of `class/create`. */
export interface ClassDetail extends ClassItem {
  studyInOrder: boolean;
  examRequired: boolean;
  examPassScore: number;
  certificateTemplateId: number | null;
  certificateTemplateName: string | null;
  teacherName: string | null;
  description: string | null;
  courses: ClassCourseItem[];
}

/** `class/batch-copy`, `class/copy`: the ids of the new classes, in the order of `ids`. */
export interface ClassCopyAnswer {
  ids: number[];
}

// ---------------------------------------------------------------------------------------------
// The H5 class centre (public calls; the project is the signed-in student's, else the request's
// host or `unitId`). Only offered classes are answered: on the shelf, plan PUBLISHED, today (China)
// within the enrol window. A class of another project is never answered.

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
  courses: (ClassCourseItem & { lessons: ClassLessonItem[] })[];
  /** The signed-in student's state: in the cart, already enrolled (null when anonymous). */
  inCart: boolean | null;
  enrolled: boolean | null;
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

// ---------------------------------------------------------------------------------------------
// Evaluations (评价): students who enrolled rate a class 1..5 with a comment; staff hide or show them.

/** An evaluation's visibility: staff may hide one (it then shows to nobody but its author). */
export const EVALUATION_STATUS = ['VISIBLE', 'HIDDEN'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUS)[number];

/** `class/evaluate-list`: a class's evaluations, newest first; the H5 (public) sees visible ones only. */
export const evaluateListInput = z.object({
  ...zPage,
  classId: zInput.id(),
  unitId: zInput.optionalId(),
});

/** An evaluation as listed. */
export interface EvaluationItem {
  id: number;
  classId: number;
  /** The author's name, masked for the H5 (`张*`). */
  studentName: string;
  score: number;
  content: string | null;
  status: EvaluationStatus;
  createdAt: string;
  updatedAt: string;
}

/** `class/evaluate-list`: a page plus the class's average over visible evaluations. */
export interface EvaluationPage extends PageAnswer<EvaluationItem> {
  rating: number | null;
}

/** `class/evaluate-get`: the signed-in student's own evaluation of a class (null when none). */
export const evaluateGetInput = z.object({ classId: zInput.id() });

const SCORE = '评分应为 1 到 5 的整数';
/**
 * `class/evaluate-save` (students): writes or rewrites the caller's evaluation of a class they have
 * paid for (an enrolment STUDYING, FINISHED_STUDY, PASSED or EXPIRED). One evaluation per student and class.
 */
export const evaluateSaveInput = z.object({
  classId: zInput.id(),
  score: z.number({ error: SCORE }).int({ error: SCORE }).min(1, { error: SCORE }).max(5, {
    error: SCORE,
  }),
  content: zOptionalText(500),
});

/** `class/evaluate-status` (staff of the class screens): hides or shows one evaluation. */
export const evaluateStatusInput = z.object({
  id: zInput.id(),
  status: z.enum(EVALUATION_STATUS, { error: '状态应为 VISIBLE 或 HIDDEN' }),
});

/** Enrolment states that let a student evaluate a class: the paid ones. */
export const EVALUATING_MY_CLASS_STATUS = ['STUDYING', 'FINISHED_STUDY', 'PASSED', 'EXPIRED'] as const;

/** My class (enrolment) states (domain "Status values"); enrolments are created by the payment issue. */
export const MY_CLASS_STATUS = [
  'PENDING_PAY',
  'STUDYING',
  'FINISHED_STUDY',
  'PASSED',
  'EXPIRED',
  'REFUNDED',
  'CHANGED_OUT',
] as const;
export type MyClassStatus = (typeof MY_CLASS_STATUS)[number];
/** Enrolments that keep a class from being deleted and a student from adding it to the cart again. */
export const ACTIVE_MY_CLASS_STATUS: readonly MyClassStatus[] = [
  'PENDING_PAY',
  'STUDYING',
  'FINISHED_STUDY',
  'PASSED',
  'EXPIRED',
];

// ---------------------------------------------------------------------------------------------
// The calls of the `class` group (the class-type tree's are in class-category.ts).

/** 班级管理: the class list with its row and batch actions. */
const CLASS_LIST = '/train-manage/class';
/** 班级详情: the (hidden) class editor. */
const CLASS_DETAIL = '/train-manage/train-class-detail';
/** The back-office class screens; their staff read every evaluation of the project and hide or show them. */
export const CLASS_EVALUATION_SCREENS = [CLASS_LIST, CLASS_DETAIL] as const;

/** The back-office class calls (`class/...`): project staff of the class screens, in their project. */
export const trainClassCalls = defineCalls('class', {
  /** Creates a class or updates one (`id`) with its whole course list (JSON body). */
  create: { input: classSaveInput, answer: answer<ClassDetail>(), access: staff(CLASS_DETAIL) },
  /** One class of the project with its courses. */
  detail: { input: classIdInput, answer: answer<ClassDetail>(), access: staff(CLASS_LIST, CLASS_DETAIL) },
  /** The project's classes in display order, filtered. */
  page: { input: classPageInput, answer: answer<ClassPage>(), access: staff(CLASS_LIST, CLASS_DETAIL) },
  /** The filtered class list (every page) as a streamed `.xlsx`. */
  export: {
    input: classExportInput,
    answer: fileAnswer(),
    access: staff(CLASS_LIST),
    methods: ['GET', 'POST'],
  },
  /** Puts classes on or takes them off the shelf (body `{ ids, onShelf }`). */
  'on-shelf': { input: classShelfInput, answer: answer<null>(), access: staff(CLASS_LIST) },
  /** Sets the price (fen) of a class; answers the class row. */
  amount: { input: classAmountInput, answer: answer<ClassItem>(), access: staff(CLASS_LIST) },
  /** Copies one class into its own plan and year. */
  copy: { input: classIdInput, answer: answer<ClassCopyAnswer>(), access: staff(CLASS_LIST) },
  /** Copies classes, optionally into another plan and year. */
  'batch-copy': { input: classBatchCopyInput, answer: answer<ClassCopyAnswer>(), access: staff(CLASS_LIST) },
  /** Sets the given fields on every class of `ids`, all or nothing. */
  'batch-modify': { input: classBatchModifyInput, answer: answer<null>(), access: staff(CLASS_LIST) },
  /** Deletes a class that is off the shelf and has no enrolment. */
  delete: { input: classIdInput, answer: answer<null>(), access: staff(CLASS_LIST) },
  /** Sets the display order of classes (body `{ items: [{ id, sort }] }`). */
  sort: { input: classSortInput, answer: answer<null>(), access: staff(CLASS_LIST) },
});

/**
 * The evaluation calls (`class/evaluate-...`). The list is public: project staff holding a class
 * screen read their project's every evaluation (staff view); anyone else reads the visible ones of
 * the caller's project (a signed-in caller's own, else the request's).
 */
export const classEvaluationCalls = defineCalls('class', {
  /** A class's evaluations with its average (public view, or staff view). */
  'evaluate-list': { input: evaluateListInput, answer: answer<EvaluationPage>(), access: guest },
  /** The signed-in student's own evaluation of a class, or null. */
  'evaluate-get': { input: evaluateGetInput, answer: answer<EvaluationItem | null>(), access: student },
  /** Writes or rewrites the caller's evaluation (students with a paid enrolment). */
  'evaluate-save': { input: evaluateSaveInput, answer: answer<EvaluationItem>(), access: student },
  /** Hides or shows an evaluation of the project; audited. */
  'evaluate-status': {
    input: evaluateStatusInput,
    answer: answer<EvaluationItem>(),
    access: staff(...CLASS_EVALUATION_SCREENS),
  },
});

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

import { z } from 'zod';
import { staff } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import type { ClassBaseType } from './class-category';
import {
  type PageAnswer,
  zBoolean,
  zIdInput,
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
  /** Students enrol only once staff approved their application (报名需审核, `my-class/apply`). */
  applyRequired: z.preprocess((value) => value ?? false, zBoolean()),
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
export const classIdInput = zIdInput;

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
  /** 报名需审核: students apply and staff approve before they may enrol. */
  applyRequired: boolean;
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
// The back-office calls of the `class` group (the class-type tree's are in class-category.ts, the
// H5 class centre's in class-center.ts, the evaluations' in class-evaluation.ts).

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

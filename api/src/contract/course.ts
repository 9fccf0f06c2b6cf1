import { z } from 'zod';
import { staff } from './access';
import { answer, defineCalls } from './call';
import { type CategoryItem, categoryTreeCalls } from './category-tree';
import type { Abilities } from './common';
import { type PageAnswer, zIdInput, zInput, zOptional, zOptionalText, zPage, zRequiredText } from './common';

/** A course category as `course/category-save` answers it. */
export type CourseCategoryItem = CategoryItem;

/** A node of `course/category-tree`: siblings ordered by `sort`, then id. */
export interface CourseCategoryNode extends CourseCategoryItem {
  /** Courses in the category and all its descendants (a category can be deleted at 0). */
  courseCount: number;
  children: CourseCategoryNode[];
}

/** `course/category-delete`, `course/get`, `course/delete`, `resource/question-delete`. */
export const courseIdInput = zIdInput;

/** A course's state: only PUBLISHED courses can be put into classes and shown to students. */
export const COURSE_STATUS = ['DRAFT', 'PUBLISHED'] as const;
export type CourseStatus = (typeof COURSE_STATUS)[number];
export const zCourseStatus = z.enum(COURSE_STATUS, { error: '状态应为 DRAFT 或 PUBLISHED' });

/** Hours of one lesson: 0.1 to 100, at most one decimal place. Stored as integer tenths. */
export const LESSON_HOURS_MAX = 100;
const HOURS_ERROR = `学时应为 0.1 到 ${LESSON_HOURS_MAX} 之间、最多一位小数的数`;
const zHours = () =>
  z
    .number({ error: HOURS_ERROR })
    .refine((value) => Number.isFinite(value) && Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, {
      error: HOURS_ERROR,
    })
    .refine((value) => value >= 0.1 && value <= LESSON_HOURS_MAX, { error: HOURS_ERROR });

/** Hours (0.5) as the integer tenths the database keeps (5). */
export const hoursToTenths = (hours: number): number => Math.round(hours * 10);
/** Integer tenths (5) as hours (0.5). */
export const tenthsToHours = (tenths: number): number => tenths / 10;

/**
 * A lesson of `course/save`: a video of the project, its hours and the seconds a visitor may
 * watch before buying (0..the video's duration; 0 = no trial).
 */
export const courseLessonInput = z.object({
  resourceId: zInput.id(),
  hours: zHours(),
  trialSeconds: z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? 0 : value),
    z
      .number({ error: '试看秒数应为非负整数' })
      .int({ error: '试看秒数应为非负整数' })
      .min(0, { error: '试看秒数应为非负整数' }),
  ),
});
export type CourseLessonInput = z.input<typeof courseLessonInput>;

/** The most lessons a course may have. */
export const COURSE_LESSONS_MAX = 200;

/**
 * `course/save`: creates (without `id`) or replaces a course with its whole lesson list, in order.
 * A video appears at most once in a course; a PUBLISHED course needs at least one lesson.
 */
export const courseSaveInput = z.object({
  id: zInput.optionalId(),
  name: zRequiredText('课程名称', 100),
  categoryId: zInput.id(),
  teacherName: zOptionalText(50),
  description: zOptionalText(5000),
  status: z.preprocess((value) => (value === undefined || value === '' ? 'DRAFT' : value), zCourseStatus),
  lessons: z
    .array(courseLessonInput, { error: '课时列表应为数组' })
    .max(COURSE_LESSONS_MAX, { error: `一门课程最多 ${COURSE_LESSONS_MAX} 个课时` })
    .default([]),
});
export type CourseSaveInput = z.input<typeof courseSaveInput>;

/** `course/query`: paged courses, newest first; `categoryId` includes the categories below it. */
export const courseQueryInput = z.object({
  ...zPage,
  name: zOptionalText(100),
  categoryId: zOptional(zInput.id()),
  status: zOptional(zCourseStatus),
  teacherName: zOptionalText(50),
});
export type CourseQueryInput = z.input<typeof courseQueryInput>;

/** A lesson as `course/get` answers it. */
export interface CourseLessonItem {
  id: number;
  resourceId: number;
  /** The video's name (the lesson's title). */
  resourceName: string;
  durationSeconds: number;
  hours: number;
  trialSeconds: number;
  /** Pop-up questions on the video. */
  questionCount: number;
}

/** A row of `course/query`. */
export interface CourseItem {
  id: number;
  name: string;
  categoryId: number;
  /** The category's path from the root, `安全生产 / 消防安全`. */
  categoryName: string | null;
  teacherName: string | null;
  status: CourseStatus;
  /** The sum of the lessons' hours. */
  hours: number;
  lessonCount: number;
  createdAt: string;
  updatedAt: string;
  /** What staff may do to it (docs/api-conventions.md "Abilities"): 删除 of a draft only. */
  abilities: Abilities<'delete'>;
}
export type CoursePage = PageAnswer<CourseItem>;

/** `course/get` and the answer of `course/save`. */
export interface CourseDetail extends CourseItem {
  description: string | null;
  lessons: CourseLessonItem[];
}

/** Kinds of pop-up question: one right option, several right options, or true/false. */
export const QUESTION_TYPES = ['SINGLE', 'MULTIPLE', 'JUDGE'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const zQuestionType = z.enum(QUESTION_TYPES, { error: '题型应为 SINGLE、MULTIPLE 或 JUDGE' });

/** The fixed options of a JUDGE question (its answer is A or B). */
export const JUDGE_OPTIONS = ['正确', '错误'] as const;
/** Option letters, in order: options are answered by letter. */
export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

/**
 * `resource/question-save`: creates (without `id`) or edits a pop-up question on a video at
 * `markSecond` (0 < mark < the video's duration; one question per second). SINGLE and MULTIPLE take
 * 2..6 `options`; JUDGE takes none (its options are 正确 / 错误). `answer` is the right letters
 * (`A`, `AC`): exactly one for SINGLE and JUDGE, at least two for MULTIPLE, each among the options.
 */
export const questionSaveInput = z.object({
  id: zInput.optionalId(),
  resourceId: zInput.id(),
  markSecond: z
    .number({ error: '弹题时间应为正整数（秒）' })
    .int({ error: '弹题时间应为正整数（秒）' })
    .positive({ error: '弹题时间应为正整数（秒）' }),
  type: zQuestionType,
  content: zRequiredText('题目', 500),
  options: z.preprocess(
    (value) => (value === undefined || value === null ? [] : value),
    z.array(zRequiredText('选项内容', 200), { error: '选项应为数组' }),
  ),
  answer: z
    .string({ error: '请填写答案' })
    .trim()
    .toUpperCase()
    .transform((value) => value.replace(/[\s,]/g, ''))
    .pipe(z.string().min(1, { error: '请填写答案' }).max(6, { error: '答案应为选项字母' })),
  explanation: zOptionalText(1000),
});
export type QuestionSaveInput = z.input<typeof questionSaveInput>;

/** `resource/question-query`: the questions of a video, by mark. */
export const questionQueryInput = z.object({ resourceId: zInput.id() });

/** A pop-up question as the back office sees it (with its answer). */
export interface QuestionItem {
  id: number;
  resourceId: number;
  markSecond: number;
  type: QuestionType;
  content: string;
  options: string[];
  answer: string;
  explanation: string | null;
  createdAt: string;
  updatedAt: string;
}

/** 课程管理: the screen that manages course categories and courses. */
const COURSE = '/resource-manage/course';
/** 添加弹题: the (hidden) screen that manages the pop-up questions of a video. */
const ADD_QUESTION = '/resource-manage/add-question';
/** The course screen, and the class screens that pick courses without managing them. */
const courseReaders = staff(COURSE, '/train-manage/class', '/train-manage/train-class-detail');
const courseManagers = staff(COURSE);

/** The course calls (`course/...`): project staff on the courses of their project. */
export const courseCalls = defineCalls('course', {
  ...categoryTreeCalls(answer<CourseCategoryNode[]>(), courseReaders, courseManagers),
  /** Paged courses (name, teacher, category with its descendants, status). */
  query: { input: courseQueryInput, answer: answer<CoursePage>(), access: courseReaders },
  /** One course with its lessons. */
  get: { input: courseIdInput, answer: answer<CourseDetail>(), access: courseReaders },
  /** Creates or replaces a course with its whole lesson list. */
  save: { input: courseSaveInput, answer: answer<CourseDetail>(), access: courseManagers },
  /** Deletes a draft course no class uses. */
  delete: { input: courseIdInput, answer: answer<null>(), access: courseManagers },
});

/**
 * The pop-up question calls (`resource/question-...`, in the resource family; the course module
 * answers them): the question screen manages them, the course and video screens read them.
 */
export const questionCalls = defineCalls('resource', {
  /** The pop-up questions of a video, by mark. */
  'question-query': {
    input: questionQueryInput,
    answer: answer<QuestionItem[]>(),
    access: staff(ADD_QUESTION, COURSE, '/resource-manage/video'),
  },
  /** Creates or edits a pop-up question. */
  'question-save': { input: questionSaveInput, answer: answer<QuestionItem>(), access: staff(ADD_QUESTION) },
  /** Deletes a pop-up question. */
  'question-delete': { input: courseIdInput, answer: answer<null>(), access: staff(ADD_QUESTION) },
});

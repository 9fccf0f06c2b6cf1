import {
  type CourseDetail,
  type CourseLessonItem,
  type CourseSaveInput,
  type CourseStatus,
  courseLessonInput,
  hoursToTenths,
  type ResourceItem,
  tenthsToHours,
} from '@px/api/contract';

/** What the back office calls each course status. */
export const COURSE_STATUS_LABEL: Readonly<Record<CourseStatus, string>> = {
  DRAFT: '草稿',
  PUBLISHED: '已发布',
};

/** The tag colour of each course status. */
export const COURSE_STATUS_COLOR: Readonly<Record<CourseStatus, string>> = {
  DRAFT: 'default',
  PUBLISHED: 'success',
};

/** The status choices (filter and editor). */
export const COURSE_STATUS_OPTIONS = (['DRAFT', 'PUBLISHED'] as const).map((value) => ({
  value,
  label: COURSE_STATUS_LABEL[value],
}));

/** The 添加弹题 screen of a video. */
export function addQuestionPath(resourceId: number): string {
  return `/resource-manage/add-question?resourceId=${resourceId}`;
}

/** A lesson row of the course editor: the video it shows and the two numbers typed for it. */
export interface LessonFormRow {
  resourceId: number;
  resourceName: string;
  durationSeconds: number;
  /** Pop-up questions on the video; null for a video picked in this editing (not counted yet). */
  questionCount: number | null;
  hours?: number | null;
  trialSeconds?: number | null;
}

/** The values of the course editor's form. */
export interface CourseFormValues {
  name: string;
  categoryId?: number;
  teacherName?: string;
  description?: string;
  status: CourseStatus;
  lessons: LessonFormRow[];
}

/** Why a lesson's hours are refused (the contract's rule: 0.1..100, one decimal), or undefined. */
export function hoursError(hours: number | null | undefined): string | undefined {
  if (hours === null || hours === undefined) return '请填写学时';
  const result = courseLessonInput.shape.hours.safeParse(hours);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Why a lesson's trial seconds are refused (a whole number, 0..the video's length), or undefined. */
export function trialError(seconds: number | null | undefined, durationSeconds: number): string | undefined {
  const result = courseLessonInput.shape.trialSeconds.safeParse(seconds);
  if (!result.success) return result.error.issues[0]?.message;
  return result.data > durationSeconds ? `试看秒数不能超过视频时长 ${durationSeconds} 秒` : undefined;
}

/** The course's hours as the lessons typed so far add up (rows without valid hours count 0). */
export function totalHours(lessons: readonly Pick<LessonFormRow, 'hours'>[]): number {
  const tenths = lessons.reduce(
    (sum, lesson) => sum + (hoursError(lesson.hours) ? 0 : hoursToTenths(lesson.hours as number)),
    0,
  );
  return tenthsToHours(tenths);
}

/** A new lesson row for a picked video (hours to be typed, no trial). */
export function lessonFromVideo(video: ResourceItem): LessonFormRow {
  return {
    resourceId: video.id,
    resourceName: video.name,
    durationSeconds: video.durationSeconds,
    questionCount: null,
    hours: null,
    trialSeconds: 0,
  };
}

/** The editor's values of a saved course. */
export function courseFormValues(course: CourseDetail): CourseFormValues {
  return {
    name: course.name,
    categoryId: course.categoryId,
    teacherName: course.teacherName ?? undefined,
    description: course.description ?? undefined,
    status: course.status,
    lessons: course.lessons.map(
      (lesson: CourseLessonItem): LessonFormRow => ({
        resourceId: lesson.resourceId,
        resourceName: lesson.resourceName,
        durationSeconds: lesson.durationSeconds,
        questionCount: lesson.questionCount,
        hours: lesson.hours,
        trialSeconds: lesson.trialSeconds,
      }),
    ),
  };
}

/** What `course/save` gets from the editor (`id` for an existing course); blank texts are left out. */
export function coursePayload(values: CourseFormValues, id?: number): CourseSaveInput {
  return {
    ...(id === undefined ? {} : { id }),
    name: values.name.trim(),
    categoryId: values.categoryId as number,
    teacherName: values.teacherName?.trim() || undefined,
    description: values.description?.trim() || undefined,
    status: values.status,
    lessons: (values.lessons ?? []).map((lesson) => ({
      resourceId: lesson.resourceId,
      hours: lesson.hours as number,
      trialSeconds: lesson.trialSeconds ?? 0,
    })),
  };
}

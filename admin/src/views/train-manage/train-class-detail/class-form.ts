import {
  type ClassCourseKind,
  type ClassDetail,
  type ClassSaveInput,
  type CourseItem,
  fenToYuan,
} from '@px/api/contract';
import { priceFen } from '../class/class-meta';

/** A course row of the class editor: what the table shows plus the kind and hours it sends. */
export interface ClassCourseRow {
  courseId: number;
  name: string;
  teacherName: string | null;
  /** The course's own hours (the default credit). */
  courseHours: number;
  kind: ClassCourseKind;
  /** Hours credited in this class, one decimal. */
  hours: number | null;
}

/** The values of the class form: the price as yuan text, dates `YYYY-MM-DD`. */
export interface ClassFormValues {
  name: string;
  planId?: number;
  year?: number;
  categoryId?: number;
  amount: string;
  enrolStartDate: string;
  enrolEndDate: string;
  studyStartDate: string;
  studyEndDate: string;
  electiveHours: number | null;
  studyInOrder: boolean;
  examRequired: boolean;
  applyRequired: boolean;
  examPassScore: number | null;
  certificateTemplateId?: number | null;
  teacherName?: string;
  description?: string;
  courses: ClassCourseRow[];
}

/** What the course kinds are called. */
export const CLASS_COURSE_KIND_OPTIONS: { value: ClassCourseKind; label: string }[] = [
  { value: 'REQUIRED', label: '必修' },
  { value: 'ELECTIVE', label: '选修' },
];

/** The pass mark a new class starts with. */
const DEFAULT_PASS_SCORE = 60;

/** The form's first values: a new class (`null`) or the class as loaded. */
export function classFormValues(detail: ClassDetail | null): ClassFormValues {
  if (!detail) {
    return {
      name: '',
      amount: '',
      enrolStartDate: '',
      enrolEndDate: '',
      studyStartDate: '',
      studyEndDate: '',
      electiveHours: 0,
      studyInOrder: false,
      examRequired: false,
      applyRequired: false,
      examPassScore: DEFAULT_PASS_SCORE,
      certificateTemplateId: null,
      teacherName: '',
      description: '',
      courses: [],
    };
  }
  return {
    name: detail.name,
    planId: detail.planId,
    year: detail.year,
    categoryId: detail.categoryId,
    amount: fenToYuan(detail.amount),
    enrolStartDate: detail.enrolStartDate,
    enrolEndDate: detail.enrolEndDate,
    studyStartDate: detail.studyStartDate,
    studyEndDate: detail.studyEndDate,
    electiveHours: detail.electiveHours,
    studyInOrder: detail.studyInOrder,
    examRequired: detail.examRequired,
    applyRequired: detail.applyRequired,
    examPassScore: detail.examPassScore,
    certificateTemplateId: detail.certificateTemplateId,
    teacherName: detail.teacherName ?? '',
    description: detail.description ?? '',
    courses: detail.courses.map((course) => ({
      courseId: course.courseId,
      name: course.name,
      teacherName: course.teacherName,
      courseHours: course.courseHours,
      kind: course.kind,
      hours: course.hours,
    })),
  };
}

/** A picked course as a new row: required, crediting its own hours. */
export function courseRow(course: CourseItem): ClassCourseRow {
  return {
    courseId: course.id,
    name: course.name,
    teacherName: course.teacherName,
    courseHours: course.hours,
    kind: 'REQUIRED',
    hours: course.hours,
  };
}

/** Hours summed without floating-point noise (tenths). */
function sumHours(rows: readonly ClassCourseRow[]): number {
  return rows.reduce((tenths, row) => tenths + Math.round((row.hours ?? 0) * 10), 0) / 10;
}

/** The hours the required and the elective courses credit. */
export function hourTotals(rows: readonly ClassCourseRow[] | undefined): {
  required: number;
  elective: number;
} {
  const list = rows ?? [];
  return {
    required: sumHours(list.filter((row) => row.kind === 'REQUIRED')),
    elective: sumHours(list.filter((row) => row.kind === 'ELECTIVE')),
  };
}

/** The `class/create` input of valid form values (the price in fen, texts trimmed, every course sent). */
export function classSavePayload(values: ClassFormValues, id?: number): ClassSaveInput {
  return {
    ...(id === undefined ? {} : { id }),
    name: values.name.trim(),
    planId: values.planId as number,
    year: values.year as number,
    categoryId: values.categoryId as number,
    amount: priceFen(values.amount) as number,
    enrolStartDate: values.enrolStartDate,
    enrolEndDate: values.enrolEndDate,
    studyStartDate: values.studyStartDate,
    studyEndDate: values.studyEndDate,
    electiveHours: values.electiveHours ?? 0,
    studyInOrder: values.studyInOrder,
    examRequired: values.examRequired,
    applyRequired: values.applyRequired,
    examPassScore: values.examPassScore ?? DEFAULT_PASS_SCORE,
    certificateTemplateId: values.certificateTemplateId ?? null,
    teacherName: values.teacherName?.trim() ?? '',
    description: values.description?.trim() ?? '',
    courses: values.courses.map((row) => ({
      courseId: row.courseId,
      kind: row.kind,
      hours: row.hours ?? row.courseHours,
    })),
  };
}

/** A refusal no field shows, said plainly: `courses.2.courseId` becomes `第 3 门课程：…`. */
export function unshownText(error: { field: string; message: string }): string {
  const course = /^courses\.(\d+)/.exec(error.field);
  return course ? `第 ${Number(course[1]) + 1} 门课程：${error.message}` : error.message;
}

import { z } from 'zod';
import { staff } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import { type PageAnswer, zEmptyOrNullAsAbsent, zInput, zOptionalText, zPage } from './common';
import type { EnrolmentSummary } from './student';
import type { BeatRefusalReason } from './study';
import { BEAT_REFUSALS } from './study';
import { MY_CLASS_STATUS } from './train-class';

/**
 * 学习档案 (docs/product-decisions.md "Study archive"): what every enrolment of the project was
 * credited, as the heartbeat judge recorded it: the enrolments with their hours against the class's,
 * one student's enrolments, and one enrolment lesson by lesson with the refused beats and why, the
 * pop-up answers and (through `student/capture-list`) the face captures.
 */

const REPORT = '/train-manage/study-report' as const;
const REPORT_STUDENT = '/train-manage/study-report/student-detail' as const;
const REPORT_STUDY = '/train-manage/study-report/study-detail' as const;
/** 学习档案纠正: data correction of study records. */
const CORRECTION = '/customer/study-report' as const;

/** The archive's filters. */
const studyReportFilterFields = {
  classId: zInput.optionalId(),
  /** Part of the student's name, or the whole ID number or mobile. */
  student: zOptionalText(50),
  status: zEmptyOrNullAsAbsent(z.enum(MY_CLASS_STATUS, { error: '学习状态不正确' })),
  /** The student's unit. */
  unitId: zInput.optionalId(),
};

/** `study-report/export` (GET or POST, `.xlsx`): every enrolment of the filters (no paging). */
export const studyReportExportInput = z.object(studyReportFilterFields);
/** The archive's filters as the back office holds them. */
export type StudyReportFilters = z.output<typeof studyReportExportInput>;

/** `study-report/page`: one page of the enrolments of the filters. */
export const studyReportPageInput = z.object({ ...zPage, ...studyReportFilterFields });

/** The student of an archive row or page (ID number masked). */
export interface ReportStudent {
  accountId: number;
  studentName: string;
  /** Masked: the first 6 and last 4 characters. */
  idCardNo: string | null;
  mobile: string | null;
  unitName: string | null;
}

/** Hours an enrolment is credited with after a data correction (one decimal). */
export interface CorrectedHours {
  requiredHours: number;
  electiveHours: number;
}

/** A row of the archive: an enrolment with its student. */
export type StudyReportRow = EnrolmentSummary &
  ReportStudent & {
    /**
     * The hours of the newest hours correction (`/customer/study-report`), reported from then on
     * instead of what study credited; null when they were never corrected.
     */
    correctedHours: CorrectedHours | null;
  };
export type StudyReportPage = PageAnswer<StudyReportRow>;

/** `study-report/class-options`: the project's classes by part of the name (newest year first, at most 50). */
export const reportClassOptionsInput = z.object({ name: zOptionalText(50) });

/** A class to filter the archive by. */
export interface ReportClassOption {
  id: number;
  name: string;
  year: number;
}

/** `study-report/student`: one student of the project. */
export const reportStudentInput = z.object({ accountId: zInput.id() });

/** `study-report/student`: the student and every enrolment, newest first. */
export interface ReportStudentAnswer {
  student: ReportStudent;
  enrolments: EnrolmentSummary[];
}

/** `study-report/detail`: one enrolment of the project. */
export const reportDetailInput = z.object({ myClassId: zInput.id() });

/** A lesson of an enrolment as the archive shows it. */
export interface ReportLesson {
  /** The lesson's progress row; null for a lesson not started. */
  progressId: number | null;
  courseName: string;
  /** How the course counts in the class; null for a lesson the class no longer holds. */
  kind: 'REQUIRED' | 'ELECTIVE' | null;
  lessonName: string;
  durationSeconds: number;
  /** Hours of the lesson (one decimal). */
  hours: number;
  creditedSeconds: number;
  /** Share of the video watched, 0..1. */
  coverage: number;
  /** The furthest position watched, seconds. */
  furthestPosition: number;
  finishedAt: string | null;
  refusedBeats: number;
  /** When study of the lesson began; null when not started. */
  startedAt: string | null;
}

/** How often beats of the enrolment were refused for one reason. */
export interface RefusalCount {
  reason: BeatRefusalReason;
  count: number;
}

/** A pop-up question as it was asked and answered. */
export interface ReportPopupAnswer {
  id: number;
  lessonName: string;
  markSecond: number;
  content: string;
  answer: string;
  correct: boolean;
  answeredAt: string;
}

/** `study-report/detail`: the enrolment with its lessons, refusals by reason and pop-up answers. */
export interface StudyDetail {
  enrolment: StudyReportRow;
  studyInOrder: boolean;
  examRequired: boolean;
  lessons: ReportLesson[];
  /** Refused beats by reason (reasons without any left out), most first. */
  refusalCounts: RefusalCount[];
  refusalTotal: number;
  popupAnswers: ReportPopupAnswer[];
  /** Face captures of the enrolment (listed by `student/capture-list`). */
  captureCount: number;
  /** The enrolment's data corrections beside what they corrected, newest first. */
  corrections: StudyCorrectionItem[];
}

/** `study-report/refusals`: the refused beats of an enrolment, newest first; of one lesson or reason. */
export const reportRefusalsInput = z.object({
  ...zPage,
  myClassId: zInput.id(),
  progressId: zInput.optionalId(),
  reason: zEmptyOrNullAsAbsent(z.enum(BEAT_REFUSALS, { error: '拒绝原因不正确' })),
});

/** A refused beat: when, in which lesson, where in the video, and why. */
export interface ReportRefusal {
  id: number;
  createdAt: string;
  progressId: number;
  lessonName: string;
  /** Seconds into the video the player reported. */
  position: number;
  reason: BeatRefusalReason;
}

/** `study-report/verify-ledger`: recompute the study ledgers of the project, or of one enrolment. */
export const verifyLedgerInput = z.object({ myClassId: zInput.optionalId() });

export const LEDGER_KINDS = ['OPENING', 'LESSON', 'HOURS', 'POPUP', 'FACE', 'PASSED', 'CORRECTION'] as const;
export type LedgerKindName = (typeof LEDGER_KINDS)[number];
export const LEDGER_PROBLEMS = ['SEQ_GAP', 'PREV_MISMATCH', 'HASH_MISMATCH', 'HOURS_MISMATCH'] as const;

/** An enrolment whose ledger does not match, with the first entry that does not. */
export interface LedgerMismatchItem {
  myClassId: number;
  studentName: string | null;
  className: string | null;
  entryId: string | null;
  seq: number | null;
  kind: LedgerKindName | null;
  problem: (typeof LEDGER_PROBLEMS)[number];
  /** Why, in words. */
  problemText: string;
}

/** `study-report/verify-ledger`: how much was checked and what does not match. */
export interface LedgerVerifyAnswer {
  enrolments: number;
  entries: number;
  ok: boolean;
  mismatches: LedgerMismatchItem[];
  checkedAt: string;
}

/** `study-report/ledger`: one enrolment's ledger entries in order. */
export interface LedgerEntryItem {
  id: string;
  seq: number;
  kind: LedgerKindName;
  /** What the entry records, in words. */
  summary: string;
  recordedAt: string;
  hash: string;
  prevHash: string;
}

const correctionReason = z
  .string({ error: '请填写更正原因' })
  .trim()
  .min(1, { error: '请填写更正原因' })
  .max(300, { error: '更正原因不能超过 300 个字符' });

/** Hours in one decimal, 0..999.9. */
const correctedHours = (label: string) =>
  z
    .number({ error: `${label}须为数字` })
    .min(0, { error: `${label}不能为负数` })
    .max(999.9, { error: `${label}不能超过 999.9` })
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, {
      error: `${label}最多保留一位小数`,
    });

/** `study-report/correct-hours`: set an enrolment's credited hours, with why. */
export const correctHoursInput = z.object({
  myClassId: zInput.id(),
  requiredHours: correctedHours('必修学时'),
  electiveHours: correctedHours('选修学时'),
  reason: correctionReason,
});

/** `study-report/correct-lesson`: mark a started lesson of an enrolment finished or not, with why. */
export const correctLessonInput = z.object({
  myClassId: zInput.id(),
  progressId: zInput.id(),
  finished: z.boolean({ error: '请选择课时状态' }),
  reason: correctionReason,
});

/** `study-report/corrections`: the corrections of the project (newest first), of one enrolment if given. */
export const correctionsInput = z.object({ ...zPage, myClassId: zInput.optionalId() });

/** A data correction beside what it corrected. */
export interface StudyCorrectionItem {
  id: number;
  myClassId: number;
  studentName: string | null;
  className: string | null;
  target: 'HOURS' | 'LESSON';
  lessonName: string | null;
  /** What it was and what it became, in words (学时: 必修 0.5 / 选修 0；课时: 未完成). */
  before: string;
  after: string;
  reason: string;
  correctedBy: string | null;
  createdAt: string;
  /** The push sent to correct the regulator's record, if one was. */
  correctionPushNo: string | null;
}

/** `study-report/correct-hours`, `correct-lesson`: the correction, and whether a correction push was written. */
export interface CorrectionAnswer {
  correction: StudyCorrectionItem;
}

/** The study archive calls (`study-report/...`). */
export const studyReportCalls = defineCalls('study-report', {
  /** The project's enrolments with credited hours, newest first. */
  page: {
    input: studyReportPageInput,
    answer: answer<StudyReportPage>(),
    // 学习档案纠正 finds the enrolment to correct by the archive's filters.
    access: staff(REPORT, CORRECTION),
  },
  /** The filtered enrolments as a streamed `.xlsx`. */
  export: {
    input: studyReportExportInput,
    answer: fileAnswer(),
    access: staff(REPORT),
    methods: ['GET', 'POST'],
  },
  /** Classes of the project to filter the archive by. */
  'class-options': {
    input: reportClassOptionsInput,
    answer: answer<ReportClassOption[]>(),
    access: staff(REPORT, CORRECTION),
  },
  /** One student's enrolments. */
  student: {
    input: reportStudentInput,
    answer: answer<ReportStudentAnswer>(),
    access: staff(REPORT_STUDENT),
  },
  /** One enrolment lesson by lesson, with refusals by reason and pop-up answers. */
  detail: {
    input: reportDetailInput,
    answer: answer<StudyDetail>(),
    // 学习档案纠正 lists the lessons it may correct.
    access: staff(REPORT_STUDY, CORRECTION),
  },
  /** Recomputes the study ledgers (the project's, or one enrolment's) and names what does not match. */
  'verify-ledger': {
    input: verifyLedgerInput,
    answer: answer<LedgerVerifyAnswer>(),
    access: staff(REPORT),
  },
  /** Corrects an enrolment's credited hours (the reported hours from then on). */
  'correct-hours': {
    input: correctHoursInput,
    answer: answer<CorrectionAnswer>(),
    access: staff(CORRECTION),
  },
  /** Corrects a started lesson's state (finished or not); the hours roll up again. */
  'correct-lesson': {
    input: correctLessonInput,
    answer: answer<CorrectionAnswer>(),
    access: staff(CORRECTION),
  },
  /** The project's data corrections, newest first. */
  corrections: {
    input: correctionsInput,
    answer: answer<PageAnswer<StudyCorrectionItem>>(),
    access: staff(CORRECTION, REPORT_STUDY),
  },
  /** One enrolment's study ledger. */
  ledger: { input: reportDetailInput, answer: answer<LedgerEntryItem[]>(), access: staff(REPORT_STUDY) },
  /** The refused beats of one enrolment. */
  refusals: {
    input: reportRefusalsInput,
    answer: answer<PageAnswer<ReportRefusal>>(),
    access: staff(REPORT_STUDY),
  },
});

import { MY_CLASS_STATUS_LABEL } from '../../contract/my-class';
import type { BeatRefusalReason } from '../../contract/study';
import type {
  LedgerEntryItem,
  LedgerVerifyAnswer,
  ReportLesson,
  ReportPopupAnswer,
  ReportRefusal,
  StudyCorrectionItem,
  StudyReportRow,
} from '../../contract/study-report';
import { chinaDateTime, type XlsxColumn } from '../../core/xlsx';
import { coveredSeconds } from '../study/heartbeat';
import {
  LEDGER_PROBLEM_TEXT,
  type LedgerBody,
  type LedgerKind,
  type LedgerRow,
  type LedgerVerification,
} from '../study/ledger';
import type { LessonProgress, PopupAnswer, StudyRefusal } from '../study/study.model';

/** The study archive's answers and export, shaped from what study recorded. */

const LEDGER_KIND_LABEL: Record<LedgerKind, string> = {
  OPENING: '账本起始',
  LESSON: '完成课时',
  HOURS: '学时汇总',
  POPUP: '弹题作答',
  FACE: '人脸核验',
  PASSED: '考试合格',
  CORRECTION: '数据更正',
};

const tenthsText = (value: unknown) => (typeof value === 'number' ? (value / 10).toFixed(1) : '-');

/** What a ledger entry records, in words. */
function ledgerSummary(kind: LedgerKind, body: LedgerBody): string {
  const label = LEDGER_KIND_LABEL[kind];
  switch (kind) {
    case 'OPENING':
    case 'HOURS':
      return `${label}：必修 ${tenthsText(body.requiredTenths)} 学时，选修 ${tenthsText(body.electiveTenths)} 学时，${
        MY_CLASS_STATUS_LABEL[body.status as keyof typeof MY_CLASS_STATUS_LABEL] ?? String(body.status)
      }`;
    case 'LESSON':
      return `${label}：${String(body.lessonName)}（${tenthsText(body.hoursTenths)} 学时，计时 ${String(body.creditedSeconds)} 秒）`;
    case 'POPUP':
      return `${label}：第 ${String(body.questionId)} 题答 ${String(body.answer)}，${body.correct ? '正确' : '错误'}`;
    case 'FACE':
      return `${label}：${body.passed ? '通过' : '未通过'}（相似度 ${
        typeof body.scoreThousandths === 'number' ? (body.scoreThousandths / 1000).toFixed(3) : '-'
      }）`;
    case 'PASSED':
      return `${label}${typeof body.scoreTenths === 'number' ? `：${tenthsText(body.scoreTenths)} 分` : ''}`;
    case 'CORRECTION':
      return `${label}：${String(body.summary ?? '')}（原因：${String(body.reason ?? '')}）`;
  }
}

/** A data correction as read with its student, class and staff member. */
export interface CorrectionRow {
  id: number;
  my_class_id: number;
  target: 'HOURS' | 'LESSON';
  lesson_name: string | null;
  before: Record<string, number | boolean>;
  after: Record<string, number | boolean>;
  reason: string;
  created_at: Date;
  student_name: string | null;
  class_name: string | null;
  corrected_by: string | null;
  correction_push_no: string | null;
}

/** What a correction's side holds, in words. */
function correctionSide(target: CorrectionRow['target'], side: CorrectionRow['before']): string {
  if (target === 'LESSON') return side.finished ? '已完成' : '未完成';
  return `必修 ${tenthsText(side.requiredTenths)} / 选修 ${tenthsText(side.electiveTenths)}`;
}

/** A data correction beside what it corrected. */
export function presentCorrection(row: CorrectionRow): StudyCorrectionItem {
  return {
    id: row.id,
    myClassId: row.my_class_id,
    studentName: row.student_name,
    className: row.class_name,
    target: row.target,
    lessonName: row.lesson_name,
    before: correctionSide(row.target, row.before),
    after: correctionSide(row.target, row.after),
    reason: row.reason,
    correctedBy: row.corrected_by,
    createdAt: new Date(row.created_at).toISOString(),
    correctionPushNo: row.correction_push_no,
  };
}

/** A ledger entry as the archive lists it. */
export function presentLedgerEntry(row: LedgerRow): LedgerEntryItem {
  return {
    id: String(row.id),
    seq: row.seq,
    kind: row.kind,
    summary: ledgerSummary(row.kind, row.body),
    recordedAt: new Date(row.recorded_at).toISOString(),
    hash: row.hash,
    prevHash: row.prev_hash,
  };
}

/** A verification with each enrolment that does not match named. */
export function presentLedgerVerification(
  result: LedgerVerification,
  names: (myClassId: number) => { studentName: string | null; className: string | null },
): LedgerVerifyAnswer {
  return {
    enrolments: result.enrolments,
    entries: result.entries,
    ok: result.mismatches.length === 0,
    mismatches: result.mismatches.map((row) => ({
      myClassId: row.myClassId,
      ...names(row.myClassId),
      entryId: row.entryId,
      seq: row.seq,
      kind: row.kind,
      problem: row.problem,
      problemText: LEDGER_PROBLEM_TEXT[row.problem],
    })),
    checkedAt: new Date().toISOString(),
  };
}

const HOURS = '0.0';

/** The columns of the archive export, in order. */
export const STUDY_REPORT_COLUMNS: readonly XlsxColumn<StudyReportRow>[] = [
  { header: '学员', width: 12, value: (row) => row.studentName },
  { header: '身份证号', width: 20, value: (row) => row.idCardNo },
  { header: '手机号', width: 14, value: (row) => row.mobile },
  { header: '单位', width: 24, value: (row) => row.unitName },
  { header: '班级', width: 32, value: (row) => row.className },
  { header: '年度', width: 8, value: (row) => row.year },
  { header: '学习状态', width: 10, value: (row) => MY_CLASS_STATUS_LABEL[row.status] },
  { header: '已获必修学时', width: 13, numFmt: HOURS, value: (row) => row.creditedRequiredHours },
  { header: '要求必修学时', width: 13, numFmt: HOURS, value: (row) => row.requiredHours },
  { header: '已获选修学时', width: 13, numFmt: HOURS, value: (row) => row.creditedElectiveHours },
  { header: '要求选修学时', width: 13, numFmt: HOURS, value: (row) => row.electiveHours },
  { header: '学习开始', width: 12, value: (row) => row.studyStartDate },
  { header: '学习结束', width: 12, value: (row) => row.studyEndDate },
  { header: '报名时间', width: 20, value: (row) => chinaDateTime(row.enrolledAt) },
  { header: '最近学习时间', width: 20, value: (row) => chinaDateTime(row.lastStudyAt) },
  { header: '完成学习时间', width: 20, value: (row) => chinaDateTime(row.finishedStudyAt) },
];

/** A lesson with what the enrolment has of it. */
export function reportLesson(
  row: LessonProgress | undefined,
  fallback: { courseName: string; lessonName: string; durationSeconds: number; hoursTenths: number },
  kind: ReportLesson['kind'],
): ReportLesson {
  const duration = row?.durationSeconds ?? fallback.durationSeconds;
  return {
    progressId: row?.id ?? null,
    courseName: row?.courseName ?? fallback.courseName,
    kind,
    lessonName: row?.lessonName ?? fallback.lessonName,
    durationSeconds: duration,
    hours: (row?.hoursTenths ?? fallback.hoursTenths) / 10,
    creditedSeconds: Math.floor(row?.creditedSeconds ?? 0),
    coverage: row && duration > 0 ? Math.min(1, coveredSeconds(row.segments, duration) / duration) : 0,
    furthestPosition: row?.furthestPosition ?? 0,
    finishedAt: row?.finishedAt?.toISOString() ?? null,
    refusedBeats: row?.refusedBeats ?? 0,
    startedAt: row?.createdAt.toISOString() ?? null,
  };
}

/** A pop-up answer as asked, with its lesson's name. */
export function presentPopupAnswer(
  answer: PopupAnswer,
  progress: Map<number, LessonProgress>,
): ReportPopupAnswer {
  return {
    id: answer.id,
    lessonName: progress.get(answer.progressId)?.lessonName ?? '',
    markSecond: answer.markSecond,
    content: answer.content,
    answer: answer.answer,
    correct: answer.correct,
    answeredAt: answer.createdAt.toISOString(),
  };
}

/** A refused beat, with its lesson's name. */
export function presentRefusal(refusal: StudyRefusal, progress: Map<number, LessonProgress>): ReportRefusal {
  return {
    id: Number(refusal.id),
    createdAt: refusal.createdAt.toISOString(),
    progressId: refusal.progressId,
    lessonName: progress.get(refusal.progressId)?.lessonName ?? '',
    position: refusal.position,
    reason: refusal.reason as BeatRefusalReason,
  };
}

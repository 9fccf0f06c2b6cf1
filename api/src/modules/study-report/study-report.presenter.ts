import { MY_CLASS_STATUS_LABEL } from '../../contract/my-class';
import type { BeatRefusalReason } from '../../contract/study';
import type {
  ReportLesson,
  ReportPopupAnswer,
  ReportRefusal,
  StudyReportRow,
} from '../../contract/study-report';
import { chinaDateTime, type XlsxColumn } from '../../core/xlsx';
import { coveredSeconds } from '../study/heartbeat';
import type { LessonProgress, PopupAnswer, StudyRefusal } from '../study/study.model';

/** The study archive's answers and export, shaped from what study recorded. */

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

import type { z } from 'zod';
import { MY_CLASS_STATUS_LABEL } from '../../contract/my-class';
import type { StudyReportRow, studyReportExportInput } from '../../contract/study-report';
import type { FileResult, TenantScope } from '../../core/action';
import { chinaDateTime, streamXlsx, type XlsxColumn } from '../../core/xlsx';
import { chinaToday } from '../train-class/class-read';
import { studyReportBatches } from './study-report.service';

const HOURS = '0.0';

/** The columns of the archive export, in order. */
const COLUMNS: readonly XlsxColumn<StudyReportRow>[] = [
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

/**
 * `study-report/export`: the enrolments of the archive's filters (no paging), newest first, as a
 * streamed `.xlsx` named 学习档案-YYYYMMDD.xlsx (China day), read a batch at a time.
 */
export function exportStudyReport(
  scope: TenantScope,
  input: z.output<typeof studyReportExportInput>,
  now = new Date(),
): FileResult {
  return streamXlsx({
    filename: `学习档案-${chinaToday(now).replaceAll('-', '')}.xlsx`,
    sheetName: '学习档案',
    columns: COLUMNS,
    batches: studyReportBatches(scope, input),
    log: scope.log,
  });
}

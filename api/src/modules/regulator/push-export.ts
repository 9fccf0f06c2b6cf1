import {
  PUSH_ORIGIN_LABEL,
  PUSH_STATUS_LABEL,
  type PushReportFilters,
  type PushRow,
} from '../../contract/regulator-push';
import type { ActorScope, FileResult } from '../../core/action';
import { chinaDateTime, streamXlsx, type XlsxColumn } from '../../core/xlsx';
import { chinaToday } from '../train-class/class-read';
import { failedPushBatches } from './push-log.service';

/** The columns of the failure export, in order. */
const COLUMNS: readonly XlsxColumn<PushRow>[] = [
  { header: '上报编号', width: 20, value: (row) => row.pushNo },
  { header: '学员', width: 12, value: (row) => row.studentName },
  { header: '身份证号', width: 20, value: (row) => row.idCardNo },
  { header: '班级', width: 32, value: (row) => row.className },
  { header: '上报方式', width: 10, value: (row) => PUSH_ORIGIN_LABEL[row.origin] },
  { header: '学时', width: 8, numFmt: '0.0', value: (row) => row.hours },
  { header: '状态', width: 10, value: (row) => PUSH_STATUS_LABEL[row.status] },
  { header: '尝试次数', width: 10, value: (row) => row.attempts },
  { header: '应答代码', width: 16, value: (row) => row.lastCode },
  {
    header: '出错字段',
    width: 14,
    value: (row) => row.errors.map((error) => error.fieldLabel).join('、') || null,
  },
  { header: '失败原因', width: 48, value: (row) => row.failure },
  { header: '创建时间', width: 20, value: (row) => chinaDateTime(row.createdAt) },
];

/**
 * `my-class-push-log/fail-export`: the failed pushes of the filters (no paging), newest first, as a
 * streamed `.xlsx` named 上报失败-YYYYMMDD.xlsx (China day), read a batch at a time.
 */
export function exportFailedPushes(
  scope: ActorScope,
  input: PushReportFilters,
  now = new Date(),
): FileResult {
  return streamXlsx({
    filename: `上报失败-${chinaToday(now).replaceAll('-', '')}.xlsx`,
    sheetName: '上报失败',
    columns: COLUMNS,
    batches: failedPushBatches(scope, input),
    log: scope.log,
  });
}

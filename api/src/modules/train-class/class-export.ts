import type { ClassFilters, ClassItem } from '../../contract/train-class';
import { fenToYuan } from '../../contract/train-class';
import type { FileResult, TenantScope } from '../../core/action';
import { modelCursorBatches } from '../../core/export-cursor';
import { chinaDateTime, streamXlsx, type XlsxColumn } from '../../core/xlsx';
import { chinaToday } from './class-read';
import { TrainClass } from './train-class.model';
import { CLASS_LIST_ORDER, classListWhere, presentClasses } from './train-class.service';

/** The columns of the class list export, in order. */
const COLUMNS: readonly XlsxColumn<ClassItem>[] = [
  { header: '班级名称', width: 40, value: (item) => item.name },
  { header: '年度', width: 8, value: (item) => item.year },
  { header: '培训计划', width: 36, value: (item) => item.planName },
  { header: '班级类型', width: 30, value: (item) => item.categoryPath },
  { header: '价格（元）', width: 12, numFmt: '0.00', value: (item) => Number(fenToYuan(item.amount)) },
  { header: '必修学时', width: 10, value: (item) => item.requiredHours },
  { header: '选修学时', width: 10, value: (item) => item.electiveHours },
  { header: '报名开始', width: 12, value: (item) => item.enrolStartDate },
  { header: '报名结束', width: 12, value: (item) => item.enrolEndDate },
  { header: '学习开始', width: 12, value: (item) => item.studyStartDate },
  { header: '学习结束', width: 12, value: (item) => item.studyEndDate },
  { header: '上架状态', width: 10, value: (item) => (item.onShelf ? '已上架' : '已下架') },
  { header: '报名人数', width: 10, value: (item) => item.enrolledCount },
  { header: '创建时间', width: 20, value: (item) => chinaDateTime(item.createdAt) },
];

/**
 * `class/export`: the classes of the list filters (no paging) in display order as a streamed
 * `.xlsx` named 班级列表-YYYYMMDD.xlsx (China day), read through the export cursor a batch at a
 * time (plan, category, hours and enrolments looked up once per batch in the same snapshot). A
 * failure while streaming is logged and ends the download early.
 */
export async function exportClasses(
  scope: TenantScope,
  input: ClassFilters,
  now: Date = new Date(),
): Promise<FileResult> {
  const projectId = scope.project.id;
  const where = await classListWhere(projectId, input);
  return streamXlsx({
    filename: `班级列表-${chinaToday(now).replaceAll('-', '')}.xlsx`,
    sheetName: '班级列表',
    columns: COLUMNS,
    batches: modelCursorBatches(TrainClass, where, CLASS_LIST_ORDER, (rows, transaction) =>
      presentClasses(projectId, rows, transaction),
    ),
    log: scope.log,
  });
}

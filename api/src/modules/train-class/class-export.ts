import type { Transaction, WhereOptions } from 'sequelize';
import type { ClassFilters, ClassItem } from '../../contract/train-class';
import { fenToYuan } from '../../contract/train-class';
import type { FileResult, TenantScope } from '../../core/action';
import { cursorBatches, modelSelectSql } from '../../core/export-cursor';
import { chinaDateTime, streamXlsx, type XlsxColumn } from '../../core/xlsx';
import { type CategoryPlace, categoryPlaces } from '../class-category/category-places';
import { chinaToday, enrolmentCountsSql } from './class-read';
import { TrainClass } from './train-class.model';
import { type ClassLookups, type ClassRecord, classListWhere, presentClassItem } from './train-class.service';

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
  { header: '待支付', width: 8, value: (item) => item.unpaidCount },
  { header: '已退款/转出', width: 12, value: (item) => item.leftCount },
  { header: '创建时间', width: 20, value: (item) => chinaDateTime(item.createdAt) },
];

/** A row of the export's cursor: the class's columns with its plan, hours and enrolments joined. */
interface ExportRow extends ClassRecord {
  planName: string | null;
  planStatus: string | null;
  requiredTenths: number;
  electiveTotalTenths: number;
  courseCount: number;
  enrolledCount: number;
  unpaidCount: number;
  leftCount: number;
}

/**
 * The export's query: the classes of the filters (the list's own where, as SQL) with their plan,
 * course hours and enrolment counts joined, in display order — what the list looks up per page,
 * done by the database once for the whole export.
 */
function exportSql(projectId: number, where: WhereOptions<TrainClass>): string {
  const classes = modelSelectSql(TrainClass, where, []).replace(/;\s*$/, '');
  const project = Number(projectId);
  return `SELECT c.*, p.name AS "planName", p.status AS "planStatus",
          coalesce(h.required_tenths, 0)::int AS "requiredTenths",
          coalesce(h.elective_tenths, 0)::int AS "electiveTotalTenths",
          coalesce(h.course_count, 0)::int AS "courseCount",
          coalesce(e.paid, 0)::int AS "enrolledCount",
          coalesce(e.unpaid, 0)::int AS "unpaidCount",
          coalesce(e.left_count, 0)::int AS "leftCount"
     FROM (${classes}) c
     LEFT JOIN train_plan p ON p.id = c."planId" AND p.project_id = ${project}
     LEFT JOIN (SELECT class_id,
                       sum(hours_tenths) FILTER (WHERE kind = 'REQUIRED') AS required_tenths,
                       sum(hours_tenths) FILTER (WHERE kind <> 'REQUIRED') AS elective_tenths,
                       count(*) AS course_count
                  FROM train_class_course WHERE project_id = ${project} GROUP BY class_id) h
            ON h.class_id = c.id
     LEFT JOIN (${enrolmentCountsSql(project)}) e
            ON e.class_id = c.id
    ORDER BY c.sort ASC, c."createdAt" DESC, c.id DESC`;
}

/** A batch of export rows as list rows; the category tree is read once per export (same snapshot). */
function presenter(projectId: number) {
  let places: Map<number, CategoryPlace> | undefined;
  return async (rows: ExportRow[], transaction: Transaction): Promise<ClassItem[]> => {
    places ??= await categoryPlaces(projectId, transaction);
    const lookups: ClassLookups = {
      plans: new Map(
        rows.flatMap((row) =>
          row.planName === null
            ? []
            : [[row.planId, { name: row.planName, status: row.planStatus ?? '' }] as const],
        ),
      ),
      places,
      hours: new Map(
        rows.map((row) => [
          row.id,
          {
            requiredTenths: row.requiredTenths,
            electiveTotalTenths: row.electiveTotalTenths,
            courseCount: row.courseCount,
          },
        ]),
      ),
      enrolments: new Map(
        rows.map((row) => [
          row.id,
          { paid: row.enrolledCount, unpaid: row.unpaidCount, left: row.leftCount },
        ]),
      ),
      today: chinaToday(),
    };
    return rows.map((row) => presentClassItem(row, lookups));
  };
}

/**
 * `class/export`: the classes of the list filters (no paging) in display order as a streamed
 * `.xlsx` named 班级列表-YYYYMMDD.xlsx (China day), read through the export cursor a batch at a
 * time with plan, hours and enrolments joined (one snapshot, one batch in memory). A failure while
 * streaming is logged and ends the download early.
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
    batches: cursorBatches(scope.sequelize, { sql: exportSql(projectId, where) }, presenter(projectId)),
    log: scope.log,
  });
}

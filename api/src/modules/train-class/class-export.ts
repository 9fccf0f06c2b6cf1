import type { Transaction, WhereOptions } from 'sequelize';
import type { ClassFilters, ClassItem } from '../../contract/train-class';
import type { FileResult, TenantScope } from '../../core/action';
import { cursorBatches, modelSelectSql } from '../../core/export-cursor';
import { exportXlsx } from '../../core/xlsx';
import { type CategoryPlace, categoryPlaces } from '../class-category/category-places';
import { chinaToday, enrolmentCountsSql } from './class-read';
import { TrainClass } from './train-class.model';
import {
  CLASS_EXPORT_COLUMNS,
  type ClassLookups,
  type ClassRecord,
  presentClassItem,
} from './train-class.presenter';
import { classListWhere } from './train-class.service';

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
 * The class columns a row of the export reads (a ClassRecord's, no more): the description and the
 * other columns the sheet does not show are neither sent by the database nor parsed by the API.
 */
const RECORD_COLUMNS = [
  'id',
  'name',
  'planId',
  'year',
  'categoryId',
  'amountFen',
  'enrolStartDate',
  'enrolEndDate',
  'studyStartDate',
  'studyEndDate',
  'onShelf',
  'sort',
  'electiveHoursTenths',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof ClassRecord)[];
// Every column a ClassRecord has is read (a compile error otherwise).
const everyRecordColumn: Exclude<keyof ClassRecord, (typeof RECORD_COLUMNS)[number]> extends never
  ? true
  : never = true;
void everyRecordColumn;

/**
 * The export's query: the classes of the filters (the list's own where, as SQL) with their plan,
 * course hours and enrolment counts joined, in display order — what the list looks up per page,
 * done by the database once for the whole export.
 */
function exportSql(projectId: number, where: WhereOptions<TrainClass>): string {
  const classes = modelSelectSql(TrainClass, where, []).replace(/;\s*$/, '');
  const project = Number(projectId);
  const columns = RECORD_COLUMNS.map((column) => `c."${column}"`).join(', ');
  return `SELECT ${columns}, p.name AS "planName", p.status AS "planStatus",
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
  return exportXlsx('班级列表', {
    columns: CLASS_EXPORT_COLUMNS,
    batches: cursorBatches(scope.sequelize, { sql: exportSql(projectId, where) }, presenter(projectId)),
    log: scope.log,
    now,
  });
}

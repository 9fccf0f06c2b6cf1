import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { type ClassFilters, type ClassItem, fenToYuan } from '../../contract/train-class';
import { FileResult, type TenantScope } from '../../core/action';
import { chinaToday } from './class-read';
import { TrainClass } from './train-class.model';
import { CLASS_LIST_ORDER, classListWhere, presentClasses } from './train-class.service';

/** The content type of `.xlsx` workbooks. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Classes read and written per round, so memory stays flat however long the list. */
const BATCH_SIZE = 500;

/** A moment as China time `YYYY-MM-DD HH:mm:ss` (UTC+8, no daylight saving). */
function chinaDateTime(iso: string): string {
  return new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

interface ExportColumn {
  header: string;
  width: number;
  numFmt?: string;
  value(item: ClassItem): string | number;
}

/** The columns of the class list export, in order. */
const COLUMNS: readonly ExportColumn[] = [
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

/** Resolves once the stream can take more (or is gone), so a slow download holds the reading back. */
function drained(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** The classes of `ids` (in that order) that still exist. */
async function classesInOrder(projectId: number, ids: number[]): Promise<TrainClass[]> {
  const rows = new Map(
    (await TrainClass.findAll({ where: { id: ids, projectId } })).map((row) => [row.id, row]),
  );
  return ids.flatMap((id) => rows.get(id) ?? []);
}

/** Writes the workbook of the classes of `ids` into `stream`, a batch of rows at a time. */
async function writeWorkbook(projectId: number, ids: number[], stream: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet('班级列表');
  sheet.columns = COLUMNS.map((column) => ({
    header: column.header,
    width: column.width,
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    if (stream.destroyed) return;
    const items = await presentClasses(
      projectId,
      await classesInOrder(projectId, ids.slice(start, start + BATCH_SIZE)),
    );
    for (const item of items) sheet.addRow(COLUMNS.map((column) => column.value(item))).commit();
    await drained(stream);
  }
  if (stream.destroyed) return;
  sheet.commit();
  await workbook.commit();
}

/**
 * `class/export`: the classes of the list filters (no paging) in display order as a streamed
 * `.xlsx` named 班级列表-YYYYMMDD.xlsx (China day). The ids are read first; rows are then read and
 * written in batches. A failure while streaming is logged and ends the download early.
 */
export async function exportClasses(
  scope: TenantScope,
  input: ClassFilters,
  now: Date = new Date(),
): Promise<FileResult> {
  const projectId = scope.project.id;
  const ids = (
    await TrainClass.findAll({
      attributes: ['id'],
      where: await classListWhere(projectId, input),
      order: CLASS_LIST_ORDER,
    })
  ).map((row) => row.id);
  const stream = new PassThrough();
  writeWorkbook(projectId, ids, stream).catch((error: unknown) => {
    scope.log.error({ err: error }, 'class export failed');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return new FileResult(stream, XLSX_MIME, `班级列表-${chinaToday(now).replaceAll('-', '')}.xlsx`);
}

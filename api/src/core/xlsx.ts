import { PassThrough } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { Logger } from 'pino';
import { FileResult, type UploadedFile } from './action';
import { BusinessError } from './errors';

/** The content type of `.xlsx` workbooks. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column of an exported sheet: its header, width, number format and how a row gives its value. */
export interface XlsxColumn<T> {
  header: string;
  width: number;
  numFmt?: string;
  value(row: T): string | number | null;
}

/** A moment as China time `YYYY-MM-DD HH:mm:ss` (UTC+8, no daylight saving); empty for none. */
export function chinaDateTime(value: string | Date | null): string {
  if (value === null) return '';
  const ms = typeof value === 'string' ? new Date(value).getTime() : value.getTime();
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

type Emitter = Pick<PassThrough, 'once' | 'off'>;

/** Resolves at the first of `events` (each an emitter and an event name). */
function firstOf(events: readonly [Emitter, string][]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const [emitter, name] of events) emitter.off(name, done);
      resolve();
    };
    for (const [emitter, name] of events) emitter.once(name, done);
  });
}

/** Resolves once the download can take more (or is gone), so a slow download holds the reading back. */
function drained(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return firstOf([
    [stream, 'drain'],
    [stream, 'close'],
  ]);
}

/**
 * The sheet's XML the zip may hold before the writer waits for it (about a batch and a half), and
 * how far the zip must have taken it down before the writer goes on: not to empty, so the zip
 * (compressing on the thread pool) still has XML to work on while the next batch is read and written.
 */
const SHEET_BACKLOG_BYTES = 1024 * 1024;
const SHEET_RESUME_BYTES = 256 * 1024;
/** How often the writer looks at the zip's backlog while it waits. */
const BACKLOG_POLL_MS = 2;

/**
 * Resolves once the zip has taken the sheet's XML down to SHEET_RESUME_BYTES (or the download is
 * gone). ExcelJS hands each sheet's XML to the zip through a stream that ignores backpressure, and
 * compressing is slower than writing rows: without this wait the XML of every row would pile up in
 * memory until the end.
 */
async function zipped(sheet: ExcelJS.Worksheet, stream: PassThrough): Promise<void> {
  // The zip's side of that stream is a PassThrough of readable-stream 2 (no `writableLength`).
  const pipe = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as
    | { _writableState?: { length?: number }; destroyed?: boolean }
    | undefined;
  const backlog = () => pipe?._writableState?.length;
  const initial = backlog();
  if (typeof initial !== 'number' || initial <= SHEET_BACKLOG_BYTES) return;
  while ((backlog() ?? 0) > SHEET_RESUME_BYTES && !pipe?.destroyed && !stream.destroyed)
    await delay(BACKLOG_POLL_MS);
}

/**
 * How long an export waits for a download that takes nothing before ending it: a client that stalls
 * without closing would otherwise hold the export's pooled connection for good.
 */
export const EXPORT_STALL_MS = 5 * 60_000;

/**
 * A streamed `.xlsx` download of one sheet: the rows come in batches (read from the database a
 * batch at a time, `core/export-cursor.ts`), each batch is written and committed before the next is
 * read, and reading waits while the zip is behind or the download is slow, so memory stays flat
 * however many rows. A failure while streaming is
 * logged and ends the download early; a client that goes away, or takes nothing for `stallMs`,
 * stops the reading.
 */
export function streamXlsx<T>(options: {
  filename: string;
  sheetName: string;
  columns: readonly XlsxColumn<T>[];
  batches: AsyncIterable<T[]>;
  log: Logger;
  /** How long the download may take no data before it is ended (default EXPORT_STALL_MS). */
  stallMs?: number;
}): FileResult {
  const stream = new PassThrough();
  const stallMs = options.stallMs ?? EXPORT_STALL_MS;
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
    const sheet = workbook.addWorksheet(options.sheetName);
    sheet.columns = options.columns.map((column) => ({
      header: column.header,
      width: column.width,
      ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    for await (const batch of options.batches) {
      if (stream.destroyed) return;
      for (const row of batch)
        sheet.addRow(options.columns.map((column) => column.value(row) ?? '')).commit();
      const stalled = setTimeout(
        () => stream.destroy(new Error(`download stalled for ${stallMs} ms`)),
        stallMs,
      );
      await zipped(sheet, stream);
      await drained(stream);
      clearTimeout(stalled);
      if (stream.destroyed) return;
    }
    if (stream.destroyed) return;
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    options.log.error({ err: error }, `${options.sheetName} export failed`);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return new FileResult(stream, XLSX_MIME, options.filename);
}

/** A cell as text: trimmed; `lossy` when it is a number too long to keep every digit. */
export function cellText(value: ExcelJS.CellValue): { text: string; lossy: boolean } {
  if (value === null || value === undefined) return { text: '', lossy: false };
  if (typeof value === 'number') return { text: String(value), lossy: !Number.isSafeInteger(value) };
  if (typeof value === 'string') return { text: value.trim(), lossy: false };
  if (typeof value === 'boolean') return { text: String(value), lossy: false };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), lossy: false };
  if ('richText' in value)
    return {
      text: value.richText
        .map((part) => part.text)
        .join('')
        .trim(),
      lossy: false,
    };
  if ('hyperlink' in value) return { text: String(value.text).trim(), lossy: false };
  if ('result' in value)
    return value.result === undefined ? { text: '', lossy: false } : cellText(value.result);
  return { text: '', lossy: false };
}

/** A header as written, without marks of required columns (`姓名*`, `姓名（必填）`) and spaces. */
export const headerKey = (text: string) => text.replace(/[\s*＊]|[（(]必填[）)]/g, '');

/** A column of an import template: its key, its header in row 1, whether the file must have it. */
export interface TemplateColumn<K extends string> {
  key: K;
  header: string;
  required: boolean;
}

/** A data row of an import file: its row number in the sheet and each template column's cell. */
export interface TemplateRow<K extends string> {
  row: number;
  cells: Record<K, { text: string; lossy: boolean }>;
}

/**
 * The data rows of an uploaded `.xlsx` import (its first sheet), matched to the template's columns by
 * their headers (marks of required columns and spaces ignored, any order, unknown columns skipped);
 * rows with every cell empty are left out. Throws BusinessError when there is no file, it is not an
 * `.xlsx`, a required column is missing, there is no row (`emptyMessage`) or more than `maxRows`
 * (`tooManyMessage`).
 */
export async function readTemplateRows<K extends string>(
  file: UploadedFile | undefined,
  options: {
    columns: readonly TemplateColumn<K>[];
    maxRows: number;
    emptyMessage: string;
    tooManyMessage: string;
  },
): Promise<TemplateRow<K>[]> {
  if (!file) throw new BusinessError('请选择要导入的 Excel 文件');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(file.path);
  } catch {
    throw new BusinessError('无法读取文件，请上传按模板填写的 .xlsx 文件');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new BusinessError('文件中没有工作表，请按模板填写');
  const { columns } = options;
  const columnOf = new Map<K, number>();
  sheet.getRow(1).eachCell((cell, column) => {
    const key = headerKey(cellText(cell.value).text);
    const match = columns.find((entry) => entry.header === key);
    if (match && !columnOf.has(match.key)) columnOf.set(match.key, column);
  });
  const missing = columns.filter((entry) => entry.required && !columnOf.has(entry.key));
  if (missing.length)
    throw new BusinessError(
      `模板不正确：缺少${missing.map((entry) => `“${entry.header}”`).join('、')}列，请下载模板填写`,
    );
  const rows: TemplateRow<K>[] = [];
  sheet.eachRow({ includeEmpty: false }, (sheetRow, row) => {
    if (row === 1) return;
    const cells = Object.fromEntries(
      columns.map((entry) => {
        const column = columnOf.get(entry.key);
        return [entry.key, column ? cellText(sheetRow.getCell(column).value) : { text: '', lossy: false }];
      }),
    ) as TemplateRow<K>['cells'];
    if (Object.values<{ text: string }>(cells).some((cell) => cell.text !== '')) rows.push({ row, cells });
  });
  if (rows.length === 0) throw new BusinessError(options.emptyMessage);
  if (rows.length > options.maxRows) throw new BusinessError(options.tooManyMessage);
  return rows;
}

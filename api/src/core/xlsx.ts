import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import type { Logger } from 'pino';
import { apiPath } from '../paths';
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

/** Resolves when the download is gone. */
function closed(stream: PassThrough): Promise<void> {
  if (stream.destroyed) return Promise.resolve();
  return firstOf([[stream, 'close']]);
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
 * The export writer's worker (`xlsx-worker.mjs`): ExcelJS runs there with a heap of its own, so
 * its per-cell allocation neither grows the API's heap nor stalls the API's other calls.
 */
const WORKER_FILE = apiPath('src', 'core', 'xlsx-worker.mjs');
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 32 };

type FromWorker =
  | { type: 'data'; bytes: Uint8Array }
  | { type: 'ack' }
  | { type: 'done' }
  | { type: 'error'; message: string; stack?: string };

/**
 * A started writer worker for one sheet: `send` resolves when the worker answers (`ack` for rows,
 * `done` for the end) and rejects when it fails or exits; its bytes are written into `stream`.
 */
function startWriter(stream: PassThrough, sheetName: string, columns: readonly XlsxColumn<unknown>[]) {
  const worker = new Worker(WORKER_FILE, {
    workerData: {
      sheetName,
      columns: columns.map(({ header, width, numFmt }) => ({ header, width, numFmt })),
    },
    resourceLimits: WORKER_LIMITS,
  });
  let pending: { resolve: () => void; reject: (error: Error) => void } | null = null;
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    pending?.reject(failure);
    pending = null;
  };
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'data') {
      if (!stream.destroyed)
        stream.write(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.length));
    } else if (message.type === 'error') {
      fail(Object.assign(new Error(message.message), { stack: message.stack }));
    } else {
      pending?.resolve();
      pending = null;
    }
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`export writer exited (${code})`)));
  const send = (message: { type: 'rows'; rows: unknown[][] } | { type: 'end' }) => {
    const answered = new Promise<void>((resolve, reject) => {
      if (failure) return reject(failure);
      pending = { resolve, reject };
      worker.postMessage(message);
    });
    // A caller that stopped waiting (the download closed first) must not leave it unhandled.
    answered.catch(() => undefined);
    return answered;
  };
  return { send, stop: () => void worker.terminate() };
}

/**
 * How long an export waits for a download that takes nothing before ending it: a client that stalls
 * without closing would otherwise hold the export's pooled connection for good.
 */
export const EXPORT_STALL_MS = 5 * 60_000;

/**
 * A streamed `.xlsx` download of one sheet: the rows come in batches (read from the database a
 * batch at a time, `core/export-cursor.ts`), each batch's cells go to the writer worker
 * (`xlsx-worker.mjs`, ExcelJS in a heap of its own) and are written and committed before the next
 * is read, and reading waits while the zip is behind or the download is slow, so memory stays flat
 * however many rows. A failure while streaming (the worker's too) is logged and ends the download
 * early; a client that goes away, or takes nothing for `stallMs`, stops the reading and the worker.
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
  const writer = startWriter(stream, options.sheetName, options.columns as readonly XlsxColumn<unknown>[]);
  stream.once('close', writer.stop);
  const gone = closed(stream);
  const write = async () => {
    for await (const batch of options.batches) {
      if (stream.destroyed) return;
      const rows = batch.map((row) => options.columns.map((column) => column.value(row) ?? ''));
      const stalled = setTimeout(
        () => stream.destroy(new Error(`download stalled for ${stallMs} ms`)),
        stallMs,
      );
      try {
        // The worker has written the rows and its zip caught up; the download has taken them.
        await Promise.race([writer.send({ type: 'rows', rows }), gone]);
        await drained(stream);
      } finally {
        clearTimeout(stalled);
      }
      if (stream.destroyed) return;
    }
    if (stream.destroyed) return;
    await writer.send({ type: 'end' });
    writer.stop();
    stream.end();
  };
  write().catch((error: unknown) => {
    writer.stop();
    if (stream.destroyed) return;
    options.log.error({ err: error }, `${options.sheetName} export failed`);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return new FileResult(stream, XLSX_MIME, options.filename);
}

/**
 * A list's export: `streamXlsx` of one sheet named `title`, in a file named `title-YYYYMMDD.xlsx`
 * after the China day of `now` (`订单列表-20261128.xlsx`).
 */
export function exportXlsx<T>(
  title: string,
  options: { columns: readonly XlsxColumn<T>[]; batches: AsyncIterable<T[]>; log: Logger; now?: Date },
): FileResult {
  const day = chinaDateTime(options.now ?? new Date())
    .slice(0, 10)
    .replaceAll('-', '');
  return streamXlsx({
    filename: `${title}-${day}.xlsx`,
    sheetName: title,
    columns: options.columns,
    batches: options.batches,
    log: options.log,
  });
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

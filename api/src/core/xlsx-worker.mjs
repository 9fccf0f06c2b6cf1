// The `.xlsx` writer of a streamed export (`core/xlsx.ts` `streamXlsx`), in a worker thread with a
// heap of its own: ExcelJS builds objects for every cell, and in the API's own heap that allocation
// rate made V8 grow the heap by some 200 MB per large export and slowed every other call. Plain
// JavaScript so it loads the same under tsx, the tests and production.
//
// Protocol (messages from the API thread):
//   { type: 'rows', rows: (string | number)[][] }  answered { type: 'ack' } once the zip has caught up
//   { type: 'end' }                                answered { type: 'done' } after the last bytes
// The file's bytes go back as { type: 'data', bytes: Uint8Array } (transferred), and a failure as
// { type: 'error', message, stack }.
import { setPriority } from 'node:os';
import { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/**
 * The sheet's XML the zip may hold before the writer waits for it (about a batch and a half), and
 * how far the zip must have taken it down before the writer goes on: not to empty, so the zip
 * (compressing on the thread pool) still has XML to work on while the next batch comes.
 */
const SHEET_BACKLOG_BYTES = 1024 * 1024;
const SHEET_RESUME_BYTES = 256 * 1024;
/** How often the writer looks at the zip's backlog while it waits. */
const BACKLOG_POLL_MS = 2;

/**
 * The lowest CPU priority for this thread: an export is background work, and on a busy machine the
 * API's own thread (students' calls) goes first; idle cores still run the export at full speed.
 * On Linux `setpriority` on the calling thread's id (0) affects that thread only; elsewhere it would
 * lower the whole API, so it is left alone there.
 */
const WRITER_NICE = 19;
if (process.platform === 'linux') {
  try {
    setPriority(0, WRITER_NICE);
  } catch {
    // Not permitted in this container: the export runs at the API's priority.
  }
}

const port = parentPort;
if (!port) throw new Error('xlsx-worker.mjs runs as a worker thread');

/** @type {{ sheetName: string, columns: { header: string, width: number, numFmt?: string }[] }} */
const { sheetName, columns } = workerData;

const sink = new Writable({
  write(chunk, _encoding, done) {
    // A copy the API thread can take over (the chunk may share a pooled buffer).
    const bytes = new Uint8Array(chunk.length);
    bytes.set(chunk);
    port.postMessage({ type: 'data', bytes }, [bytes.buffer]);
    done();
  },
});
const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true });
const sheet = workbook.addWorksheet(sheetName);
sheet.columns = columns.map((column) => ({
  header: column.header,
  width: column.width,
  ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
}));
sheet.getRow(1).font = { bold: true };

/**
 * Resolves once the zip has taken the sheet's XML down to SHEET_RESUME_BYTES. ExcelJS hands each
 * sheet's XML to the zip through a stream that ignores backpressure, and compressing is slower
 * than writing rows: without this wait the XML of every row would pile up until the end.
 */
async function zipped() {
  // The zip's side of that stream is a PassThrough of readable-stream 2 (no `writableLength`).
  const pipe = sheet.stream?.pipes?.[0];
  const backlog = () => pipe?._writableState?.length;
  const initial = backlog();
  if (typeof initial !== 'number' || initial <= SHEET_BACKLOG_BYTES) return;
  while ((backlog() ?? 0) > SHEET_RESUME_BYTES && !pipe?.destroyed) await delay(BACKLOG_POLL_MS);
}

port.on('message', async (message) => {
  try {
    if (message.type === 'rows') {
      for (const values of message.rows) sheet.addRow(values).commit();
      await zipped();
      port.postMessage({ type: 'ack' });
    } else if (message.type === 'end') {
      sheet.commit();
      await workbook.commit();
      port.postMessage({ type: 'done' });
    }
  } catch (error) {
    port.postMessage({ type: 'error', message: String(error?.message ?? error), stack: error?.stack });
  }
});

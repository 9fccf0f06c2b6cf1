import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import pino from 'pino';
import { streamXlsx } from './xlsx';

test('streamXlsx ends a download that takes nothing for stallMs and stops reading its rows', async () => {
  let batchesRead = 0;
  let finished = false;
  async function* batches() {
    try {
      for (;;) {
        batchesRead += 1;
        // Random text compresses badly, so the zip's output fills the unread download at once.
        yield Array.from({ length: 500 }, () => randomBytes(48).toString('hex'));
      }
    } finally {
      finished = true;
    }
  }
  const file = streamXlsx<string>({
    filename: 'x.xlsx',
    sheetName: 'x',
    columns: [{ header: 'text', width: 10, value: (row) => row }],
    batches: batches(),
    log: pino({ level: 'silent' }),
    stallMs: 300,
  });
  const body = file.body as Readable;
  const error = await new Promise<Error>((resolve) => body.on('error', resolve));
  expect(error.message).toBe('download stalled for 300 ms');
  for (let waited = 0; !finished && waited < 3000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  // The endless row source was closed (a cursor and its connection with it) once the zip's backlog
  // (1 MB, about 16 of these batches) and the unread download were full.
  expect(finished).toBe(true);
  expect(batchesRead).toBeLessThan(40);
});

test('a writer that fails ends the download early, logs it and stops reading the rows', async () => {
  let finished = false;
  async function* batches() {
    try {
      for (;;) yield [1, 2, 3];
    } finally {
      finished = true;
    }
  }
  const logged: string[] = [];
  const log = pino({ level: 'error' }, { write: (line: string) => void logged.push(line) });
  const file = streamXlsx<number>({
    filename: 'x.xlsx',
    sheetName: 'x',
    // Not a cell ExcelJS can write (rich text must be a list): the worker's ExcelJS throws.
    columns: [{ header: 'n', width: 10, value: () => ({ richText: 'x' }) as unknown as string }],
    batches: batches(),
    log,
  });
  const body = file.body as Readable;
  body.resume();
  const error = await new Promise<Error>((resolve) => body.on('error', resolve));
  expect(error.message).toMatch(/richText|forEach|map/);
  for (let waited = 0; !finished && waited < 3000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(finished).toBe(true);
  expect(logged.join('\n')).toContain('x export failed');
});

/** A thread's nice value from its `/proc/.../stat` (Linux): the 19th field, the 17th after the name. */
function niceOf(stat: string): number | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[16] === undefined ? undefined : Number(fields[16]);
}

/** The nice values of this process's threads, from /proc (Linux). */
async function threadNices(): Promise<number[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const nices: number[] = [];
  for (const tid of await readdir('/proc/self/task')) {
    const nice = niceOf(await readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => ''));
    if (nice !== undefined) nices.push(nice);
  }
  return nices;
}

/**
 * The nice value of the thread running this JavaScript (the API's thread in production). Read
 * synchronously, so `/proc/thread-self` is this thread and not one of libuv's pool threads.
 */
function ownThreadNice(): number | undefined {
  return niceOf(readFileSync('/proc/thread-self/stat', 'utf8'));
}

const onLinux = process.platform === 'linux' ? test : test.skip;

onLinux('the writer runs at the lowest CPU priority, the API thread at its own', async () => {
  const ownNice = ownThreadNice();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  async function* batches() {
    yield [1, 2, 3];
    await held;
  }
  const file = streamXlsx<number>({
    filename: 'x.xlsx',
    sheetName: 'x',
    columns: [{ header: 'n', width: 10, value: (row) => row }],
    batches: batches(),
    log: pino({ level: 'silent' }),
  });
  const body = file.body as Readable;
  body.resume();
  let nices: number[] = [];
  for (let waited = 0; !nices.includes(19) && waited < 5000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    nices = await threadNices();
  }
  release();
  await new Promise((resolve) => body.on('end', resolve));
  expect(nices).toContain(19);
  // Only the writer's thread was lowered: the main thread kept its priority.
  expect(ownThreadNice()).toBe(ownNice);
  expect(ownNice).not.toBe(19);
});

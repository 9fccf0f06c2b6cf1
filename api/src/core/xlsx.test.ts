import { randomBytes } from 'node:crypto';
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

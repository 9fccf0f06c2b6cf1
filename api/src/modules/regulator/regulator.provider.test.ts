import { createPacer } from './regulator.provider';

// The project's pacing in one process: its circuit while the regulator does not answer.

test('requests in flight that fail together pause the project once; each failed probe after the pause doubles it, up to the cap', () => {
  let clock = 1_000_000;
  const pacer = createPacer(190, { baseMs: 2000, maxMs: 30_000 }, () => clock);
  const pausedFor = () => (pacer.pausedUntil()?.getTime() ?? clock) - clock;

  // An outage drops the 48 requests in flight at once: one failure, the first pause.
  for (let request = 0; request < 48; request++) pacer.failed();
  expect(pausedFor()).toBe(2000);

  // Each probe after the pause fails again: 4 s, 8 s, 16 s, then 30 s at most.
  const waits: number[] = [];
  for (let probe = 0; probe < 5; probe++) {
    clock += pausedFor();
    expect(pacer.pausedUntil()).toBeNull();
    pacer.failed();
    pacer.failed();
    waits.push(pausedFor());
  }
  expect(waits).toEqual([4000, 8000, 16_000, 30_000, 30_000]);

  // Answered again: the next failure starts from the first pause.
  clock += pausedFor();
  pacer.answered();
  pacer.failed();
  expect(pausedFor()).toBe(2000);
});

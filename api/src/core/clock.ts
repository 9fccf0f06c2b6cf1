/**
 * The time as the product sees it. Built once at start (the system clock) and passed in every
 * scope as `providers.clock`, so rules that depend on time (study credit, order expiry) can be tested
 * against a clock the test moves.
 */
export interface Clock {
  now(): Date;
}

/** The system clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: `advance(ms)` or `set(date)`. For tests. */
export interface ManualClock extends Clock {
  advance(ms: number): Date;
  set(date: Date): void;
}

/** A manual clock starting at `start`. */
export function createManualClock(start: Date = new Date()): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
      return new Date(current);
    },
    set(date) {
      current = date.getTime();
    },
  };
}

/** The first (or, with `end`, the last) moment of a China day `YYYY-MM-DD`: list filters by day. */
export function chinaDay(date: string, end: boolean): Date {
  return new Date(`${date}T${end ? '23:59:59.999' : '00:00:00.000'}+08:00`);
}

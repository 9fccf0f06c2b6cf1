/** The simulator's clock: real time plus an offset that tests (and the person page) can advance. */
export interface SimClock {
  /** Milliseconds since the epoch, as the simulated WeChat servers see it. */
  now(): number;
  /** Seconds since the epoch (WeChat's timestamps). */
  seconds(): number;
  /** Moves the clock forward (never back). */
  advance(ms: number): void;
}

export function createClock(start: () => number = Date.now): SimClock {
  let offset = 0;
  return {
    now: () => start() + offset,
    seconds: () => Math.floor((start() + offset) / 1000),
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new Error('the clock only moves forward');
      offset += ms;
    },
  };
}

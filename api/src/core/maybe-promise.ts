/**
 * A value now, or later. The hot calls answer what they hold in memory at once and only what they
 * must read through a promise: every promise costs a call (each pays the tenant storage's async hook).
 */
export type MaybePromise<T> = T | Promise<T>;

/** `next(value)` at once when `value` is at hand, else once it arrives (`value.then(next)`). */
export function andThen<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
